package io.iopath.experiment;

import io.iopath.block.BlockQueue;
import io.iopath.block.BlockTracepoints;
import io.iopath.block.QueueSettings;
import io.iopath.block.sched.Hz;
import io.iopath.block.sched.IoScheduler;
import io.iopath.device.IssueTap;
import io.iopath.device.BlockDevice;
import io.iopath.device.disk.Disk;
import io.iopath.device.flash.FlashDrive;
import io.iopath.device.disk.zoned.ZonedDrive;
import io.iopath.workload.job.FailedSetUp;
import io.iopath.workload.job.FlowGroup;
import io.iopath.workload.job.Zbd;
import io.iopath.driver.CacheType;
import io.iopath.driver.RunSpan;
import io.iopath.driver.ScsiDriver;
import io.iopath.durability.DurabilityLedger;
import io.iopath.metrics.RunMetrics;
import io.iopath.result.DriveQueueStats;
import io.iopath.result.FioResult;
import io.iopath.result.HostStats;
import io.iopath.result.PowerLossReport;
import io.iopath.result.Provenance;
import io.iopath.result.Result;
import io.iopath.result.TimeSeries;
import io.iopath.scenario.HostConfig;
import io.iopath.scenario.Scenario;
import io.iopath.sim.Simulator;
import io.iopath.workload.JobSpec;
import io.iopath.workload.postmark.PostmarkJob;
import io.iopath.workload.postmark.PostmarkProcess;
import io.iopath.workload.Workload;
import io.iopath.fs.FsPids;
import io.iopath.fs.FsPowerLoss;
import io.iopath.result.FileSystemLoss;
import io.iopath.fs.FsStats;
import io.iopath.fs.FileSystem;
import io.iopath.fs.mount.Mkfs;
import io.iopath.workload.FileJobSpec;
import io.iopath.workload.job.BlockJob;
import io.iopath.workload.job.FileJob;
import io.iopath.workload.trace.ReplaySource;
import io.iopath.workload.trace.TraceReplay;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.LongConsumer;

/**
 * Assembles the layers a scenario describes, wires their callbacks, runs the simulation to the
 * end of the workload, and returns the {@link Result}.
 */
public final class ScenarioRun {
    private final Scenario scenario;
    private final ReplaySource replays;
    private final Simulator sim;
    /** Which acknowledged writes are only in the drive's buffer (a power cut counts them). */
    private final DurabilityLedger ledger = new DurabilityLedger();
    /** The disk, or null when the drive is a flash one ({@link #flash}). */
    private final Disk disk;
    /** The flash drive (docs/flash.md), or null when the drive is a disk. */
    private final FlashDrive flash;
    /** The raw NAND the ioengine=mtd jobs address (docs/flash.md, "Raw NAND"), or null. */
    private io.iopath.device.flash.RawNand nand;
    /** The drive below the host: the disk (behind its zone rules, if zoned) or the flash drive. */
    private final BlockDevice device;
    /** The zone rules in front of {@link #disk} on a host-managed zoned drive; null on a conventional one. */
    private final ZonedDrive zoned;
    private final BlockQueue queue;
    private final ScsiDriver driver;
    private final RunMetrics metrics;
    private final List<BlockJob> jobs = new ArrayList<>();
    /** Per job of the scenario, in order: its processes (numjobs clones, or one replay). */
    private final List<List<Workload>> units = new ArrayList<>();
    /** Every IO-producing process: the jobs (numjobs clones each) and trace replays. */
    private final List<Workload> workloads = new ArrayList<>();
    /** Sees each command issued to the drive (D) and completed (C): trace out, disk stats. */
    private final IssueTap tap;
    /** The scenario's Postmark jobs, in order (on its file system). */
    private final List<PostmarkProcess> postmark = new ArrayList<>();
    /** The file system the jobs work in, or null when they work on the drive. */
    private final FileSystem fs;
    /** Whether the result carries its time series' points ({@link #withoutTimeSeriesPoints}). */
    private boolean timeSeriesPoints = true;
    private FsPowerLoss fsPowerLoss;
    /** Counts a Postmark job's end towards the unmount, as a file job's. */
    private Runnable postmarkDone;

