package io.iopath.block;

import io.iopath.block.sched.IoScheduler;
import io.iopath.request.Bio;
import io.iopath.request.Request;
import io.iopath.sim.Simulator;

/**
 * Merging (block-layer.md §4): a bio into a queued request — the one-hit cache ({@code
 * q->last_merge}), the back-merge hash, the scheduler's front-merge candidate (elevator.c {@code
 * elv_merge}) — then the request into its neighbour ({@code attempt_back_merge} /
 * {@code attempt_front_merge} → {@code attempt_merge}, blk-merge.c), and a bio into a request on
 * its task's plug list ({@code blk_attempt_plug_merge}).
 */
final class RequestMerger {
    private final Simulator sim;
    private final IoScheduler scheduler;
    private final QueueTracer trace;
    private final BlockQueue queue;
    private final int maxSectors;
    /** 2.6 merges requests of any I/O priority; blk-mq does not. */
    private final boolean multiQueue;
    private final MergeHash hash = new MergeHash();
    private Request lastMerge;

    long backMerges;
    long frontMerges;
    long requestMerges;

    RequestMerger(Simulator sim, IoScheduler scheduler, QueueTracer trace, BlockQueue queue, int maxSectors,
                  boolean multiQueue) {
        this.sim = sim;
        this.scheduler = scheduler;
        this.trace = trace;
        this.queue = queue;
        this.maxSectors = maxSectors;
        this.multiQueue = multiQueue;
    }

    private boolean mergeable(Request rq, Bio bio) {
        return !rq.noMerge && !rq.started && !rq.ordered && rq.hashEnd >= 0 && rq.op == bio.op
                && samePrioIfMq(rq.ioprio(), bio.ioprio) && scheduler.allowMerge(rq, bio);
    }

    /**
     * 2.6 merges requests of any I/O priority (the survivor keeps ioprio_best); blk-mq's
     * blk_rq_merge_ok and attempt_merge refuse to merge different priorities.
     */
    private boolean samePrioIfMq(int a, int b) {
        return a == b || !multiQueue;
    }

    /** elv_merge and the merge cases of __make_request; true if the bio was merged. */
    boolean elvMerge(Task t, Bio bio) {
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
            trace.bio(BlkAction.M, bio, t);
            Request next = scheduler.latter(rq);
            if (next == null || !attemptMerge(rq, next)) {
                scheduler.merged(rq, false);
                lastMerge = rq;
            }
        } else {
            rq.frontMerge(bio);
            frontMerges++;
            trace.bio(BlkAction.F, bio, t);
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
        queue.freeRequest(next.op, true);
        return true;
    }

    /** Per-task plugging: try to merge into the task's plug list (blk_attempt_plug_merge). */
    boolean plugMerge(Task t, Bio bio) {
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
                trace.bio(BlkAction.M, bio, t);
                return true;
            }
            if (rq.sector() == bio.endSector()) {
                bio.mergeNs = sim.now();
                rq.frontMerge(bio);
                frontMerges++;
                trace.bio(BlkAction.F, bio, t);
                return true;
            }
        }
        return false;
    }

    /** elv_rqhash_add on insertion, and the inserted request becomes the one-hit cache. */
    void inserted(Request rq) {
        rehash(rq);
        lastMerge = rq;
    }

    /** The request leaves the elevator for the dispatch list: no more merging into it. */
    void leftElevator(Request rq) {
        if (lastMerge == rq) {
            lastMerge = null;
        }
        unhash(rq);
        rq.hashEnd = -1;
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
}
