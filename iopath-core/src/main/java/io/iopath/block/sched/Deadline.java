package io.iopath.block.sched;

import io.iopath.request.Bio;
import io.iopath.request.Request;

/**
 * deadline as in 2.6.18–2.6.20 (block/deadline-iosched.c; block-layer.md §10.2): a one-way
 * (C-SCAN) sweep per direction in batches of up to {@code fifo_batch} contiguous requests;
 * reads preferred unless writes were passed over {@code writes_starved} times; a request whose
 * FIFO deadline passed is served when the next batch starts.
 */
public final class Deadline extends DeadlineCore {
    private final DeadlineLists lists = new DeadlineLists();

    public Deadline(TunableSet.Values v) {
        super(v);
    }

    @Override
    DeadlineLists listsOf(Request rq) {
        return lists;
    }

    @Override
    DeadlineLists listsOf(Bio bio) {
        return lists;
    }

    @Override
    public int queued() {
        return lists.size();
    }

    @Override
    public String name() {
        return "deadline";
    }

    @Override
    public int dispatch(boolean force) {
        // The batch continues on the sweep's next request in either direction.
        Request rq = lists.nextRq[WRITE] != null ? lists.nextRq[WRITE] : lists.nextRq[READ];
        if (rq != null) {
            if (lastSector != rq.sector()) {
                batching += fifoBatch; // 2.6: a batch ends on a non-contiguous request
            }
            if (batching < fifoBatch) {
                batching++;
                moveRequest(lists, rq);
                return 1;
            }
        }
        int d = newBatchDirection(lists);
        if (d < 0) {
            return 0;
        }
        if (lists.fifo[d].headExpired(q.now())) {
            batching = 0;
            rq = lists.fifo[d].head();
        } else if (lists.nextRq[d] != null) {
            rq = lists.nextRq[d];
        } else {
            batching = 0;
            rq = lists.sort[d].first(); // wrap around to the lowest sector
        }
        batching++;
        moveRequest(lists, rq);
        return 1;
    }
}
