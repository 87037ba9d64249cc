package io.iopath.block.sched;

import io.iopath.request.IoPrio;
import io.iopath.request.Request;
import io.iopath.sim.Timer;
import java.util.ArrayList;

/**
 * BFQ, budget fair queueing (block/bfq-iosched.c, 4.12+; block-layer.md §11.5). One queue per process for sync IO and one shared async queue; each queue gets a
 * budget in sectors and is served exclusively until the budget is used, it empties (a sync queue
 * then idles {@code slice_idle} for its process's next request), or {@code timeout_sync} passes.
 * Queues are ordered by B-WF2Q+ ({@link BfqWf2q}): virtual start S and finish F = S + budget / weight; the eligible
 * queue (S ≤ V) with the smallest F is served next, and V advances by the service charged
 * divided by the total weight of the backlogged queues. Async service is charged × 3.
 * Budgets adapt by expiry reason (exhausted ×4, timeout ×2, too idle shrink, no more requests:
 * what was used), between max_budget / 32 and max_budget. A slow queue (less than half of
 * max_budget served in its slot) or one that timed out is charged for the time it held the
 * device rather than its sectors, as bfq_bfqq_charge_time does.
 *
 * <p>I/O priorities (bfq_set_next_ioprio_data): a queue's weight is
 * {@code (8 − level) · 10} (level 4, the default: 40; idle class: level 7, weight 10), and each
 * class has its own service tree with its own virtual time: a real-time queue is always chosen
 * before a best-effort one, and a best-effort before an idle-class one, except that the idle
 * class is served once {@code BFQ_CL_IDLE_TIMEOUT} (HZ / 5 = 200 ms) has passed since it was last
 * considered (bfq_lookup_next_entity). An idle-class queue does not idle and expires after each
 * request while other queues are busy (bfq_dispatch_rq_from_bfqq); a queue that becomes busy in
 * a higher class than the one in service preempts it (bfq_bfqq_higher_class_or_weight; the
 * weight half of that test, within a class, is not modelled). When classes or weights differ
 * among the busy queues, the queue in service idles for its next request even where idling
 * would not pay for throughput (idling_needed_for_service_guarantees, bfq_asymmetric_scenario).
 *
 * <p>Weight raising ({@code low_latency = 1}, the kernel default): a sync queue of the default
 * weight that starts, or becomes busy after being idle for wr_min_idle_time (2 s), gets its
 * weight × 30 for bfq_wr_duration (10.5 s: the peak rate is not estimated), or until it has
 * received max_service_from_wr while raised; one that comes back at a low rate after idle
 * periods (bfq_bfqq_softrt_next_start) is raised × 30 for 300 ms, renewed on each such arrival.
 * Raised weights feed B-WF2Q+; a raised queue is charged by sectors, never by time, gets
 * weight / orig_weight times timeout_sync and the maximum budget after an expiry; a queue
 * becoming busy with a higher weight than the one in service preempts it; no queue idles for
 * throughput while raised queues are busy, and a raised queue is idled for while others are
 * busy. With {@code low_latency = 0} the model is exactly the one before weight raising (the
 * weight-preemption and one-busy-queue idling rules, which the kernel applies either way, are
 * applied only with low_latency, so that 0 stays byte-identical to it).
 *
 * <p>Missing: the auto-tuning of max_budget and the peak-rate estimate (max_budget stays at its
 * default of 16 Ki sectors unless set, bfq_wr_duration at its initial 10.5 s), burst detection
 * (queues created in a large burst are not raised in the kernel), raising of async queues,
 * queue merging and injection.
 */
final class Bfq extends ProcessQueueScheduler<Bfq.Queue> {
    static final int ASYNC = 0;
    static final int SYNC = 1;
    /** bfq_ioprio_to_weight: (IOPRIO_NR_LEVELS − ioprio) · 10 at the default best-effort priority 4. */
    static final int DEFAULT_WEIGHT = 40;
    static final int WEIGHT_CONVERSION_COEFF = 10;
    /** BFQ_IOPRIO_CLASSES: service trees for RT, BE and IDLE, in that order. */
    static final int CLASSES = 3;
    /** BFQ_CL_IDLE_TIMEOUT = HZ / 5 (bfq-iosched.h). */
    static final long CL_IDLE_TIMEOUT_MS = 200;
    static final int ASYNC_CHARGE_FACTOR = 3;
    static final long SEEK_THR = 800;
    static final int DEFAULT_MAX_BUDGET = 16 * 1024;

