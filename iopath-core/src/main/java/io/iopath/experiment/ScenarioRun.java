package io.iopath.experiment;

import io.iopath.block.BlockQueue;
import io.iopath.block.Plugging;
import io.iopath.block.QueueSettings;
import io.iopath.block.sched.Hz;
import io.iopath.block.sched.IoScheduler;
import io.iopath.block.sched.Schedulers;
import io.iopath.driver.QueueFullHandling;
import io.iopath.metrics.DriveQueueStats;
import io.iopath.metrics.HostStats;
import io.iopath.metrics.blktrace.BlkTraceSink;
import io.iopath.scenario.HostConfig;
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

    /** @param trace where blktrace events go ({@link BlkTraceSink#NONE} for none) */
    public ScenarioRun(Scenario scenario, BlkTraceSink trace) {
        this.scenario = scenario;
        this.sim = new Simulator(scenario.seed());
        this.disk = new Disk(sim, scenario.drive().spec());
        HostConfig host = scenario.host();
        Hz hz = Hz.of(host.hz());
        IoScheduler scheduler = Schedulers.create(host.scheduler(), host.tunables(), hz);
        QueueSettings settings = new QueueSettings(host.nrRequests(), host.maxSectorsKb() * 2,
                Plugging.of(host.plugging()), hz, host.writeCache(), host.fua());
        this.queue = new BlockQueue(sim, scheduler, settings, trace, host.queueDepth());
        this.driver = new ScsiDriver(sim, queue, disk, host.queueDepth(), QueueFullHandling.of(host.driver()));
        BlockJob.BioIds ids = new BlockJob.BioIds();
        int pid = 1;
        for (JobSpec spec : scenario.jobs()) {
            queue.task(pid, spec.name());
            jobs.add(new BlockJob(sim, queue, metrics, spec, pid++, ids));
        }
    }

    public ScenarioRun(Scenario scenario) {
        this(scenario, BlkTraceSink.NONE);
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
                driver.configuredQueueDepth(), elapsed, metrics.read(), metrics.write(), metrics.total(),
                utilisation, queue.bioMerges(), driver.queueFulls(), metrics.driveTimeSplit(),
                metrics.latencyCdfs(),
                new HostStats(metrics.bttRead(), metrics.bttWrite(), queue.stats(), driver.busies(), driver.stalls(),
                        driver.stalledNs(), driver.queueDepth(), scenario.host().plugging(), scenario.host().driver()),
                new DriveQueueStats(disk.meanTaggedQueue(), disk.maxTaggedQueue(), disk.meanEffectiveQueue(),
                        disk.maxEffectiveQueue(), disk.queueFullsAnswered(), disk.cacheHits(), disk.destages()));
    }

    public Simulator simulator() {
        return sim;
    }

    public Disk disk() {
        return disk;
    }

    public BlockQueue queue() {
        return queue;
    }

    public ScsiDriver driver() {
        return driver;
    }

    public List<BlockJob> jobs() {
        return List.copyOf(jobs);
    }
}
