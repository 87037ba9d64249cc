package io.iopath.block.sched;

import io.iopath.request.Request;

/**
 * blk-mq without a scheduler ({@code none}; block-layer.md §11.2): requests leave in the order
 * they were inserted (after per-task plugging sorted each plug by sector), at the tail of the
 * dispatch list. Merging still happens in the plug and, for back merges, in the software queue;
 * there is no front-merge hook.
 */
final class None extends FifoElevator {
    public static final TunableSet TUNABLES = new TunableSet();

    @Override
    public String name() {
        return "none";
    }

    @Override
    void release(ElevatorQueue queue, Request rq) {
        queue.dispatchAddTail(rq);
    }
}
