package io.iopath.device.disk;

import io.iopath.device.BlockDevice;
import io.iopath.device.CommandCompletion;
import io.iopath.device.DeviceResponse;
import io.iopath.device.disk.mechanics.DiskMechanics;
import io.iopath.request.Request;
import io.iopath.sim.Simulator;
import io.iopath.sim.Timer;
import java.util.ArrayDeque;

/**
 * A disk drive's controller: it accepts up to its queue depth of commands, answers QUEUE FULL
 * beyond that, and serves them one at a time in arrival order through the mechanics.
 *
 * <p>Service time of one command = command overhead + the mechanics' positioning, rotational
 * latency and media transfer. This first model has no cache: writes are write-through.
 */
public final class Disk implements BlockDevice {
    private final Simulator sim;
    private final DriveSpec spec;
    private final DiskMechanics mechanics;
    private final ArrayDeque<Request> queue = new ArrayDeque<>();
    private final Timer serviceDone;
    private CommandCompletion completion = c -> { };
    private Request active;
    private long busyNs;

    public Disk(Simulator sim, DriveSpec spec) {
        this.sim = sim;
        this.spec = spec;
        this.mechanics = new DiskMechanics(spec, sim.randoms());
        this.serviceDone = sim.timer("drive.service", this::finishActive);
    }

    @Override
    public DeviceResponse submit(Request command) {
        if (command.endSector() > capacitySectors()) {
            throw new IllegalArgumentException(command + " beyond the drive's " + capacitySectors() + " sectors");
        }
        int outstanding = queue.size() + (active == null ? 0 : 1);
        if (outstanding >= spec.maxQueueDepth()) {
            return DeviceResponse.QUEUE_FULL;
        }
        queue.addLast(command);
        if (active == null) {
            startNext();
        }
        return DeviceResponse.ACCEPTED;
    }

    private void startNext() {
        active = queue.pollFirst();
        if (active == null) {
            return;
        }
        long now = sim.now();
        long t = now + spec.commandOverheadNs();
        if (active.op.transfersData()) {
            t = mechanics.access(t, active.sector(), active.sectors(), active.isWrite(), active);
        }
        busyNs += t - now;
        serviceDone.scheduleAt(t);
    }

    private void finishActive() {
        Request done = active;
        active = null;
        startNext();
        completion.commandDone(done);
    }

    @Override
    public void setCompletionSink(CommandCompletion sink) {
        this.completion = sink;
    }

    @Override
    public long capacitySectors() {
        return mechanics.geometry().capacitySectors();
    }

    @Override
    public long busyNs() {
        return busyNs;
    }

    @Override
    public String name() {
        return spec.name();
    }

    public DriveSpec spec() {
        return spec;
    }

    public DiskMechanics mechanics() {
        return mechanics;
    }
}
