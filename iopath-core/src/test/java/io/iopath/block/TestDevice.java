package io.iopath.block;

import io.iopath.device.BlockDevice;
import io.iopath.device.CommandCompletion;
import io.iopath.device.DeviceResponse;
import io.iopath.request.Request;
import io.iopath.sim.Simulator;
import io.iopath.sim.Timer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * A small device for block-layer tests: serves commands one at a time in arrival order, each
 * taking {@code serviceNs(command)}, and answers QUEUE FULL once {@code maxQueue} are held.
 * It records every accepted command, so tests can check what the host sent.
 */
final class TestDevice implements BlockDevice {
    private final Simulator sim;
    private final int maxQueue;
    private final ToLongFunction<Request> serviceNs;
    private final ArrayDeque<Request> queue = new ArrayDeque<>();
    private final Timer done;
    final List<Request> accepted = new ArrayList<>();
    private CommandCompletion sink = c -> { };
    private Request active;
    private long busyNs;
    long queueFulls;

    TestDevice(Simulator sim, int maxQueue, ToLongFunction<Request> serviceNs) {
        this.sim = sim;
        this.maxQueue = maxQueue;
        this.serviceNs = serviceNs;
        this.done = sim.timer("test-device", this::finish);
    }

    @Override
    public DeviceResponse submit(Request command) {
        if (queue.size() + (active == null ? 0 : 1) >= maxQueue) {
            queueFulls++;
            return DeviceResponse.QUEUE_FULL;
        }
        accepted.add(command);
        queue.addLast(command);
        if (active == null) {
            start();
        }
        return DeviceResponse.ACCEPTED;
    }

    private void start() {
        active = queue.pollFirst();
        if (active != null) {
            long t = Math.max(1, serviceNs.applyAsLong(active));
            busyNs += t;
            done.scheduleAfter(t);
        }
    }

    private void finish() {
        Request r = active;
        active = null;
        start();
        sink.commandDone(r);
    }

    /**
     * A disk-like device, independent of iopath's drive models (so these block-layer tests do not
     * move when the drive model changes): one command at a time in arrival order, 0.3 ms overhead,
     * 10 µs per sector transferred, and for a command that does not start where the previous one
     * ended a seek of 1 ms + 10 ms · sqrt(distance / 256 GiB) plus half a 7200 rpm revolution.
     */
    static TestDevice seeking(Simulator sim, int maxQueue) {
        long[] head = {0};
        return new TestDevice(sim, maxQueue, c -> {
            long distance = Math.abs(c.sector() - head[0]);
            head[0] = c.endSector();
            long t = 300_000L + c.sectors() * 10_000L;
            if (distance > 0) {
                t += 1_000_000L + (long) (10_000_000L * Math.sqrt(distance / (double) (1L << 29))) + 4_166_667L;
            }
            return t;
        });
    }

    int outstanding() {
        return queue.size() + (active == null ? 0 : 1);
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
        return busyNs;
    }

    @Override
    public String name() {
        return "test-device";
    }
}
