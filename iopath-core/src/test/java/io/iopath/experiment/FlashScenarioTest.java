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
