package io.iopath.sim;

import java.util.Arrays;

/**
 * The pending timers as a binary min-heap ordered by time, then by the order in which they were
 * scheduled, so that events at equal times fire first-scheduled first.
 *
 * <p>Each timer knows its heap index, which makes cancellation O(log n) without tombstones.
 */
final class EventQueue {
    private Timer[] heap = new Timer[256];
    private int size;
    private long nextSequence;

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    Timer peek() {
        return size == 0 ? null : heap[0];
    }

    void add(Timer t, long timeNs) {
        if (t.heapIndex >= 0) {
            remove(t);
        }
        t.timeNs = timeNs;
        t.sequence = nextSequence++;
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
        }
        heap[size] = t;
        t.heapIndex = size;
        size++;
        siftUp(t.heapIndex);
    }

    Timer poll() {
        if (size == 0) {
            return null;
        }
        Timer top = heap[0];
        removeAt(0);
        return top;
    }

    void remove(Timer t) {
        if (t.heapIndex >= 0) {
            removeAt(t.heapIndex);
        }
    }

    private void removeAt(int i) {
        Timer removed = heap[i];
        size--;
        Timer last = heap[size];
        heap[size] = null;
        removed.heapIndex = -1;
        if (i == size) {
            return;
        }
        heap[i] = last;
        last.heapIndex = i;
        siftDown(i);
        if (heap[i] == last) {
            siftUp(i);
        }
    }

    private static boolean before(Timer a, Timer b) {
        return a.timeNs < b.timeNs || (a.timeNs == b.timeNs && a.sequence < b.sequence);
    }

    private void siftUp(int i) {
        Timer t = heap[i];
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            Timer p = heap[parent];
            if (!before(t, p)) {
                break;
            }
            heap[i] = p;
            p.heapIndex = i;
            i = parent;
        }
        heap[i] = t;
        t.heapIndex = i;
    }

    private void siftDown(int i) {
        Timer t = heap[i];
        int half = size >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            Timer c = heap[child];
            int right = child + 1;
            if (right < size && before(heap[right], c)) {
                child = right;
                c = heap[child];
            }
            if (!before(c, t)) {
                break;
            }
            heap[i] = c;
            c.heapIndex = i;
            i = child;
        }
        heap[i] = t;
        t.heapIndex = i;
    }
}
