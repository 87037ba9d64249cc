package io.iopath.block;

import io.iopath.block.sched.IoScheduler;
import io.iopath.request.Bio;
import io.iopath.request.Flags;
import io.iopath.request.Op;
import io.iopath.request.Request;
import io.iopath.request.TaskAttribute;
import io.iopath.sim.Simulator;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Requests with PREFLUSH / FUA, and empty flushes: the 2.6 barrier sequence (ll_rw_blk.c
 * {@code blk_do_ordered}, {@code start_ordered}; later blk-barrier.c) with legacy plugging, and
 * the PREFLUSH / FUA state machine of blk-flush.c ({@code blk_insert_flush}, {@code
 * blk_flush_complete_seq}) otherwise. Which steps a request needs follows the cache state the
 * driver gave the queue ({@link BlockQueue#setWriteCache}): a pre-flush and a post-flush only
 * with a write cache, and no post-flush where FUA does its work.
 */
final class FlushSequencer {
    /** What {@link #begin} did with a barrier at the head of the dispatch list. */
    enum Begin {
        /** it must wait (another sequence runs, or the queue is draining) */
        WAIT,
        /** it had no step and is done: look at the dispatch list again */
        DONE,
        /** its first step (or, ordered by tag, all of them) is at the head of the dispatch list */
        STARTED
    }

    private final Simulator sim;
    private final IoScheduler scheduler;
    private final QueueTracer trace;
    private final BlockQueue queue;
    private final List<Request> dispatch;
    private final boolean legacy;
    private final OrderedBy orderedBy;
    private final Map<Request, FlushSequence> sequences = new IdentityHashMap<>();
    /**
     * The 2.6 ordered sequence in progress (only one at a time). Ordered by draining it owns the
     * queue; ordered by tag it only holds back the next barrier.
     */
    private FlushSequence ordered;
    private long nextSyntheticBioId = -1;
    /** QUEUE_FLAG_WC and QUEUE_FLAG_FUA. */
    private boolean writeCache;
    private boolean fua;

    long flushes;

    FlushSequencer(Simulator sim, IoScheduler scheduler, QueueTracer trace, BlockQueue queue, List<Request> dispatch,
                   boolean legacy, OrderedBy orderedBy) {
        this.sim = sim;
        this.scheduler = scheduler;
        this.trace = trace;
        this.queue = queue;
        this.dispatch = dispatch;
        this.legacy = legacy;
        this.orderedBy = orderedBy;
    }

    void setWriteCache(boolean writeCache, boolean fua) {
        this.writeCache = writeCache;
        this.fua = fua;
    }

    boolean writeCache() {
        return writeCache;
    }

    boolean fua() {
        return fua;
    }

    static boolean isFlushOrFua(Bio bio) {
        // a pass-through command's FUA is a bit of its CDB (or NVMe command), sent as it is: the
        // flush machinery takes only file system requests (blk_insert_flush; a BLOCK_PC request
        // goes from blk_execute_rq straight to the queue)
        return bio.op == Op.FLUSH || Flags.has(bio.flags, Flags.PREFLUSH)
                || (Flags.has(bio.flags, Flags.FUA) && !Flags.has(bio.flags, Flags.PASSTHROUGH));
    }

    /** blk-flush: nothing to flush on a write-through device, an empty flush completes at once. */
    boolean completesAtOnce(Bio bio) {
        return !legacy && !writeCache && bio.op == Op.FLUSH;
    }

    private Request flushRequest(Request parent, int flags) {
        Bio b = new Bio(nextSyntheticBioId--, Op.FLUSH, 0, 0, flags, parent.processId, x -> { });
        Request f = new Request(queue.newRequestId(), b);
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
    void insert(Request rq) {
        rq.noMerge = true;
        rq.ordered = true;
        long now = sim.now();
        rq.insertedNs = now;
        rq.firstBio().insertNs = now;
        boolean data = rq.op.transfersData();
        boolean preflush = writeCache && (Flags.has(rq.flags(), Flags.PREFLUSH) || rq.op == Op.FLUSH || legacy);
        boolean wantFua = Flags.has(rq.flags(), Flags.FUA) || legacy;
        boolean useFua = data && writeCache && fua && wantFua;
        boolean postflush = data && writeCache && wantFua && !fua;
        if (!legacy && !writeCache) {
            preflush = false;
        }
        rq.setFlag(Flags.FUA, useFua);
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
        boolean byTag = legacy && orderedBy == OrderedBy.TAG && !steps.isEmpty();
        FlushSequence seq = new FlushSequence(rq, steps, legacy, byTag);
        trace.request(BlkAction.I, rq);
        if (legacy) {
            // ELEVATOR_INSERT_BACK: drain the elevator into the dispatch list, queue behind it.
            while (scheduler.dispatch(true) > 0) {
                // elv_drain_elevator
            }
            dispatch.add(rq);
            sequences.put(rq, seq);
            queue.removePlug();
            queue.runDriver();
        } else {
            startStep(seq);
            queue.runDriver();
        }
    }

    private void startStep(FlushSequence seq) {
        Request step = seq.current();
        if (step == null) {
            finish(seq);
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

    private void finish(FlushSequence seq) {
        if (ordered == seq) {
            ordered = null;
        }
        Request barrier = seq.barrier;
        long now = sim.now();
        if (barrier.completedNs < 0) {
            barrier.complete(now);
        }
        queue.freeRequest(barrier.op, true);
    }

    /** A 2.6 sequence ordered by draining owns the queue: only its current step may go. */
    boolean drainOwnsQueue() {
        return ordered != null && !ordered.byTag;
    }

    /** With {@link #drainOwnsQueue}: whether {@code rq} is a step of the sequence in progress. */
    boolean isOrderedStep(Request rq) {
        return (sequences.isEmpty() ? null : sequences.get(rq)) == ordered;
    }

    /** A 2.6 barrier waiting at the head of the dispatch list for its sequence to begin. */
    boolean isWaitingBarrier(Request rq) {
        if (sequences.isEmpty()) {
            return false; // every request asks; without flushes or barriers skip the identity hash
        }
        FlushSequence seq = sequences.get(rq);
        return seq != null && seq.legacy && rq == seq.barrier && !seq.begun;
    }

    /** blk_do_ordered for the barrier {@code rq} at the head of the dispatch list. */
    Begin begin(Request rq) {
        FlushSequence seq = sequences.get(rq);
        if (ordered != null) {
            return Begin.WAIT; // ordered by tag: the next barrier waits for this sequence (blk_do_ordered)
        }
        if (!seq.byTag && queue.inFlight() > 0) {
            return Begin.WAIT; // draining: wait for everything issued before the barrier
        }
        seq.begun = true;
        ordered = seq;
        dispatch.remove(0);
        sequences.remove(rq);
        if (seq.current() == null) {
            finish(seq);
            return Begin.DONE;
        }
        if (seq.byTag) {
            issueAllSteps(seq);
        } else {
            startStep(seq);
        }
        return Begin.STARTED;
    }

    /**
     * A completion: if {@code rq} is a step of a sequence, advance the sequence (blk_flush_complete_seq)
     * and return true; the queue then only runs itself.
     */
    boolean completed(Request rq) {
        FlushSequence seq = sequences.isEmpty() ? null : sequences.remove(rq);
        if (seq == null) {
            return false;
        }
        if (rq != seq.barrier) {
            rq.completedNs = sim.now(); // a flush the block layer made; the barrier ends with the sequence
        }
        seq.advance();
        if (!seq.byTag) {
            startStep(seq);
        } else if (seq.current() == null) {
            finish(seq); // every step was issued at once: the barrier ends with the last
        }
        return true;
    }

    /** A 2.6 ordered sequence is in progress. */
    boolean ordering() {
        return ordered != null;
    }

    /** Some flush or barrier has steps not yet completed. */
    boolean pending() {
        return !sequences.isEmpty();
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
