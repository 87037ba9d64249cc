package io.iopath.bench;

import io.iopath.block.BlockQueue;
import io.iopath.block.BlockTracepoints;
import io.iopath.block.Plugging;
import io.iopath.block.QueueSettings;
import io.iopath.block.sched.Hz;
import io.iopath.block.sched.IoScheduler;
import io.iopath.block.sched.Schedulers;
import io.iopath.device.BlockDevice;
import io.iopath.device.CommandCompletion;
import io.iopath.device.DeviceResponse;
import io.iopath.driver.QueueFullHandling;
import io.iopath.driver.ScsiDriver;
import io.iopath.request.Bio;
import io.iopath.request.Op;
import io.iopath.request.Request;
import io.iopath.sim.Simulator;
import io.iopath.sim.Timer;
import java.util.ArrayDeque;
import java.util.Map;
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
 * The host side's cost per bio: four random readers (8 in flight each) and a sequential writer
 * (16 in flight) through the block queue, a scheduler and the SCSI driver (queue depth 16) to a
 * device that takes 100 µs per command. One operation = one bio submitted and completed.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class BlockLayerBenchmark {
    private static final int BIOS = 200_000;

    @Param({"noop", "deadline", "anticipatory", "cfq", "none", "mq-deadline", "kyber", "bfq"})
    String scheduler;

    private Simulator sim;
    private long issued;

    /** FIFO, one command at a time, 100 µs each. */
    static final class FastDevice implements BlockDevice {
        private final ArrayDeque<Request> queue = new ArrayDeque<>();
        private final Timer done;
        private CommandCompletion sink;
        private Request active;

        FastDevice(Simulator sim) {
            done = sim.timer("bench-device", this::finish);
        }

        private void finish() {
            Request r = active;
            active = queue.pollFirst();
            if (active != null) {
                done.scheduleAfter(100_000L);
            }
            sink.commandDone(r);
        }

        @Override
        public DeviceResponse submit(Request command) {
            if (active == null) {
                active = command;
                done.scheduleAfter(100_000L);
            } else {
                queue.addLast(command);
            }
            return DeviceResponse.ACCEPTED;
        }

        @Override
        public void setCompletionSink(CommandCompletion sink) {
            this.sink = sink;
        }

        @Override
        public long capacitySectors() {
            return 1L << 40;
        }

        @Override
        public long busyNs() {
            return 0;
        }

        @Override
        public String name() {
            return "bench";
        }
    }

    @Setup(Level.Invocation)
    public void setUp() {
        sim = new Simulator(1);
        IoScheduler s = Schedulers.create(scheduler, Map.of(), Hz.EXACT);
        QueueSettings qs = QueueSettings.defaults().withPlugging(Schedulers.type(scheduler).multiQueue() ? Plugging.PER_TASK : Plugging.LEGACY);
        BlockQueue queue = new BlockQueue(sim, s, qs, BlockTracepoints.NONE);
        new ScsiDriver(sim, queue, new FastDevice(sim), 16, QueueFullHandling.MIDLAYER);
        issued = 0;
        SplittableRandom rnd = new SplittableRandom(1);
        long[] cursor = {0};
        for (int p = 1; p <= 5; p++) {
            int pid = p;
            boolean writer = p == 5;
            Runnable[] next = new Runnable[1];
            next[0] = () -> {
                if (issued >= BIOS) {
                    return;
                }
                long sector = writer ? (1L << 30) + (cursor[0] += 128) : rnd.nextLong(1L << 30) & ~7L;
                Bio b = new Bio(issued++, writer ? Op.WRITE : Op.READ, sector, writer ? 128 : 8, 0, pid, x -> next[0].run());
                queue.submit(b);
            };
            for (int i = 0; i < (writer ? 16 : 8); i++) {
                next[0].run();
            }
        }
    }

    @Benchmark
    @OperationsPerInvocation(BIOS)
    public long bios() {
        sim.run();
        return sim.eventsFired();
    }
}
