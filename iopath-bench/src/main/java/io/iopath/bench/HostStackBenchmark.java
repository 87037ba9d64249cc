package io.iopath.bench;

import io.iopath.experiment.HostStackLoad;
import io.iopath.experiment.ScenarioRun;
import io.iopath.scenario.Scenario;
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
 * A whole {@code iopath run} in process, through the host stack: a closed-loop fio-style job
 * (random 4 KiB, 66 % reads, 16 outstanding, O_DIRECT) through the block layer, the noop
 * scheduler and the SCSI driver (queue depth 16) to a Cheetah 9LP imported from DiskSim under
 * SPTF at queue 16, write cache off — issue 16 item 4's shape — with every metric a run keeps
 * and its result (latency percentiles, CDFs, btt) built at the end. One operation = one request
 * simulated from submission to completion; each invocation is a fresh run of 100 000.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class HostStackBenchmark {
    static final int REQUESTS = 100_000;

    private Scenario scenario;

    @Setup(Level.Trial)
    public void setUp() {
        scenario = HostStackLoad.scenario(REQUESTS);
    }

    @Benchmark
    @OperationsPerInvocation(REQUESTS)
    public Object run() {
        return new ScenarioRun(scenario).execute(p -> { });
    }
}
