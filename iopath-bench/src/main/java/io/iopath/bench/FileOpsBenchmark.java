package io.iopath.bench;

import io.iopath.experiment.ScenarioRun;
import io.iopath.scenario.Scenario;
import io.iopath.scenario.ScenarioReader;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Simulated file operations per wall second through the page cache and ext3 on the laptop drive
 * (issue 11, Performance). Each invocation is a whole run: mke2fs and mount, the job, unmount.
 * {@link #smallFiles}: 1 000 files of 4 KiB, each created, written with one write() call, closed and
 * unlinked (an operation = one file's life; its metadata — directory entry, inode, bitmaps — is
 * journaled and the data is deleted before write-out, as in Postmark's pool). {@link #cachedCalls}:
 * 65 536 4 KiB read()/write() calls (50 % writes) on a 16 MiB file laid out and kept cached
 * ({@code invalidate: 0}; the operation = one call, the lay-out included in the time), the
 * cache-resident case of {@code ./iopath bench} line (d) at a quarter of its size.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class FileOpsBenchmark {
    static final int SMALL_FILES = 1_000;
    static final int CACHED_CALLS = 65_536;

    private static final String DRIVE_AND_HOST = """
            seed: 1
            drive:
              preset: laptop-7200-250g
            host:
              scheduler: cfq
              queue_depth: 1
              memory: 512m
            filesystem:
              type: ext3
              size: 1g
            """;

    static final String SMALL = "name: bench-small-files\n" + DRIVE_AND_HOST + """
            jobs:
              - name: pool
                rw: write
                bs: 4k
                ioengine: psync
                direct: 0
                nrfiles: 1000
                filesize: 4k
                unlink: 1
            """;

    static final String CACHED = "name: bench-cached-calls\n" + DRIVE_AND_HOST + """
            jobs:
              - name: calls
                rw: randrw
                bs: 4k
                ioengine: psync
                direct: 0
                filename: hot
                filesize: 16m
                loops: 16
                invalidate: 0
            """; // 16 passes over the 16 MiB file (fio caps size at the files' total, filesetup.c setup_files)

    private Scenario small;
    private Scenario cached;

    @Setup(Level.Trial)
    public void setUp() {
        small = ScenarioReader.read("small.yaml", SMALL, List.of());
        cached = ScenarioReader.read("cached.yaml", CACHED, List.of());
        // the operation counts the annotations divide by are what the runs do
        check(small, SMALL_FILES);
        check(cached, CACHED_CALLS);
    }

    private static void check(Scenario s, long expected) {
        ScenarioRun run = new ScenarioRun(s);
        run.execute(p -> { });
        long calls = run.workloads().get(0).completed();
        if (calls != expected) {
            throw new IllegalStateException(s.name() + ": " + calls + " calls, expected " + expected);
        }
    }

    @Benchmark
    @OperationsPerInvocation(SMALL_FILES)
    public long smallFiles() {
        ScenarioRun run = new ScenarioRun(small);
        return run.execute(p -> { }).elapsedNs();
    }

    @Benchmark
    @OperationsPerInvocation(CACHED_CALLS)
    public long cachedCalls() {
        ScenarioRun run = new ScenarioRun(cached);
        return run.execute(p -> { }).elapsedNs();
    }
}
