package io.iopath.experiment;

import io.iopath.block.BioSink;
import io.iopath.block.BlockQueue;
import io.iopath.block.BlockTracepoints;
import io.iopath.block.QueueSettings;
import io.iopath.block.sched.Hz;
import io.iopath.block.sched.IoScheduler;
import io.iopath.device.BlockDevice;
import io.iopath.device.IssueTap;
import io.iopath.device.disk.Disk;
import io.iopath.driver.CacheType;
import io.iopath.driver.RunSpan;
import io.iopath.driver.ScsiDriver;
import io.iopath.durability.DurabilityLedger;
import io.iopath.fs.FileSystem;
import io.iopath.fs.FsPids;
import io.iopath.fs.mount.Mkfs;
import io.iopath.fs.FsPowerLoss;
import io.iopath.fs.bdev.BlockDeviceFile;
import io.iopath.fs.ext3.Ext3;
import io.iopath.metrics.RunMetrics;
import io.iopath.metrics.fio.JobStats;
import io.iopath.request.Op;
import io.iopath.request.Request;
import io.iopath.result.DriveQueueStats;
import io.iopath.result.FioResult;
import io.iopath.result.HostStats;
import io.iopath.result.PowerLossReport;
import io.iopath.result.Provenance;
import io.iopath.result.Result;
import io.iopath.result.VirtualPowerLoss;
import io.iopath.result.VirtualResult;
import io.iopath.scenario.HostConfig;
import io.iopath.scenario.Scenario;
import io.iopath.scenario.VirtualScenario;
import io.iopath.sim.Simulator;
import io.iopath.virt.FileImage;
import io.iopath.virt.HostImage;
import io.iopath.virt.MediaVersions;
import io.iopath.virt.VolumeImage;
import io.iopath.virt.VirtualDisk;
import io.iopath.workload.FileJobSpec;
import io.iopath.workload.JobSpec;
import io.iopath.workload.Workload;
import io.iopath.workload.job.BlockJob;
import io.iopath.workload.job.FileJob;
import java.util.ArrayList;
import java.util.List;

/**
 * A guest on a virtual disk, assembled from the same layers as a {@link ScenarioRun}, twice
 * (spec §7.3): guest jobs → guest file system and page cache (or O_DIRECT) → guest block queue and
 * scheduler → guest driver → {@link VirtualDisk} → QEMU → the image, a raw volume opened buffered
 * or O_DIRECT ({@link BlockDeviceFile}: the host page cache) → host block queue and scheduler →
 * host driver → the physical drive with its own write cache and the durability ledger.
 *
 * <p>A power failure of the host at the scenario's time stops everything and counts the losses of
 * each level ({@link VirtualPowerLoss}).
 */
public final class VirtualRun {
    private final VirtualScenario scenario;
    private final Simulator sim;
    private final DurabilityLedger ledger = new DurabilityLedger();
    private final MediaVersions media = new MediaVersions(ledger);
    private final Disk disk;
    private final IssueTap hostTap;
    private final BlockQueue hostQueue;
    private final ScsiDriver hostDriver;
    private final HostImage image;
    private final VirtualDisk vdisk;
    private final IssueTap guestTap;
    private final BlockQueue guestQueue;
    private final ScsiDriver guestDriver;
    private final RunMetrics guestMetrics;
    private final RunMetrics hostMetrics = new RunMetrics();
    private final List<Workload> workloads = new ArrayList<>();
    private final FileSystem guestFs;
    private long driveFlushes;
    private VirtualPowerLoss powerLoss;
    private boolean cutAfterTheEnd;

    /** @param hostTrace what attaches to the host block layer's tracepoints */
    public VirtualRun(VirtualScenario scenario, BlockTracepoints hostTrace) {
        this(scenario, hostTrace, RunMetrics.DEFAULT_INTERVAL_NS);
    }

