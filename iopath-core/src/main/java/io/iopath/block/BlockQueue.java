package io.iopath.block;

import io.iopath.block.sched.ElevatorQueue;
import io.iopath.block.sched.Hz;
import io.iopath.block.sched.IoScheduler;
import io.iopath.block.sched.SchedulerType;
import io.iopath.block.sched.Schedulers;
import io.iopath.request.Bio;
import io.iopath.request.Flags;
import io.iopath.request.Op;
import io.iopath.request.Request;
import io.iopath.result.BlockStats;
import io.iopath.sim.Simulator;
import io.iopath.sim.Timer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The request queue of one block device (Linux {@code request_queue}, 2.6.20 {@code
 * __make_request}, {@code get_request_wait}, {@code elv_*}): turns bios into requests through the
 * request pool, keeps the dispatch list the driver pulls from, takes requeues and completions, and
 * emits blktrace events at the kernel's points (block-layer.md §3–§7). The rest of the block core
 * is in its own classes, as the kernel split it: merging ({@link RequestMerger}, with the
 * {@link MergeHash}), plugging ({@link LegacyPlug}, {@link TaskPlug}) and flushes / barriers
 * ({@link FlushSequencer}).
 *
 * <p>The driver pulls: {@link #peekNext} is {@code elv_next_request}, {@link #dequeue} is
 * {@code blkdev_dequeue_request}; the queue calls the driver's request function ({@link
 * Dispatcher#run}) where the kernel calls {@code q->request_fn}.
 */
public final class BlockQueue implements ElevatorQueue, BioSink {
    /** The driver's request_fn. */
    @FunctionalInterface
    public interface Dispatcher {
        void run();
    }

    private static final int READ = 0;
    private static final int WRITE = 1;

    private final Simulator sim;
    private final IoScheduler scheduler;
    private final SchedulerType type;
    private final QueueSettings settings;
    private final boolean legacy;
    private final QueueTracer trace;
    /** Sized when the driver attaches: blk-mq's nr_requests follows the tag depth. */
    private RequestPool pool;
    /** q->queue_head: released by the elevator, in driver order. */
    private final List<Request> dispatch = new ArrayList<>();
    private final Map<Integer, Task> tasks = new HashMap<>();
    /** The task last looked up ({@link #task(int)}): tasks are never removed, so it stays valid. */
    private Task lastTask;
    private final RequestMerger merger;
    private final LegacyPlug queuePlug;
    private final TaskPlug taskPlug;
    private final FlushSequencer flush;
    private final Timer kblockd;
    private Dispatcher dispatcher = () -> { };
    private int inFlight;
    private long endSector;
    private long nextRequestId;

    private long allocated;
    private long requeues;

    /** A queue for bios once a driver has attached ({@link #attachDriver}). */
    public BlockQueue(Simulator sim, IoScheduler scheduler, QueueSettings settings, BlockTracepoints trace) {
        this.sim = sim;
        this.scheduler = scheduler;
        this.type = Schedulers.type(scheduler.name());
        this.settings = settings;
        this.legacy = settings.plugging() == Plugging.LEGACY;
        this.trace = new QueueTracer(sim, trace, this::task);
        this.merger = new RequestMerger(sim, scheduler, this.trace, this, settings.maxSectors(), type.multiQueue());
        this.queuePlug = new LegacyPlug(sim, settings, this.trace, this);
        this.taskPlug = new TaskPlug(sim, this.trace, this);
        this.flush = new FlushSequencer(sim, scheduler, this.trace, this, dispatch, legacy, settings.orderedBy());
        this.kblockd = sim.timer("block.kblockd", this::startQueueing);
        scheduler.attach(this);
    }

    /**
     * The driver attaches: its request function, and its tag depth (blk_queue_init_tags; blk-mq's
     * tag set), which sizes blk-mq's request pool when nr_requests is left at its default:
     * 2·min(depth, BLKDEV_MAX_RQ) with an elevator (blk_mq_init_sched), the depth itself with none
     * (blk_mq_init_allocated_queue). The 2.6 pool is BLKDEV_MAX_RQ whatever the depth.
     */
    public void attachDriver(Dispatcher requestFn, int tagDepth) {
        this.dispatcher = requestFn;
        int nr = settings.nrRequests();
        if (nr == 0) {
            nr = !type.multiQueue() ? QueueSettings.BLKDEV_MAX_RQ
                    : !type.elevator() ? tagDepth
                    : 2 * Math.min(tagDepth, QueueSettings.BLKDEV_MAX_RQ);
        }
        this.pool = new RequestPool(Math.max(1, nr), type.multiQueue(), settings.batchTimeNs());
    }

    /**
     * blk_queue_write_cache(q, wc, fua), as sd calls it from sd_revalidate_disk: whether flushes
     * and barriers need cache flushes (WCE), and whether a FUA write can stand in for a post-flush.
     */
    public void setWriteCache(boolean writeCache, boolean fua) {
        flush.setWriteCache(writeCache, fua);
    }

    /** Registers a process so that traces show its name; unknown pids get "p<pid>". */
    public Task task(int pid, String name) {
        return tasks.computeIfAbsent(pid, p -> new Task(p, name));
    }

    public Task task(int pid) {
        Task last = lastTask;
        if (last != null && last.pid == pid) {
            return last; // every bio asks: one process usually submits many in a row
        }
        Task t = tasks.computeIfAbsent(pid, p -> new Task(p, "p" + p));
        lastTask = t;
        return t;
    }

    // ------------------------------------------------------------------ submission

    /** generic_make_request: the bio enters the block layer on behalf of its process. */
    @Override
    public void submit(Bio bio) {
        Task t = task(bio.processId);
        if (t.sleeping) {
            t.blocked.addLast(bio); // the process is asleep in get_request_wait: it submits after waking
            return;
        }
        makeRequest(t, bio);
    }

    private void makeRequest(Task t, Bio bio) {
        long now = sim.now();
        bio.queuedNs = now;
        trace.bio(BlkAction.Q, bio, t);
        boolean flushOrFua = FlushSequencer.isFlushOrFua(bio);
        if (flushOrFua && flush.completesAtOnce(bio)) {
            bio.complete(now);
            return;
        }
        // a pass-through command is never merged (2.6 rq_mergeable: only fs requests merge)
        if (!flushOrFua && bio.op.transfersData() && !Flags.has(bio.flags, Flags.PASSTHROUGH)) {
            if (!legacy && merger.plugMerge(t, bio)) {
                return;
            }
            if (!elvQueueEmpty() && merger.elvMerge(t, bio)) {
                if (legacy && bio.isSync()) {
                    queuePlug.unplug();
                }
                return;
            }
        }
        getRequest(t, bio);
    }

    /** get_request_wait + the rest of __make_request for a bio that needs a new request. */
    private void getRequest(Task t, Bio bio) {
        long now = sim.now();
        int dir = direction(bio.op);
        IoScheduler.MayQueue may = scheduler.mayQueue(t.pid, bio.isSync());
        if (!pool.allocate(dir, t, may, now)) {
            trace.bio(BlkAction.S, bio, t);
            if (legacy) {
                queuePlug.unplug();
            } else {
                taskPlug.flush(t);
            }
            pool.sleep(dir, t);
            t.blocked.addFirst(bio);
            return;
        }
        allocated++;
        Request rq = new Request(nextRequestId++, bio);
        rq.allocatedNs = now;
        bio.getRqNs = now;
        trace.bio(BlkAction.G, bio, t);
        if (FlushSequencer.isFlushOrFua(bio)) {
            flush.insert(rq);
            return;
        }
        if (Flags.has(bio.flags, Flags.PASSTHROUGH)) {
            insertBack(rq);
            return;
        }
        if (!legacy) {
            taskPlug.add(t, rq);
            return;
        }
        if (elvQueueEmpty()) {
            queuePlug.plug(t.pid, t.name);
        }
        insertSort(rq);
        if (bio.isSync()) {
            queuePlug.unplug();
        }
    }

    private static int direction(Op op) {
        return op == Op.READ ? READ : WRITE;
    }

    private boolean elvQueueEmpty() {
        return dispatch.isEmpty() && scheduler.queueEmpty();
    }

    /**
     * A pass-through request (blk_execute_rq_nowait, 2.6.18 ll_rw_blk.c): elv_add_request with
     * ELEVATOR_INSERT_BACK, which drains the IO scheduler into the dispatch list
     * (elv_drain_elevator), queues the request behind it, removes the plug and runs the driver
     * (elevator.c elv_insert). The scheduler never sees it; nothing merges with it. With blk-mq
     * plugging a pass-through request goes to the dispatch list directly, without the drain
     * (blk_mq_insert_request's passthrough case).
     */
    private void insertBack(Request rq) {
        long now = sim.now();
        rq.insertedNs = now;
        rq.firstBio().insertNs = now;
        rq.noMerge = true;
        rq.passthrough = true;
        trace.request(BlkAction.I, rq);
        while (legacy && scheduler.dispatch(true) > 0) {
            // elv_drain_elevator
        }
        endSector = rq.endSector();
        dispatch.add(rq);
        queuePlug.remove();
        dispatcher.run();
    }

    /** elv_insert(INSERT_SORT). */
    void insertSort(Request rq) {
        long now = sim.now();
        rq.insertedNs = now;
        rq.firstBio().insertNs = now;
        trace.request(BlkAction.I, rq);
        merger.inserted(rq);
        scheduler.add(rq);
        if (queuePlug.plugged() && pool.total() - inFlight >= QueueSettings.UNPLUG_THRESH) {
            queuePlug.unplug();
        }
    }

    // ------------------------------------------------------------------ plugging

    /** blk_plug_device, by process {@code pid} ({@code who} in the trace). */
    public void plug(int pid, String who) {
        queuePlug.plug(pid, who);
    }

    public boolean plugged() {
        return queuePlug.plugged();
    }

    /** blk_run_queue: remove any plug and run the driver if there is work. */
    public void runQueue() {
        queuePlug.remove();
        if (!elvQueueEmpty() || flush.ordering()) {
            dispatcher.run();
        }
    }

    private void startQueueing() {
        if (!queuePlug.unplug()) {
            dispatcher.run();
        }
    }

    // ------------------------------------------------------------------ for the block core's parts

    /** q->request_fn. */
    void runDriver() {
        dispatcher.run();
    }

    /** blk_remove_plug, without running the queue. */
    void removePlug() {
        queuePlug.remove();
    }

    long newRequestId() {
        return nextRequestId++;
    }

    int poolTotal() {
        return pool.total();
    }

    // ------------------------------------------------------------------ dispatch (pull model)

    /**
     * elv_next_request: the request the driver should issue next, marked STARTED (trace D the
     * first time), or null when there is nothing to issue now. It stays on the dispatch list
     * until {@link #dequeue}.
     */
    public Request peekNext() {
        Request rq;
        if (flush.drainOwnsQueue()) {
            // A 2.6 ordered sequence owns the queue: only its current step may go.
            rq = dispatch.isEmpty() ? null : dispatch.get(0);
            if (rq == null || !flush.isOrderedStep(rq)) {
                return null;
            }
        } else {
            if (dispatch.isEmpty()) {
                scheduler.dispatch(false); // the scheduler is asked only when the dispatch list is empty
                if (dispatch.isEmpty()) {
                    return null;
                }
            }
            rq = dispatch.get(0);
            if (flush.isWaitingBarrier(rq)) {
                switch (flush.begin(rq)) {
                    case WAIT:
                        return null;
                    case DONE:
                        return peekNext();
                    default:
                        rq = dispatch.get(0);
                }
            }
        }
        if (!rq.started) {
            rq.started = true;
            rq.issuedNs = sim.now();
            if (!rq.ordered && !rq.passthrough) {
                scheduler.activate(rq);
            }
            trace.request(BlkAction.D, rq);
        }
        if (rq.sector() >= 0) {
            endSector = rq.endSector();
        }
        return rq;
    }

    /** blkdev_dequeue_request: the driver took the head request. */
    public void dequeue(Request rq) {
        if (dispatch.isEmpty() || dispatch.get(0) != rq) {
            dispatch.remove(rq);
        } else {
            dispatch.remove(0);
        }
        inFlight++;
    }

    /** blk_requeue_request: back to the head of the dispatch list (trace R). */
    public void requeue(Request rq) {
        requeues++;
        inFlight--;
        trace.request(BlkAction.R, rq);
        if (!rq.ordered && !rq.passthrough) {
            scheduler.deactivate(rq);
        }
        rq.started = false;
        dispatch.add(0, rq);
    }

    /**
     * end_that_request_* and the SCSI completion path: trace C, tell the scheduler, free the
     * request (waking a sleeper), run the queue once (scsi_run_queue → blk_run_queue, which
     * removes any plug), then end the bios — their processes run after the completion interrupt.
     */
    public void complete(Request rq) {
        long now = sim.now();
        inFlight--;
        trace.completion(rq);
        if (flush.completed(rq)) {
            runQueue();
            return;
        }
        if (!rq.passthrough) {
            scheduler.completed(rq);
        }
        freeRequest(rq.op, false);
        runQueue();
        rq.complete(now);
    }

    /**
     * freed_request: wakes one sleeper. On completion the sleeper runs before the completed bios'
     * owners resubmit (they run after the interrupt; the woken process was first in line), so a
     * process that resubmits at once cannot take every freed request. Elsewhere (a request merged
     * away) the wake-up is deferred to the end of the current event.
     */
    void freeRequest(Op op, boolean defer) {
        Task w = pool.free(direction(op));
        if (w != null) {
            if (defer) {
                sim.after(0, () -> wake(w));
            } else {
                wake(w);
            }
        }
    }

    /** A process woken from get_request_wait resumes its submissions. */
    private void wake(Task t) {
        pool.woken(t, sim.now());
        while (!t.sleeping && !t.blocked.isEmpty()) {
            Bio bio = t.blocked.pollFirst();
            if (bio.queuedNs >= 0) {
                getRequest(t, bio); // it had been queued (Q) and slept in get_request_wait
            } else {
                makeRequest(t, bio);
            }
        }
    }

    // ------------------------------------------------------------------ ElevatorQueue

    @Override
    public long now() {
        return sim.now();
    }

    @Override
    public Hz hz() {
        return settings.hz();
    }

    @Override
    public Timer timer(String name, Runnable action) {
        return sim.timer("sched." + name, action);
    }

    @Override
    public void kick() {
        if (!kblockd.isPending()) {
            kblockd.scheduleAt(sim.now());
        }
    }

    @Override
    public void dispatchSort(Request rq) {
        merger.leftElevator(rq);
        long boundary = endSector;
        int i = dispatch.size();
        while (i > 0) {
            Request pos = dispatch.get(i - 1);
            if (direction(pos.op) != direction(rq.op) || pos.started || pos.ordered) {
                break;
            }
            if (rq.sector() >= boundary) {
                if (pos.sector() < boundary) {
                    i--;
                    continue;
                }
            } else if (pos.sector() >= boundary) {
                break;
            }
            if (rq.sector() >= pos.sector()) {
                break;
            }
            i--;
        }
        dispatch.add(i, rq);
    }

    @Override
    public void dispatchAddTail(Request rq) {
        merger.leftElevator(rq);
        endSector = rq.endSector();
        dispatch.add(rq);
    }

    @Override
    public int inFlight() {
        return inFlight;
    }

    // ------------------------------------------------------------------ state

    public boolean hasPending() {
        return !elvQueueEmpty() || flush.ordering() || flush.pending();
    }

    public IoScheduler scheduler() {
        return scheduler;
    }

    public QueueSettings settings() {
        return settings;
    }

    /** QUEUE_FLAG_WC: the driver said the device has a volatile write cache. */
    public boolean writeCache() {
        return flush.writeCache();
    }

    /** QUEUE_FLAG_FUA: the driver said the device honours FUA. */
    public boolean fua() {
        return flush.fua();
    }

    public int nrRequests() {
        return pool.nrRequests();
    }

    public int allocatedRequests(Op op) {
        return pool.count(direction(op));
    }

    @Override
    public boolean congested(Op op) {
        return pool.congested(direction(op));
    }

    /** The legacy (2.6) queue drains for a barrier or tags it ORDERED ({@link FlushSequencer}); blk-mq does neither. */
    @Override
    public boolean ordersBarriers() {
        return legacy;
    }

    public long bioMerges() {
        return merger.backMerges + merger.frontMerges;
    }

    public BlockStats stats() {
        return new BlockStats(allocated, merger.backMerges, merger.frontMerges, merger.requestMerges,
                queuePlug.plugs + taskPlug.plugs, queuePlug.ioUnplugs + taskPlug.ioUnplugs, queuePlug.timerUnplugs,
                pool.sleeps, requeues, flush.flushes);
    }
}
