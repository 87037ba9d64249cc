package io.iopath.workload;

import java.util.ArrayList;
import java.util.List;

/**
 * What waits for a workload to end — a later job's {@code stonewall} or {@code wait_for}, the
 * run's own end: each callback runs once, in the order it was added, when {@link #release()} is
 * called. A callback added while they run waits for the next release.
 */
public final class Waiters {
    private final List<Runnable> waiting = new ArrayList<>(1);

    public void add(Runnable r) {
        waiting.add(r);
    }

    public boolean isEmpty() {
        return waiting.isEmpty();
    }

    /** Runs and forgets every callback added so far. */
    public void release() {
        if (waiting.isEmpty()) {
            return;
        }
        List<Runnable> now = new ArrayList<>(waiting);
        waiting.clear();
        now.forEach(Runnable::run);
    }
}
