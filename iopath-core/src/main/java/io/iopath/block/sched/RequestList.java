package io.iopath.block.sched;

import io.iopath.request.Request;
import java.util.HashMap;

/** A doubly linked FIFO with O(1) neighbour lookup and removal (the kernel's list_head). */
final class RequestList {
    private final HashMap<Request, Request[]> links = new HashMap<>();
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
