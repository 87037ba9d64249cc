package io.iopath.block.sched;

import io.iopath.request.Request;

/**
 * deadline as in 2.6.18–2.6.20 (block/deadline-iosched.c; block-layer.md §10.2): a one-way
 * (C-SCAN) sweep per direction in batches of up to {@code fifo_batch} contiguous requests;
 * reads preferred unless writes were passed over {@code writes_starved} times; a request whose
 * FIFO deadline passed is served when the next batch starts.
 */
public final class Deadline extends DeadlineCore {
    public Deadline(TunableSet.Values v) {
        super(v);
    }

    @Override
    public String name() {
        return "deadline";
    }

    @Override
    public int dispatch(boolean force) {
        Request rq = batchNext();
        if (rq != null) {
            if (lastSector != rq.sector()) {
                batching += fifoBatch; // 2.6: a batch ends on a non-contiguous request
            }
            if (batching < fifoBatch) {
                batching++;
                moveRequest(rq);
                return 1;
            }
        }
        int d = newBatchDirection();
        if (d < 0) {
            return 0;
        }
        if (fifo[d].headExpired(q.now())) {
            batching = 0;
            rq = fifo[d].head();
        } else if (nextRq[d] != null) {
            rq = nextRq[d];
        } else {
            batching = 0;
            rq = sort[d].first(); // wrap around to the lowest sector
        }
        batching++;
        moveRequest(rq);
        return 1;
    }
}
