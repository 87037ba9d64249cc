package io.iopath.bench;

import io.iopath.experiment.ScenarioRun;
import io.iopath.scenario.Scenario;
import io.iopath.scenario.ScenarioReader;
import io.iopath.workload.trace.SyntheticTrace;
import io.iopath.workload.trace.TraceFiles;
import io.iopath.workload.trace.TraceFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Open-loop replay of a generated DiskSim ascii trace (the one {@code iopath bench trace} makes:
 * 70 % reads, 4–64 KiB, a third sequential, 20 ms mean gaps) at its recorded times onto the
 * default drive and host: reading and parsing the file, the block layer, the drive model and the
 * metrics. The trace streams (one record ahead), so the figure does not depend on its length
 * once it is long enough for the JIT. One operation = one trace record replayed; each invocation
 * replays the whole 200 000-record file (generated once per trial, not timed).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class TraceReplayBenchmark {
    static final int REQUESTS = 200_000;

    private Path dir;
    private Scenario scenario;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        dir = Files.createTempDirectory("iopath-bench");
        Path trace = dir.resolve("replay.trace");
        try (TraceFiles.OutFile w = TraceFiles.create(trace)) {
            w.commit();
            SyntheticTrace.write(w, TraceFormat.DISKSIM_ASCII, REQUESTS, 400_000_000L, 20_000_000L, 1);
        }
        String yaml = "name: bench\njobs:\n  - name: replay\n    read_iolog: \"" + trace + "\"\n";
        scenario = ScenarioReader.read("bench.yaml", yaml, List.of());
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        try (var files = Files.list(dir)) {
            for (Path p : files.toList()) {
                Files.deleteIfExists(p);
            }
        }
        Files.deleteIfExists(dir);
    }

    @Benchmark
    @OperationsPerInvocation(REQUESTS)
    public Object replay() {
        return new ScenarioRun(scenario).execute(p -> { });
    }
}