    public static final TunableSet TUNABLES = new TunableSet(
            Tunable.ms("slice_idle", 8, hz -> hz / 125, "bfq-iosched.c bfq_slice_idle = NSEC_PER_SEC / 125"),
            Tunable.ms("fifo_expire_sync", 125, hz -> hz / 8, "bfq-iosched.c bfq_fifo_expire[1] = NSEC_PER_SEC / 8"),
            Tunable.ms("fifo_expire_async", 250, hz -> hz / 4, "bfq-iosched.c bfq_fifo_expire[0] = NSEC_PER_SEC / 4"),
            Tunable.kib("back_seek_max", 16 * 1024, "bfq-iosched.c bfq_back_max = 16 * 1024 (KiB)"),
            Tunable.count("back_seek_penalty", 2, "bfq-iosched.c bfq_back_penalty = 2"),
            Tunable.ms("timeout_sync", 125, hz -> hz / 8, "bfq-iosched.c bfq_timeout = HZ / 8"),
            Tunable.count("max_budget", 0, "0 = automatic; iopath uses bfq_default_max_budget = 16 * 1024 sectors"),
            Tunable.flag("low_latency", true, "bfq-iosched.c bfqd->low_latency = true (weight raising)"));

    /** bfqd->bfq_wr_coeff = 30 (block-layer.md §11.5). */
    static final int WR_COEFF = 30;
    /** bfqd->bfq_wr_rt_max_time = msecs_to_jiffies(300): soft real-time raising (§11.5). */
    static final long WR_RT_MAX_TIME_MS = 300;
    /** bfqd->bfq_wr_min_idle_time = msecs_to_jiffies(2000) (§11.5). */
    static final long WR_MIN_IDLE_TIME_MS = 2000;
    /**
     * bfqd->bfq_wr_max_softrt_rate = 7000 sectors/s, "the rate required to play back or record a
     * high-definition compressed video". Not in the spec: from bfq-iosched.c 4.12+ as recalled
     * (unverified against the source here).
     */
    static final long WR_MAX_SOFTRT_RATE = 7000;
    /**
     * ref_rate[0] (rotational) = 14000, in sectors/µs &lt;&lt; BFQ_RATE_SHIFT, and ref_wr_duration[0]
     * = 7000 ms; bfq_init_queue starts peak_rate at 2/3 of ref_rate. Not in the spec: from
     * bfq-iosched.c 4.19+ as recalled (unverified). iopath does not estimate the peak rate
     * (bfq_update_peak_rate), so peak_rate stays at its initial value and bfq_wr_duration is
     * 14000 · 7000 ms / 9333 = 10.5 s; every iopath device is a disk, so the rotational pair.
     */
    static final long REF_RATE = 14000;
    static final long REF_WR_DURATION_MS = 7000;
    /** bfq_wr_duration clamps to [3 s, 25 s] (4.19+; unverified). */
    static final long WR_DURATION_MIN_MS = 3000;
    static final long WR_DURATION_MAX_MS = 25000;
    /**
     * max_service_from_wr = 120000 sectors: interactive raising ends once the queue received this
     * much service while raised (4.19+, unverified): a queue that keeps reading that much is not
     * an application starting up.
     */
    static final long MAX_SERVICE_FROM_WR = 120_000;
    /** A time that is "long ago" (bfq_smallest_from_now), without overflow when durations are added. */
    static final long LONG_AGO = Long.MIN_VALUE / 4;

    private enum Expiry { TOO_IDLE, BUDGET_TIMEOUT, BUDGET_EXHAUSTED, NO_MORE_REQUESTS, PREEMPTED }

    /** bfq_ioprio_to_weight. */
    static int weightOf(int level) {
        return (IoPrio.LEVELS - level) * WEIGHT_CONVERSION_COEFF;
    }

