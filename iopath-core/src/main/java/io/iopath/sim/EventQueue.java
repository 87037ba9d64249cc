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
    /**
     * Each heap slot's time and sequence beside the timer itself: sifting compares keys along a
     * path of the heap, and reading them from two arrays spares a load of every timer on it.
     */
    private long[] times = new long[256];
    private long[] sequences = new long[256];
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
            times = Arrays.copyOf(times, size * 2);
            sequences = Arrays.copyOf(sequences, size * 2);
        }
        int i = size++;
        siftUp(i, t, timeNs, t.sequence);
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
        long lastTime = times[size];
        long lastSeq = sequences[size];
        heap[size] = null;
        removed.heapIndex = -1;
        if (i == size) {
            return;
        }
        int at = siftDown(i, last, lastTime, lastSeq);
        if (at == i) {
            siftUp(i, last, lastTime, lastSeq);
        }
    }

    /** Places {@code t} (time, sequence) at the hole {@code i} or above it. */
    private void siftUp(int i, Timer t, long time, long seq) {
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            long pt = times[parent];
            if (time > pt || (time == pt && seq > sequences[parent])) {
                break;
            }
            move(parent, i);
            i = parent;
        }
        put(i, t, time, seq);
    }

    /** Places {@code t} (time, sequence) at the hole {@code i} or below it; returns where. */
    private int siftDown(int i, Timer t, long time, long seq) {
        int half = size >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            int right = child + 1;
            if (right < size && before(right, child)) {
                child = right;
            }
            long ct = times[child];
            if (ct > time || (ct == time && sequences[child] > seq)) {
                break;
            }
            move(child, i);
            i = child;
        }
        put(i, t, time, seq);
        return i;
    }

    private boolean before(int a, int b) {
        return times[a] < times[b] || (times[a] == times[b] && sequences[a] < sequences[b]);
    }

    private void move(int from, int to) {
        Timer t = heap[from];
        heap[to] = t;
        times[to] = times[from];
        sequences[to] = sequences[from];
        t.heapIndex = to;
    }

    private void put(int i, Timer t, long time, long seq) {
        heap[i] = t;
        times[i] = time;
        sequences[i] = seq;
        t.heapIndex = i;
    }
}
