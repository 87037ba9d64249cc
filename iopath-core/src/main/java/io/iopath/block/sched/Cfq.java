package io.iopath.block.sched;

import io.iopath.request.Bio;
import io.iopath.request.IoPrio;
import io.iopath.request.Request;
import io.iopath.sim.Timer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;

/**
 * CFQ as in 2.6.18–2.6.20, "CFQ v3 with time slices" (block/cfq-iosched.c; block-layer.md
 * §10.4): one sync queue per process, one async queue shared by all buffered writers, served in
 * round-robin time slices by priority ({@code slice_sync} 100 ms, {@code slice_async} 40 ms at
 * best-effort priority 4), with idling ({@code slice_idle}) after a sync queue empties, up to
 * {@code quantum} requests moved per dispatch round, a FIFO expiry per queue and the AS-style
 * choice of the next request with a bounded, penalised backward seek.
 *
 * <p>I/O priorities (cfq_init_prio_data): a queue takes its class and level from its requests'
 * ioprio; class NONE is best effort at level 4 ((nice + 20) / 5 with nice 0), the idle class is
 * level 7 with idling off. The level sets the slice ({@code base + base/5·(4 − prio)}) and the
 * async request cap; best-effort queues wait in {@code rr_list[prio]} for the priority rotation;
 * real-time queues go straight to {@code cur_rr}, so no best-effort level is spliced in while one
 * has requests; idle-class queues wait in {@code idle_rr}, served one request per round only when
 * no other queue has any and no non-idle request completed for {@code CFQ_IDLE_GRACE} (100 ms),
 * and any other queue's request preempts them. As in 2.6.20, a real-time request does not
 * preempt a best-effort slice (that came with 2.6.35); it waits for the slice to end.
 */
final class Cfq extends ProcessQueueScheduler<Cfq.Queue> {
    static final int ASYNC = 0;
    static final int SYNC = 1;
    static final int PRIO_LISTS = 8;
    static final int SLICE_SCALE = 5;
    static final int DEFAULT_PRIO = IoPrio.NORM;
    /** CFQ_IDLE_GRACE = HZ / 10: no idle-class request before 100 ms without other completions. */
    static final long IDLE_GRACE_MS = 100;

    public static final TunableSet TUNABLES = new TunableSet(
            Tunable.count("quantum", 4, "cfq-iosched.c cfq_quantum = 4"),
            Tunable.ms("fifo_expire_sync", 125, hz -> hz / 8, "cfq-iosched.c cfq_fifo_expire[1] = HZ / 8"),
            Tunable.ms("fifo_expire_async", 250, hz -> hz / 4, "cfq-iosched.c cfq_fifo_expire[0] = HZ / 4"),
            Tunable.kib("back_seek_max", 16 * 1024, "cfq-iosched.c cfq_back_max = 16 * 1024 (KiB)"),
            Tunable.count("back_seek_penalty", 2, "cfq-iosched.c cfq_back_penalty = 2"),
            Tunable.ms("slice_sync", 100, hz -> hz / 10, "cfq-iosched.c cfq_slice_sync = HZ / 10"),
            Tunable.ms("slice_async", 40, hz -> hz / 25, "cfq-iosched.c cfq_slice_async = HZ / 25"),
            Tunable.count("slice_async_rq", 2, "cfq-iosched.c cfq_slice_async_rq = 2"),
            Tunable.ms("slice_idle", 8, hz -> hz / 125, "cfq-iosched.c cfq_slice_idle = HZ / 125"));

    /** cfq_io_context: per-process think-time and seek statistics. */
    static final class Cic extends IoHistory {
        boolean seeky() {
            return seekMean > 128 * 1024;
        }
    }