    /**
     * @param hostTrace  what attaches to the host block layer's tracepoints
     * @param intervalNs the interval of the guest's time series
     */
    public VirtualRun(VirtualScenario scenario, BlockTracepoints hostTrace, long intervalNs) {
        this.scenario = scenario;
        this.guestMetrics = new RunMetrics(intervalNs);
        Scenario host = scenario.host();
        this.sim = new Simulator(host.seed());
        // the host level: drive, ledger, queue, driver — as ScenarioRun builds them
        this.disk = new Disk(sim, host.drive().spec(), media);
        this.hostTap = new IssueTap(sim, media.watching(disk));
        hostTap.setListener(new IssueTap.Listener() {
            @Override
            public void issued(Request rq, long nowNs) {
                if (rq.op == Op.FLUSH) {
                    driveFlushes++;
                }
            }

            @Override
            public void completed(Request rq, long nowNs) {
            }
        });
        this.hostQueue = queue(sim, host.host(), hostTrace);
        this.hostDriver = new ScsiDriver(sim, hostQueue, hostTap, host.host().queueDepth(), host.host().driver(),
                new CacheType(host.host().writeCache(), host.host().fua()));
        hostDriver.foldStallsWithin(RunSpan.WHOLE_TIME); // neither driver is asked for a span's stalls: keep no episode
        // QEMU and the host's kernel threads
        int qemuPid = 1;
        hostQueue.task(qemuPid, "qemu");
        hostQueue.task(2, "pdflush");
        hostQueue.task(3, "kswapd0");
        BlockJob.BioIds hostIds = new BlockJob.BioIds();
        BioSink stamped = media.stamping(hostQueue);
        if (scenario.hostFs() == null) {
            BlockDeviceFile volume = new BlockDeviceFile(sim, stamped, scenario.qemu().volumeOffsetBytes() / 512,
                    scenario.qemu().volumeSizeBytes(), scenario.hostVm(), 2, 3, hostIds::next, hostMetrics::bioCompleted);
            this.image = new VolumeImage(volume, scenario.qemu().volumeOffsetBytes() / 512);
        } else {
            // the host's ext3 with the image file, made before the run (qemu-img create and a full write)
            hostQueue.task(4, "kjournald");
            Ext3 hostFs = new Ext3(sim, stamped, scenario.hostFs(), new FsPids(4, 2, 3), hostIds::next, hostMetrics::bioCompleted);
            this.image = new FileImage(hostFs, hostFs.preallocate(scenario.qemu().imageFile(), scenario.qemu().volumeSizeBytes()),
                    scenario.qemu().cache().direct());
        }
        this.vdisk = new VirtualDisk(sim, scenario.qemu(), image, media, qemuPid);
        // the guest level: the same queue and driver classes on the virtual disk
        HostConfig guest = scenario.guestHost();
        this.guestTap = new IssueTap(sim, vdisk);
        this.guestQueue = queue(sim, guest, BlockTracepoints.NONE);
        int depth = Math.min(guest.queueDepth(), scenario.qemu().queueDepth());
        this.guestDriver = new ScsiDriver(sim, guestQueue, guestTap, depth, guest.driver(),
                new CacheType(guest.writeCache(), guest.fua()));
        guestDriver.foldStallsWithin(RunSpan.WHOLE_TIME);
        BlockJob.BioIds ids = new BlockJob.BioIds();
        this.guestFs = scenario.guestFs() == null ? null : mountAndAddFileJobs(ids);
        if (guestFs == null) {
            int pid = 1;
            for (JobSpec spec : scenario.guestJobs()) {
                for (int clone = 0; clone < spec.numjobs(); clone++) {
                    guestQueue.task(pid, spec.numjobs() > 1 ? spec.name() + "." + clone : spec.name());
                    guestMetrics.registerJob(pid, spec.name());
                    JobSpec cloneSpec = spec.forClone(clone, scenario.qemu().volumeSizeBytes());
                    BlockJob job = new BlockJob(sim, guestQueue, guestMetrics, cloneSpec, pid++, ids, spec.numjobs() > 1 ? clone : -1);
                    job.deviceBytes(scenario.qemu().volumeSizeBytes());
                    workloads.add(job);
                }
            }
        }
    }

    public VirtualRun(VirtualScenario scenario) {
        this(scenario, BlockTracepoints.NONE);
    }

