package io.iopath.block.sched;

import io.iopath.request.Bio;
import io.iopath.request.Request;

/**
 * One set of deadline's lists: per data direction a sort list, a FIFO with expiry times and the
 * next request of the sweep. deadline keeps one set; mq-deadline one per priority level
 * (struct dd_per_prio).
 */
class DeadlineLists {
    final SectorTree[] sort = {new SectorTree(), new SectorTree()};
    final Fifo[] fifo = {new Fifo(), new Fifo()};
    final Request[] nextRq = new Request[2];

    /** A queued request of rq's direction for the same start sector, or null. */
    Request alias(Request rq) {
        return sort[DeadlineCore.dir(rq.op)].startingAt(rq.sector());
    }

    void add(Request rq, long expiry) {
        int d = DeadlineCore.dir(rq.op);
        sort[d].add(rq);
        fifo[d].add(rq, expiry);
    }

    /** deadline_move_request's list part: the sweep continues after rq, which leaves the lists. */
    void remove(Request rq) {
        int d = DeadlineCore.dir(rq.op);
        nextRq[DeadlineCore.READ] = null;
        nextRq[DeadlineCore.WRITE] = null;
        nextRq[d] = sort[d].next(rq);
        sort[d].remove(rq);
        fifo[d].remove(rq);
    }

    Request frontMergeCandidate(Bio bio) {
        return sort[DeadlineCore.dir(bio.op)].startingAt(bio.endSector());
    }

    void merged(Request rq, boolean front) {
        if (front) {
            sort[DeadlineCore.dir(rq.op)].reposition(rq);
        }
    }

    /** deadline_merged_requests: next was merged into rq and leaves the lists. */
    void mergedRequests(Request rq, Request next) {
        int d = DeadlineCore.dir(next.op);
        fifo[d].mergedRequests(rq, next);
        if (nextRq[d] == next) {
            nextRq[d] = sort[d].next(next);
        }
        sort[d].remove(next);
    }

    Request former(Request rq) {
        return sort[DeadlineCore.dir(rq.op)].prev(rq);
    }

    Request latter(Request rq) {
        return sort[DeadlineCore.dir(rq.op)].next(rq);
    }

    int size() {
        return fifo[DeadlineCore.READ].size() + fifo[DeadlineCore.WRITE].size();
    }
}
