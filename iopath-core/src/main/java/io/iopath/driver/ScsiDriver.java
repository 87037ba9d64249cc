package io.iopath.driver;

import io.iopath.block.BlockQueue;
import io.iopath.device.BlockDevice;
import io.iopath.device.DeviceResponse;
import io.iopath.request.Request;
import io.iopath.sim.Simulator;

/**
 * The SCSI mid-layer's view of one device: at most {@code queue_depth} commands outstanding
 * (device_busy). It pulls from the block queue while it has a free slot, and requeues a command
 * the device refuses, retrying after the next completion.
 */
public final class ScsiDriver {
    private final Simulator sim;
    private final BlockQueue queue;
    private final BlockDevice device;
    private final int queueDepth;
    private int busy;
    private boolean deviceFull;
    private long queueFulls;
    private boolean running;

    public ScsiDriver(Simulator sim, BlockQueue queue, BlockDevice device, int queueDepth) {
        if (queueDepth < 1) {
            throw new IllegalArgumentException("queue_depth must be at least 1");
        }
        this.sim = sim;
        this.queue = queue;
        this.device = device;
        this.queueDepth = queueDepth;
        queue.setDispatcher(this::requestFn);
        device.setCompletionSink(this::commandDone);
    }

    /** scsi_request_fn: issue while a slot is free and the device is not refusing. */
    private void requestFn() {
        if (running) {
            return; // re-entered from a completion inside submit; the outer loop continues
        }
        running = true;
        try {
            while (busy < queueDepth && !deviceFull) {
                Request rq = queue.fetch();
                if (rq == null) {
                    return;
                }
                rq.issuedNs = sim.now();
                busy++;
                DeviceResponse response = device.submit(rq);
                if (response != DeviceResponse.ACCEPTED) {
                    busy--;
                    queueFulls++;
                    deviceFull = true;
                    queue.requeue(rq);
                }
            }
        } finally {
            running = false;
        }
    }

    private void commandDone(Request rq) {
        busy--;
        deviceFull = false;
        queue.complete(rq);
    }

    public int queueDepth() {
        return queueDepth;
    }

    public int busy() {
        return busy;
    }

    public long queueFulls() {
        return queueFulls;
    }
}
