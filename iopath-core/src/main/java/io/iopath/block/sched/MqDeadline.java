package io.iopath.block.sched;

import io.iopath.request.Request;

/**
 * mq-deadline, 5.x version without priority levels (block/mq-deadline.c at 004a26b3;
 * block-layer.md §11.3): deadline's tunables; a batch continues on the next request in sector
 * order while {@code batching < fifo_batch} with no contiguity rule; a new batch starts from the
 * FIFO head when a deadline passed or the sweep ran out of higher sectors.
 */
public final class MqDeadline extends DeadlineCore {
    public MqDeadline(TunableSet.Values v) {
        super(v);
    }

    @Override
    public String name() {
        return "mq-deadline";
    }

    @Override
    public boolean multiQueue() {
        return true;
    }

    @Override
    public int dispatch(boolean force) {
        Request rq = batchNext();
        if (rq != null && batching < fifoBatch) {
            batching++;
            moveRequest(rq);
            return 1;
        }
        int d = newBatchDirection();
        if (d < 0) {
            return 0;
        }
        Request next = nextRq[d];
        rq = fifo[d].headExpired(q.now()) || next == null ? fifo[d].head() : next;
        if (rq == null) {
            return 0;
        }
        batching = 1;
        moveRequest(rq);
        return 1;
    }
}
