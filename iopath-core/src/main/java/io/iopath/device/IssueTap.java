package io.iopath.device;

import io.iopath.request.Op;
import io.iopath.request.Request;
import io.iopath.sim.Simulator;

/**
 * Sits between the driver and the device and sees every command the device accepted (the
 * moment blktrace calls D, issue) and its completion (C). It feeds trace out and the disk
 * statistics of the fio report, and changes nothing: it forwards every call unchanged.
 */
public final class IssueTap extends ForwardingDevice {
    /** Told of each accepted command and each completion, in simulated-time order. */
    public interface Listener {
        void issued(Request rq, long nowNs);

        void completed(Request rq, long nowNs);
    }

    private final Simulator sim;
    private Listener listener;
    private CommandCompletion sink = c -> { };
    /** Per direction (read, write): commands, sectors, and D2C time summed (fio's "ticks"). */
    private final long[] ios = new long[2];
    private final long[] sectors = new long[2];
    private final long[] ticksNs = new long[2];

    public IssueTap(Simulator sim, BlockDevice device) {
        super(device);
        this.sim = sim;
        device.setCompletionSink(this::done);
    }

    public void setListener(Listener listener) {
        this.listener = listener;
    }

    @Override
    public DeviceResponse submit(Request command) {
        DeviceResponse r = below.submit(command);
        if (r == DeviceResponse.ACCEPTED && listener != null) {
            listener.issued(command, sim.now());
        }
        return r;
    }

    private void done(Request rq) {
        int d = rq.op == Op.READ ? 0 : rq.op == Op.WRITE ? 1 : -1;
        if (d >= 0) {
            ios[d]++;
            sectors[d] += rq.sectors();
            ticksNs[d] += sim.now() - rq.issuedNs;
        }
        if (listener != null) {
            listener.completed(rq, sim.now());
        }
        sink.commandDone(rq);
    }

    @Override
    public void setCompletionSink(CommandCompletion sink) {
        this.sink = sink;
    }

    public long ios(int direction) {
        return ios[direction];
    }

    public long sectors(int direction) {
        return sectors[direction];
    }

    public long ticksNs(int direction) {
        return ticksNs[direction];
    }
}