    /** @param trace what attaches to the block layer's tracepoints ({@link BlockTracepoints#NONE} for nothing) */
    public ScenarioRun(Scenario scenario, BlockTracepoints trace) {
        this(scenario, trace, RunMetrics.DEFAULT_INTERVAL_NS);
    }

    /**
     * @param trace      what attaches to the block layer's tracepoints ({@link BlockTracepoints#NONE} for nothing)
     * @param intervalNs the interval of the result's time series
     */
    public ScenarioRun(Scenario scenario, BlockTracepoints trace, long intervalNs) {
        this(scenario, trace, intervalNs, ReplaySource.FILES);
    }

    /**
     * @param replays where trace replays read their records ({@link ReplaySource#FILES}: their
     *                trace files; a split replay's runs: each device's records, read out once)
     */
    public ScenarioRun(Scenario scenario, BlockTracepoints trace, long intervalNs, ReplaySource replays) {
        this.scenario = scenario;
        this.replays = replays;
        this.metrics = new RunMetrics(intervalNs);
        this.sim = new Simulator(scenario.seed());
        this.flash = scenario.drive().flash() == null ? null : new FlashDrive(sim, scenario.drive().flash());
        this.disk = flash != null ? null : new Disk(sim, scenario.drive().spec(), ledger);
        HostConfig host = scenario.host();
        Hz hz = Hz.of(host.hz());
        IoScheduler scheduler = host.scheduler().create(host.scheduler().tunables().resolve(host.tunables(), hz));
        QueueSettings settings = QueueSettings.defaults().withNrRequests(host.nrRequests())
                .withMaxSectors(host.maxSectorsKb() * 2).withPlugging(host.plugging()).withHz(hz)
                .withOrderedBy(host.barrier());
        this.queue = new BlockQueue(sim, scheduler, settings, trace);
        // drive.zoned: the zone rules of a host-managed drive in front of the drive's mechanics
        this.zoned = scenario.drive().zoned() == null ? null : new ZonedDrive(sim, disk, scenario.drive().zoned());
        this.device = flash != null ? flash : zoned != null ? zoned : disk;
        this.tap = new IssueTap(sim, device);
        this.driver = new ScsiDriver(sim, queue, tap, host.queueDepth(), host.driver(),
                new CacheType(host.writeCache(), host.fua()));
        driver.foldStallsWithin(new RunSpan() { // result() asks for the stalls within the final one
            @Override
            public long firstQueuedNs() {
                return metrics.firstQueuedSoFarNs();
            }

            @Override
            public long lastCompletedNs() {
                return metrics.lastCompletedNs();
            }
        });
        BlockJob.BioIds ids = new BlockJob.BioIds();
        if (scenario.filesystem() != null) {
            this.fs = mountAndAddFileJobs(ids);
            return;
        }
        this.fs = null;
        Zbd zbd = zbdFor(scenario.jobs());
        // flow / flow_id: one group per id, each job clone's weight joined at set-up (flow_init_job)
        java.util.Map<Integer, FlowGroup> flows = new java.util.HashMap<>();
        int pid = 1;
        for (JobSpec spec : scenario.jobs()) {
            List<Workload> unit = new ArrayList<>();
            units.add(unit);
            if (spec.replay() != null) {
                queue.task(pid, spec.name());
                metrics.registerJob(pid, spec.name());
                TraceReplay replay = new TraceReplay(sim, queue, metrics, spec, pid++, ids, device.capacitySectors(), replays);
                workloads.add(replay);
                unit.add(replay);
                continue;
            }
            // numjobs: each clone is its own simulated process with its own random streams
            for (int clone = 0; clone < spec.numjobs(); clone++) {
                queue.task(pid, spec.numjobs() > 1 ? spec.name() + "." + clone : spec.name());
                metrics.registerJob(pid, spec.name()); // the clones count together, under the job's name
                // offset_increment: clone N's region starts N increments further (fio's subjob_number)
                long cloneOffset = spec.offset() + clone * spec.control().offsetIncrement();
                if (cloneOffset > device.capacitySectors() * 512) {
                    // filesetup.c setup_files: file_offset past the device's size fails the clone's set-up
                    // (err_offset); run_threads reaps it unstarted and the other clones run
                    FailedSetUp failed = new FailedSetUp(spec.withOffset(cloneOffset), pid++,
                            spec.name() + ": you need to specify valid offset=");
                    workloads.add(failed);
                    unit.add(failed);
                    continue;
                }
                boolean mtd = spec.control().mtd() != null;
                if (mtd && nand == null) {
                    nand = new io.iopath.device.flash.RawNand(io.iopath.device.flash.NandChip.of(scenario.drive().flash()));
                }
                JobSpec cloneSpec = spec.forClone(clone, mtd ? nand.chip().sizeBytes() : device.capacitySectors() * 512);
                if (mtd && spec.control().mtd().blockInfos()) {
                    long blocks = cloneSpec.size() / spec.control().mtd().trimBytes();
                    if (blocks > 8192 || blocks <= 0) {
                        // filesetup.c setup_files: more trim blocks than MAX_NR_BLOCK_INFOS fails the set-up (td_verror EINVAL)
                        FailedSetUp failed = new FailedSetUp(cloneSpec, pid++, "cannot calculate block histogram with "
                                + blocks + " trim blocks, maximum 8192");
                        workloads.add(failed);
                        unit.add(failed);
                        continue;
                    }
                }
                if (spec.ioengine().equals("cpuio")) {
                    io.iopath.workload.job.CpuioJob burner = new io.iopath.workload.job.CpuioJob(sim, spec, pid++, () -> { });
                    workloads.add(burner);
                    unit.add(burner);
                    continue;
                }
                // ioengine=mtd: the job's IO goes to the raw NAND through the MTD layer, past the block layer
                io.iopath.workload.job.MtdEngine engine = mtd
                        ? new io.iopath.workload.job.MtdEngine(sim, new NandMtdDevice(nand), spec.control().mtd().skipBad()) : null;
                BlockJob job = new BlockJob(sim, mtd ? engine : queue, metrics, cloneSpec, pid++, ids, spec.numjobs() > 1 ? clone : -1);
                if (mtd) {
                    job.attachMtd(engine);
                }
                job.deviceBytes(mtd ? nand.chip().sizeBytes() : device.capacitySectors() * 512);
                if (spec.control().zoning().mode() == JobSpec.Zoning.Mode.ZBD) {
                    job.attachZbd(zbd);
                }
                if (spec.control().flow() > 0) {
                    FlowGroup g = flows.computeIfAbsent(spec.control().flowId(), id -> new FlowGroup());
                    g.join(spec.control().flow());
                    job.attachFlow(g);
                }
                jobs.add(job);
                workloads.add(job);
                unit.add(job);
            }
        }
    }