    /** struct cfq_queue. */
    final class Queue extends ProcessQueues.Queue {
        /** cfqq->ioprio and ->ioprio_class (effective: NONE became BE 4). */
        int prio = DEFAULT_PRIO;
        int ioClass = IoPrio.CLASS_BE;
        /** The raw ioprio they were computed from (prio_changed when a request brings another). */
        int ioprioSet = IoPrio.NONE;
        final int[] queued = new int[2];
        final int[] onDispatch = new int[2];
        long sliceStart;
        long sliceEnd;
        long sliceLeft;
        boolean onRr;
        boolean waitRequest;
        boolean mustAllocSlice;
        boolean mustDispatch;
        boolean fifoExpire;
        boolean idleWindow = true;
        boolean queueNew = true;
        /** cic of the process that owns it (the async queue: none). */
        Cic cic;

        Queue(int key) {
            super(key);
            cic = sync ? cic(key) : null;
        }

        boolean idleClass() {
            return ioClass == IoPrio.CLASS_IDLE;
        }

        boolean dispatched() {
            return onDispatch[0] + onDispatch[1] > 0;
        }

        @Override
        public String toString() {
            return "cfqq(" + (sync ? key : "async") + ")";
        }
    }

    private final int quantum;
    private final long[] fifoExpireNs = new long[2];
    private final long backMaxSectors;
    private final long backPenalty;
    private final long[] slice = new long[2];
    private final int sliceAsyncRq;
    private final long sliceIdle;

    private final ProcessQueues<Queue> queues = new ProcessQueues<>(Queue::new);
    private final Map<Integer, Cic> cics = new HashMap<>();
    private final CfqServiceLists lists = new CfqServiceLists();
    private Queue active;
    private Cic activeCic;
    private int busyQueues;
    private int rqInDriver;
    private boolean hwTag;
    private long lastSector;
    /** cfqd->last_end_request: the last completion of a non-idle-class request. */
    private long lastEndRequest;
    private long idleGrace;
    private Timer idleClassTimer;
    private int dispatchSlice;
    private ElevatorQueue q;
    private Timer idleTimer;

    public Cfq(TunableSet.Values v) {
        quantum = Math.max(1, v.count("quantum"));
        fifoExpireNs[SYNC] = v.get("fifo_expire_sync");
        fifoExpireNs[ASYNC] = v.get("fifo_expire_async");
        backMaxSectors = v.get("back_seek_max");
        backPenalty = v.get("back_seek_penalty");
        slice[SYNC] = v.get("slice_sync");
        slice[ASYNC] = v.get("slice_async");
        sliceAsyncRq = v.count("slice_async_rq");
        sliceIdle = v.get("slice_idle");
    }

    @Override
    public String name() {
        return "cfq";
    }

    @Override
    public void attach(ElevatorQueue queue) {
        this.q = queue;
        this.idleTimer = queue.timer("cfq.idle-slice", this::idleSliceTimer);
        this.idleClassTimer = queue.timer("cfq.idle-class", this::idleClassTimer);
        this.idleGrace = queue.hz().defaultNs(IDLE_GRACE_MS, hz -> hz / 10);
        this.lastEndRequest = queue.now();
    }

    private Cic cic(int pid) {
        return cics.computeIfAbsent(pid, p -> new Cic());
    }

    private static int cls(Request rq) {
        return rq.schedClass;
    }

    private long prioSlice(boolean sync, int prio) {
        long base = slice[sync ? SYNC : ASYNC];
        return base + base / SLICE_SCALE * (4 - prio);
    }

    private int prioToMaxrq(Queue cq) {
        return 2 * (sliceAsyncRq + sliceAsyncRq * (PRIO_LISTS - 1 - cq.prio));
    }

    // ---------------------------------------------------------------- service lists

    private void addToRr(Queue cq) {
        cq.onRr = true;
        busyQueues++;
        lists.resort(cq, false);
    }

    private void delFromRr(Queue cq) {
        cq.onRr = false;
        lists.remove(cq);
        busyQueues--;
    }

