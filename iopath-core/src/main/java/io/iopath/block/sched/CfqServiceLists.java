package io.iopath.block.sched;

import io.iopath.request.IoPrio;
import java.util.ArrayList;
import java.util.List;

/**
 * CFQ's service lists (2.6.20 cfq-iosched.c: {@code rr_list[prio]}, {@code cur_rr}, {@code
 * busy_rr}, {@code idle_rr}, with {@code cfq_resort_rr_list} and {@code cfq_get_next_prio_level}):
 * where a queue with requests waits for its slice. Best-effort queues wait in their level's
 * {@code rr_list} until the priority rotation splices the level into {@code cur_rr}; real-time
 * queues go straight to {@code cur_rr}; queues with requests at the driver wait in
 * {@code busy_rr}; idle-class queues in {@code idle_rr}.
 */
final class CfqServiceLists {
    private final List<Cfq.Queue>[] rrList;
    private final List<Cfq.Queue> curRr = new ArrayList<>();
    private final List<Cfq.Queue> busyRr = new ArrayList<>();
    private final List<Cfq.Queue> idleRr = new ArrayList<>();
    private int curPrio;
    private int curEndPrio;

    @SuppressWarnings("unchecked")
    CfqServiceLists() {
        rrList = new List[Cfq.PRIO_LISTS];
        for (int i = 0; i < Cfq.PRIO_LISTS; i++) {
            rrList[i] = new ArrayList<>();
        }
    }

    /** Takes the queue off every list. */
    void remove(Cfq.Queue cq) {
        curRr.remove(cq);
        busyRr.remove(cq);
        idleRr.remove(cq);
        for (List<Cfq.Queue> l : rrList) {
            l.remove(cq);
        }
    }

    /**
     * cfq_resort_rr_list: (re)places a queue that is on the round robin on the list its class,
     * level and requests at the driver say; a preempted or new queue goes ahead of all but the
     * new queues already there.
     */
    void resort(Cfq.Queue cq, boolean preempted) {
        if (!cq.onRr) {
            return;
        }
        remove(cq);
        List<Cfq.Queue> list = cq.ioClass == IoPrio.CLASS_RT ? curRr
                : cq.idleClass() ? idleRr
                : cq.dispatched() ? busyRr : rrList[cq.prio];
        if (preempted || cq.queueNew) {
            int i = 0;
            while (i < list.size() && list.get(i).queueNew) {
                i++;
            }
            list.add(i, cq);
        } else {
            list.add(cq);
        }
    }

    /** A queue preempts the one in service: every queue of cur_rr is resorted as preempted. */
    void preemptCurrent() {
        for (Cfq.Queue other : new ArrayList<>(curRr)) {
            resort(other, true);
        }
    }

    /** The next queue to serve from cur_rr (splicing in the next level if it is empty), else busy_rr; or null. */
    Cfq.Queue next() {
        Cfq.Queue cq = null;
        if (!curRr.isEmpty() || nextPrioLevel() != -1) {
            cq = curRr.get(0);
        }
        if (cq == null && !busyRr.isEmpty()) {
            cq = busyRr.get(0);
        }
        return cq;
    }

    /** The first idle-class queue, or null. */
    Cfq.Queue nextIdle() {
        return idleRr.isEmpty() ? null : idleRr.get(0);
    }

    /** cfq_get_next_prio_level: splice the next priority level into cur_rr (0 | 0,1 | 0,1,2 | ...). */
    private int nextPrioLevel() {
        int prio = -1;
        boolean wrap = false;
        while (true) {
            for (int p = curPrio; p <= curEndPrio; p++) {
                if (!rrList[p].isEmpty()) {
                    prio = p;
                    break;
                }
            }
            if (prio != -1) {
                break;
            }
            curPrio = 0;
            if (++curEndPrio == Cfq.PRIO_LISTS) {
                curEndPrio = 0;
                if (wrap) {
                    break;
                }
                wrap = true;
            }
        }
        if (prio == -1) {
            return -1;
        }
        curRr.addAll(rrList[prio]);
        rrList[prio].clear();
        curPrio = prio + 1;
        if (curPrio > curEndPrio) {
            curEndPrio = curPrio;
            curPrio = 0;
        }
        if (curEndPrio == Cfq.PRIO_LISTS) {
            curPrio = 0;
            curEndPrio = 0;
        }
        return prio;
    }
}