    /**
     * fio's zone bookkeeping for the jobs with {@code zonemode=zbd}, one for the device they share
     * (zbd.c {@code zbd_create_zone_info}): the drive's zones when it is zoned, else zones of the
     * first such job's {@code zonesize} emulated (model ZBD_NONE); null when no job asks.
     */
    private Zbd zbdFor(List<JobSpec> specs) {
        JobSpec first = specs.stream().filter(j -> j.control().zoning().mode() == JobSpec.Zoning.Mode.ZBD).findFirst().orElse(null);
        if (first == null) {
            return null;
        }
        JobSpec.Zoning z = first.control().zoning();
        long capacity = device.capacitySectors() * 512;
        return new Zbd(zoned == null ? null : new ZonedDriveReport(zoned), capacity, z.zoneSize(), z.zoneCapacity(),
                z.maxOpenZones());
    }

    /**
     * mkfs + mount of the scenario's file system type on its partition, then one {@link FileJob} per job clone; the
     * kernel threads (kjournald, pdflush, kswapd) get the pids after the jobs', with their names
     * in traces. When every job has finished the file system is unmounted (its timers stop).
     */
    private FileSystem mountAndAddFileJobs(BlockJob.BioIds ids) {
        int pid = 1;
        int procs = scenario.postmark().size();
        for (JobSpec spec : scenario.jobs()) {
            procs += spec.replay() != null ? 1 : spec.numjobs();
        }
        FsPids pids = new FsPids(procs + 1, procs + 2, procs + 3);
        queue.task(pids.kjournald(), Mkfs.journalThread(scenario.filesystem().type()));
        queue.task(pids.pdflush(), "pdflush");
        queue.task(pids.kswapd(), "kswapd0");
        if (io.iopath.fs.FsConfig.XFS.equals(scenario.filesystem().type())) {
            queue.task(pids.xfsbufd(), "xfsbufd");
        }
        FileSystem mounted = Mkfs.mount(sim, queue, scenario.filesystem(), pids, ids::next, metrics::bioCompleted);
        int[] running = {0};
        Runnable jobDone = () -> {
            if (--running[0] == 0) {
                mounted.unmount();
            }
        };
        io.iopath.workload.job.FileSetUps setUps = new io.iopath.workload.job.FileSetUps();
        for (int j = 0; j < scenario.jobs().size(); j++) {
            JobSpec spec = scenario.jobs().get(j);
            List<Workload> unit = new ArrayList<>();
            units.add(unit);
            if (spec.replay() != null) {
                queue.task(pid, spec.name());
                TraceReplay replay = new TraceReplay(sim, queue, metrics, spec, pid++, ids, device.capacitySectors(), replays);
                workloads.add(replay);
                unit.add(replay);
                continue;
            }
            FileJobSpec files = scenario.fileJobs().get(j);
            for (int clone = 0; clone < spec.numjobs(); clone++) {
                String name = spec.numjobs() > 1 ? spec.name() + "." + clone : spec.name();
                queue.task(pid, name);
                FileJobSpec mine = files.forClone(spec.name(), clone, spec.numjobs());
                running[0]++;
                Workload job = spec.ioengine().equals("cpuio") ? new io.iopath.workload.job.CpuioJob(sim, spec, pid++, jobDone)
                        : io.iopath.workload.job.FileOpJob.ENGINES.contains(spec.ioengine())
                        ? new io.iopath.workload.job.FileOpJob(sim, mounted, spec, mine, pid++, ids, scenario.cpu(), jobDone)
                        : new FileJob(sim, mounted, spec, mine, pid++, ids, spec.numjobs() > 1 ? clone : -1,
                        scenario.cpu(), setUps, jobDone);
                workloads.add(job);
                unit.add(job);
            }
        }
        for (PostmarkJob job : scenario.postmark()) {
            queue.task(pid, job.name());
            running[0]++;
            postmark.add(new PostmarkProcess(sim, job.name(), job.config(), mounted, scenario.cpu(), pid++));
        }
        postmarkDone = jobDone;
        return mounted;
    }

