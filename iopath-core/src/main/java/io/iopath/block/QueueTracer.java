package io.iopath.block;

import io.iopath.request.Bio;
import io.iopath.request.Request;
import io.iopath.request.Rwbs;
import io.iopath.sim.Simulator;
import java.util.function.IntFunction;

/**
 * The block layer's blktrace points (blk_add_trace_bio, blk_add_trace_rq, the plug and unplug
 * notes): each event is built only when tracing is on, since Rwbs.of builds a string.
 */
final class QueueTracer {
    private final Simulator sim;
    private final BlockTracepoints sink;
    private final IntFunction<Task> tasks;

    QueueTracer(Simulator sim, BlockTracepoints sink, IntFunction<Task> tasks) {
        this.sim = sim;
        this.sink = sink;
        this.tasks = tasks;
    }

    boolean enabled() {
        return sink.enabled();
    }

    void bio(BlkAction a, Bio bio, Task t) {
        if (sink.enabled()) {
            sink.event(sim.now(), t.pid, a, Rwbs.ofEvent(bio.op, bio.flags, bio.sectors), bio.sector, bio.sectors, 0, t.name);
        }
    }

    void request(BlkAction a, Request rq) {
        if (sink.enabled()) {
            Task t = tasks.apply(rq.processId);
            sink.event(sim.now(), t.pid, a, Rwbs.ofEvent(rq.op, rq.flags(), rq.sectors()), rq.sector(), rq.sectors(), 0, t.name);
        }
    }

    /** C: a completion, traced with the submitting pid and no command name. */
    void completion(Request rq) {
        if (sink.enabled()) {
            sink.event(sim.now(), rq.processId, BlkAction.C, Rwbs.ofEvent(rq.op, rq.flags(), rq.sectors()), rq.sector(), rq.sectors(), 0, "");
        }
    }

    void note(BlkAction a, int pid, String rwbs, long sector, int sectors, long payload, String cmd) {
        if (sink.enabled()) {
            sink.event(sim.now(), pid, a, rwbs, sector, sectors, payload, cmd);
        }
    }
}
