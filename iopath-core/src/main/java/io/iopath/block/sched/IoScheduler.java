package io.iopath.block.sched;

import io.iopath.request.Bio;
import io.iopath.request.Request;

/**
 * An IO scheduler, modelled on Linux's {@code struct elevator_ops}: policy only. The block queue
 * owns the mechanism (request pool, plugging, the merge hash, the dispatch list, the driver) and
 * calls these hooks at the points the 2.6.20 core calls them (block-layer.md §2–§7).
 *
 * <p>A scheduler releases requests by moving them to the queue's dispatch list
 * ({@link ElevatorQueue#dispatchSort} / {@link ElevatorQueue#dispatchAddTail}); when it holds
 * requests but wants the disk left idle (anticipation, CFQ idling) it returns 0 from
 * {@link #dispatch} and later kicks the queue from its own timer ("wake me at t").
 */
public interface IoScheduler {
    /** The name users type (the sysfs name of the elevator). */
    String name();

    /** elevator_init_fn: the queue this scheduler serves. */
    void attach(ElevatorQueue queue);

    /**
     * elevator_merge_fn: a queued request the bio can be front-merged into (one that starts where
     * the bio ends), or null. Back merges are found by the core's hash for every scheduler.
     */
    default Request frontMergeCandidate(Bio bio) {
        return null;
    }

    /** elevator_allow_merge_fn. */
    default boolean allowMerge(Request rq, Bio bio) {
        return true;
    }

    /** elevator_merged_fn: {@code rq} grew by a bio at its back or (if {@code front}) its front. */
    default void merged(Request rq, boolean front) {
    }

    /** elevator_merge_req_fn: {@code next} was merged into {@code rq} and leaves the scheduler. */
    default void mergedRequests(Request rq, Request next) {
    }

    /** elevator_add_req_fn. */
    void add(Request rq);

    /**
     * elevator_dispatch_fn: move requests to the dispatch list; return how many. With
     * {@code force} (draining for a barrier) every queued request must eventually come out.
     */
    int dispatch(boolean force);

    /** elevator_queue_empty_fn. */
    default boolean queueEmpty() {
        return queued() == 0;
    }

    /** elevator_activate_req_fn: the driver took the request. */
    default void activate(Request rq) {
    }

    /** elevator_deactivate_req_fn: the driver gave it back (requeue). */
    default void deactivate(Request rq) {
    }

    /** elevator_completed_req_fn. */
    default void completed(Request rq) {
    }

    /** elevator_former_req_fn: the queued request just before {@code rq} in sector order. */
    Request former(Request rq);

    /** elevator_latter_req_fn. */
    Request latter(Request rq);

    /** elevator_may_queue_fn: may this process allocate a request of this kind now? */
    default MayQueue mayQueue(int pid, boolean sync) {
        return MayQueue.MAY;
    }

    /** Requests held by the scheduler (not yet on the dispatch list). */
    int queued();

    /** ELV_MQUEUE_*. */
    enum MayQueue {
        MAY,
        NO,
        /** may exceed the pool limit (AS anticipated process, CFQ idling queue) */
        MUST
    }
}