    public ScenarioRun(Scenario scenario) {
        this(scenario, BlockTracepoints.NONE);
    }

    /** What the power failure took from the file system, when the scenario has both. */
    public java.util.Optional<FsPowerLoss> fileSystemPowerLoss() {
        return java.util.Optional.ofNullable(fsPowerLoss);
    }

    /** The mounted file system (for invariant checks), or empty for a run on the drive. */
    public java.util.Optional<io.iopath.fs.FileSystem> fileSystem() {
        return java.util.Optional.ofNullable(fs);
    }

    /** The mounted file system's statistics after {@link #execute}, or empty for a run on the drive. */
    public java.util.Optional<FsStats> fileSystemStats() {
        return fs == null ? java.util.Optional.empty() : java.util.Optional.of(fs.stats());
    }

    public static Result run(Scenario scenario) {
        return new ScenarioRun(scenario).execute(p -> { });
    }

    /**
     * Makes the result's time series {@link TimeSeries#withoutPoints}: for runs whose results are
     * only tabled beside others and held until the last one ends (a split replay's devices), so
     * that they do not each hold up to 65 536 points. Returns this run.
     */
    public ScenarioRun withoutTimeSeriesPoints() {
        timeSeriesPoints = false;
        return this;
    }

    /**
     * The run records no time series (its result's is {@link io.iopath.result.TimeSeries#NONE}):
     * for a caller whose outputs read none of it; every other figure is the same. Before {@link #execute}.
     */
    public ScenarioRun withoutTimeSeries() {
        metrics.withoutTimeSeries();
        return this;
    }

