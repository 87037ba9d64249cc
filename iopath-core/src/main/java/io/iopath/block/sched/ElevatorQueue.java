package io.iopath.block.sched;

import io.iopath.request.Request;
import io.iopath.sim.Timer;

/** What the block queue offers its IO scheduler: time, timers, kicks and the dispatch list. */
public interface ElevatorQueue {
    long now();

    /** Timer granularity for this queue (jiffy quantisation or exact). */
    Hz hz();

    /** A reusable timer (the scheduler's idle / anticipation timer). */
    Timer timer(String name, Runnable action);

    /** kblockd_schedule_work / blk_start_queueing: run the driver's request_fn soon. */
    void kick();

    /** elv_dispatch_sort: insert into the dispatch list as a one-way elevator from the last issue. */
    void dispatchSort(Request rq);

    /** elv_dispatch_add_tail. */
    void dispatchAddTail(Request rq);

    /** Requests at the driver (issued, not completed). */
    int inFlight();
}
