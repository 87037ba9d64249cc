package io.iopath.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.iopath.device.flash.FlashStats;
import io.iopath.block.BlkAction;
import io.iopath.metrics.blktrace.BlkTraceLog;
import io.iopath.result.Result;
import io.iopath.scenario.FioJobFile;
import io.iopath.scenario.ScenarioException;
import io.iopath.scenario.ScenarioReader;
import java.util.List;
import org.junit.jupiter.api.Test;

/** fio's trims on the flash drive (docs/flash.md), through the whole stack; a disk refuses them. */
class FlashScenarioTest {
    private BlkTraceLog log;
    private ScenarioRun run;

    private Result run(String fio, String... overrides) {
        log = new BlkTraceLog();
        run = new ScenarioRun(ScenarioReader.read(FioJobFile.parse("flash.fio", fio).tree(), List.of(overrides)), log);
        return run.execute(p -> { });
    }

    private long discardsIssued() {
        return log.events().stream().filter(e -> e.action() == BlkAction.D && e.rwbs().contains("D")).count();
    }

    @Test
    void aJobFileThatTrimsGetsTheFlashDriveAndItsTrimsReachIt() {
        // examples/uring-cmd-trim-multi-range.fio's first job, without num_range
        run("[t]\nioengine=io_uring_cmd\ncmd_type=nvme\nsize=1M\niodepth=8\nbs=4k\nrw=randtrim\n");
        assertThat(run.disk()).isNull();
        FlashStats s = run.flash().stats();
        assertThat(discardsIssued()).isEqualTo(256); // 1 MiB in 4 KiB trims, each block once (the random map)
        assertThat(s.trimmedPages()).isEqualTo(256); // the drive starts full: every trimmed page was mapped
        assertThat(s.mappedPages()).isEqualTo(s.logicalPages() - 256);
    }

    @Test
    void numRangeSendsThatManyRangesInOneTrim() {
        run("[t]\nioengine=io_uring_cmd\ncmd_type=nvme\nsize=1M\niodepth=8\nbs=4k\nrw=randtrim\nnum_range=8\n");
        assertThat(discardsIssued()).isEqualTo(32); // 256 blocks, 8 a command (io_u.c fill_multi_range_io_u)
        assertThat(run.flash().stats().trimmedPages()).isEqualTo(256);
    }

    @Test
    void trimwriteTrimsEachBlockThenWritesIt() {
        run("[t]\nioengine=io_uring_cmd\ncmd_type=bsg\nsize=1M\niodepth=4\nbs=4k\nrw=trimwrite\n");
        FlashStats s = run.flash().stats();
        assertThat(discardsIssued()).isEqualTo(256);
        assertThat(s.trimmedPages()).isEqualTo(256);
        assertThat(s.hostPages()).isEqualTo(256); // and each written again: twice the bytes (backend.c do_io)
        assertThat(s.mappedPages()).isEqualTo(s.logicalPages());
    }

    @Test
    void aDiskRefusesTrimsAndSaysWhichDriveHasThem() {
        assertThatThrownBy(() -> run("[t]\nioengine=libaio\nsize=1M\nbs=4k\nrw=randtrim\n", "drive.preset=laptop-7200-250g"))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("needs a drive with TRIM")
                .hasMessageContaining("--drive ssd-msr");
    }

    @Test
    void numRangeIsRefusedWhereFioRefusesIt() {
        assertThatThrownBy(() -> run("[t]\nioengine=io_uring_cmd\nsize=1M\nbs=4k\nrw=trimwrite\nnum_range=4\n"))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("trimwrite cannot be used with multiple ranges");
        assertThatThrownBy(() -> run("[t]\nioengine=libaio\nsize=1M\nbs=4k\nrw=trim\nnum_range=4\n"))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("can't use multiple ranges with IO engine libaio");
    }

    /**
     * Trims through every IO scheduler (libaio: BLKDISCARD through the block layer, mergeable),
     * among writes and reads of other jobs: every IO completes once and each trim reached the drive.
     */
    @Test
    void trimsPassEverySchedulerAndEveryBioCompletesOnce() {
        String fio = "[global]\nioengine=libaio\nsize=2M\niodepth=8\n"
                + "[t]\nrw=randtrim\nbs=8k\n[w]\nrw=randwrite\nbs=4k\noffset=4M\n[r]\nrw=read\nbs=16k\noffset=8M\n"
                + "[tw]\nrw=trimwrite\nbs=4k\noffset=12M\n";
        for (String sched : List.of("noop", "deadline", "anticipatory", "cfq", "none", "mq-deadline", "kyber", "bfq")) {
            Result r = run(fio, "host.scheduler=" + sched, "host.queue_depth=8");
            FlashStats s = run.flash().stats();
            // 2 MiB in 8 KiB trims; trimwrite's 2 MiB trimmed then written again
            assertThat(s.trimmedPages()).as(sched).isEqualTo(512 + 512);
            assertThat(s.hostPages()).as(sched).isEqualTo(512 + 512);
            // the randtrim job's 512 pages stay unmapped; trimwrite's write of a block may merge into
            // the request of the block before it and so reach the drive ahead of its own trim (the
            // block layer orders no IO against a discard in flight, as Linux does not), which then
            // unmaps it: between none and all of trimwrite's 512 pages end unmapped
            assertThat(s.mappedPages()).as(sched).isBetween(s.logicalPages() - 1024, s.logicalPages() - 512);
            assertThat(log.count(BlkAction.C)).as(sched).isEqualTo(log.count(BlkAction.D));
            assertThat(r.read().ios()).as(sched).isEqualTo(128);
        }
    }

    @Test
    void theSameSeedGivesTheSameRun() {
        String fio = "[w]\nioengine=libaio\nsize=4M\niodepth=16\nbs=4k\nrw=randwrite\n[t]\nstonewall\nioengine=libaio\nsize=4M\nbs=8k\nrw=randtrim\n";
        Result a = run(fio, "host.queue_depth=16");
        FlashStats sa = run.flash().stats();
        Result b = run(fio, "host.queue_depth=16");
        assertThat(b.elapsedNs()).isEqualTo(a.elapsedNs());
        assertThat(run.flash().stats()).isEqualTo(sa);
    }
}
