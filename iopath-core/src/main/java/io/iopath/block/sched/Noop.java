package io.iopath.block.sched;

import io.iopath.request.Request;

/**
 * noop (block/noop-iosched.c): one FIFO. Dispatch moves the head to the dispatch list with
 * elv_dispatch_sort, one request per call. It has no merge hook, so bios front-merge only through
 * the core's one-hit cache; former / latter are FIFO neighbours. No tunables.
 */
final class Noop extends FifoElevator {
    public static final TunableSet TUNABLES = new TunableSet();

    @Override
    public String name() {
        return "noop";
    }

    @Override
    void release(ElevatorQueue queue, Request rq) {
        queue.dispatchSort(rq);
    }
}