    private Queue setActiveQueue() {
        Queue cq = lists.next();
        if (cq == null && lists.nextIdle() != null) {
            // Idle class: only after CFQ_IDLE_GRACE without a non-idle completion.
            long end = lastEndRequest + idleGrace;
            if (q.now() >= end) {
                cq = lists.nextIdle();
            } else {
                idleClassTimer.scheduleAt(q.hz().timerNs(end));
            }
        }
        setActive(cq);
        return cq;
    }

    private void setActive(Queue cq) {
        if (cq != null) {
            cq.sliceStart = q.now();
            cq.sliceEnd = 0;
            cq.sliceLeft = 0;
            cq.mustAllocSlice = false;
            cq.fifoExpire = false;
        }
        active = cq;
    }

    /** __cfq_slice_expired. */
    private void sliceExpired(boolean preempted) {
        Queue cq = active;
        if (cq == null) {
            return;
        }
        if (cq.waitRequest) {
            idleTimer.cancel();
        }
        cq.mustDispatch = false;
        cq.waitRequest = false;
        cq.queueNew = false;
        cq.sliceLeft = cq.sliceEnd > q.now() ? cq.sliceEnd - q.now() : 0;
        if (cq.onRr) {
            lists.resort(cq, preempted);
        }
        active = null;
        activeCic = null;
        dispatchSlice = 0;
    }

    private boolean armSliceTimer(Queue cq) {
        if (sliceIdle == 0 || !cq.idleWindow || activeCic == null) {
            return false;
        }
        cq.mustDispatch = true;
        cq.waitRequest = true;
        long sl = sliceIdle;
        if (cq.cic != null && cq.cic.seekSamples > 80 && cq.cic.seeky()) {
            sl = Math.min(sl, q.hz().userNs(2));
        }
        idleTimer.scheduleAt(q.hz().timerNs(q.now() + sl));
        return true;
    }

    /** cfq_select_queue. */
    private Queue selectQueue() {
        Queue cq = active;
        if (cq != null) {
            boolean expire = !cq.mustDispatch && q.now() > cq.sliceEnd;
            if (!expire) {
                if (!cq.sort.isEmpty()) {
                    return cq;
                }
                if (cq.dispatched()) {
                    return null; // keep the slice; wait for its requests at the driver
                }
                if (cq.sync && armSliceTimer(cq)) {
                    return null; // idle, waiting for the process's next request
                }
            }
            sliceExpired(false);
        }
        return setActiveQueue();
    }

    // ---------------------------------------------------------------- request choice

    /** cfq_choose_req: sync before async, then the cheaper seek from the last dispatched sector. */
    private Request chooseReq(Request rq1, Request rq2) {
        if (rq1 == null || rq1 == rq2) {
            return rq2;
        }
        if (rq2 == null) {
            return rq1;
        }
        if (cls(rq1) == SYNC && cls(rq2) != SYNC) {
            return rq1;
        }
        if (cls(rq2) == SYNC && cls(rq1) != SYNC) {
            return rq2;
        }
        return SeekChoice.choose(rq1, rq2, lastSector, backMaxSectors, backPenalty);
    }

    private Request findNextRq(Queue cq, Request last) {
        return chooseReq(cq.sort.nextWrapping(last), cq.sort.prev(last));
    }

    private Request checkFifo(Queue cq) {
        if (cq.fifoExpire || cq.fifo.isEmpty()) {
            return null;
        }
        Request rq = cq.fifo.head();
        if (q.now() > rq.fifoNs + fifoExpireNs[cq.sync ? SYNC : ASYNC]) {
            cq.fifoExpire = true;
            return rq;
        }
        return null;
    }

    // ---------------------------------------------------------------- queueing

    @Override
    void removeQueued(Request rq) {
        Queue cq = queues.owner(rq);
        if (cq.next == rq) {
            cq.next = findNextRq(cq, rq);
        }
        cq.fifo.remove(rq);
        cq.queued[cls(rq)]--;
        cq.sort.remove(rq);
        if (cq.onRr && cq.sort.isEmpty()) {
            delFromRr(cq);
        }
    }

