package io.iopath.workload.job;

import io.iopath.metrics.fio.JobStats;
import io.iopath.workload.JobSpec;
import io.iopath.workload.Waiters;
import io.iopath.workload.Workload;
import java.util.List;

/**
 * A job clone whose file set-up fails, so fio never runs it: backend.c {@code run_threads} calls
 * filesetup.c {@code setup_files} for each job before starting any, and one that fails is
 * reaped unstarted ({@code td_set_runstate(td, TD_REAPED)}) and counted in fio's exit status
 * ({@code exit_value++}); the others run. Its statistics stay empty, yet it is a member of its
 * reporting group ({@code jobs=N} counts it, as fio's {@code __show_run_stats} loops over every
 * job). Today one cause: an {@code offset_increment} clone that starts past the device's end
 * ({@code setup_files}: "you need to specify valid offset=").
 */
public final class FailedSetUp implements Workload {
    private final JobSpec spec;
    private final int processId;
    private final String message;
    private final JobStats stats = new JobStats();
    private final Waiters onFinished = new Waiters();
    private boolean reaped;

    /** @param message what fio's {@code log_err} says, e.g. {@code NAME: you need to specify valid offset=} */
    public FailedSetUp(JobSpec spec, int processId, String message) {
        this.spec = spec;
        this.processId = processId;
        this.message = message;
    }

    /** Reaped: whoever waits for it (stonewall, wait_for) goes on. */
    @Override
    public void start() {
        reaped = true;
        onFinished.release();
    }

    @Override
    public void whenFinished(Runnable r) {
        if (reaped) {
            r.run();
        } else {
            onFinished.add(r);
        }
    }

    /** Never running, it has nothing to stop. */
    @Override
    public void terminate() {
    }

    @Override
    public boolean failedSetUp() {
        return true;
    }

    @Override
    public long completed() {
        return 0;
    }

    @Override
    public JobSpec spec() {
        return spec;
    }

    @Override
    public int processId() {
        return processId;
    }

    @Override
    public JobStats stats() {
        return stats;
    }

    @Override
    public List<String> notes() {
        return List.of("job " + spec.name() + " (pid " + processId + "): fio: " + message);
    }
}
