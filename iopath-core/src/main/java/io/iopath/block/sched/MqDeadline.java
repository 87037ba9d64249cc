package io.iopath.block.sched;

import io.iopath.request.Bio;
import io.iopath.request.IoPrio;
import io.iopath.request.Request;

/**
 * mq-deadline with I/O priority levels (block/mq-deadline.c since 5.14; block-layer.md §11.3).
 * Each level — RT, BE (also class NONE), IDLE — has its own sort list and FIFO per direction and
 * its own next request; the batch count, the write-starvation count and the batch direction are
 * shared. Within a level dispatch is the 5.x one (commit 004a26b3): a batch continues on the next
 * request in sector order while {@code batching < fifo_batch} with no contiguity rule; a new batch
 * chooses reads unless writes were passed over {@code writes_starved} times, and starts from the
 * FIFO head when a deadline passed or the sweep ran out of higher sectors.
 *
 * <p>Between levels (dd_dispatch_request): first, if two or more levels have requests, a BE or
 * IDLE request that was inserted at least {@code prio_aging_expire} (10 s) ago goes
 * (dd_dispatch_prio_aged_requests); then the highest level is served, and a lower one only when
 * every higher level is empty — counting requests the device still holds (dd_queued counts
 * inserted minus completed), so a lower level waits while a higher one has any IO in flight.
 * When every request is best effort this is exactly the 5.x scheduler.
 *
 * <p>Not modelled: {@code async_depth} (the tag limit for async requests), zoned writes.
 */
final class MqDeadline extends DeadlineCore {
    /** enum dd_prio: DD_RT_PRIO, DD_BE_PRIO, DD_IDLE_PRIO. */
    static final int RT = 0;
    static final int BE = 1;
    static final int IDLE = 2;
    static final int LEVELS = 3;

    /** Deadline's attributes plus prio_aging_expire (mq-deadline.c: prio_aging_expire = 10 * HZ). */
    public static final TunableSet TUNABLES = DeadlineCore.TUNABLES.plus(
            Tunable.ms("prio_aging_expire", 10_000, hz -> 10 * hz, "mq-deadline.c prio_aging_expire = 10 * HZ"));

    /** struct dd_per_prio: a level's lists and its dd_queued count. */
    private static final class PerPrio extends DeadlineLists {
        /** dd_queued: inserted and not yet completed (nor merged away). */
        int queued;
    }

    private final PerPrio[] per = {new PerPrio(), new PerPrio(), new PerPrio()};
    private final long prioAgingExpire;

    public MqDeadline(TunableSet.Values v) {
        super(v);
        prioAgingExpire = v.get("prio_aging_expire");
    }

    @Override
    public String name() {
        return "mq-deadline";
    }

    /** ioprio_class_to_prio. */
    static int level(int ioprio) {
        return switch (IoPrio.effectiveClass(ioprio)) {
            case IoPrio.CLASS_RT -> RT;
            case IoPrio.CLASS_IDLE -> IDLE;
            default -> BE;
        };
    }

    @Override
    PerPrio listsOf(Request rq) {
        return per[rq.schedClass];
    }

    @Override
    DeadlineLists listsOf(Bio bio) {
        return per[level(bio.ioprio)];
    }

    @Override
    public void add(Request rq) {
        rq.schedClass = level(rq.ioprio());
        super.add(rq);
        listsOf(rq).queued++;
    }

    @Override
    public int dispatch(boolean force) {
        long now = q.now();
        if (dispatchAged(now)) {
            return 1;
        }
        for (int level = 0; level < LEVELS; level++) {
            if (dispatchFrom(per[level], Long.MAX_VALUE)) {
                return 1;
            }
            if (per[level].queued > 0) {
                return 0; // ignore lower levels while this one has requests, even in flight
            }
        }
        return 0;
    }

    /** dd_dispatch_prio_aged_requests. */
    private boolean dispatchAged(long now) {
        int levels = 0;
        for (PerPrio p : per) {
            levels += p.queued > 0 ? 1 : 0;
        }
        if (levels < 2) {
            return false;
        }
        for (int level = BE; level < LEVELS; level++) {
            if (dispatchFrom(per[level], now - prioAgingExpire)) {
                return true;
            }
        }
        return false;
    }

    /**
     * __dd_dispatch_request: the batch's next request, else a new batch's first; moved to the
     * dispatch list unless it was inserted after {@code latestStart}. As in the kernel, choosing
     * a new batch updates the shared batch state even when the request then stays.
     */
    private boolean dispatchFrom(PerPrio p, long latestStart) {
        Request rq = p.nextRq[lastDir];
        if (rq == null || batching >= fifoBatch) {
            int d = newBatchDirection(p);
            if (d < 0) {
                return false;
            }
            Request next = p.nextRq[d];
            rq = p.fifo[d].headExpired(q.now()) || next == null ? p.fifo[d].head() : next;
            if (rq == null) {
                return false;
            }
            lastDir = d;
            batching = 0;
        }
        if (rq.fifoNs - fifoExpire[dir(rq.op)] > latestStart) {
            return false; // started_after
        }
        batching++;
        moveRequest(p, rq);
        return true;
    }

    @Override
    public void completed(Request rq) {
        if (--listsOf(rq).queued < 0) {
            throw new IllegalStateException(rq + " completed but never inserted into mq-deadline");
        }
    }

    /** dd_merged_requests (blk-mq merges only requests of one ioprio, so of one level). */
    @Override
    public void mergedRequests(Request rq, Request next) {
        super.mergedRequests(rq, next);
        listsOf(next).queued--;
    }

    @Override
    public int queued() {
        int n = 0;
        for (PerPrio p : per) {
            n += p.size();
        }
        return n;
    }
}
