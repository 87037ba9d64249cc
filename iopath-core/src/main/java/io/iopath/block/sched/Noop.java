package io.iopath.block.sched;

import io.iopath.request.Request;

/**
 * noop (block/noop-iosched.c): one FIFO. Dispatch moves the head to the dispatch list with
 * elv_dispatch_sort, one request per call. It has no merge hook, so bios front-merge only through
 * the core's one-hit cache; former / latter are FIFO neighbours. No tunables.
 */
public final class Noop implements IoScheduler {
    public static final TunableSet TUNABLES = new TunableSet();

    private final LinkedList fifo = new LinkedList();
    private ElevatorQueue q;

    @Override
    public String name() {
        return "noop";
    }

    @Override
    public void attach(ElevatorQueue queue) {
        this.q = queue;
    }

    @Override
    public void add(Request rq) {
        fifo.addLast(rq);
    }

    @Override
    public int dispatch(boolean force) {
        Request rq = fifo.pollFirst();
        if (rq == null) {
            return 0;
        }
        q.dispatchSort(rq);
        return 1;
    }

    @Override
    public void mergedRequests(Request rq, Request next) {
        fifo.remove(next);
    }

    @Override
    public Request former(Request rq) {
        return fifo.before(rq);
    }

    @Override
    public Request latter(Request rq) {
        return fifo.after(rq);
    }

    @Override
    public int queued() {
        return fifo.size();
    }

    /** A doubly linked FIFO with O(1) neighbour lookup and removal (the kernel's list_head). */
    static final class LinkedList {
        private final java.util.HashMap<Request, Request[]> links = new java.util.HashMap<>();
        private Request head;
        private Request tail;

        void addLast(Request rq) {
            links.put(rq, new Request[] {tail, null});
            if (tail != null) {
                links.get(tail)[1] = rq;
            } else {
                head = rq;
            }
            tail = rq;
        }

        Request pollFirst() {
            Request h = head;
            if (h != null) {
                remove(h);
            }
            return h;
        }

        boolean remove(Request rq) {
            Request[] l = links.remove(rq);
            if (l == null) {
                return false;
            }
            if (l[0] != null) {
                links.get(l[0])[1] = l[1];
            } else {
                head = l[1];
            }
            if (l[1] != null) {
                links.get(l[1])[0] = l[0];
            } else {
                tail = l[0];
            }
            return true;
        }

        Request before(Request rq) {
            Request[] l = links.get(rq);
            return l == null ? null : l[0];
        }

        Request after(Request rq) {
            Request[] l = links.get(rq);
            return l == null ? null : l[1];
        }

        Request peekFirst() {
            return head;
        }

        Request peekLast() {
            return tail;
        }

        int size() {
            return links.size();
        }
    }
}
