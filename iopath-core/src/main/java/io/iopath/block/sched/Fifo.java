package io.iopath.block.sched;

import io.iopath.request.Request;
import java.util.Comparator;
import java.util.TreeSet;

/**
 * A scheduler's FIFO of requests by expiry time (rq_fifo_time), with O(log n) removal from the
 * middle and the kernel's merge rule: a merged survivor takes the earlier expiry and position.
 */
final class Fifo {
    private static final Comparator<Request> ORDER =
            Comparator.<Request>comparingLong(r -> r.fifoNs).thenComparingLong(r -> r.fifoSeq);
    private final TreeSet<Request> set = new TreeSet<>(ORDER);
    private long seq;

    /** Appends with expiry {@code expireNs}. */
    public void add(Request rq, long expireNs) {
        rq.fifoNs = expireNs;
        rq.fifoSeq = seq++;
        set.add(rq);
    }

    /**
     * Removes {@code rq} itself: the set finds members by key, and a merge survivor carries the
     * key of the request it absorbed (below), so removing the absorbed one by key alone would take
     * the survivor out instead (the kernel's list_del_init is by identity).
     */
    public boolean remove(Request rq) {
        return set.floor(rq) == rq && set.remove(rq);
    }

    public Request head() {
        return set.isEmpty() ? null : set.first();
    }

    public boolean isEmpty() {
        return set.isEmpty();
    }

    public int size() {
        return set.size();
    }

    /** {@code next} was merged into {@code rq}: rq moves to next's place if next was older. */
    public void mergedRequests(Request rq, Request next) {
        set.remove(next);
        if (ORDER.compare(next, rq) < 0 && set.remove(rq)) {
            rq.fifoNs = next.fifoNs;
            rq.fifoSeq = next.fifoSeq;
            set.add(rq);
        }
    }

    /** Has the head's deadline passed? */
    public boolean headExpired(long nowNs) {
        Request h = head();
        return h != null && nowNs > h.fifoNs;
    }
}
