package io.iopath.report.fio;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.result.FioResult;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class FioFiguresTest {
    private static final long MIB = 1 << 20;

    @Test
    void theGroupsAggregateBandwidthIsAllBytesOverTheLongestRuntime() {
        FioResult r = run(job("a", 1 * MIB, 1_000), job("b", 3 * MIB, 2_000));
        FioFigures.Group g = FioFigures.group(r);
        assertThat(g.ioBytes()[0]).isEqualTo(4 * MIB);
        assertThat(g.minBw()[0]).isEqualTo(MIB); // a: 1 MiB in 1 s
        assertThat(g.maxBw()[0]).isEqualTo(3 * MIB / 2); // b: 3 MiB in 2 s
        assertThat(g.aggBw()[0]).isEqualTo(2 * MIB); // 4 MiB over b's 2 s, not the mean of the two
        assertThat(g.minRunMs()[0]).isEqualTo(1_000);
        assertThat(g.maxRunMs()[0]).isEqualTo(2_000);
        assertThat(g.ioBytes()[1]).isZero(); // no writes: the range collapses to 0, not Long.MAX_VALUE
        assertThat(g.minBw()[1]).isZero();
    }

    @Test
    void diskMergesAreTheBiosThatDidNotBecomeCommands() {
        FioResult r = run(job("a", 1 * MIB, 1_000), job("b", 3 * MIB, 2_000));
        FioFigures.Disk d = FioFigures.disk(r);
        assertThat(d.merges()[0]).isEqualTo(2 * 256 - 300); // 256 bios each, 300 commands
        assertThat(d.ticksMs()[0]).isEqualTo(1_234);
        assertThat(d.inQueueMs()).isEqualTo(1_234);
        assertThat(d.util()).isEqualTo(50.0);
    }

    /** A job that read {@code bytes} in 256 bios over {@code runMs}. */
    private static FioResult.Job job(String name, long bytes, long runMs) {
        FioResult.Direction read = new FioResult.Direction(256, bytes, FioResult.Moments.EMPTY, FioResult.Moments.EMPTY,
                FioResult.Moments.EMPTY, List.of(), FioResult.Moments.EMPTY, FioResult.Moments.EMPTY, List.of());
        FioResult.Stats stats = new FioResult.Stats(runMs * 1_000_000, read, FioResult.Direction.empty(0),
                FioResult.Direction.empty(0), Collections.nCopies(7, 0L), Collections.nCopies(32, 0L), 256, 0, 0,
                Collections.nCopies(7, 0L), Collections.nCopies(7, 0L), runMs * 1_000_000, 0);
        FioResult.Options options = new FioResult.Options("read", 4096, 1, "libaio", bytes, 1, null, -1, 0, 1, true,
                List.of(), List.of(4096L, 4096L, 4096L, 4096L));
        return new FioResult.Job(name, 1, 1, 0, options, stats);
    }

    private static FioResult run(FioResult.Job... jobs) {
        FioResult.Disk disk = new FioResult.Disk("sda", List.of(300L, 0L), List.of(8192L, 0L),
                List.of(1_234_567_890L, 0L));
        return new FioResult("t", 1, "d", List.of(), List.of(jobs), disk, 0.5);
    }
}