    static BlockQueue queue(Simulator sim, HostConfig host, BlockTracepoints trace) {
        Hz hz = Hz.of(host.hz());
        IoScheduler scheduler = host.scheduler().create(host.scheduler().tunables().resolve(host.tunables(), hz));
        QueueSettings settings = QueueSettings.defaults().withNrRequests(host.nrRequests())
                .withMaxSectors(host.maxSectorsKb() * 2).withPlugging(host.plugging()).withHz(hz)
                .withOrderedBy(host.barrier());
        return new BlockQueue(sim, scheduler, settings, trace);
    }

    /** The guest's mkfs and mount (ext3, ReiserFS or XFS) on its virtual disk, and a file job per job clone. */
    private FileSystem mountAndAddFileJobs(BlockJob.BioIds ids) {
        int procs = 0;
        for (JobSpec spec : scenario.guestJobs()) {
            procs += spec.numjobs();
        }
        FsPids pids = new FsPids(procs + 1, procs + 2, procs + 3);
        guestQueue.task(pids.kjournald(), Mkfs.journalThread(scenario.guestFs().type()));
        guestQueue.task(pids.pdflush(), "pdflush");
        guestQueue.task(pids.kswapd(), "kswapd0");
        if (io.iopath.fs.FsConfig.XFS.equals(scenario.guestFs().type())) {
            guestQueue.task(pids.xfsbufd(), "xfsbufd");
        }
        FileSystem ext3 = Mkfs.mount(sim, guestQueue, scenario.guestFs(), pids, ids::next, guestMetrics::bioCompleted);
        int[] running = {0};
        Runnable jobDone = () -> {
            if (--running[0] == 0) {
                ext3.unmount();
                image.close();
            }
        };
        int pid = 1;
        for (int j = 0; j < scenario.guestJobs().size(); j++) {
            JobSpec spec = scenario.guestJobs().get(j);
            FileJobSpec files = scenario.guestFileJobs().get(j);
            for (int clone = 0; clone < spec.numjobs(); clone++) {
                guestQueue.task(pid, spec.numjobs() > 1 ? spec.name() + "." + clone : spec.name());
                FileJobSpec mine = files.forClone(spec.name(), clone, spec.numjobs());
                running[0]++;
                // a guest's calls are not charged CPU time yet (a guest scenario has no cpu: section)
                workloads.add(new FileJob(sim, ext3, spec, mine, pid++, ids, spec.numjobs() > 1 ? clone : -1,
                        io.iopath.fs.CpuCost.NONE, jobDone));
            }
        }
        return ext3;
    }

    /** Runs to the end of the guest's jobs, or to the host's power failure. */
    public VirtualResult execute() {
        long cut = scenario.host().powerFailureAtNs();
        if (cut != Scenario.NO_POWER_FAILURE) {
            sim.at(cut, this::powerFail);
        }
        if (guestFs == null) {
            int[] left = {workloads.size()};
            for (Workload w : workloads) {
                w.whenFinished(() -> {
                    if (--left[0] == 0) {
                        image.close(); // pdflush's timer would keep the run going
                    }
                });
            }
        }
        workloads.forEach(Workload::start);
        sim.run();
        if (cutAfterTheEnd) {
            throw new RunException(String.format(java.util.Locale.ROOT,
                    "power_failure.at: %.3f s is after the run's end: nothing was happening any more; give a time before it",
                    cut / 1e9));
        }
        return result();
    }

    /**
     * The host loses power: first what each level held is counted against the media as it is
     * (the guest's acknowledged writes, the host page cache, the guest file system's fsync'd
     * blocks), then the drive drops its buffer and the ledger counts its own losses.
     */
    private void powerFail() {
        cutAfterTheEnd = sim.pendingEvents() == 0;
        VirtualDisk.GuestLoss guest = vdisk.guestLossNow();
        List<long[]> driveLost = new ArrayList<>();
        for (var w : ledger.volatileWrites()) {
            driveLost.add(new long[] {w.sector, w.sectors});
        }
        long hostPages = image.powerFail(driveLost);
        FsPowerLoss fs = guestFs == null ? null : guestFs.powerFail(guest.guestExtents());
        PowerLossReport drive = PowerCut.now(sim, disk, ledger);
        powerLoss = new VirtualPowerLoss(sim.now(), guest.ackedLost(), guest.flushedLost(),
                fs == null ? 0 : fs.fsyncedBlocksLost(), fs == null ? 0 : fs.bufferedPagesLost(), hostPages, drive);
        sim.stop();
    }

