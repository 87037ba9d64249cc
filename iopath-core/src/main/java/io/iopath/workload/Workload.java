package io.iopath.workload;

import io.iopath.metrics.fio.JobStats;
import java.util.List;

/** One simulated process that produces IO: a synthetic fio job or a trace replay. */
public interface Workload {
    /** Begins submitting at the current simulated time (or after its start delay). */
    void start();

    long completed();

    JobSpec spec();

    int processId();

    /** fio-style statistics of what this workload's IOs saw. */
    JobStats stats();

    /**
     * Runs {@code r} once, when this workload has issued all it will and every IO has completed
     * (fio's thread exit, which {@code stonewall} and {@code wait_for} wait for).
     */
    default void whenFinished(Runnable r) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " cannot be waited for (stonewall, wait_for)");
    }

    /** Things the user must be told about the run (addresses wrapped, records skipped); none by default. */
    default List<String> notes() {
        return List.of();
    }
}
