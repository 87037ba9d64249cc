package io.iopath.block.sched;

import io.iopath.request.Request;

/**
 * A scheduler that is one FIFO (noop, none): requests leave one per dispatch call in the order
 * they were added; former / latter are FIFO neighbours; a merged request leaves the FIFO. The
 * subclass says how a request enters the dispatch list.
 */
abstract class FifoElevator implements IoScheduler {
    private final RequestList fifo = new RequestList();
    private ElevatorQueue q;

    /** Moves {@code rq} to the queue's dispatch list. */
    abstract void release(ElevatorQueue queue, Request rq);

    @Override
    public final void attach(ElevatorQueue queue) {
        this.q = queue;
    }

    @Override
    public final void add(Request rq) {
        fifo.addLast(rq);
    }

    @Override
    public final int dispatch(boolean force) {
        Request rq = fifo.pollFirst();
        if (rq == null) {
            return 0;
        }
        release(q, rq);
        return 1;
    }

    @Override
    public final void mergedRequests(Request rq, Request next) {
        fifo.remove(next);
    }

    @Override
    public final Request former(Request rq) {
        return fifo.before(rq);
    }

    @Override
    public final Request latter(Request rq) {
        return fifo.after(rq);
    }

    @Override
    public final int queued() {
        return fifo.size();
    }
}