    final class Queue extends ProcessQueues.Queue {
        /** entity.orig_weight: from the I/O priority. */
        int origWeight = DEFAULT_WEIGHT;
        /** Weight raising (bfqq->wr_coeff, wr_cur_max_time, last_wr_start_finish, ...). */
        int wrCoeff = 1;
        long wrCurMaxTime;
        long lastWrStartFinish;
        long wrStartAtSwitchToSrt = LONG_AGO;
        long serviceFromWr;
        /** Soft real-time detection (soft_rt_next_start, last_idle_bklogged, service_from_backlogged). */
        long softRtNextStart;
        long lastIdleBacklogged;
        long serviceFromBacklogged;
        boolean softRtUpdate;
        /** Index of the class's service tree: 0 RT, 1 BE, 2 IDLE. */
        int classIdx = IoPrio.CLASS_BE - 1;
        int ioprioSet = IoPrio.NONE;
        int dispatched;
        long budget = maxBudget;
        long served;
        double start;
        double finish;
        boolean busy;
        /** bfqq->budget_timeout; a new queue's is long ago, so it counts as idle for long. */
        long budgetDeadline = LONG_AGO;
        long slotStart;
        /** The owning process's think time (bfq_update_io_thinktime); its seek distances are not used. */
        final IoHistory io = new IoHistory();
        int seekHistory;

        Queue(int key) {
            super(key);
            softRtNextStart = q.now(); // bfq_init_bfqq: "no bandwidth consumed so far"
            lastWrStartFinish = q.now();
        }

        /** entity.weight: the weight B-WF2Q+ uses, the I/O priority's raised by the coefficient. */
        int weight() {
            return origWeight * wrCoeff;
        }

        boolean raised() {
            return wrCoeff > 1;
        }

        /** In soft real-time raising (rather than interactive). */
        boolean softRtRaised() {
            return wrCoeff > 1 && wrCurMaxTime == wrRtMaxTime;
        }

        /** In interactive raising (bfq_wr_duration), rather than soft real-time or none. */
        boolean interactiveRaised() {
            return wrCoeff > 1 && wrCurMaxTime != wrRtMaxTime;
        }

        boolean seeky() {
            return Integer.bitCount(seekHistory) > 32 / 8;
        }

        boolean idleClass() {
            return classIdx == CLASSES - 1;
        }
    }

    private final long sliceIdle;
    private final long[] fifoExpire = new long[2];
    private final long backMax;
    private final long backPenalty;
    private final long timeoutSync;
    private final long maxBudget;
    private final boolean lowLatency;
    private long wrRtMaxTime;
    private long wrMinIdleTime;
    private long wrDuration;
    /** The "+ 4 jiffies" of bfq_bfqq_softrt_next_start (4 ms when exact). */
    private long softRtSlack;
    private final ProcessQueues<Queue> queues = new ProcessQueues<>(Queue::new);
    private final BfqWf2q wf2q = new BfqWf2q();
    private Queue active;
    private long lastSector;
    private int rqInDriver;
    private boolean hwTag;
    private ElevatorQueue q;
    private Timer idleTimer;

    public Bfq(TunableSet.Values v) {
        sliceIdle = v.get("slice_idle");
        fifoExpire[SYNC] = v.get("fifo_expire_sync");
        fifoExpire[ASYNC] = v.get("fifo_expire_async");
        backMax = v.get("back_seek_max");
        backPenalty = v.get("back_seek_penalty");
        timeoutSync = v.get("timeout_sync");
        long mb = v.get("max_budget");
        maxBudget = mb == 0 ? DEFAULT_MAX_BUDGET : mb;
        lowLatency = v.flag("low_latency");
    }

    @Override
    public String name() {
        return "bfq";
    }

    @Override
    public void attach(ElevatorQueue queue) {
        this.q = queue;
        this.idleTimer = queue.timer("bfq.idle-slice", this::idleTimeout);
        wf2q.attach(queue.hz().defaultNs(CL_IDLE_TIMEOUT_MS, hz -> hz / 5), queue.now());
        Hz hz = queue.hz();
        this.wrRtMaxTime = hz.userNs(WR_RT_MAX_TIME_MS);
        this.wrMinIdleTime = hz.userNs(WR_MIN_IDLE_TIME_MS);
        this.softRtSlack = hz.defaultNs(4, h -> 4);
        this.wrDuration = wrDurationNs(hz);
    }

