package io.iopath.block;

import io.iopath.request.Request;
import io.iopath.sim.Simulator;
import java.util.ArrayList;
import java.util.List;

/**
 * Per-task plugging (2.6.39+ and blk-mq: {@code blk_start_plug}, {@code blk_add_rq_to_plug},
 * {@code blk_flush_plug_list}; block-layer.md §5): a task's new requests wait on its on-stack plug
 * list, which is flushed into the scheduler, sorted by sector, when the task blocks, when it ends
 * its submission batch, or when the plug is full ({@code BLK_MAX_REQUEST_COUNT} requests or a
 * request of {@code BLK_PLUG_FLUSH_SIZE}). Merging into the plug list is {@link RequestMerger#plugMerge}.
 */
final class TaskPlug {
    private final Simulator sim;
    private final QueueTracer trace;
    private final BlockQueue queue;

    long plugs;
    long ioUnplugs;

    TaskPlug(Simulator sim, QueueTracer trace, BlockQueue queue) {
        this.sim = sim;
        this.trace = trace;
        this.queue = queue;
    }

    /** blk_add_rq_to_plug. */
    void add(Task t, Request rq) {
        if (t.plug.isEmpty()) {
            plugs++;
            trace.note(BlkAction.P, t.pid, "N", 0, 0, 0, t.name);
        }
        t.plug.add(rq);
        if (t.plug.size() >= QueueSettings.PLUG_MAX_REQUESTS || rq.sectors() >= QueueSettings.PLUG_FLUSH_SECTORS) {
            flush(t);
        } else if (!t.plugFlushPending) {
            // blk_finish_plug at the end of the task's submission batch: everything it submits at
            // this simulated instant (an io_submit of several IOs) shares one plug.
            t.plugFlushPending = true;
            sim.after(0, () -> {
                t.plugFlushPending = false;
                flush(t);
            });
        }
    }

    /** blk_flush_plug_list: insert the plugged requests into the scheduler and run the queue. */
    void flush(Task t) {
        if (t.plug.isEmpty()) {
            return;
        }
        ioUnplugs++;
        trace.note(BlkAction.U, t.pid, "N", 0, 0, t.plug.size(), t.name);
        List<Request> batch = new ArrayList<>(t.plug);
        t.plug.clear();
        batch.sort((a, b) -> Long.compare(a.sector(), b.sector()));
        for (Request rq : batch) {
            queue.insertSort(rq);
        }
        queue.runDriver();
    }
}
