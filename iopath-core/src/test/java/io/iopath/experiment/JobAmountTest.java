package io.iopath.experiment;

import static io.iopath.experiment.JobOrderTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.block.BlkAction;
import io.iopath.metrics.blktrace.BlkEvent;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How much a job does, as fio counts it: loops, io_size, offset_increment, runtime after ramp_time. */
class JobAmountTest {
    static List<BlkEvent> queued(List<BlkEvent> e, int pid) {
        return e.stream().filter(x -> x.pid() == pid && x.action() == BlkAction.Q).toList();
    }

    @Test
    void verifyReadsBackEveryWriteInTheOrderWritten() {
        List<BlkEvent> q = queued(run("[a]\nrw=randwrite\nbs=4k\nsize=64k\nverify=crc32c\n"), 1);
        assertThat(q).hasSize(32);
        List<BlkEvent> writes = q.subList(0, 16);
        List<BlkEvent> reads = q.subList(16, 32);
        assertThat(writes).allMatch(e -> e.rwbs().startsWith("W"));
        assertThat(reads).allMatch(e -> e.rwbs().equals("R"));
        assertThat(reads).extracting(BlkEvent::sector).containsExactlyElementsOf(writes.stream().map(BlkEvent::sector).toList());
        assertThat(queued(run("[a]\nrw=randwrite\nbs=4k\nsize=64k\nverify=0\n"), 1)).hasSize(16);
        assertThat(queued(run("[a]\nrw=write\nbs=4k\nsize=64k\nverify=md5\ndo_verify=0\n"), 1)).hasSize(16);
    }

    @Test
    void withoutTheRandomMapVerifyReadsByOffsetOncePerBlock() {
        List<BlkEvent> q = queued(run("[a]\nrw=randwrite\nbs=4k\nsize=64k\nio_size=160k\nnorandommap\nverify=crc32c\n"), 1);
        List<Long> reads = q.subList(40, q.size()).stream().map(BlkEvent::sector).toList();
        assertThat(reads).isSorted().doesNotHaveDuplicates();
        assertThat(reads).containsExactlyInAnyOrderElementsOf(q.subList(0, 40).stream().map(BlkEvent::sector).distinct().toList());
    }

    @Test
    void loopsRepeatTheRegion() {
        List<BlkEvent> q = queued(run("[a]\nrw=read\nbs=4k\nsize=64k\nloops=3\n"), 1);
        assertThat(q).hasSize(48);
        assertThat(q.get(16).sector()).isZero(); // the second pass starts over
    }

    @Test
    void ioSizeWrapsOverASmallerRegion() {
        List<BlkEvent> q = queued(run("[a]\nrw=read\nbs=4k\nsize=64k\nio_size=128k\n"), 1);
        assertThat(q).hasSize(32);
        assertThat(q.stream().mapToLong(BlkEvent::sector).max().orElseThrow()).isEqualTo(120);
        assertThat(queued(run("[a]\nrw=randread\nbs=4k\nsize=64k\nio_limit=32k\n"), 1)).hasSize(8);
    }

    /**
     * Without size each clone has the rest of the device from its own offset (filesetup.c
     * setup_files: io_size = real_file_size - file_offset). Real fio 3.33 on a 1 MiB file with
     * numjobs=3, offset_increment=256k, bs=4k, rw=write wrote 1 MiB, 768 KiB and 512 KiB
     * (docs/workloads.md gives the command); here the same shape at the drive's end.
     */
    @Test
    void offsetIncrementWithoutSizeGivesEachCloneTheRestOfTheDevice() {
        long capacity = io.iopath.scenario.ScenarioReader.read(
                io.iopath.scenario.FioJobFile.parse("c.fio", "[a]\nrw=read\nsize=100%\n").tree(), List.of()).jobs().get(0).size();
        long start = capacity - (1 << 20);
        List<BlkEvent> e = run("[a]\nrw=read\nbs=4k\nnumjobs=3\noffset=" + start + "\noffset_increment=256k\n");
        long[] bytes = new long[3];
        for (int pid = 1; pid <= 3; pid++) {
            bytes[pid - 1] = queued(e, pid).stream().mapToLong(x -> x.sectors() * 512L).sum();
            assertThat(queued(e, pid).stream().mapToLong(x -> (x.sector() + x.sectors()) * 512L).max().orElseThrow())
                    .isEqualTo(capacity);
        }
        assertThat(bytes).containsExactly(1 << 20, 768 << 10, 512 << 10);
    }

    @Test
    void offsetIncrementMovesEachClone() {
        List<BlkEvent> e = run("[a]\nrw=read\nbs=4k\nsize=16k\nnumjobs=3\noffset=1m\noffset_increment=2m\n");
        assertThat(queued(e, 1).get(0).sector()).isEqualTo(2048);
        assertThat(queued(e, 2).get(0).sector()).isEqualTo(2048 + 4096);
        assertThat(queued(e, 3).get(0).sector()).isEqualTo(2048 + 8192);
    }

    @Test
    void rampTimeComesOnTopOfTheRuntime() {
        List<BlkEvent> q = queued(run("[a]\nrw=randread\nbs=4k\nsize=1g\ntime_based\nruntime=1\nramp_time=1\n"), 1);
        assertThat(q.get(q.size() - 1).timeNs()).isBetween(1_900_000_000L, 2_000_000_000L);
    }

    @Test
    void numberIosCountsFromTheEndOfTheRamp() {
        List<BlkEvent> q = queued(run("[a]\nrw=randread\nbs=4k\nsize=1g\nnumber_ios=30\nramp_time=100ms\n"), 1);
        assertThat(q.size()).isGreaterThan(30);
        assertThat(q.stream().filter(x -> x.timeNs() >= 100_000_000L)).hasSize(30);
    }
}