    /**
     * bfq_wr_duration: rate_dur_prod / peak_rate = ref_rate · ref_wr_duration / (ref_rate · 2 / 3),
     * in jiffies (ms when exact), clamped to [3 s, 25 s]. Constant here: the peak rate is not
     * estimated, so it stays at its initial value.
     */
    static long wrDurationNs(Hz hz) {
        long refDuration = hz.userNs(REF_WR_DURATION_MS);
        long peakRate = REF_RATE * 2 / 3;
        long tick = hz.quantised() ? hz.jiffyNs() : 1_000_000L;
        long dur = REF_RATE * (refDuration / tick) / peakRate * tick;
        return Math.max(hz.userNs(WR_DURATION_MIN_MS), Math.min(dur, hz.userNs(WR_DURATION_MAX_MS)));
    }

    private long minBudget() {
        return Math.max(1, maxBudget / 32);
    }

    // ---------------------------------------------------------------- B-WF2Q+ (BfqWf2q)

    /** The queue becomes backlogged (bfq_add_bfqq_busy → bfq_activate_bfqq). */
    private void activate(Queue b) {
        b.busy = true;
        wf2q.activate(b);
    }

    /** The next queue to serve, now in service with a fresh slot; null if none is backlogged. */
    private Queue selectNext() {
        Queue best = wf2q.next(q.now());
        if (best == null) {
            return null;
        }
        best.served = 0;
        best.slotStart = q.now();
        // bfq_set_budget_timeout: an interactively raised queue gets weight / orig_weight times the timeout.
        int timeoutCoeff = best.softRtRaised() ? 1 : best.wrCoeff;
        best.budgetDeadline = q.now() + timeoutSync * timeoutCoeff;
        active = best;
        return best;
    }

    private void expire(Expiry reason) {
        Queue b = active;
        if (b == null) {
            return;
        }
        idleTimer.cancel();
        long charged = b.served;
        // bfq_bfqq_is_slow / bfq_bfqq_charge_time: a queue that got less than half the maximum
        // budget in its slot (a seeky one, typically), or that timed out, is charged for the time
        // it held the device: budget · min(elapsed, timeout) / timeout.
        boolean slow = b.served < maxBudget / 2;
        if (!b.raised() && (slow || reason == Expiry.BUDGET_TIMEOUT)) {
            long elapsed = Math.min(q.now() - b.slotStart, timeoutSync);
            charged = Math.max(charged, b.budget * elapsed / Math.max(1, timeoutSync));
        }
        wf2q.charge(b, charged);
        long min = minBudget();
        if (b.sync && !b.raised()) {
            switch (reason) {
                case BUDGET_EXHAUSTED -> b.budget = Math.min(b.budget * 4, maxBudget);
                case BUDGET_TIMEOUT -> b.budget = Math.min(b.budget * 2, maxBudget);
                case TOO_IDLE -> b.budget = b.dispatched > 0 ? Math.min(b.budget * 2, maxBudget)
                        : b.budget > 5 * min ? b.budget - 4 * min : min;
                case NO_MORE_REQUESTS -> b.budget = Math.max(b.served, min);
                case PREEMPTED -> { } // __bfq_bfqq_recalc_budget leaves the budget as it was
            }
        } else {
            b.budget = maxBudget; // async queues, and weight-raised ones (__bfq_bfqq_recalc_budget)
        }
        if (lowLatency && b.sort.isEmpty()) {
            // The pattern may be isochronous: compute soft_rt_next_start now, or once the
            // requests still at the device have completed.
            if (b.dispatched == 0) {
                b.softRtNextStart = softRtNextStart(b);
            } else {
                b.softRtUpdate = true;
            }
        }
        active = null;
        if (!b.sort.isEmpty()) {
            activate(b);
        } else {
            b.busy = false;
        }
    }

    // ---------------------------------------------------------------- request choice

    /** bfq_choose_req (without its sync preference): the cheaper seek from the last sector. */
    private Request chooseReq(Request rq1, Request rq2) {
        if (rq1 == null || rq1 == rq2) {
            return rq2;
        }
        if (rq2 == null) {
            return rq1;
        }
        return SeekChoice.choose(rq1, rq2, lastSector, backMax, backPenalty);
    }

    private Request findNext(Queue b, Request last) {
        return chooseReq(b.sort.nextWrapping(last), b.sort.prev(last));
    }

    private long charge(Request rq, Queue b) {
        return b.sync ? rq.sectors() : (long) rq.sectors() * ASYNC_CHARGE_FACTOR;
    }

    // ---------------------------------------------------------------- elevator ops

