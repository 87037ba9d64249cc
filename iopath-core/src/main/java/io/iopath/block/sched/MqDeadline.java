package io.iopath.block.sched;

import io.iopath.request.Bio;
import io.iopath.request.IoPrio;
import io.iopath.request.Op;
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
public final class MqDeadline implements IoScheduler {
    static final int READ = 0;
    static final int WRITE = 1;
    /** enum dd_prio: DD_RT_PRIO, DD_BE_PRIO, DD_IDLE_PRIO. */
    static final int RT = 0;
    static final int BE = 1;
    static final int IDLE = 2;
    static final int LEVELS = 3;

    /** Deadline's attributes plus prio_aging_expire (mq-deadline.c: prio_aging_expire = 10 * HZ). */
    public static final TunableSet TUNABLES = new TunableSet(
            Tunable.ms("read_expire", 500, hz -> hz / 2, "mq-deadline.c read_expire = HZ / 2"),
            Tunable.ms("write_expire", 5000, hz -> 5 * hz, "mq-deadline.c write_expire = 5 * HZ"),
            Tunable.count("writes_starved", 2, "mq-deadline.c writes_starved = 2"),
            Tunable.count("fifo_batch", 16, "mq-deadline.c fifo_batch = 16"),
            Tunable.flag("front_merges", true, "mq-deadline.c front_merges = 1"),
            Tunable.ms("prio_aging_expire", 10_000, hz -> 10 * hz, "mq-deadline.c prio_aging_expire = 10 * HZ"));

    /** struct dd_per_prio. */
    private static final class PerPrio {
        final SectorTree[] sort = {new SectorTree(), new SectorTree()};
        final Fifo[] fifo = {new Fifo(), new Fifo()};
        final Request[] nextRq = new Request[2];
        /** dd_queued: inserted and not yet completed (nor merged away). */
        int queued;

        boolean hasQueued() {
            return !fifo[READ].isEmpty() || !fifo[WRITE].isEmpty();
        }
    }

    private final PerPrio[] per = {new PerPrio(), new PerPrio(), new PerPrio()};
    private final long[] fifoExpire = new long[2];
    private final int writesStarved;
    private final int fifoBatch;
    private final boolean frontMerges;
    private final long prioAgingExpire;
    /** dd->last_dir: the direction of the last request moved (the batch's). */
    private int lastDir = WRITE;
    private int batching;
    private int starved;
    private ElevatorQueue q;

    public MqDeadline(TunableSet.Values v) {
        fifoExpire[READ] = v.get("read_expire");
        fifoExpire[WRITE] = v.get("write_expire");
        writesStarved = v.count("writes_starved");
        fifoBatch = Math.max(1, v.count("fifo_batch"));
        frontMerges = v.flag("front_merges");
        prioAgingExpire = v.get("prio_aging_expire");
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
    public void attach(ElevatorQueue queue) {
        this.q = queue;
    }

    static int dir(Op op) {
        return op == Op.READ ? READ : WRITE;
    }

    /** ioprio_class_to_prio. */
    static int level(int ioprio) {
        return switch (IoPrio.effectiveClass(ioprio)) {
            case IoPrio.CLASS_RT -> RT;
            case IoPrio.CLASS_IDLE -> IDLE;
            default -> BE;
        };
    }

    private PerPrio of(Request rq) {
        return per[rq.schedClass];
    }

    @Override
    public void add(Request rq) {
        rq.schedClass = level(rq.ioprio());
        PerPrio p = of(rq);
        int d = dir(rq.op);
        Request alias = p.sort[d].startingAt(rq.sector());
        if (alias != null) {
            moveRequest(p, alias); // two requests for one sector: send the older one now
        }
        p.queued++;
        p.sort[d].add(rq);
        p.fifo[d].add(rq, q.now() + fifoExpire[d]);
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
            int d;
            boolean reads = !p.fifo[READ].isEmpty();
            boolean writes = !p.fifo[WRITE].isEmpty();
            if (reads) {
                d = writes && starved++ >= writesStarved ? WRITE : READ;
            } else if (writes) {
                d = WRITE;
            } else {
                return false;
            }
            if (d == WRITE) {
                starved = 0;
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

    /** deadline_move_request: the level's sweep continues after rq; rq goes to the dispatch list. */
    private void moveRequest(PerPrio p, Request rq) {
        int d = dir(rq.op);
        p.nextRq[READ] = null;
        p.nextRq[WRITE] = null;
        p.nextRq[d] = p.sort[d].next(rq);
        lastDir = d;
        p.sort[d].remove(rq);
        p.fifo[d].remove(rq);
        q.dispatchAddTail(rq);
    }

    @Override
    public void completed(Request rq) {
        if (--of(rq).queued < 0) {
            throw new IllegalStateException(rq + " completed but never inserted into mq-deadline");
        }
    }

    @Override
    public Request frontMergeCandidate(Bio bio) {
        return frontMerges ? per[level(bio.ioprio)].sort[dir(bio.op)].startingAt(bio.endSector()) : null;
    }

    @Override
    public void merged(Request rq, boolean front) {
        if (front) {
            of(rq).sort[dir(rq.op)].reposition(rq);
        }
    }

    /** dd_merged_requests (blk-mq merges only requests of one ioprio, so of one level). */
    @Override
    public void mergedRequests(Request rq, Request next) {
        PerPrio p = of(next);
        int d = dir(next.op);
        p.fifo[d].mergedRequests(rq, next);
        if (p.nextRq[d] == next) {
            p.nextRq[d] = p.sort[d].next(next);
        }
        p.sort[d].remove(next);
        p.queued--;
    }

    @Override
    public Request former(Request rq) {
        return of(rq).sort[dir(rq.op)].prev(rq);
    }

    @Override
    public Request latter(Request rq) {
        return of(rq).sort[dir(rq.op)].next(rq);
    }

    @Override
    public boolean queueEmpty() {
        return queued() == 0;
    }

    @Override
    public int queued() {
        int n = 0;
        for (PerPrio p : per) {
            n += p.fifo[READ].size() + p.fifo[WRITE].size();
        }
        return n;
    }
}