    private void dispatchInsert(Request rq) {
        Queue cq = queues.owner(rq);
        removeQueued(rq);
        cq.onDispatch[cls(rq)]++;
        q.dispatchSort(rq);
        lastSector = rq.endSector();
    }

    @Override
    public void add(Request rq) {
        rq.schedClass = rq.isSync() ? SYNC : ASYNC;
        Queue cq = queues.get(rq.processId, rq.schedClass == SYNC, rq.ioprio());
        initPrio(cq, rq.ioprio());
        queues.own(rq, cq);
        Request alias = cq.sort.startingAt(rq.sector());
        if (alias != null) {
            dispatchInsert(alias);
        }
        cq.queued[cls(rq)]++;
        cq.sort.add(rq);
        if (!cq.onRr) {
            addToRr(cq);
        }
        cq.fifo.add(rq, rq.allocatedNs);
        enqueued(cq, rq);
    }

    /** cfq_init_prio_data: the queue's class and level from the submitter's ioprio, when it changed. */
    private void initPrio(Queue cq, int ioprio) {
        if (cq.ioprioSet == ioprio) {
            return;
        }
        cq.ioprioSet = ioprio;
        cq.ioClass = IoPrio.effectiveClass(ioprio);
        cq.prio = IoPrio.effectiveLevel(ioprio);
        if (cq.idleClass()) {
            cq.idleWindow = false;
        }
        if (cq.onRr) {
            lists.resort(cq, false);
        }
    }

    /** cfq_idle_class_timer: an idle-class queue waits for the grace period after the last completion. */
    private void idleClassTimer() {
        long end = lastEndRequest + idleGrace;
        if (q.now() < end) {
            idleClassTimer.scheduleAt(q.hz().timerNs(end));
        } else {
            scheduleDispatch();
        }
    }

    /** cfq_rq_enqueued. */
    private void enqueued(Queue cq, Request rq) {
        Cic c = cic(rq.processId);
        cq.next = chooseReq(cq.next, rq);
        if (cls(rq) != SYNC) {
            // A sync process issued an async request while its queue idles: expire and move on.
            if (c == activeCic && idleTimer.isPending()) {
                idleTimer.cancel();
                sliceExpired(false);
                q.kick();
            }
            return;
        }
        c.addThinkTime(Math.min(q.hz().elapsedNs(c.lastEndRequest, q.now()), 2 * sliceIdle));
        c.addSeekDistance(Math.abs(rq.sector() - c.lastRequestPos));
        boolean enableIdle = cq.idleWindow;
        if (sliceIdle == 0 || (hwTag && c.seeky())) {
            enableIdle = false;
        } else if (c.ttimeSamples > 80) {
            enableIdle = c.ttimeMean <= sliceIdle;
        }
        cq.idleWindow = enableIdle;
        c.lastRequestPos = rq.endSector();
        if (cq == active) {
            if (cq.waitRequest) {
                cq.mustDispatch = true;
                idleTimer.cancel();
                q.kick();
            }
        } else if (shouldPreempt(cq, rq)) {
            lists.preemptCurrent();
            if (cq.sliceLeft == 0) {
                cq.sliceLeft = prioSlice(cq.sync, cq.prio) / 2;
            }
            sliceExpired(true);
            setActive(cq);
            cq.mustDispatch = true;
            q.kick();
        }
    }

    private boolean shouldPreempt(Queue newQ, Request rq) {
        Queue cq = active;
        if (newQ.idleClass() || cq == null) {
            return false;
        }
        if (cq.idleClass()) {
            return true;
        }
        if (!newQ.waitRequest || newQ.sliceLeft < sliceIdle) {
            return false;
        }
        return cls(rq) == SYNC && !cq.sync;
    }

