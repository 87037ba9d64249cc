package io.iopath.block;

import io.iopath.block.sched.ElevatorQueue;
import io.iopath.block.sched.Hz;
import io.iopath.block.sched.IoScheduler;
import io.iopath.metrics.blktrace.BlkAction;
import io.iopath.metrics.blktrace.BlkTraceSink;
import io.iopath.metrics.blktrace.Rwbs;
import io.iopath.request.Bio;
import io.iopath.request.Flags;
import io.iopath.request.Op;
import io.iopath.request.Request;
import io.iopath.request.TaskAttribute;
import io.iopath.result.BlockStats;
import io.iopath.sim.Simulator;
import io.iopath.sim.Timer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntSupplier;

/**
 * The request queue of one block device (Linux {@code request_queue}, 2.6.20 {@code
 * __make_request}, {@code elv_*}): turns bios into requests through the request pool, merges
 * them (one-hit cache, back-merge hash, the scheduler's front merge, request-to-request merges),
 * plugs and unplugs, keeps the dispatch list the driver pulls from, runs barrier / flush
 * sequences, and emits blktrace events at the kernel's points (block-layer.md §3–§7).
 *
 * <p>The driver pulls: {@link #peekNext} is {@code elv_next_request}, {@link #dequeue} is
 * {@code blkdev_dequeue_request}; the queue calls the driver's request function ({@link
 * Dispatcher#run}) where the kernel calls {@code q->request_fn}.
 */
public final class BlockQueue implements ElevatorQueue {
    /** The driver's request_fn. */
    @FunctionalInterface
    public interface Dispatcher {
        void run();
    }

    private static final int READ = 0;
    private static final int WRITE = 1;

    private final Simulator sim;
    private final IoScheduler scheduler;
    private final QueueSettings settings;
    private final BlkTraceSink trace;
    private final RequestPool pool;
    private final int maxSectors;
    /** q->queue_head: released by the elevator, in driver order. */
    private final List<Request> dispatch = new ArrayList<>();
    /** Back-merge hash by end sector (elv_rqhash). */
    private final Map<Long, Request> hash = new HashMap<>();
    private final Map<Integer, Task> tasks = new HashMap<>();
    private final Map<Request, FlushSequence> sequences = new IdentityHashMap<>();
    private final Timer unplugTimer;
    private final Timer kblockd;
    private Dispatcher dispatcher = () -> { };
    private IntSupplier deviceQueueDepth = () -> 1;
    private Request lastMerge;
    private boolean plugged;
    private int inFlight;
    private long endSector;
    private long nextRequestId;
    private long nextSyntheticBioId = -1;
    /**
     * The 2.6 ordered sequence in progress (only one at a time). Ordered by draining it owns the
     * queue; ordered by tag it only holds back the next barrier.
     */
    private FlushSequence ordered;

    private long allocated;
    private long backMerges;
    private long frontMerges;
    private long requestMerges;
    private long plugs;
    private long ioUnplugs;
    private long timerUnplugs;
    private long requeues;
    private long flushes;

    public BlockQueue(Simulator sim, IoScheduler scheduler, QueueSettings settings, BlkTraceSink trace,
                      int deviceQueueDepthHint) {
        this.sim = sim;
        this.scheduler = scheduler;
        this.settings = settings;
        this.trace = trace;
        this.maxSectors = settings.maxSectors();
        int nr = settings.nrRequests();
        boolean mq = scheduler.multiQueue();
        if (nr == 0) {
            // blk-mq: nr_requests = 2·min(queue_depth, BLKDEV_MAX_RQ) with a scheduler, queue_depth with none.
            nr = !mq ? QueueSettings.BLKDEV_MAX_RQ
                    : scheduler.name().equals("none") ? deviceQueueDepthHint
                    : 2 * Math.min(deviceQueueDepthHint, QueueSettings.BLKDEV_MAX_RQ);
        }
        this.pool = new RequestPool(Math.max(1, nr), mq, settings.batchTimeNs());
        this.unplugTimer = sim.timer("block.unplug-timer", this::unplugTimeout);
        this.kblockd = sim.timer("block.kblockd", this::startQueueing);
        scheduler.attach(this);
    }

