package io.iopath.block.sched;

import java.util.ArrayList;
import java.util.List;

/**
 * B-WF2Q+, BFQ's scheduling of queues (block/bfq-wf2q.c), apart from the queue policy in
 * {@link Bfq} (bfq-iosched.c: budgets, idling, expiry reasons, weight raising). One service tree
 * per I/O priority class, each with its backlogged queues and its own virtual time V: a queue that
 * becomes backlogged gets S = max(V, F) and F = S + budget / weight ({@code bfq_update_fin_time},
 * {@code bfq_calc_finish}); the next queue is the eligible one (S ≤ V) with the smallest F, V
 * jumping to the smallest S when none is eligible ({@code bfq_first_active_entity},
 * {@code bfq_update_vtime}); service charged advances V by service / total weight and moves F to
 * S + service / weight ({@code bfq_bfqq_served}, {@code bfq_bfqq_charge_time}). Classes are served
 * in order RT, BE, IDLE, except that the idle class is served once {@code BFQ_CL_IDLE_TIMEOUT}
 * has passed since it was last considered ({@code bfq_lookup_next_entity}).
 */
final class BfqWf2q {
    /** A class's service tree: its backlogged queues and its own virtual time. */
    private static final class ServiceTree {
        final List<Bfq.Queue> backlogged = new ArrayList<>();
        double vtime;
    }

    private final ServiceTree[] trees = {new ServiceTree(), new ServiceTree(), new ServiceTree()};
    /** bfq_class_idle_last_service. */
    private long idleClassLastService;
    private long clIdleTimeout;

    /** At attach: the idle class's timeout in the queue's time base, and the time now. */
    void attach(long clIdleTimeoutNs, long now) {
        this.clIdleTimeout = clIdleTimeoutNs;
        this.idleClassLastService = now;
    }

    /** The weight sum of the tree's backlogged queues and the queue in service if it is of the tree. */
    private double totalWeight(ServiceTree t, Bfq.Queue inService) {
        double w = 0;
        for (Bfq.Queue b : t.backlogged) {
            w += b.weight();
        }
        if (inService != null && trees[inService.classIdx] == t && !t.backlogged.contains(inService)) {
            w += inService.weight();
        }
        return Math.max(w, 1);
    }

    /** The queue becomes backlogged: S = max(V, F), F = S + budget / weight. */
    void activate(Bfq.Queue b) {
        ServiceTree t = trees[b.classIdx];
        b.start = Math.max(t.vtime, b.finish);
        b.finish = b.start + (double) b.budget / b.weight();
        t.backlogged.add(b);
    }

    /**
     * bfq_lookup_next_entity: the highest class with a backlogged queue, unless the idle class is
     * due; its next queue leaves the tree to be served. Null if nothing is backlogged.
     */
    Bfq.Queue next(long now) {
        int from = 0;
        if (now > idleClassLastService + clIdleTimeout) {
            if (!trees[Bfq.CLASSES - 1].backlogged.isEmpty()) {
                from = Bfq.CLASSES - 1;
            }
            idleClassLastService = now;
        }
        for (int c = from; c < Bfq.CLASSES; c++) {
            if (!trees[c].backlogged.isEmpty()) {
                return next(trees[c]);
            }
        }
        return null;
    }

    private static Bfq.Queue next(ServiceTree t) {
        List<Bfq.Queue> backlogged = t.backlogged;
        double minStart = Double.MAX_VALUE;
        for (Bfq.Queue b : backlogged) {
            minStart = Math.min(minStart, b.start);
        }
        if (minStart > t.vtime) {
            t.vtime = minStart; // nobody eligible: jump V to the earliest start
        }
        Bfq.Queue best = null;
        for (Bfq.Queue b : backlogged) {
            if (b.start <= t.vtime && (best == null || b.finish < best.finish)) {
                best = b;
            }
        }
        backlogged.remove(best);
        return best;
    }

    /** The queue in service {@code b} is charged {@code charged} sectors: V and its F move. */
    void charge(Bfq.Queue b, long charged) {
        ServiceTree t = trees[b.classIdx];
        t.vtime += charged / totalWeight(t, b);
        b.finish = b.start + (double) charged / b.weight();
    }

    /** Whether the class has a backlogged queue (the queue in service is not in its tree). */
    boolean backlogged(int classIdx) {
        return !trees[classIdx].backlogged.isEmpty();
    }

    /** Backlogged queues in all classes. */
    int backloggedCount() {
        int n = 0;
        for (ServiceTree t : trees) {
            n += t.backlogged.size();
        }
        return n;
    }

    /** Everything was dispatched (a drain for a barrier): no queue is backlogged. */
    void clear() {
        for (ServiceTree t : trees) {
            t.backlogged.clear();
        }
    }
}