    @Override
    public int dispatch(boolean force) {
        if (busyQueues == 0) {
            return 0;
        }
        if (force) {
            int n = 0;
            for (Queue cq : new ArrayList<>(queues.all())) {
                while (cq.next != null) {
                    dispatchInsert(cq.next);
                    n++;
                }
            }
            sliceExpired(false);
            return n;
        }
        int dispatched = 0;
        Queue prev = null;
        Queue cq;
        while ((cq = selectQueue()) != null) {
            if (cq == prev) {
                break;
            }
            cq.mustDispatch = false;
            cq.waitRequest = false;
            idleTimer.cancel();
            dispatched += dispatchFrom(cq, cq.idleClass() ? 1 : quantum);
            if (cq.idleWindow && active != null) {
                break;
            }
            prev = cq;
        }
        return dispatched;
    }

    /** __cfq_dispatch_requests. */
    private int dispatchFrom(Queue cq, int max) {
        int n = 0;
        do {
            Request rq = checkFifo(cq);
            if (rq == null) {
                rq = cq.next;
            }
            if (rq == null) {
                break;
            }
            dispatchInsert(rq);
            dispatchSlice++;
            n++;
            if (activeCic == null) {
                activeCic = cic(rq.processId);
            }
        } while (!cq.sort.isEmpty() && n < max);
        if (cq.sliceEnd == 0) {
            cq.sliceEnd = q.now() + prioSlice(cq.sync, cq.prio);
        }
        if ((!cq.sync && dispatchSlice >= prioToMaxrq(cq)) || cq.idleClass() || !cq.idleWindow) {
            sliceExpired(false);
        }
        return n;
    }

    @Override
    public boolean queueEmpty() {
        return busyQueues == 0;
    }

    @Override
    public void activate(Request rq) {
        rqInDriver++;
        if (!hwTag && rqInDriver > 4) {
            hwTag = true; // the device queues deeply
        }
    }

    @Override
    public void deactivate(Request rq) {
        rqInDriver--;
    }

    @Override
    public void completed(Request rq) {
        Queue cq = queues.release(rq);
        if (cq == null) {
            return;
        }
        long now = q.now();
        int sync = cls(rq);
        rqInDriver--;
        cq.onDispatch[sync]--;
        if (!cq.dispatched() && cq.onRr) {
            lists.resort(cq, false);
        }
        if (sync == SYNC) {
            cic(rq.processId).lastEndRequest = now;
        }
        if (!cq.idleClass()) {
            lastEndRequest = now;
        }
        if (active == cq) {
            if (now > cq.sliceEnd) {
                sliceExpired(false);
            } else if (sync == SYNC && cq.sort.isEmpty()) {
                if (!armSliceTimer(cq)) {
                    scheduleDispatch();
                }
            }
        }
    }

    private void scheduleDispatch() {
        if (busyQueues > 0) {
            q.kick();
        }
    }

    /** cfq_idle_slice_timer. */
    private void idleSliceTimer() {
        Queue cq = active;
        if (cq != null) {
            if (q.now() <= cq.sliceEnd) {
                if (busyQueues == 0) {
                    return; // nobody else wants the disk: keep waiting for this process
                }
                if (!cq.sort.isEmpty()) {
                    cq.mustDispatch = true;
                    scheduleDispatch();
                    return;
                }
            }
        }
        sliceExpired(false);
        scheduleDispatch();
    }

    @Override
    ProcessQueues<Queue> queues() {
        return queues;
    }

    @Override
    public boolean allowMerge(Request rq, Bio bio) {
        if (bio.isSync() && cls(rq) != SYNC) {
            return false; // never merge a sync bio into an async request
        }
        return super.allowMerge(rq, bio);
    }

    @Override
    public MayQueue mayQueue(int pid, boolean sync) {
        // Async queues never idle (wait_request), so which priority's async queue is looked up
        // does not matter here: the default one stands for all.
        Queue cq = queues.find(pid, sync, IoPrio.NONE);
        if (cq != null && cq.waitRequest && !cq.mustAllocSlice) {
            cq.mustAllocSlice = true;
            return MayQueue.MUST;
        }
        return MayQueue.MAY;
    }
}