    private VirtualResult result() {
        long elapsed = guestMetrics.elapsedNs();
        double utilisation = elapsed == 0 ? 0 : Math.min(1.0, vdisk.busyNs() / (double) elapsed);
        HostConfig g = scenario.guestHost();
        Result guest = new Result(scenario.host().name(), scenario.host().seed(), vdisk.name(), guestQueue.scheduler().name(),
                guestDriver.configuredQueueDepth(), elapsed, guestMetrics.read(), guestMetrics.write(), guestMetrics.total(),
                utilisation, guestQueue.bioMerges(), guestDriver.queueFulls(), guestMetrics.driveTimeSplit(),
                guestMetrics.latencyCdfs(),
                new HostStats(guestMetrics.bttRead(), guestMetrics.bttWrite(), guestQueue.stats(), guestDriver.busies(),
                        guestDriver.stalls(), guestDriver.stalledNs(), guestDriver.queueDepth(), g.plugging().yamlName(),
                        g.driver().yamlName()),
                null /* the virtual disk has no command queue or buffer of a drive: the physical drive's are the VirtualResult's */,
                null /* the drive's losses are one level of powerLoss */, guestMetrics.jobs(), guestMetrics.flush(), guestMetrics.timeSeries(),
                null, Provenance.of(scenario.host().hash()),
                guestFs == null ? null : FsSummary.report(scenario.guestFs().type(), guestFs.stats(), workloads), List.of());
        DriveQueueStats driveQueue = new DriveQueueStats(disk.meanTaggedQueue(), disk.maxTaggedQueue(), disk.meanEffectiveQueue(),
                disk.maxEffectiveQueue(), disk.queueFullsAnswered(), disk.cacheHits(), disk.destages());
        return new VirtualResult(guest, application(), scenario.qemu().cache().label(), scenario.qemu().device().yamlName(),
                scenario.host().drive().spec().cache().writeCache(), hostTap.ios(0), hostTap.ios(1), driveFlushes, driveQueue,
                hostMetrics.driveTimeSplit(), disk.destageTime(),
                vdisk.flushes(), vdisk.hostFdatasyncs(), vdisk.completedBeforeDurable(), powerLoss);
    }

    /**
     * The guest's jobs as fio reports them: reads and writes, clat percentiles over them and the
     * fsyncs; the runtime ends at the power failure when there is one.
     */
    private VirtualResult.AppStats application() {
        JobStats all = new JobStats();
        long runtime = 0;
        for (Workload w : workloads) {
            all.addAll(w.stats());
            // cut by the power failure, a job ran until the cut, whether or not it was blocked then
            long ran = powerLoss == null || w.stats().startNs < 0 ? w.stats().runtimeNs() : powerLoss.atNs() - w.stats().startNs;
            runtime = Math.max(runtime, ran);
        }
        JobStats rw = new JobStats();
        rw.read.addAll(all.read);
        rw.read.addAll(all.write);
        long ops = rw.read.ios;
        rw.read.addAll(all.sync); // fsync's wait is what a mail server's delivery waits for
        FioResult.Direction d = rw.snapshot(new double[] {50, 99}).read();
        return new VirtualResult.AppStats(ops, runtime, d.clatPercentiles().get(0), d.clatPercentiles().get(1));
    }

    public Simulator simulator() {
        return sim;
    }

    /** The guest's jobs as fio inside the guest reports them (fio's output formats), its disk the virtual one. */
    public FioResult fioResult(VirtualResult r) {
        return FioResults.of(workloads, guestTap, scenario.qemu().device().guestDiskName, r.guest(), false);
    }

    /** The host's driver-to-drive tap: set a listener before {@link #execute} to see every D and C. */
    public IssueTap driveTap() {
        return hostTap;
    }

    /** The guest's driver-to-virtual-disk tap: set a listener before {@link #execute} to see every guest D and C. */
    public IssueTap guestTap() {
        return guestTap;
    }

    public VirtualDisk virtualDisk() {
        return vdisk;
    }

    public DurabilityLedger ledger() {
        return ledger;
    }

    public MediaVersions media() {
        return media;
    }
}