    /**
     * Runs to completion. {@code progress} receives the number of IOs completed so far, every
     * so often, for a progress bar; it never changes the outcome.
     */
    public Result execute(LongConsumer progress) {
        if (fs != null && scenario.powerFailureAtNs() != Scenario.NO_POWER_FAILURE) {
            // scheduled before the cut itself, at the same time: it sees the drive's volatile writes first
            sim.at(scenario.powerFailureAtNs(), () -> {
                List<long[]> lost = new ArrayList<>();
                for (var w : ledger.volatileWrites()) {
                    lost.add(new long[] {w.sector, w.sectors, w.ackNs()});
                }
                fsPowerLoss = fs.powerFail(lost);
            });
        }
        PowerCut powerFailure = scenario.powerFailureAtNs() == Scenario.NO_POWER_FAILURE ? null
                : PowerCut.at(sim, disk, ledger, scenario.powerFailureAtNs());
        metrics.gauges(new RunGauges(queue, disk, flash, fs == null ? null : fs.pageCache()));
        startJobs();
        long step = 1_000_000_000L; // report progress every simulated second
        // a power failure ends the run: nothing after it happens
        while (sim.pendingEvents() > 0 && (powerFailure == null || powerFailure.report().isEmpty())) {
            sim.runUntil(Math.min(sim.now() + step, powerFailure == null ? Long.MAX_VALUE : scenario.powerFailureAtNs()));
            progress.accept(completedIos());
        }
        if (powerFailure != null && powerFailure.afterTheEnd()) {
            // nothing was left to happen when the power went: no IO, no destage, no timer. A
            // report of losses "at" that time would describe a run that had already ended.
            throw new RunException(String.format(java.util.Locale.ROOT,
                    "power_failure.at: %.3f s is after the run's end: its last IO completed at %.3f s and nothing"
                            + " was happening after that; give a time before it",
                    scenario.powerFailureAtNs() / 1e9, (metrics.elapsedNs() + firstQueuedNs()) / 1e9));
        }
        PowerLossReport loss = powerFailure == null ? null : powerFailure.report().orElseThrow();
        if (loss != null && fsPowerLoss != null) {
            loss = loss.withFileSystem(fsPowerLoss.journal(), new FileSystemLoss(fsPowerLoss.bufferedPagesLost(),
                    fsPowerLoss.fsyncedBlocksLost(), fsPowerLoss.commitBlocksLost(), fs.barriers()));
        }
        return result(loss);
    }

    /**
     * Starts the jobs as fio's {@code run_threads} does: together, except that a job with
     * {@code stonewall} waits until every job before it has finished, and one with
     * {@code wait_for} until the named job has (all its clones: clones do not stonewall
     * themselves, init.c {@code add_job}).
     */
    private void startJobs() {
        ExitAll.wire(workloads); // before the stonewalls wait: a job it terminates must not start first
        List<JobSpec> specs = scenario.jobs();
        for (int i = 0; i < units.size(); i++) {
            JobSpec.Control c = specs.get(i).control();
            List<Workload> before = new ArrayList<>();
            if (c.stonewall()) {
                for (int j = 0; j < i; j++) {
                    before.addAll(units.get(j));
                }
            }
            if (c.waitFor() != null) {
                for (int j = 0; j < i; j++) {
                    if (specs.get(j).name().equals(c.waitFor())) {
                        before.addAll(units.get(j));
                    }
                }
            }
            List<Workload> unit = units.get(i);
            if (before.isEmpty()) {
                unit.forEach(Workload::start);
                continue;
            }
            int[] left = {before.size()};
            for (Workload w : before) {
                w.whenFinished(() -> {
                    if (--left[0] == 0) {
                        unit.forEach(Workload::start);
                    }
                });
            }
        }
        postmark.forEach(p -> p.start(postmarkDone)); // Postmark jobs start with the first fio jobs
    }

