package io.iopath.block.sched;

import io.iopath.request.Request;

/**
 * A doubly linked FIFO with O(1) neighbour lookup and removal (the kernel's list_head), linked
 * through the request's own {@code queuelist} fields: a request is on at most one such list.
 */
final class RequestList {
    private Request head;
    private Request tail;
    private int size;

    void addLast(Request rq) {
        if (rq.queueList != null) {
            throw new IllegalStateException(rq + " is already on a scheduler list");
        }
        rq.queueList = this;
        rq.queuePrev = tail;
        rq.queueNext = null;
        if (tail != null) {
            tail.queueNext = rq;
        } else {
            head = rq;
        }
        tail = rq;
        size++;
    }

    Request pollFirst() {
        Request h = head;
        if (h != null) {
            remove(h);
        }
        return h;
    }

    boolean remove(Request rq) {
        if (rq.queueList != this) {
            return false;
        }
        Request prev = rq.queuePrev;
        Request next = rq.queueNext;
        if (prev != null) {
            prev.queueNext = next;
        } else {
            head = next;
        }
        if (next != null) {
            next.queuePrev = prev;
        } else {
            tail = prev;
        }
        rq.queueList = null;
        rq.queuePrev = null;
        rq.queueNext = null;
        size--;
        return true;
    }

    Request before(Request rq) {
        return rq.queueList == this ? rq.queuePrev : null;
    }

    Request after(Request rq) {
        return rq.queueList == this ? rq.queueNext : null;
    }

    Request peekFirst() {
        return head;
    }

    Request peekLast() {
        return tail;
    }

    int size() {
        return size;
    }
}
