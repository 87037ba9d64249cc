package io.iopath.block;

import io.iopath.block.sched.IoScheduler;
import io.iopath.request.Bio;
import io.iopath.request.Request;
import io.iopath.sim.Simulator;
import io.iopath.sim.Timer;
import java.util.ArrayDeque;

/**
 * The request queue of one block device: turns bios into requests (merging where it can), keeps
 * them in the IO scheduler, and hands them to the driver when the driver pulls.
 *
 * <p>The driver pulls ({@link #fetch}) when it has a free tag; the queue pokes the driver
 * ({@link Dispatcher#run}) whenever new work may be available, as {@code q->request_fn} does.
 */
public final class BlockQueue {
    /** The driver side: asked to pull when work may be available. */
    @FunctionalInterface
    public interface Dispatcher {
        void run();
    }

    private final Simulator sim;
    private final IoScheduler scheduler;
    private final int maxSectors;
    /** Requests handed back by the driver (QUEUE FULL): they go out first (requeue at head). */
    private final ArrayDeque<Request> requeued = new ArrayDeque<>();
    private final Timer schedulerWake;
    private Dispatcher dispatcher = () -> { };
    private long nextRequestId;
    private long bioMerges;

    /** @param maxSectors largest request the queue builds by merging (max_sectors_kb · 2) */
    public BlockQueue(Simulator sim, IoScheduler scheduler, int maxSectors) {
        this.sim = sim;
        this.scheduler = scheduler;
        this.maxSectors = maxSectors;
        this.schedulerWake = sim.timer("block.scheduler-wake", () -> dispatcher.run());
    }

    public void setDispatcher(Dispatcher dispatcher) {
        this.dispatcher = dispatcher;
    }

    /** generic_make_request → __make_request: blktrace Q, then a merge (M) or a new request (G, I). */
    public void submit(Bio bio) {
        long now = sim.now();
        bio.queuedNs = now;
        Request target = scheduler.findBackMerge(bio);
        if (target != null && target.sectors() + bio.sectors <= maxSectors) {
            target.backMerge(bio);
            scheduler.merged(target);
            bioMerges++;
        } else {
            Request rq = new Request(nextRequestId++, bio);
            rq.allocatedNs = now;
            rq.insertedNs = now;
            scheduler.add(rq, now);
        }
        dispatcher.run();
    }

    /** The driver pulls the next request, or gets null (then the queue wakes it later if needed). */
    public Request fetch() {
        Request rq = requeued.pollFirst();
        if (rq != null) {
            return rq;
        }
        long now = sim.now();
        rq = scheduler.dispatch(now);
        if (rq == null && scheduler.queued() > 0) {
            long wake = scheduler.nextDispatchNs(now);
            if (wake != Long.MAX_VALUE && (!schedulerWake.isPending() || schedulerWake.timeNs() > wake)) {
                schedulerWake.scheduleAt(Math.max(wake, now));
            }
        }
        return rq;
    }

    /** blk_requeue_request: the device refused it; it goes back to the head of the line. */
    public void requeue(Request rq) {
        rq.requeues++;
        requeued.addFirst(rq);
    }

    /** end_request: the command is done; tell the scheduler, end the bios, pull more work. */
    public void complete(Request rq) {
        long now = sim.now();
        scheduler.completed(rq, now);
        rq.complete(now);
        dispatcher.run();
    }

    public boolean hasPending() {
        return !requeued.isEmpty() || scheduler.queued() > 0;
    }

    public long bioMerges() {
        return bioMerges;
    }

    public IoScheduler scheduler() {
        return scheduler;
    }
}
