package io.iopath.block;

import io.iopath.sim.Simulator;
import io.iopath.sim.Timer;

/**
 * The 2.6 per-queue plug (ll_rw_blk.c {@code blk_plug_device}, {@code __generic_unplug_device},
 * {@code blk_unplug_timeout}; block-layer.md §5): the queue is plugged when a request is inserted
 * into an empty elevator, and unplugged at {@code unplug_thresh} requests, by a sync bio, by a
 * sleeping allocator, or by the unplug timer ({@code unplug_delay}).
 */
final class LegacyPlug {
    private final Simulator sim;
    private final QueueSettings settings;
    private final QueueTracer trace;
    private final BlockQueue queue;
    private final Timer unplugTimer;
    private boolean plugged;

    long plugs;
    long ioUnplugs;
    long timerUnplugs;

    LegacyPlug(Simulator sim, QueueSettings settings, QueueTracer trace, BlockQueue queue) {
        this.sim = sim;
        this.settings = settings;
        this.trace = trace;
        this.queue = queue;
        this.unplugTimer = sim.timer("block.unplug-timer", this::unplugTimeout);
    }

    boolean plugged() {
        return plugged;
    }

    /** blk_plug_device, by process {@code pid} ({@code who} in the trace). */
    void plug(int pid, String who) {
        if (plugged) {
            return;
        }
        plugged = true;
        plugs++;
        unplugTimer.scheduleAt(settings.hz().timerNs(sim.now() + settings.unplugDelayNs()));
        trace.note(BlkAction.P, pid, "N", 0, 0, 0, who);
    }

    /** blk_remove_plug: true if the queue was plugged. */
    boolean remove() {
        if (!plugged) {
            return false;
        }
        plugged = false;
        unplugTimer.cancel();
        return true;
    }

    /** __generic_unplug_device: silent (threshold, sync bio, sleeping allocator); true if it was plugged. */
    boolean unplug() {
        if (!remove()) {
            return false;
        }
        queue.runDriver();
        return true;
    }

    private void unplugTimeout() {
        timerUnplugs++;
        ioUnplugs++;
        trace.note(BlkAction.UT, 0, "N", 0, 0, queue.poolTotal(), "kblockd");
        trace.note(BlkAction.U, 0, "N", 0, 0, queue.poolTotal(), "kblockd");
        unplug();
    }
}
