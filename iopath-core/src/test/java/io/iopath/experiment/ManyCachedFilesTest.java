package io.iopath.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.scenario.Scenario;
import io.iopath.scenario.ScenarioReader;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * A file job's per-file phases (create, open, end_fsync, close, unlink) on many files whose calls
 * all complete at once, from memory: the job goes from one file to the next in a loop, not one
 * nested call per file, so the run needs no more than a thread's default stack. Until it did,
 * 1 000–5 000 cached files overflowed it (JMH's FileOpsBenchmark ran with -Xss16m).
 *
 * <p>{@code noreservation}: 50 000 files open at once would hold 50 000 reservation windows, and
 * placing each new one walks past the windows after its goal (as {@code
 * find_next_reservable_window} does), which makes the run quadratic and slow; the loops are
 * what is tested here.
 */
class ManyCachedFilesTest {
    static final int FILES = 50_000;

    private static final String POOL = """
            name: pool
            seed: 1
            host:
              memory: 2g
            filesystem:
              type: ext3
              size: 4g
              options: noreservation
            jobs:
              - name: pool
                rw: write
                bs: 4k
                ioengine: psync
                direct: 0
                nrfiles: 50000
                filesize: 4k
                unlink: 1
            """;

    /** Runs the scenario on a new thread with the JVM's default stack size (as JMH's workers are), rethrowing what it threw. */
    private static ScenarioRun runOnDefaultStack(Scenario s) throws InterruptedException {
        ScenarioRun run = new ScenarioRun(s);
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread t = new Thread(null, () -> run.execute(p -> { }), "default-stack", 0);
        t.setUncaughtExceptionHandler((th, e) -> thrown.set(e));
        t.start();
        t.join();
        if (thrown.get() != null) {
            throw new AssertionError("the run failed on a default-sized stack", thrown.get());
        }
        return run;
    }

    @Test
    void fiftyThousandCachedFilesAreCreatedWrittenClosedAndUnlinkedOnTheDefaultStack() throws InterruptedException {
        ScenarioRun run = runOnDefaultStack(ScenarioReader.read("pool.yaml", POOL, List.of()));
        assertThat(run.workloads().get(0).completed()).isEqualTo(FILES);
        var job = (io.iopath.workload.job.FileJob) run.workloads().get(0);
        assertThat(job.finished()).isTrue();
        // every file was unlinked: its directory entry is gone
        var fs = run.fileSystem().orElseThrow();
        assertThat(fs.lookupCached(fs.root(), "pool.0.0")).isNull();
        assertThat(fs.lookupCached(fs.root(), "pool.0." + (FILES - 1))).isNull();
    }

    @Test
    void theSameCachedFilesWithEndFsyncAndCreateOnOpen() throws InterruptedException {
        ScenarioRun run = runOnDefaultStack(ScenarioReader.read("pool.yaml",
                POOL + "    end_fsync: 1\n    create_on_open: 1\n", List.of()));
        assertThat(run.workloads().get(0).completed()).isEqualTo(FILES);
        // end_fsync wrote every file's page before the unlinks (without it they go before write-out)
        assertThat(run.fileSystemStats().orElseThrow().deviceBytesWritten()).isGreaterThanOrEqualTo(FILES * 4096L);
    }
}
