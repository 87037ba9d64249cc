package io.iopath.bench;

import io.iopath.device.disk.DriveLoad;
import io.iopath.device.disk.presets.DrivePresets;
import io.iopath.device.disk.DriveScheduler;
import io.iopath.device.disk.DriveSpec;
import io.iopath.durability.DurabilityLedger;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One drive under SPTF with 16 queued random 4 KiB requests (66 % reads), each completion
 * replaced at once: the shape of DiskSim's speed reference (validation spec §8, about 36,000
 * requests/s). One operation = one request simulated to completion.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class DriveSptfBenchmark {
    private static final int REQUESTS = 10_000;

    @Param({"cheetah9LP", "laptop-7200-250g"})
    String drive;

    private DriveLoad load;

    @Setup(Level.Trial)
    public void setUp() {
        // write cache off: exactly the 16 commands are what SPTF chooses among
        DriveSpec spec = DrivePresets.find(drive).orElseThrow().withWriteCache(false).withQueue(16, DriveScheduler.SPTF);
        // with the ledger a full run keeps: tracking each write's durability is part of the cost
        load = new DriveLoad(spec, 16, 0.66, 1, new DurabilityLedger());
    }

    @Benchmark
    @OperationsPerInvocation(REQUESTS)
    public long sptfQueue16() {
        load.run(REQUESTS);
        return load.completed();
    }
}