    /** When the first bio was queued (0 if none): the start of the span {@code elapsedNs} measures. */
    private long firstQueuedNs() {
        return metrics.firstQueuedNs();
    }

    public long completedIos() {
        long n = 0;
        for (Workload w : workloads) {
            n += w.completed();
        }
        return n;
    }

    /** The IOs the workload will issue if it is bounded by count; -1 if bounded only by time (or Postmark's). */
    public long plannedIos() {
        if (!postmark.isEmpty()) {
            return -1; // Postmark's calls are counted, not its IOs
        }
        long n = 0;
        for (Workload w : workloads) {
            if (w.spec().numberIos() == 0 || w.spec().replay() != null) {
                return -1;
            }
            n += w.spec().numberIos();
        }
        return n;
    }

    /**
     * The simulated time by which the run will have stopped issuing, when every workload is
     * bounded by time ({@code runtime}, after its {@code startdelay}) or a power failure cuts it;
     * -1 when some workload is bounded only by its IO count or its trace. The run ends a little
     * later (the last IOs complete), which a progress bar can ignore.
     */
    public long plannedEndNs() {
        long end = postmark.isEmpty() ? 0 : -1;
        for (Workload w : end < 0 ? List.<Workload>of() : workloads) {
            JobSpec spec = w.spec();
            if (spec.runtimeNs() <= 0 || spec.replay() != null) {
                end = -1;
                break;
            }
            end = Math.max(end, spec.startDelayNs() + spec.runtimeNs());
        }
        long cut = scenario.powerFailureAtNs();
        if (cut != Scenario.NO_POWER_FAILURE) {
            end = end < 0 ? cut : Math.min(end, cut);
        }
        return end;
    }

    /** A flash drive's line of the drive-queue statistics: a disk's buffer and tag counts, which it has not. */
    private static final DriveQueueStats FLASH_QUEUE = new DriveQueueStats(0, 0, 0, 0, 0, 0, 0);

    private Result result(PowerLossReport powerLoss) {
        long elapsed = metrics.elapsedNs();
        double utilisation = elapsed == 0 ? 0 : Math.min(1.0, device.busyNs() / (double) elapsed);
        return new Result(scenario.name(), scenario.seed(), device.name(), queue.scheduler().name(),
                driver.configuredQueueDepth(), elapsed, metrics.read(), metrics.write(), metrics.total(),
                utilisation, queue.bioMerges(), driver.queueFulls(), metrics.driveTimeSplit(),
                metrics.latencyCdfs(),
                new HostStats(metrics.bttRead(), metrics.bttWrite(), queue.stats(), driver.busies(),
                        driver.stallsWithin(firstQueuedNs(), firstQueuedNs() + elapsed),
                        driver.stalledNsWithin(firstQueuedNs(), firstQueuedNs() + elapsed), driver.queueDepth(), scenario.host().plugging().yamlName(), scenario.host().driver().yamlName()),
                disk == null ? FLASH_QUEUE : new DriveQueueStats(disk.meanTaggedQueue(), disk.maxTaggedQueue(), disk.meanEffectiveQueue(),
                        disk.maxEffectiveQueue(), disk.queueFullsAnswered(), disk.cacheHits(), disk.destages()),
                powerLoss, metrics.jobs(), metrics.flush(),
                timeSeriesPoints ? metrics.timeSeries() : metrics.timeSeriesShape(), disk == null ? null : disk.destageTime(),
                Provenance.of(scenario.hash()),
                fs == null ? null : FsSummary.report(scenario.filesystem().type(), fs.stats(), workloads),
                postmark.stream().map(PostmarkProcess::result).toList());
    }