    @Override
    public void add(Request rq) {
        rq.schedClass = rq.isSync() ? SYNC : ASYNC;
        Queue b = queues.get(rq.processId, rq.schedClass == SYNC, rq.ioprio());
        if (b.ioprioSet != rq.ioprio() && !b.busy) {
            setIoprio(b, rq.ioprio()); // applied when the queue is (re)activated, as new_weight is
        }
        queues.own(rq, b);
        if (b.sync) {
            long now = q.now();
            b.io.addThinkTime(Math.min(now - b.io.lastEndRequest, 2 * sliceIdle));
            long dist = Math.abs(rq.sector() - b.io.lastRequestPos);
            b.seekHistory = (b.seekHistory << 1) | (dist > SEEK_THR ? 1 : 0);
            b.io.lastRequestPos = rq.endSector();
        }
        b.sort.add(rq);
        b.fifo.add(rq, rq.allocatedNs + fifoExpire[rq.schedClass]);
        b.next = chooseReq(b.next, rq);
        if (b == active) {
            if (idleTimer.isPending()) {
                idleTimer.cancel(); // the awaited request arrived
                q.kick();
            }
        } else if (!b.busy) {
            if (lowLatency) {
                updateWrOnArrival(b);
            }
            activate(b);
            if (active != null && (b.classIdx < active.classIdx
                    || (lowLatency && b.classIdx == active.classIdx && b.weight() > active.weight()))) {
                // bfq_bfqq_handle_idle_busy_switch: a higher class preempts the queue in service,
                // and so does a higher weight (bfq_bfqq_higher_class_or_weight) — the weight half
                // only with low_latency, so that low_latency 0 stays the model it was.
                expire(Expiry.PREEMPTED);
                q.kick();
            }
        }
    }

    /** bfq_set_next_ioprio_data: class and weight from the submitter's ioprio. */
    private void setIoprio(Queue b, int ioprio) {
        b.ioprioSet = ioprio;
        b.classIdx = IoPrio.effectiveClass(ioprio) - 1;
        b.origWeight = weightOf(IoPrio.effectiveLevel(ioprio));
    }

    // ---------------------------------------------------------------- weight raising

    /**
     * bfq_bfqq_handle_idle_busy_switch and bfq_update_bfqq_wr_on_rq_arrival, for a queue becoming
     * busy. Interactive: a sync queue of default weight that was idle for long (nothing at the
     * device and its last budget timeout more than wr_min_idle_time ago; always true for a new
     * queue) is raised × 30 for bfq_wr_duration. Soft real-time: a sync queue of default weight,
     * not totally seeky, with nothing at the device, arriving after soft_rt_next_start, is raised
     * × 30 for 300 ms, and re-raised on each such arrival. Not modelled: burst detection (a queue
     * in a large burst of creations is not raised), merged queues, the raising of async queues.
     */
    private void updateWrOnArrival(Queue b) {
        long now = q.now();
        boolean defaultWeight = b.origWeight == DEFAULT_WEIGHT;
        boolean idleForLong = b.dispatched == 0 && now > b.budgetDeadline + wrMinIdleTime;
        boolean softRt = b.sync && b.seekHistory != -1 && now > b.softRtNextStart
                && b.dispatched == 0 && defaultWeight;
        boolean interactive = idleForLong && defaultWeight;
        boolean deservesWr = b.raised() || (b.sync && (interactive || softRt));
        int oldCoeff = b.wrCoeff;
        if (oldCoeff == 1 && deservesWr) {
            if (interactive) {
                b.serviceFromWr = 0;
                b.wrCurMaxTime = wrDuration;
            } else {
                b.wrStartAtSwitchToSrt = LONG_AGO;
                b.wrCurMaxTime = wrRtMaxTime;
            }
            // Kernels from 5.x raise soft real-time queues × 30 · BFQ_SOFTRT_WEIGHT_FACTOR (100);
            // the spec (§11.5) and 4.12 use 30 for both.
            b.wrCoeff = WR_COEFF;
            // Keep the budget close to the backlog, so that the raised queue is not scheduled late.
            b.budget = Math.min(b.budget, 2 * minBudget());
        } else if (oldCoeff > 1) {
            if (interactive) {
                b.wrCoeff = WR_COEFF;
                b.wrCurMaxTime = wrDuration;
            } else if (softRt) {
                if (b.wrCurMaxTime != wrRtMaxTime) {
                    b.wrStartAtSwitchToSrt = b.lastWrStartFinish;
                    b.wrCurMaxTime = wrRtMaxTime;
                    b.wrCoeff = WR_COEFF;
                }
                b.lastWrStartFinish = now;
            }
        }
        b.lastIdleBacklogged = now;
        b.serviceFromBacklogged = 0;
        b.softRtUpdate = false;
        // bfq_add_request: the raising period starts (or restarts) now.
        if (oldCoeff == 1 || b.wrCoeff == 1 || interactive) {
            b.lastWrStartFinish = now;
        }
    }

