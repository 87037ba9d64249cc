package io.iopath.block.sched;

import io.iopath.request.Request;

/**
 * blk-mq without a scheduler ({@code none}; block-layer.md §11.2): requests leave in the order
 * they were inserted (after per-task plugging sorted each plug by sector). Merging still
 * happens in the plug and, for back merges, in the software queue; there is no front-merge hook.
 */
public final class None implements IoScheduler {
    public static final TunableSet TUNABLES = new TunableSet();

    private final Noop.LinkedList fifo = new Noop.LinkedList();
    private ElevatorQueue q;

    @Override
    public String name() {
        return "none";
    }

    @Override
    public boolean multiQueue() {
        return true;
    }

    @Override
    public void attach(ElevatorQueue queue) {
        this.q = queue;
    }

    @Override
    public void add(Request rq) {
        fifo.addLast(rq);
    }

    @Override
    public int dispatch(boolean force) {
        Request rq = fifo.pollFirst();
        if (rq == null) {
            return 0;
        }
        q.dispatchAddTail(rq);
        return 1;
    }

    @Override
    public void mergedRequests(Request rq, Request next) {
        fifo.remove(next);
    }

    @Override
    public Request former(Request rq) {
        return fifo.before(rq);
    }

    @Override
    public Request latter(Request rq) {
        return fifo.after(rq);
    }

    @Override
    public int queued() {
        return fifo.size();
    }
}
