package io.iopath.bench;

import io.iopath.sim.Simulator;
import io.iopath.sim.Timer;
import java.util.SplittableRandom;
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
 * The event loop's hold model: {@code pending} timers are in the queue; each fired timer
 * re-arms itself a random delay ahead, as a device completion or a job's next IO would. One
 * operation = one event fired (pop + push through the heap).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class EventQueueBenchmark {
    private static final int EVENTS = 1_000_000;

    @Param({"16", "1024"})
    int pending;

    private Simulator sim;
    private long[] delays;
    private int next;

    @Setup(Level.Invocation)
    public void setUp() {
        sim = new Simulator(1);
        SplittableRandom rnd = new SplittableRandom(1);
        delays = new long[4096];
        for (int i = 0; i < delays.length; i++) {
            delays[i] = 1 + rnd.nextLong(10_000_000L); // up to 10 ms ahead
        }
        for (int i = 0; i < pending; i++) {
            Timer[] self = new Timer[1];
            self[0] = sim.timer("t" + i, () -> {
                if (sim.eventsFired() < EVENTS) {
                    self[0].scheduleAfter(delays[next++ & (delays.length - 1)]);
                }
            });
            self[0].scheduleAt(delays[i & (delays.length - 1)]);
        }
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public long holdModel() {
        sim.run();
        return sim.now();
    }
}
