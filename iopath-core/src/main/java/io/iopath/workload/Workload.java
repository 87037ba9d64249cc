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

    /**
     * fio's {@code fio_terminate_threads} on this job (libfio.c): a job not yet started never
     * starts (backend.c {@code run_threads} reaps it) and counts as finished now; a running one
     * issues nothing more and finishes when its IOs in flight complete; a finished one is left
     * alone.
     */
    default void terminate() {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " cannot be terminated (exitall)");
    }

    /**
     * Whether the job is past its set-up and ramp and has not finished: fio's {@code runstate >=
     * TD_RUNNING}, which {@code exit_what=stonewall} terminates.
     */
    default boolean running() {
        return false;
    }

    /** The error the job ended with, as fio's {@code td_verror} records it (e.g. a minimum rate not met); null if none. */
    default String error() {
        return null;
    }

    /**
     * Whether fio fails the job at its file set-up and never runs it (backend.c {@code
     * run_threads}: reaped unstarted, counted in fio's exit status).
     */
    default boolean failedSetUp() {
        return false;
    }

    /**
     * fio's {@code ts->error} of the job: the errno of the IO error it ended with (the job line's
     * {@code err=}); 0 when none is carried (a minimum rate not met is told in {@link #notes}).
     */
    default int errno() {
        return 0;
    }

    /**
     * fio's {@code verror} with {@link #errno}: {@code file:FILE:LINE, func=FUNCTION, error=TEXT};
     * every errno a job carries today is an IO the engine completed with it (td_io_queue).
     */
    default String verror() {
        return errno() == 0 ? "" : io.iopath.result.FioResult.Error.queueVerror(errno());
    }

    /** Whether the job has fio's {@code continue_on_error} set (its reports then show the error counts). */
    default boolean continueOnError() {
        return false;
    }

    /** Errors the job went on after ({@code total_err_count}). */
    default long errorCount() {
        return 0;
    }

    /** The first of them ({@code first_error}), 0 if none. */
    default int firstError() {
        return 0;
    }

    /** Things the user must be told about the run (addresses wrapped, records skipped); none by default. */
    default List<String> notes() {
        return List.of();
    }
}
