package io.iopath.block.sched;

import io.iopath.request.Bio;
import io.iopath.request.Request;

/**
 * A scheduler with per-process queues (CFQ, BFQ): the elevator hooks that only look a request up
 * in its own queue's sort list are the same for both (cfq_merge / bfq_request_merge,
 * cfq_merged_request, cfq_merged_requests / bfq_requests_merged, elv_rb_former_request /
 * elv_rb_latter_request), so they live here; a scheduler says how it takes a queued request out
 * of its queue.
 */
abstract class ProcessQueueScheduler<Q extends ProcessQueues.Queue> implements IoScheduler {
    /** The scheduler's queues. */
    abstract ProcessQueues<Q> queues();

    /** Takes a queued request out of its queue (sort list, FIFO, next request, service state). */
    abstract void removeQueued(Request rq);

    @Override
    public Request frontMergeCandidate(Bio bio) {
        return queues().frontMergeCandidate(bio);
    }

    @Override
    public boolean allowMerge(Request rq, Bio bio) {
        return queues().sameQueue(rq, bio);
    }

    @Override
    public void merged(Request rq, boolean front) {
        queues().merged(rq, front);
    }

    @Override
    public void mergedRequests(Request rq, Request next) {
        Q owner = queues().owner(next);
        owner.fifo.mergedRequests(rq, next);
        removeQueued(next);
        queues().release(next);
    }

    @Override
    public Request former(Request rq) {
        return queues().former(rq);
    }

    @Override
    public Request latter(Request rq) {
        return queues().latter(rq);
    }

    @Override
    public int queued() {
        return queues().queued();
    }
}
