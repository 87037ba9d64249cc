package io.iopath.block.sched;

import io.iopath.request.Bio;
import io.iopath.request.Op;
import io.iopath.request.Request;
import java.util.Comparator;
import java.util.TreeSet;

/**
 * A scheduler's sort list (the kernel's rb-tree by start sector). The key is captured when a
 * request is added, so a front merge can change the request's sector before it is repositioned.
 */
final class SectorTree {
    private static final Comparator<Request> ORDER =
            Comparator.<Request>comparingLong(r -> r.sortSector).thenComparingLong(r -> r.id);
    private final TreeSet<Request> tree = new TreeSet<>(ORDER);

    public void add(Request rq) {
        rq.sortSector = rq.sector();
        tree.add(rq);
    }

    public boolean remove(Request rq) {
        return tree.remove(rq);
    }

    /** After a front merge changed the request's start. */
    public void reposition(Request rq) {
        if (tree.remove(rq)) {
            add(rq);
        }
    }

    public boolean isEmpty() {
        return tree.isEmpty();
    }

    public int size() {
        return tree.size();
    }

    public Request first() {
        return tree.isEmpty() ? null : tree.first();
    }

    public Request next(Request rq) {
        return tree.higher(rq);
    }

    /**
     * The request after {@code rq} in sector order, wrapping to the first one at the end of the
     * tree (as_find_next_rq's rb_first fallback); null when {@code rq} is the only one.
     */
    public Request nextWrapping(Request rq) {
        Request next = tree.higher(rq);
        if (next == null) {
            Request first = first();
            next = first != rq ? first : null;
        }
        return next;
    }

    public Request prev(Request rq) {
        return tree.lower(rq);
    }

    /** A queued request starting exactly at {@code sector} (front-merge lookup), or null. */
    public Request startingAt(long sector) {
        Request r = tree.ceiling(probe(sector)); // the first one starting at or after sector
        return r != null && r.sortSector == sector ? r : null;
    }

    /** A search key: sorts before every real request of the same sector. */
    private final Request probe = new Request(Long.MIN_VALUE, new Bio(Long.MIN_VALUE, Op.FLUSH, 0, 0, 0, 0, b -> { }));

    private Request probe(long sector) {
        probe.sortSector = sector;
        return probe;
    }

    public Iterable<Request> all() {
        return tree;
    }
}