    /**
     * bfq_update_wr_data, for the queue in service at each dispatch: raising ends when its period
     * has passed (a soft real-time period inside an interactive one falls back to the interactive
     * one), or when an interactive queue got more than max_service_from_wr while raised. The
     * 2.6-era BFQ's "constantly seeky" end of raising is not modelled.
     */
    private void updateWrData(Queue b) {
        if (!b.raised()) {
            return;
        }
        long now = q.now();
        if (now > b.lastWrStartFinish + b.wrCurMaxTime) {
            if (b.wrCurMaxTime != wrRtMaxTime || now > b.wrStartAtSwitchToSrt + wrDuration) {
                endWr(b);
            } else { // switch_back_to_interactive_wr
                b.wrCoeff = WR_COEFF;
                b.wrCurMaxTime = wrDuration;
                b.lastWrStartFinish = b.wrStartAtSwitchToSrt;
            }
        }
        if (b.interactiveRaised() && b.serviceFromWr > MAX_SERVICE_FROM_WR) {
            endWr(b);
        }
    }

    /** bfq_bfqq_end_wr. */
    private void endWr(Queue b) {
        b.wrCoeff = 1;
        b.wrCurMaxTime = 0;
        b.lastWrStartFinish = q.now();
    }

    /**
     * bfq_bfqq_softrt_next_start: the earliest time the queue's next arrival can count as soft
     * real-time: not before its service since it last became busy, at wr_max_softrt_rate, allows,
     * and not before slice_idle + 4 jiffies from now (so a queue that was idled for is not one).
     */
    private long softRtNextStart(Queue b) {
        long byRate = b.lastIdleBacklogged + b.serviceFromBacklogged * 1_000_000_000L / WR_MAX_SOFTRT_RATE;
        long byIdle = q.now() + sliceIdle + softRtSlack;
        return Math.max(b.softRtNextStart, Math.max(byRate, byIdle));
    }

    /** bfqd->wr_busy_queues. */
    private int wrBusyQueues() {
        int n = 0;
        for (Queue o : queues.all()) {
            if (o.busy && o.raised()) {
                n++;
            }
        }
        return n;
    }

    @Override
    void removeQueued(Request rq) {
        Queue b = queues.owner(rq);
        if (b.next == rq) {
            b.next = findNext(b, rq);
        }
        b.sort.remove(rq);
        b.fifo.remove(rq);
    }

    /**
     * bfq_better_to_idle: never for async or idle-class queues; otherwise when idling boosts
     * throughput (not a seeky queue on a queueing device, and the process comes back within
     * slice_idle), or when it is needed for service guarantees: an asymmetric scenario, i.e.
     * queues of more than one class busy, or busy queues of different weights with this one not
     * of the smallest (bfq_asymmetric_scenario). Without that the disk would go to a lower class
     * or weight whenever the queue in service has all its requests at the device.
     */
    private boolean betterToIdle(Queue b) {
        if (!b.sync || sliceIdle == 0 || b.idleClass()) {
            return false;
        }
        boolean boostsThroughput = !(hwTag && b.seeky()) && (b.io.ttimeSamples <= 80 || b.io.ttimeMean <= sliceIdle);
        if (!lowLatency) {
            return boostsThroughput || asymmetric(b);
        }
        // idling_boosts_thr_without_issues: no idling for throughput while raised queues are busy;
        // idling_needed_for_service_guarantees: a raised queue is idled for while non-raised
        // queues are busy or the device holds many requests of others, and any queue is idled
        // for when it is the only busy one. (That last clause is the kernel's with or without
        // low_latency; iopath applies it only with low_latency, so that 0 stays the old model.)
        int wrBusy = wrBusyQueues();
        int busy = busyQueues();
        boolean wrNeedsIdling = b.raised() && (wrBusy < busy || rqInDriver >= b.dispatched + 4);
        return (boostsThroughput && wrBusy == 0) || wrNeedsIdling || busy == 1 || asymmetric(b);
    }