    /** The skeleton's constructor: 2.6 defaults, no tracing. */
    public BlockQueue(Simulator sim, IoScheduler scheduler, int maxSectors) {
        this(sim, scheduler, new QueueSettings(0, maxSectors, Plugging.LEGACY, Hz.EXACT, false, true),
                BlkTraceSink.NONE, 4);
    }

    public void setDispatcher(Dispatcher dispatcher) {
        this.dispatcher = dispatcher;
    }

    public void setDeviceQueueDepth(IntSupplier depth) {
        this.deviceQueueDepth = depth;
    }

    /** Registers a process so that traces show its name; unknown pids get "p<pid>". */
    public Task task(int pid, String name) {
        return tasks.computeIfAbsent(pid, p -> new Task(p, name));
    }

    public Task task(int pid) {
        return tasks.computeIfAbsent(pid, p -> new Task(p, "p" + p));
    }

    // ------------------------------------------------------------------ submission

    /** generic_make_request: the bio enters the block layer on behalf of its process. */
    public void submit(Bio bio) {
        Task t = task(bio.processId);
        if (t.sleeping) {
            t.blocked.addLast(bio); // the process is asleep in get_request_wait: it submits after waking
            return;
        }
        makeRequest(t, bio);
    }

    private boolean legacy() {
        return settings.plugging() == Plugging.LEGACY;
    }

    private boolean isFlushOrFua(Bio bio) {
        return bio.op == Op.FLUSH || Flags.has(bio.flags, Flags.PREFLUSH) || Flags.has(bio.flags, Flags.FUA);
    }

