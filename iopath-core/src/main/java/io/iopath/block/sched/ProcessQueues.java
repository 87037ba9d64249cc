package io.iopath.block.sched;

import io.iopath.request.Bio;
import io.iopath.request.IoPrio;
import io.iopath.request.Request;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * The queues of a per-process scheduler (CFQ, BFQ): one queue per process for its sync IO and
 * one async queue per I/O priority shared by all buffered writers of that priority
 * (cfq_find_cfq_hash matches the async key and the ioprio; bfqg->async_bfqq[class][level]),
 * each with its
 * sort list, FIFO and next request, and which queue holds each queued or dispatched request.
 * The elevator hooks that only look a request up in its queue's sort list live here.
 */
final class ProcessQueues<Q extends ProcessQueues.Queue> {
    /** CFQ_KEY_ASYNC: the key of the shared async queue of best-effort level 4 (the default). */
    static final int KEY_ASYNC = Integer.MIN_VALUE;
    /** Keys KEY_ASYNC .. KEY_ASYNC + ASYNC_SLOTS − 1 are async queues, one per (class, level). */
    private static final int ASYNC_SLOTS = 1 + 3 * IoPrio.LEVELS;

    /** The async queue's key for an I/O priority; best effort 4 (and NONE) keeps KEY_ASYNC. */
    static int asyncKey(int ioprio) {
        int cls = IoPrio.effectiveClass(ioprio);
        int level = IoPrio.effectiveLevel(ioprio);
        if (cls == IoPrio.CLASS_BE && level == IoPrio.NORM) {
            return KEY_ASYNC;
        }
        return KEY_ASYNC + 1 + (cls - 1) * IoPrio.LEVELS + level;
    }

    static int key(int pid, boolean sync, int ioprio) {
        return sync ? pid : asyncKey(ioprio);
    }

    /** What a CFQ and a BFQ queue have in common. */
    abstract static class Queue {
        final int key;
        final boolean sync;
        final SectorTree sort = new SectorTree();
        final Fifo fifo = new Fifo();
        /** The request the queue serves next (cfqq->next_rq, bfqq->next_rq). */
        Request next;

        Queue(int key) {
            this.key = key;
            this.sync = key < KEY_ASYNC || key >= KEY_ASYNC + ASYNC_SLOTS;
        }
    }

    private final Map<Integer, Q> byKey = new HashMap<>();
    private final Map<Request, Q> owner = new HashMap<>();
    private final IntFunction<Q> create;

    /** {@code create} makes the queue for a key: a process id, or {@link #KEY_ASYNC}. */
    ProcessQueues(IntFunction<Q> create) {
        this.create = create;
    }

    /** The queue for this process, kind of IO and I/O priority, or null if it has none yet. */
    Q find(int pid, boolean sync, int ioprio) {
        return byKey.get(key(pid, sync, ioprio));
    }

    /** The queue for this process, kind of IO and I/O priority, made on first use. */
    Q get(int pid, boolean sync, int ioprio) {
        int key = key(pid, sync, ioprio);
        Q q = byKey.get(key);
        if (q == null) {
            q = create.apply(key);
            byKey.put(key, q);
        }
        return q;
    }

    /** All queues, in a stable order. */
    Collection<Q> all() {
        return byKey.values();
    }

    int count() {
        return byKey.size();
    }

    /** Records that {@code rq} belongs to {@code q} (until {@link #release}). */
    void own(Request rq, Q q) {
        owner.put(rq, q);
    }

    /** The queue holding {@code rq}, or null. */
    Q owner(Request rq) {
        return owner.get(rq);
    }

    /** Forgets {@code rq} (completed, or merged into another); returns the queue that held it. */
    Q release(Request rq) {
        return owner.remove(rq);
    }

    /** elevator_merge_fn: a request of the bio's own queue that starts where the bio ends. */
    Request frontMergeCandidate(Bio bio) {
        Q q = find(bio.processId, bio.isSync(), bio.ioprio);
        return q == null ? null : q.sort.startingAt(bio.endSector());
    }

    /** elevator_allow_merge_fn's core: the bio would go to the queue that holds {@code rq}. */
    boolean sameQueue(Request rq, Bio bio) {
        Q q = owner.get(rq);
        return q != null && find(bio.processId, bio.isSync(), bio.ioprio) == q;
    }

    /** elevator_merged_fn: a front merge moved the request's start. */
    void merged(Request rq, boolean front) {
        if (front) {
            owner.get(rq).sort.reposition(rq);
        }
    }

    Request former(Request rq) {
        Q q = owner.get(rq);
        return q == null ? null : q.sort.prev(rq);
    }

    Request latter(Request rq) {
        Q q = owner.get(rq);
        return q == null ? null : q.sort.next(rq);
    }

    /** Requests in all sort lists. */
    int queued() {
        int n = 0;
        for (Q q : byKey.values()) {
            n += q.sort.size();
        }
        return n;
    }
}
