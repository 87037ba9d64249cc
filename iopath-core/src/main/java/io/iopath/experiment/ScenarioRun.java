package io.iopath.experiment;

import io.iopath.block.BlockQueue;
import io.iopath.block.sched.Schedulers;
import io.iopath.device.disk.Disk;
import io.iopath.driver.ScsiDriver;
import io.iopath.metrics.Result;
import io.iopath.metrics.RunMetrics;
import io.iopath.scenario.JobSpec;
import io.iopath.scenario.Scenario;
import io.iopath.sim.Simulator;
import io.iopath.workload.job.BlockJob;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * Assembles the layers a scenario describes, wires their callbacks, runs the simulation to the
 * end of the workload, and returns the {@link Result}.
 */
public final class ScenarioRun {
    private final Scenario scenario;
    private final Simulator sim;
    private final Disk disk;
    private final BlockQueue queue;
    private final ScsiDriver driver;
    private final RunMetrics metrics = new RunMetrics();
    private final List<BlockJob> jobs = new ArrayList<>();

    public ScenarioRun(Scenario scenario) {
        this.scenario = scenario;
        this.sim = new Simulator(scenario.seed());
        this.disk = new Disk(sim, scenario.drive().spec());
        this.queue = new BlockQueue(sim, Schedulers.create(scenario.host().scheduler())
                .orElseThrow(() -> new IllegalArgumentException("unknown scheduler " + scenario.host().scheduler())),
                scenario.host().maxSectorsKb() * 2);
        this.driver = new ScsiDriver(sim, queue, disk, scenario.host().queueDepth());
        BlockJob.BioIds ids = new BlockJob.BioIds();
        int pid = 1;
        for (JobSpec spec : scenario.jobs()) {
            jobs.add(new BlockJob(sim, queue, metrics, spec, pid++, ids));
        }
    }

    public static Result run(Scenario scenario) {
        return new ScenarioRun(scenario).execute(p -> { });
    }

    /**
     * Runs to completion. {@code progress} receives the number of IOs completed so far, every
     * so often, for a progress bar; it never changes the outcome.
     */
    public Result execute(LongConsumer progress) {
        jobs.forEach(BlockJob::start);
        long step = 1_000_000_000L; // report progress every simulated second
        while (sim.pendingEvents() > 0) {
            sim.runUntil(sim.now() + step);
            progress.accept(completedIos());
        }
        return result();
    }

    public long completedIos() {
        long n = 0;
        for (BlockJob j : jobs) {
            n += j.completed();
        }
        return n;
    }

    /** The IOs the workload will issue if it is bounded by count; -1 if bounded only by time. */
    public long plannedIos() {
        long n = 0;
        for (BlockJob j : jobs) {
            if (j.spec().numberIos() == 0) {
                return -1;
            }
            n += j.spec().numberIos();
        }
        return n;
    }

    private Result result() {
        long elapsed = metrics.elapsedNs();
        double utilisation = elapsed == 0 ? 0 : Math.min(1.0, disk.busyNs() / (double) elapsed);
        return new Result(scenario.name(), scenario.seed(), disk.name(), queue.scheduler().name(),
                driver.queueDepth(), elapsed, metrics.read(), metrics.write(), metrics.total(),
                utilisation, queue.bioMerges(), driver.queueFulls(), metrics.driveTimeSplit());
    }

    public Simulator simulator() {
        return sim;
    }

    public Disk disk() {
        return disk;
    }

    public List<BlockJob> jobs() {
        return List.copyOf(jobs);
    }
}
