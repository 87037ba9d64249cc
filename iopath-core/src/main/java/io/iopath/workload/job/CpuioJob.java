package io.iopath.workload.job;

import io.iopath.metrics.fio.JobStats;
import io.iopath.sim.Simulator;
import io.iopath.workload.JobSpec;
import io.iopath.workload.Waiters;
import io.iopath.workload.Workload;

/**
 * fio's {@code cpuio} engine (engines/cpu.c): a job that burns CPU ({@code cpuload} percent of a
 * CPU, in {@code cpumode} noop loops or qsort) and does no IO at all (the engine is
 * {@code FIO_DISKLESSIO}), for its {@code runtime} (fio requires one: {@code fio_cpuio_init}
 * fails without it). On the simulated storage path it is a process that is busy from its start
 * until its runtime has passed: jobs that {@code stonewall} or {@code wait_for} it start then.
 * iopath's host does not share a CPU between processes, so the load takes no time from the other jobs.
 */
public final class CpuioJob implements Workload {
    private final Simulator sim;
    private final JobSpec spec;
    private final int pid;
    private final JobStats stats = new JobStats();
    private final Waiters onFinished = new Waiters();
    private final Runnable onFinish;
    private boolean finished;
    private boolean started;

    public CpuioJob(Simulator sim, JobSpec spec, int pid, Runnable onFinish) {
        if (spec.runtimeNs() <= 0) {
            throw new IllegalArgumentException("cpuio needs a runtime");
        }
        this.sim = sim;
        this.spec = spec;
        this.pid = pid;
        this.onFinish = onFinish;
    }

    @Override
    public void start() {
        sim.after(Math.max(0, spec.startDelayNs() - sim.now()), () -> { // startdelay counts from the run's start
            if (finished) {
                return; // terminated before it started (exitall)
            }
            started = true;
            stats.started(sim.now(), spec.rampTimeNs());
            sim.after(spec.rampTimeNs() + spec.runtimeNs(), this::finish); // fio adds the ramp to the runtime
        });
    }

    /** exitall: the burner stops now (engines/cpu.c loops until td->terminate or its runtime). */
    @Override
    public void terminate() {
        finish();
    }

    @Override
    public boolean running() {
        return started && !finished && sim.now() >= stats.startNs + spec.rampTimeNs();
    }

    private void finish() {
        if (finished) {
            return;
        }
        finished = true;
        onFinish.run();
        onFinished.release();
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
        return pid;
    }

    @Override
    public JobStats stats() {
        return stats;
    }

    @Override
    public void whenFinished(Runnable r) {
        if (finished) {
            r.run();
        } else {
            onFinished.add(r);
        }
    }

    public boolean finished() {
        return finished;
    }
}