    private boolean asymmetric(Queue b) {
        int classesBusy = 0;
        for (int c = 0; c < CLASSES; c++) {
            boolean busy = wf2q.backlogged(c) || (active != null && active.busy && active.classIdx == c);
            classesBusy += busy ? 1 : 0;
        }
        if (classesBusy > 1) {
            return true;
        }
        // The weights tree holds only queues that are not raised (__bfq_entity_update_weight_prio).
        int smallest = Integer.MAX_VALUE;
        int largest = 0;
        for (Queue o : queues.all()) {
            if ((o.busy || o.dispatched > 0) && !o.raised()) {
                smallest = Math.min(smallest, o.weight());
                largest = Math.max(largest, o.weight());
            }
        }
        return smallest < largest && (b.raised() || b.weight() > smallest);
    }

    @Override
    public int dispatch(boolean force) {
        if (force) {
            int n = 0;
            for (Queue b : new ArrayList<>(queues.all())) {
                while (b.next != null) {
                    Request rq = b.next;
                    removeQueued(rq);
                    q.dispatchSort(rq);
                    b.dispatched++;
                    n++;
                }
                b.busy = false;
            }
            wf2q.clear();
            active = null;
            idleTimer.cancel();
            return n;
        }
        for (int guard = 0; guard < 2 * queues.count() + 2; guard++) {
            Queue b = active;
            if (b == null) {
                b = selectNext();
                if (b == null) {
                    return 0;
                }
            }
            if (b.sort.isEmpty()) {
                if (idleTimer.isPending() || (b.dispatched > 0 && betterToIdle(b))) {
                    return 0; // idling for the process's next request (or its last one to finish)
                }
                expire(Expiry.NO_MORE_REQUESTS);
                continue;
            }
            if (q.now() > b.budgetDeadline) {
                expire(Expiry.BUDGET_TIMEOUT);
                continue;
            }
            Request rq = b.fifo.headExpired(q.now()) ? b.fifo.head() : b.next;
            if (b.served > 0 && b.served + charge(rq, b) > b.budget) {
                expire(Expiry.BUDGET_EXHAUSTED);
                continue;
            }
            removeQueued(rq);
            long service = charge(rq, b);
            b.served += service;
            b.dispatched++;
            lastSector = rq.endSector();
            q.dispatchSort(rq);
            if (lowLatency) {
                // bfq_bfqq_served, then bfq_update_wr_data for the queue in service.
                b.serviceFromBacklogged += service;
                if (b.raised()) {
                    b.serviceFromWr += service;
                }
                updateWrData(b);
            }
            if (b.idleClass() && busyQueues() > 1) {
                expire(Expiry.BUDGET_EXHAUSTED); // an idle-class queue yields after each request
            }
            return 1;
        }
        return 0;
    }

    /** bfq_tot_busy_queues: queues with requests, or in service. */
    private int busyQueues() {
        int n = active != null && active.busy ? 1 : 0;
        n += wf2q.backloggedCount();
        return n;
    }

    @Override
    public void activate(Request rq) {
        rqInDriver++;
        if (rqInDriver > 4) {
            hwTag = true;
        }
    }

    @Override
    public void deactivate(Request rq) {
        rqInDriver--;
    }

    @Override
    public void completed(Request rq) {
        Queue b = queues.release(rq);
        if (b == null) {
            return;
        }
        rqInDriver--;
        b.dispatched--;
        b.io.lastEndRequest = q.now();
        if (b.softRtUpdate && b.dispatched == 0 && b.sort.isEmpty() && !b.interactiveRaised()) {
            b.softRtNextStart = softRtNextStart(b);
        }
        if (b == active && b.sort.isEmpty()) {
            if (betterToIdle(b)) {
                if (b.dispatched == 0) {
                    idleTimer.scheduleAt(q.hz().timerNs(q.now() + sliceIdle));
                }
            } else {
                expire(Expiry.NO_MORE_REQUESTS);
                q.kick();
            }
        }
    }

    private void idleTimeout() {
        if (active != null && active.sort.isEmpty()) {
            expire(Expiry.TOO_IDLE);
        }
        q.kick();
    }

    @Override
    ProcessQueues<Queue> queues() {
        return queues;
    }
}