    public Simulator simulator() {
        return sim;
    }

    /** The disk; null when the drive is a flash one. */
    public Disk disk() {
        return disk;
    }

    /** The flash drive, with its media statistics ({@link FlashDrive#stats}); null when the drive is a disk. */
    public FlashDrive flash() {
        return flash;
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

    public List<Workload> workloads() {
        return List.copyOf(workloads);
    }

    /** The scenario's Postmark jobs as simulated processes, in order: their results after {@link #execute}. */
    public List<PostmarkProcess> postmark() {
        return List.copyOf(postmark);
    }

    /**
     * The run as fio reports it, after {@link #execute}: per job (or per job name with
     * {@code group_reporting}) fio's statistics, and the disk's counters.
     */
    public FioResult fioResult(Result result, boolean groupReporting) {
        return FioResults.of(workloads, tap, result, groupReporting);
    }

    /** The driver-to-device tap: set a listener before {@link #execute} to see every D and C. */
    public IssueTap issueTap() {
        return tap;
    }

    /** What the raw NAND of the mtd jobs did (docs/flash.md, "Raw NAND"). */
    static String nandNote(io.iopath.device.flash.RawNand n) {
        io.iopath.device.flash.NandChip c = n.chip();
        return String.format(java.util.Locale.ROOT, "nand %s (raw, %d blocks of %d pages of %d bytes): %d pages read, %d programmed, "
                        + "%d blocks erased, %d programs of a page not erased since its last program (NAND can only clear bits; "
                        + "the MTD layer does not refuse them)", c.name(), c.eraseBlocks(), c.pagesPerBlock(), c.pageBytes(),
                n.pagesRead(), n.pagesProgrammed(), n.blocksErased(), n.reprograms());
    }

    /** The raw NAND of the run's mtd jobs; null when there are none. */
    public io.iopath.device.flash.RawNand nand() {
        return nand;
    }

    /** What the flash drive's media did: its write amplification and what the cleaner and TRIM did (docs/flash.md). */
    static String flashNote(String name, io.iopath.device.flash.FlashStats s) {
        return String.format(java.util.Locale.ROOT, "flash %s: %d pages written by the host, %d copied by the cleaner "
                + "(write amplification %.3f), %d blocks erased, %d pages trimmed, %d of %d logical pages mapped",
                name, s.hostPages(), s.gcPages(), s.writeAmplification(), s.erases(), s.trimmedPages(), s.mappedPages(),
                s.logicalPages()) + (s.gcPagesByHandle().isEmpty() ? "" : "; flexible data placement: pages copied by the "
                + "cleaner from each reclaim unit handle's blocks " + s.gcPagesByHandle());
    }

    /**
     * fio's exit status for this run (backend.c {@code exit_value}, what fio.c's {@code main}
     * returns): one for each job reaped at set-up ({@code run_threads}) and each job that ended
     * with an error ({@code reap_threads}: {@code if (td->error) exit_value++}), 0 when all went well.
     */
    public int fioExitValue() {
        int n = 0;
        for (Workload w : workloads) {
            if (w.failedSetUp() || w.error() != null) {
                n++;
            }
        }
        return n;
    }

    /** What the user must be told about the run (trace addresses wrapped, records skipped). */
    public List<String> notes() {
        Set<String> notes = new LinkedHashSet<>();
        for (Workload w : workloads) {
            notes.addAll(w.notes());
        }
        if (nand != null) {
            notes.add(nandNote(nand));
        } else if (flash != null) {
            notes.add(flashNote(flash.name(), flash.stats()));
        }
        return List.copyOf(notes);
    }
}