    private void makeRequest(Task t, Bio bio) {
        long now = sim.now();
        bio.queuedNs = now;
        traceBio(BlkAction.Q, bio, t);
        boolean flush = isFlushOrFua(bio);
        if (flush && !legacy() && !settings.writeCache() && bio.op == Op.FLUSH) {
            // blk-flush: nothing to flush on a write-through device, an empty flush completes at once.
            bio.complete(now);
            return;
        }
        if (!flush && bio.op.transfersData()) {
            if (!legacy() && plugMerge(t, bio)) {
                return;
            }
            if (!elvQueueEmpty() && elvMerge(t, bio)) {
                if (legacy() && bio.isSync()) {
                    unplugIfPlugged();
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
            traceBio(BlkAction.S, bio, t);
            if (legacy()) {
                unplugIfPlugged();
            } else {
                flushPlug(t);
            }
            pool.sleep(dir, t);
            t.blocked.addFirst(bio);
            return;
        }
        allocated++;
        Request rq = new Request(nextRequestId++, bio);
        rq.allocatedNs = now;
        bio.getRqNs = now;
        traceBio(BlkAction.G, bio, t);
        if (isFlushOrFua(bio)) {
            insertFlush(rq);
            return;
        }
        if (!legacy()) {
            addToPlug(t, rq);
            return;
        }
        if (elvQueueEmpty()) {
            plug(t.pid, t.name);
        }
        insertSort(rq);
        if (bio.isSync()) {
            unplugIfPlugged();
        }
    }

    private static int direction(Op op) {
        return op == Op.READ ? READ : WRITE;
    }

    private boolean elvQueueEmpty() {
        return dispatch.isEmpty() && scheduler.queueEmpty();
    }

    // ------------------------------------------------------------------ merging (block-layer.md §4)

    private boolean mergeable(Request rq, Bio bio) {
        return !rq.noMerge && !rq.started && !rq.ordered && rq.hashEnd >= 0 && rq.op == bio.op
                && samePrioIfMq(rq.ioprio(), bio.ioprio) && scheduler.allowMerge(rq, bio);
    }

    /**
     * 2.6 merges requests of any I/O priority (the survivor keeps ioprio_best); blk-mq's
     * blk_rq_merge_ok and attempt_merge refuse to merge different priorities.
     */
    private boolean samePrioIfMq(int a, int b) {
        return a == b || !scheduler.multiQueue();
    }

    /** elv_merge and the merge cases of __make_request; true if the bio was merged. */
    private boolean elvMerge(Task t, Bio bio) {
        Request rq = null;
        boolean front = false;
        if (lastMerge != null && mergeable(lastMerge, bio)) {
            if (lastMerge.endSector() == bio.sector) {
                rq = lastMerge;
            } else if (lastMerge.sector() - bio.sectors == bio.sector) {
                rq = lastMerge;
                front = true;
            }
        }
        if (rq == null) {
            Request h = hash.get(bio.sector);
            if (h != null && h.endSector() == bio.sector && mergeable(h, bio)) {
                rq = h;
            }
        }
        if (rq == null) {
            Request f = scheduler.frontMergeCandidate(bio);
            if (f != null && f.sector() == bio.endSector() && mergeable(f, bio)) {
                rq = f;
                front = true;
            }
        }
        if (rq == null) {
            return false;
        }
        if (rq.sectors() + bio.sectors > maxSectors || rq.bioCount() >= QueueSettings.MAX_SEGMENTS) {
            rq.noMerge = true; // ll_back/front_merge_fn: too big, never try this request again
            unhash(rq);
            if (lastMerge == rq) {
                lastMerge = null;
            }
            return false;
        }
        bio.mergeNs = sim.now();
        if (!front) {
            unhash(rq);
            rq.backMerge(bio);
            rehash(rq);
            backMerges++;
            traceBio(BlkAction.M, bio, t);
            Request next = scheduler.latter(rq);
            if (next == null || !attemptMerge(rq, next)) {
                scheduler.merged(rq, false);
                lastMerge = rq;
            }
        } else {
            rq.frontMerge(bio);
            frontMerges++;
            traceBio(BlkAction.F, bio, t);
            Request prev = scheduler.former(rq);
            if (prev == null || !attemptMerge(prev, rq)) {
                scheduler.merged(rq, true);
                lastMerge = rq;
            }
        }
        return true;
    }

    /** attempt_merge: {@code next} follows {@code rq}; merge them if allowed. */
    private boolean attemptMerge(Request rq, Request next) {
        if (rq.noMerge || next.noMerge || rq.started || next.started || rq.ordered || next.ordered
                || rq.hashEnd < 0 || next.hashEnd < 0 || rq.op != next.op || rq.endSector() != next.sector()
                || !samePrioIfMq(rq.ioprio(), next.ioprio())
                || rq.sectors() + next.sectors() > maxSectors
                || rq.bioCount() + next.bioCount() > QueueSettings.MAX_SEGMENTS) {
            return false;
        }
        scheduler.mergedRequests(rq, next);
        unhash(next);
        unhash(rq);
        if (lastMerge == next) {
            lastMerge = null;
        }
        rq.absorb(next);
        rehash(rq);
        lastMerge = rq;
        requestMerges++;
        freeRequest(next.op, true);
        return true;
    }

    private void rehash(Request rq) {
        rq.hashEnd = rq.endSector();
        hash.put(rq.hashEnd, rq);
    }

    private void unhash(Request rq) {
        if (rq.hashEnd >= 0) {
            hash.remove(rq.hashEnd, rq);
        }
    }

    // ------------------------------------------------------------------ insertion and plugging

    /** elv_insert(INSERT_SORT). */
    private void insertSort(Request rq) {
        long now = sim.now();
        rq.insertedNs = now;
        rq.firstBio().insertNs = now;
        traceRq(BlkAction.I, rq);
        rehash(rq);
        lastMerge = rq;
        scheduler.add(rq);
        if (plugged && pool.total() - inFlight >= QueueSettings.UNPLUG_THRESH) {
            unplugIfPlugged();
        }
    }

    /** blk_plug_device, by process {@code pid} ({@code who} in the trace). */
    public void plug(int pid, String who) {
        if (plugged) {
            return;
        }
        plugged = true;
        plugs++;
        unplugTimer.scheduleAt(settings.hz().timerNs(sim.now() + settings.unplugDelayNs()));
        trace(BlkAction.P, pid, "N", 0, 0, 0, who);
    }

    public boolean plugged() {
        return plugged;
    }

    /** __generic_unplug_device: silent (threshold, sync bio, sleeping allocator). */
    private void unplugIfPlugged() {
        if (!plugged) {
            return;
        }
        plugged = false;
        unplugTimer.cancel();
        dispatcher.run();
    }

    private void unplugTimeout() {
        timerUnplugs++;
        ioUnplugs++;
        trace(BlkAction.UT, 0, "N", 0, 0, pool.total(), "kblockd");
        trace(BlkAction.U, 0, "N", 0, 0, pool.total(), "kblockd");
        unplugIfPlugged();
    }

    /** blk_run_queue: remove any plug and run the driver if there is work. */
    public void runQueue() {
        if (plugged) {
            plugged = false;
            unplugTimer.cancel();
        }
        if (!elvQueueEmpty() || ordered != null) {
            dispatcher.run();
        }
    }

    /** Per-task plugging: try to merge into the task's plug list (blk_attempt_plug_merge). */
    private boolean plugMerge(Task t, Bio bio) {
        for (int i = t.plug.size() - 1; i >= 0; i--) {
            Request rq = t.plug.get(i);
            if (rq.op != bio.op || rq.noMerge || rq.sectors() + bio.sectors > maxSectors
                    || rq.bioCount() >= QueueSettings.MAX_SEGMENTS || !samePrioIfMq(rq.ioprio(), bio.ioprio)) {
                continue;
            }
            if (rq.endSector() == bio.sector) {
                bio.mergeNs = sim.now();
                rq.backMerge(bio);
                backMerges++;
                traceBio(BlkAction.M, bio, t);
                return true;
            }
            if (rq.sector() == bio.endSector()) {
                bio.mergeNs = sim.now();
                rq.frontMerge(bio);
                frontMerges++;
                traceBio(BlkAction.F, bio, t);
                return true;
            }
        }
        return false;
    }

    private void addToPlug(Task t, Request rq) {
        if (t.plug.isEmpty()) {
            plugs++;
            trace(BlkAction.P, t.pid, "N", 0, 0, 0, t.name);
        }
        t.plug.add(rq);
        if (t.plug.size() >= QueueSettings.PLUG_MAX_REQUESTS || rq.sectors() >= QueueSettings.PLUG_FLUSH_SECTORS) {
            flushPlug(t);
        } else if (!t.plugFlushPending) {
            // blk_finish_plug at the end of the task's submission batch: everything it submits at
            // this simulated instant (an io_submit of several IOs) shares one plug.
            t.plugFlushPending = true;
            sim.after(0, () -> {
                t.plugFlushPending = false;
                flushPlug(t);
            });
        }
    }

    /** blk_flush_plug_list: insert the plugged requests into the scheduler and run the queue. */
    private void flushPlug(Task t) {
        if (t.plug.isEmpty()) {
            return;
        }
        ioUnplugs++;
        trace(BlkAction.U, t.pid, "N", 0, 0, t.plug.size(), t.name);
        List<Request> batch = new ArrayList<>(t.plug);
        t.plug.clear();
        batch.sort((a, b) -> Long.compare(a.sector(), b.sector()));
        for (Request rq : batch) {
            insertSort(rq);
        }
        dispatcher.run();
    }

    // ------------------------------------------------------------------ flushes and barriers

    private Request flushRequest(Request parent, int flags) {
        Bio b = new Bio(nextSyntheticBioId--, Op.FLUSH, 0, 0, flags, parent.processId, x -> { });
        Request f = new Request(nextRequestId++, b);
        f.ordered = true;
        f.noMerge = true;
        f.allocatedNs = sim.now();
        flushes++;
        return f;
    }

    /**
     * A bio with PREFLUSH / FUA (or an empty flush). 2.6: a barrier; drain the elevator, queue it
     * behind everything, and run the ordered sequence once nothing is in flight (DRAIN,
     * DRAIN_FLUSH or DRAIN_FUA by the write cache and FUA support) — or, ordered by tag (TAG,
     * TAG_FLUSH, TAG_FUA), as soon as it reaches the head of the dispatch list, every step at
     * once with the ORDERED task attribute. Today: the PREFLUSH / FUA state machine of
     * blk-flush, without draining.
     */
    private void insertFlush(Request rq) {
        rq.noMerge = true;
        rq.ordered = true;
        long now = sim.now();
        rq.insertedNs = now;
        rq.firstBio().insertNs = now;
        boolean data = rq.op.transfersData();
        boolean preflush = settings.writeCache() && (Flags.has(rq.flags(), Flags.PREFLUSH) || rq.op == Op.FLUSH || legacy());
        boolean wantFua = Flags.has(rq.flags(), Flags.FUA) || legacy();
        boolean fua = data && settings.writeCache() && settings.fua() && wantFua;
        boolean postflush = data && settings.writeCache() && wantFua && !settings.fua();
        if (!legacy() && !settings.writeCache()) {
            preflush = false;
        }
        rq.setFlag(Flags.FUA, fua);
        rq.setFlag(Flags.PREFLUSH, false);
        List<Request> steps = new ArrayList<>(3);
        if (preflush) {
            steps.add(flushRequest(rq, Flags.PREFLUSH));
        }
        if (data) {
            steps.add(rq);
        }
        if (postflush) {
            steps.add(flushRequest(rq, Flags.PREFLUSH));
        }
        // An empty barrier with nothing to flush (write-through) has no command to carry the
        // ORDERED tag, so it is ordered by draining (blk-barrier.c start_ordered, 2.6.24+:
        // "ordering by tag can't be used. Drain instead." — from memory, unverified).
        boolean byTag = legacy() && settings.orderedBy() == OrderedBy.TAG && !steps.isEmpty();
        FlushSequence seq = new FlushSequence(rq, steps, legacy(), byTag);
        traceRq(BlkAction.I, rq);
        if (legacy()) {
            // ELEVATOR_INSERT_BACK: drain the elevator into the dispatch list, queue behind it.
            while (scheduler.dispatch(true) > 0) {
                // elv_drain_elevator
            }
            dispatch.add(rq);
            sequences.put(rq, seq);
            plugged = false;
            unplugTimer.cancel();
            dispatcher.run();
        } else {
            startSequenceStep(seq);
            dispatcher.run();
        }
    }

    private void startSequenceStep(FlushSequence seq) {
        Request step = seq.current();
        if (step == null) {
            finishSequence(seq);
            return;
        }
        sequences.put(step, seq);
        dispatch.add(0, step); // at the head: 2.6's ordered sequence owns the queue; blk-flush bypasses the scheduler
    }

    /**
     * The tag-ordered sequence (2.6 {@code start_ordered} with {@code QUEUE_ORDERED_BY_TAG}, from
     * memory of ll_rw_blk.c / blk-barrier.c: unverified): pre-flush, barrier write and
     * post-flush go to the head of the dispatch list together, without waiting for anything in
     * flight, and the SCSI layer sends each with an ORDERED tag ({@code scsi_populate_tag_msg}
     * for a REQ_HARDBARRIER request). The drive keeps them in order against each other and
     * against every older and younger command; the host only keeps the next barrier back.
     */
    private void issueAllSteps(FlushSequence seq) {
        for (int i = 0; i < seq.steps.size(); i++) {
            Request step = seq.steps.get(i);
            step.taskAttribute = TaskAttribute.ORDERED;
            sequences.put(step, seq);
            dispatch.add(i, step);
        }
    }

    private void finishSequence(FlushSequence seq) {
        if (ordered == seq) {
            ordered = null;
        }
        Request barrier = seq.barrier;
        long now = sim.now();
        if (barrier.completedNs < 0) {
            barrier.complete(now);
        }
        freeRequest(barrier.op, true);
    }

    // ------------------------------------------------------------------ dispatch (pull model)

    /**
     * elv_next_request: the request the driver should issue next, marked STARTED (trace D the
     * first time), or null when there is nothing to issue now. It stays on the dispatch list
     * until {@link #dequeue}.
     */
    public Request peekNext() {
        Request rq;
        if (ordered != null && !ordered.byTag) {
            // A 2.6 ordered sequence owns the queue: only its current step may go.
            rq = dispatch.isEmpty() ? null : dispatch.get(0);
            if (rq == null || sequences.get(rq) != ordered) {
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
            FlushSequence seq = sequences.get(rq);
            if (seq != null && seq.legacy && rq == seq.barrier && !seq.begun) {
                if (ordered != null) {
                    return null; // ordered by tag: the next barrier waits for this sequence (blk_do_ordered)
                }
                if (!seq.byTag && inFlight > 0) {
                    return null; // draining: wait for everything issued before the barrier
                }
                seq.begun = true;
                ordered = seq;
                dispatch.remove(0);
                sequences.remove(rq);
                if (seq.current() == null) {
                    finishSequence(seq);
                    return peekNext();
                }
                if (seq.byTag) {
                    issueAllSteps(seq);
                } else {
                    startSequenceStep(seq);
                }
                rq = dispatch.get(0);
            }
        }
        if (!rq.started) {
            rq.started = true;
            rq.issuedNs = sim.now();
            if (!rq.ordered) {
                scheduler.activate(rq);
            }
            traceRq(BlkAction.D, rq);
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
        traceRq(BlkAction.R, rq);
        if (!rq.ordered) {
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
        if (trace.enabled()) { // Rwbs.of builds a string: not per request when tracing is off
            trace.event(now, rq.processId, BlkAction.C, Rwbs.of(rq.op, rq.flags(), rq.sectors()), rq.sector(), rq.sectors(), 0, "");
        }
        FlushSequence seq = sequences.remove(rq);
        if (seq != null) {
            if (rq != seq.barrier) {
                rq.completedNs = now; // a flush the block layer made; the barrier ends with the sequence
            }
            seq.advance();
            if (!seq.byTag) {
                startSequenceStep(seq);
            } else if (seq.current() == null) {
                finishSequence(seq); // every step was issued at once: the barrier ends with the last
            }
            runQueue();
            return;
        }
        scheduler.completed(rq);
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
    private void freeRequest(Op op, boolean defer) {
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

    private void startQueueing() {
        if (plugged) {
            unplugIfPlugged();
        } else {
            dispatcher.run();
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
        leaveElevator(rq);
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
        leaveElevator(rq);
        endSector = rq.endSector();
        dispatch.add(rq);
    }

    private void leaveElevator(Request rq) {
        if (lastMerge == rq) {
            lastMerge = null;
        }
        unhash(rq);
        rq.hashEnd = -1;
    }

    @Override
    public int inFlight() {
        return inFlight;
    }

    @Override
    public int deviceQueueDepth() {
        return deviceQueueDepth.getAsInt();
    }

    // ------------------------------------------------------------------ tracing

    private void traceBio(BlkAction a, Bio bio, Task t) {
        if (trace.enabled()) {
            trace.event(sim.now(), t.pid, a, Rwbs.of(bio.op, bio.flags, bio.sectors), bio.sector, bio.sectors, 0, t.name);
        }
    }

    private void traceRq(BlkAction a, Request rq) {
        if (trace.enabled()) {
            Task t = task(rq.processId);
            trace.event(sim.now(), t.pid, a, Rwbs.of(rq.op, rq.flags(), rq.sectors()), rq.sector(), rq.sectors(), 0, t.name);
        }
    }

    private void trace(BlkAction a, int pid, String rwbs, long sector, int sectors, long payload, String cmd) {
        if (trace.enabled()) {
            trace.event(sim.now(), pid, a, rwbs, sector, sectors, payload, cmd);
        }
    }

    // ------------------------------------------------------------------ state

    public boolean hasPending() {
        return !elvQueueEmpty() || ordered != null || !sequences.isEmpty();
    }

    public IoScheduler scheduler() {
        return scheduler;
    }

    public QueueSettings settings() {
        return settings;
    }

    public int nrRequests() {
        return pool.nrRequests();
    }

    public int allocatedRequests(Op op) {
        return pool.count(direction(op));
    }

    public boolean congested(Op op) {
        return pool.congested(direction(op));
    }

    public long bioMerges() {
        return backMerges + frontMerges;
    }

    public BlockStats stats() {
        return new BlockStats(allocated, backMerges, frontMerges, requestMerges, plugs, ioUnplugs, timerUnplugs,
                pool.sleeps, requeues, flushes);
    }

    /** One barrier / flush sequence: its steps are issued one after another. */
    private static final class FlushSequence {
        final Request barrier;
        final List<Request> steps;
        final boolean legacy;
        /** 2.6 ordered by tag: all steps issued at once with ORDERED; {@link #index} counts completions. */
        final boolean byTag;
        int index;
        boolean begun;

        FlushSequence(Request barrier, List<Request> steps, boolean legacy, boolean byTag) {
            this.barrier = barrier;
            this.steps = steps;
            this.legacy = legacy;
            this.byTag = byTag;
        }

        Request current() {
            return index < steps.size() ? steps.get(index) : null;
        }

        void advance() {
            index++;
        }
    }
}
