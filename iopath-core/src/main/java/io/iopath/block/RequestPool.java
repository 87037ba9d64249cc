package io.iopath.block;

import io.iopath.block.sched.IoScheduler.MayQueue;
import java.util.ArrayDeque;

/**
 * The request list of a queue (struct request_list, 2.6.20 get_request / freed_request): counts
 * per data direction, congestion thresholds, the "queue full" batching rule and one FIFO of
 * sleeping processes per direction (block-layer.md §6). With {@code shared}, one pool serves both
 * directions (blk-mq scheduler tags).
 */
final class RequestPool {
    private final int nr;
    private final boolean shared;
    private final long batchTimeNs;
    private final int[] count = new int[2];
    private final boolean[] full = new boolean[2];
    private final boolean[] congested = new boolean[2];
    private final ArrayDeque<Task>[] waiters;
    long sleeps;

    @SuppressWarnings("unchecked")
    RequestPool(int nrRequests, boolean shared, long batchTimeNs) {
        this.nr = nrRequests;
        this.shared = shared;
        this.batchTimeNs = batchTimeNs;
        this.waiters = new ArrayDeque[] {new ArrayDeque<Task>(), new ArrayDeque<Task>()};
    }

    private int slot(int dir) {
        return shared ? 0 : dir;
    }

    /** queue_congestion_on_threshold: nr − nr/8 + 1, capped at nr. */
    int congestionOn() {
        return Math.min(nr, nr - nr / 8 + 1);
    }

    /** queue_congestion_off_threshold: nr − nr/8 − nr/16 − 1, at least 1. */
    int congestionOff() {
        return Math.max(1, nr - nr / 8 - nr / 16 - 1);
    }

    private boolean batching(Task t, long now) {
        return t.batchRequests == QueueSettings.BLK_BATCH_REQ
                || (t.batchRequests > 0 && now < t.lastWaitedNs + batchTimeNs);
    }

    private void setBatching(Task t, long now) {
        if (!batching(t, now)) {
            t.batchRequests = QueueSettings.BLK_BATCH_REQ;
            t.lastWaitedNs = now;
        }
    }

    /** get_request: true if a request was allocated. */
    boolean allocate(int dir, Task t, MayQueue may, long now) {
        int s = slot(dir);
        if (may == MayQueue.NO) {
            return false;
        }
        if (count[s] + 1 >= congestionOn()) {
            if (count[s] + 1 >= nr) {
                if (!full[s]) {
                    setBatching(t, now);
                    full[s] = true;
                } else if (may != MayQueue.MUST && !batching(t, now)) {
                    return false;
                }
            }
            congested[s] = true;
        }
        // The hard cap for batchers and MUST allocators: 3·nr/2 (2.6.20).
        if (count[s] >= 3 * nr / 2) {
            return false;
        }
        count[s]++;
        if (batching(t, now)) {
            t.batchRequests--;
        }
        return true;
    }

    void sleep(int dir, Task t) {
        sleeps++;
        t.sleeping = true;
        waiters[slot(dir)].addLast(t);
    }

    /** freed_request: returns the process to wake (exclusive wake-up of one), or null. */
    Task free(int dir) {
        int s = slot(dir);
        count[s]--;
        if (count[s] < congestionOff()) {
            congested[s] = false;
        }
        if (count[s] + 1 <= nr) {
            full[s] = false;
            return waiters[s].pollFirst();
        }
        return null;
    }

    /** The woken process may take a batch of requests (ioc_set_batching). */
    void woken(Task t, long now) {
        t.sleeping = false;
        t.batchRequests = QueueSettings.BLK_BATCH_REQ;
        t.lastWaitedNs = now;
    }

    int count(int dir) {
        return count[slot(dir)];
    }

    int total() {
        return shared ? count[0] : count[0] + count[1];
    }

    boolean congested(int dir) {
        return congested[slot(dir)];
    }

    int nrRequests() {
        return nr;
    }
}
