package io.iopath.block.sched;

import io.iopath.request.Bio;
import io.iopath.request.Request;

/**
 * An IO scheduler (Linux {@code struct elevator_ops}): policy only. The block queue owns the
 * mechanism (request allocation, merging, dispatch to the driver) and asks the scheduler where a
 * bio may merge, where to put a new request, and which request to hand out next.
 */
public interface IoScheduler {
    /** The name users type (the sysfs name of the elevator). */
    String name();

    /** elevator_merge_fn: a queued request the bio can be back-merged into, or null. */
    Request findBackMerge(Bio bio);

    /** elevator_merged_fn: the request grew by a merge. */
    default void merged(Request rq) {
    }

    /** elevator_add_req_fn: a new request to schedule. */
    void add(Request rq, long nowNs);

    /**
     * elevator_dispatch_fn: the next request for the driver, or null if the scheduler has none
     * to give now (it may have queued requests and want to be asked again later: see
     * {@link #nextDispatchNs}).
     */
    Request dispatch(long nowNs);

    /** When a scheduler that answered null wants to be asked again; Long.MAX_VALUE if never. */
    default long nextDispatchNs(long nowNs) {
        return Long.MAX_VALUE;
    }

    /** elevator_completed_req_fn. */
    default void completed(Request rq, long nowNs) {
    }

    /** Requests still held by the scheduler. */
    int queued();
}
