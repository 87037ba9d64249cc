package io.iopath.workload.job;

import io.iopath.block.BioSink;
import io.iopath.metrics.RunMetrics;
import io.iopath.metrics.fio.JobStats;
import io.iopath.request.Bio;
import io.iopath.request.Flags;
import io.iopath.request.Op;
import io.iopath.sim.Simulator;
import io.iopath.sim.Timer;
import io.iopath.workload.JobSpec;
import io.iopath.workload.ReadWrite;
import io.iopath.workload.Waiters;
import java.util.SplittableRandom;

/**
 * A simulated process running one fio job against the block device with O_DIRECT; its bios go to a {@link BioSink}.
 *
 * <p>Submission: an asynchronous engine (libaio, io_uring) keeps up to {@code iodepth} IOs in
 * flight, submitting {@code iodepth_batch} at a time; a synchronous engine (psync, sync) one.
 * Pacing: {@code thinktime} after every {@code thinktime_blocks} IOs, {@code rate} and
 * {@code rate_iops} per direction, {@code startdelay}. slat is non-zero only when the block
 * layer makes the job sleep for a request (there is no CPU model). Addresses: sequential per direction
 * (holes with {@code rw=…:N}), or random by {@code random_distribution}, each block once per
 * pass unless {@code norandommap}. End: {@code size} bytes done (looping until
 * {@code runtime} with {@code time_based}), {@code number_ios}, or {@code runtime}. With
 * {@code fsync}/{@code fdatasync}=N, after every N writes the job waits for its IOs and sends a
 * flush (REQ_OP_FLUSH, as {@code blkdev_issue_flush} does for a block device).
 */
public final class BlockJob implements io.iopath.workload.Workload {
    private final Simulator sim;
    private final BioSink sink;
    private final RunMetrics metrics;
    private final JobSpec spec;
    private final int processId;
    private final BioIds ids;
    private final SplittableRandom offsets;
    private final SplittableRandom directions;
    private final SplittableRandom sizes;
    private final OffsetDistribution distribution;
    private final RandomMap randomMap;
    private final JobStats stats = new JobStats();
    /**
     * Bytes per sector in the job's offsets and sizes: 512, or an extended LBA's data plus
     * metadata, fio's {@code lba_ext} ({@code slba = offset / lba_ext}: engines/nvme.h {@code get_slba}).
     */
    private final int sectorBytes;
    private final Timer wake;
    private final long align;
    private final long regionBlocks;
    private final int depth;

    /** Per direction as fio numbers them: 0 read, 1 write, 2 trim. */
    private final long[] nextSequential = new long[3];
    private final long[] rateNextNs = new long[3];
    /** trimwrite: the block just trimmed is to be written next (io_u.c set_rw_ddir), at this offset and size. */
    private boolean trimWritePending;
    private long trimmedOffset;
    private long trimmedBytes;
    /** The prepared trim's ranges past its first (num_range, a multi-range Dataset Management), or null. */
    private long[] preparedRanges;
    private long randomRunLeft;
    private long randomRunNext;
    private long issued;
    private long completed;
    private long bytesIssued;
    private int inFlight;
    private long stopIssuingAtNs = Long.MAX_VALUE;
    private long thinkUntilNs;
    private long sinceThink;
    private long writesSinceSync;
    private long writesSinceBarrier;
    private boolean syncDue;
    private boolean syncInFlight;
    private boolean started;
    private boolean finished;
    private boolean pendingThink;
    /** The completion callbacks, made once rather than per bio. */
    private final io.iopath.request.BioCompletion onDone = this::done;
    private final io.iopath.request.BioCompletion onFlushDone = this::flushDone;
    private int prepared = -1;
    /** IOs and bytes that count towards number_ios and size / loops / io_size: since ramp_time ended. */
    private long issuedForLimit;
    private long bytesForLimit;
    private long bytesToTransfer;
    /** Passes over the region a sequential job has begun after its first. */
    private int pass;
    /** fio's real_file_size: the device's bytes ({@link #deviceBytes}). */
    private long deviceBytes;
    /** The loop being done, with verify (each loop verified: {@link #verifyEachLoop}). */
    private int loop;
    /** verify: the writes to read back, fio's io_hist (shared with file jobs). */
    private final VerifyLog verifyLog;
    /** The direction of the last data IO to complete, 0 read, 1 write, -1 none yet (fio's {@code last_ddir_completed}). */
    private int lastCompletedDir = -1;
    /** Whether the prepared IO reads back a logged write; it does not count towards size or number_ios. */
    private boolean preparedVerify;
    /** rate_process=poisson: the draws of the gaps between IOs; null otherwise. */
    private final SplittableRandom arrivals;
    /** write_mode=A/p:B/q: the draws of each write's command (fio's {@code wmode_state}); null otherwise. */
    private final SplittableRandom writeModes;
    /** plid_select=random: the draws of each write's placement identifier (fio's {@code fdp_state}); null otherwise. */
    private final SplittableRandom placements;
    /** plid_select=roundrobin: the index of the next write's placement identifier (fio's {@code pli_loc}). */
    private int placementNext;
    /** zonemode=zbd: fio's zone bookkeeping shared by the run's jobs, and this job's part of it; null otherwise. */
    private Zbd zbd;
    private Zbd.Job zoneJob;
    /** The prepared IO still has to go through zbd_adjust_block. */
    private boolean needsZoneAdjust;
    /** A zone reset is in progress: the job waits for it (fio's reset is a synchronous ioctl). */
    private boolean resetting;
    /** The first IO error, as fio reports it; the job ended there (fio's default continue_on_error=none). */
    private String ioError;
    /** flow / flow_id: the job's flow group and how many IOs it counted there; null without flow. */
    private FlowGroup flow;
    private long flowCounter;
    /** flow_sleep: the job is held back and sleeps after its IOs complete. */
    private boolean flowSleeping;
    private final Runnable flowRetry = this::retryAfterFlow;
    /** zonemode=strided: the current stripe's start, relative to the region, and the bytes done in it (fio's zone_bytes). */
    private long stripeStart;
    private long stripeBytes;
    private boolean verifying;
    private boolean regionDone;
    private final Waiters onFinished = new Waiters();
    private long preparedOffset;
    private long preparedBytes;
    /** rate_min / rate_iops_min: fio's check after completions, and the bytes and IOs done per direction since the epoch. */
    private final MinRateCheck minRate;
    /** The minimum rate was not met: fio's check_min_rate failure (EIO), which ended the job. */
    private String rateError;
    /** exitall: another job's end terminated this one (fio's td->terminate). */
    private boolean terminated;

    /** Bio identifiers unique across the jobs of one run. */
    public static final class BioIds {
        private long next;

        public long next() {
            return next++;
        }
    }

    public BlockJob(Simulator sim, BioSink sink, RunMetrics metrics, JobSpec spec, int processId, BioIds ids) {
        this(sim, sink, metrics, spec, processId, ids, -1);
    }

    /**
     * @param clone which of the job's {@code numjobs} clones this is (-1 for a job of one); each
     *              clone draws from its own random streams
     */
    public BlockJob(Simulator sim, BioSink sink, RunMetrics metrics, JobSpec spec, int processId, BioIds ids, int clone) {
        this.sim = sim;
        this.sink = sink;
        this.metrics = metrics;
        this.spec = spec;
        this.processId = processId;
        this.ids = ids;
        String base = "job." + spec.name() + (clone >= 0 ? "." + clone : "") + (spec.randseed() >= 0 ? ".randseed=" + spec.randseed() : "");
        this.offsets = sim.randoms().stream(base + ".offset");
        this.directions = sim.randoms().stream(base + ".rwmix");
        this.sizes = sim.randoms().stream(base + ".bs");
        this.arrivals = spec.control().poissonRate() ? sim.randoms().stream(base + ".poisson") : null;
        this.writeModes = spec.commands().mixed() ? sim.randoms().stream(base + ".wmode") : null;
        JobSpec.Commands.Placement placement = spec.commands().placement();
        this.placements = placement != null && placement.random() ? sim.randoms().stream(base + ".fdp") : null;
        this.sectorBytes = spec.commands().hostSectorBytes();
        stats.sectorBytes(sectorBytes);
        this.align = spec.blockAlign();
        this.regionBlocks = spec.size() / align;
        this.distribution = OffsetDistribution.of(spec.distribution(), regionBlocks, spec.blockSizes().write().min());
        this.randomMap = spec.rw().random && spec.randomMap() && regionBlocks < RandomMap.MAX_BLOCKS ? new RandomMap(regionBlocks) : null;
        this.depth = spec.effectiveDepth();
        this.wake = sim.timer("job." + spec.name() + ".wake", this::fill);
        this.verifyLog = new VerifyLog(spec.control().verifyBacklog() > 0, spec.verifyByOffset());
        this.minRate = new MinRateCheck(spec.control().minRate(), spec.name());
    }

    /**
     * The device's size in bytes, fio's {@code real_file_size} of the job's file: where a holed
     * sequential job ({@code rw=write:N}) wraps or stops ({@link #holed}). Without it, the region's end.
     */
    public void deviceBytes(long bytes) {
        this.deviceBytes = bytes;
    }

    /** zonemode=zbd: the run's fio zone bookkeeping (one per device, as fio's zbd_info is per file). */
    public void attachZbd(Zbd zbd) {
        this.zbd = zbd;
        this.zoneJob = zbd.job(spec);
    }

    private void retryAfterFlow() {
        sim.after(0, this::fill);
    }

    /** flow: the job's flow group (its weight already joined, as flow_init_job does at set-up). */
    public void attachFlow(FlowGroup group) {
        this.flow = group;
    }

    /** Zone resets this job did (fio's "zone resets" on its write line); 0 without zonemode=zbd. */
    public long zoneResets() {
        return zoneJob == null ? 0 : zoneJob.resets();
    }

    /**
     * Starts the job now, or when {@code startdelay} from the start of the run has passed (fio's
     * {@code run_threads} compares it with the time since genesis, so a job that waited for
     * others is not delayed again).
     */
    @Override
    public void start() {
        long wait = spec.startDelayNs() - sim.now();
        if (wait > 0) {
            sim.after(wait, this::begin);
        } else {
            begin();
        }
    }

    @Override
    public void whenFinished(Runnable r) {
        onFinished.add(r);
    }

    /** After the last completion: tell whoever waits for this job (stonewall, wait_for), once. */
    private void signalIfFinished() {
        if (finished && inFlight == 0 && flow != null) {
            FlowGroup g = flow;
            flow = null;
            g.leave(flowCounter, spec.control().flow()); // flow_exit_job
        }
        if (finished && inFlight == 0) {
            onFinished.release();
        }
    }

    private void begin() {
        if (terminated) {
            return; // terminated during its startdelay: it never runs
        }
        started = true;
        long now = sim.now();
        stats.started(now, spec.rampTimeNs());
        // fio counts runtime, size and number_ios from the end of ramp_time (ramp_time_over ->
        // reset_all_stats resets the epoch and the IO counters), so the ramp comes on top
        stopIssuingAtNs = spec.runtimeNs() == 0 ? Long.MAX_VALUE : now + spec.rampTimeNs() + spec.runtimeNs();
        // sprandom_init sets io_size to the physical size; setup_files multiplies io_size by loops, and with
        // verify each loop is its own do_io of one loop's bytes (io_bytes_exceeded counts this_io_bytes)
        long perLoop = distribution instanceof SpRandom spr ? spr.physicalBytes()
                : spec.control().ioSize() > 0 ? spec.control().ioSize() : spec.size();
        bytesToTransfer = verifyEachLoop() ? perLoop
                : distribution instanceof SpRandom ? perLoop * spec.control().loops()
                : spec.control().bytesToTransfer(spec.size());
        if (spec.rw().trimWrite()) {
            // backend.c do_io: "each byte is trimmed and then written", so twice the bytes
            bytesToTransfer *= 2;
        }
        if (arrivals != null) {
            // usec_for_io adds each gap to last_usec, counted from the job's start (td->start)
            rateNextNs[0] = now;
            rateNextNs[1] = now;
        }
        if (spec.rampTimeNs() > 0) {
            sim.after(spec.rampTimeNs(), () -> {
                issuedForLimit = 0;
                bytesForLimit = 0;
                rampOver();
            });
        } else {
            rampOver();
        }
        fill();
    }

    /** The ramp is over (or there is none): fio's reset_all_stats, a new epoch for the minimum rate. */
    private void rampOver() {
        minRate.started(sim.now());
    }

    /** Whether another data IO may start: the end conditions of fio's {@code td->done}. */
    private boolean moreWork() {
        if (finished) {
            return false;
        }
        if (verifying) {
            if (!verifyLog.hasNext()) {
                if (loopsLeftToVerify()) {
                    if (inFlight > 0) {
                        return false; // do_verify waits for its reads before the next loop's do_io
                    }
                    nextLoop();
                    return true;
                }
                finished = true;
            }
            return !finished;
        }
        if (regionDone || sim.now() >= stopIssuingAtNs
                || (spec.numberIos() > 0 && issuedForLimit >= (spec.rw().trimWrite() ? 2 * spec.numberIos() : spec.numberIos()))
                || (!spec.timeBased() && bytesForLimit >= bytesToTransfer)) {
            if (verifyLog.logged() > 0) {
                // backend.c: do_io ends, its IOs complete, then do_verify reads every block back
                if (inFlight > 0 || syncDue) {
                    return false;
                }
                startVerify();
                return true;
            }
            finished = true;
            wake.cancel();
        }
        return !finished;
    }

    /**
     * verify with loops: backend.c {@code thread_main} runs {@code do_io} then {@code do_verify}
     * once per loop ({@code keep_running} counts the loops down), so each loop's writes are read
     * back before the next loop writes. Not time_based: there fio's loop ends at the runtime.
     */
    private boolean verifyEachLoop() {
        return spec.control().verify() && spec.control().loops() > 1 && !spec.timeBased();
    }

    private boolean loopsLeftToVerify() {
        if (sim.now() >= stopIssuingAtNs || terminated) {
            return false;
        }
        if (verifyEachLoop() && loop + 1 < spec.control().loops()) {
            return true;
        }
        if (!holedVerify() || spec.numberIos() > 0 && issued >= spec.numberIos()) {
            return false; // keep_running: exceeds_number_ios ends the job
        }
        // backend.c keep_running once the loops are done: another loop while the bytes read and
        // written (td->io_bytes, the verify reads included) are short of io_size (or size) by a block
        long limit = spec.control().ioSize() > 0 ? spec.control().ioSize() : spec.size();
        return limit - bytesIssued >= spec.blockSizes().max();
    }

    /** fio's td_write: the job writes (rw=write, rw, trimwrite). */
    private boolean writes() {
        return spec.rw() == ReadWrite.WRITE || spec.rw() == ReadWrite.RW || spec.rw() == ReadWrite.TRIMWRITE;
    }

    /** A holed sequential write job with verify: each pass ends at the region's end and is read back ({@link #holed}). */
    private boolean holedVerify() {
        return spec.rwSuffix() > 0 && !spec.rw().random && spec.control().verify() && !spec.timeBased()
                && spec.control().zoning().mode() != JobSpec.Zoning.Mode.STRIDED;
    }

    /**
     * The next loop: clear_io_state (the offsets from the region's start, the random map empty,
     * this loop's bytes at 0) and prune_io_piece_log (the verify history forgotten).
     */
    private void nextLoop() {
        loop++;
        verifying = false;
        regionDone = false;
        verifyLog.clear();
        nextSequential[0] = 0;
        nextSequential[1] = 0;
        stripeStart = 0;
        stripeBytes = 0;
        randomRunLeft = 0;
        if (randomMap != null) {
            randomMap.newPass();
        }
        bytesForLimit = 0;
    }

    /**
     * The verify phase's order: fio reads back its {@code io_hist_list} in the order written,
     * or, when offsets may repeat, its rb-tree by offset ({@link JobSpec#verifyByOffset}),
     * keeping the newest of a repeat.
     */
    private void startVerify() {
        verifying = true;
        wake.cancel();
        if (spec.verifyByOffset()) {
            verifyLog.orderByOffset();
        }
    }

    /**
     * Issues as many IOs as depth, batching, pacing and a pending flush allow; the IOs of one
     * call not yet committed go down in one submission call (fio's commit at the end of a
     * queueing round).
     */
    private void fill() {
        fillSlots();
        stats.committed();
        sinceCommit = 0;
    }

    private void fillSlots() {
        if (!started || resetting || flowSleeping) {
            return;
        }
        if (syncDue) {
            if (inFlight == 0 && !syncInFlight) {
                issueFlush();
            }
            return;
        }
        if (pendingThink) {
            // fio's handle_thinktime: wait for the IOs in flight (io_u_quiesce), then stall
            if (inFlight > 0) {
                return;
            }
            pendingThink = false;
            thinkUntilNs = sim.now() + spec.thinktimeNs();
        }
        int free = depth - inFlight;
        int batch = spec.iodepthBatch();
        if (free < batch && inFlight > 0) {
            return; // iodepth_batch: submit only when a whole batch fits
        }
        while (inFlight < depth && !syncDue && !pendingThink && moreWork()) {
            if (prepared < 0 && flow != null && heldByFlow()) {
                return;
            }
            if (prepared < 0 && !prepare()) {
                if (verifyLog.logged() > 0 && !verifying) {
                    regionDone = true; // verify once the writes complete
                    moreWork();
                    continue;
                }
                finished = true; // a sequential pass reached the end of the region
                return;
            }
            if (needsZoneAdjust && !adjustForZones()) {
                return;
            }
            if (prepared < 0) {
                continue; // zbd_adjust_block ended the job's IO (io_u_eof)
            }
            long at = Math.max(thinkUntilNs, rateNextNs[prepared]);
            if (at > sim.now()) {
                if (at < stopIssuingAtNs || verifying) {
                    wake.scheduleAt(at);
                } else if (verifyLog.logged() > 0) {
                    regionDone = true;
                    moreWork();
                } else {
                    finished = true;
                }
                return;
            }
            submitPrepared();
            if (++sinceCommit >= batch || !spec.asyncEngine()) {
                // td_io_queue commits when iodepth_batch IOs are queued; a sync engine submits each
                sinceCommit = 0;
                stats.committed();
            }
        }
    }

    /**
     * flow_threshold_exceeded before each IO (backend.c do_io): held back, the job waits for the
     * others' IOs (flow_sleep=0: fio spins until they come), or with {@code flow_sleep} waits for
     * its own IOs and sleeps that long; else the IO counts in the group.
     */
    private boolean heldByFlow() {
        int weight = spec.control().flow();
        if (flow.exceeded(flowCounter, weight)) {
            long sleepNs = spec.control().flowSleepNs();
            if (sleepNs > 0) {
                if (inFlight == 0) {
                    flowSleeping = true;
                    sim.after(sleepNs, () -> {
                        flowSleeping = false;
                        fill();
                    });
                }
            } else {
                flow.await(flowRetry);
            }
            return true;
        }
        flowCounter++;
        flow.counted();
        return false;
    }

    /**
     * zbd_adjust_block on the prepared IO: moves it to a write pointer, or waits for the IOs in
     * flight, resets a zone, or ends the IO phase. False when the job must wait.
     */
    private boolean adjustForZones() {
        boolean write = prepared == 1;
        Zbd.Action a = prepared == 2 ? zbd.adjustTrim(zoneJob, preparedOffset, preparedBytes)
                : zbd.adjust(zoneJob, write, preparedOffset, preparedBytes, inFlight > 0);
        switch (a) {
            case ACCEPT -> {
                needsZoneAdjust = false;
                preparedOffset = zoneJob.offset;
                preparedBytes = zoneJob.length;
                if (!spec.rw().random) {
                    nextSequential[prepared] = preparedOffset - spec.offset() + preparedBytes; // get_io_u: last_pos after adjusting
                }
                return true;
            }
            case QUIESCE -> {
                return false; // a completion calls fill() again
            }
            case RESET -> {
                resetting = true;
                long before = zoneJob.resets();
                zbd.reset(zoneJob, zoneJob.zone, () -> {
                    resetting = false;
                    stats.zoneResets += zoneJob.resets() - before; // an empty zone is not reset (and not counted)
                    sim.after(0, this::fill); // the reset's ioctl returns; the job goes on
                });
                return false;
            }
            default -> {
                needsZoneAdjust = false;
                prepared = -1;
                if (zoneJob.error != null && ioError == null) {
                    ioError = zoneJob.error;
                }
                if (verifyLog.logged() > 0 && !verifying) {
                    regionDone = true;
                    moreWork();
                } else {
                    finished = true;
                    wake.cancel();
                }
                return true;
            }
        }
    }

    /**
     * io_u.c setup_strided_zone_mode for a sequential job: after {@code zonesize} bytes the next
     * stripe begins {@code zonerange + zoneskip} further on, from the start again past the end.
     */
    private void strideIfDue(int d) {
        JobSpec.Zoning z = spec.control().zoning();
        if (stripeBytes >= z.zoneSize()) {
            stripeBytes = 0;
            stripeStart += z.zoneRange() + z.zoneSkip();
            if (spec.offset() + stripeStart >= capacityEnd()) {
                stripeStart = 0;
            }
            nextSequential[d] = stripeStart;
        }
        if (nextSequential[d] >= stripeStart + z.zoneRange()) {
            nextSequential[d] = stripeStart; // zonesize > zonerange: the same stripe again
        }
    }

    /** The end of the region as fio's real_file_size sees it for strides: the region's end. */
    private long capacityEnd() {
        return spec.offset() + spec.size();
    }

    /** IOs queued since the last submission call. */
    private int sinceCommit;

    /** The job's mtd engine (ioengine=mtd: its IO goes to raw NAND, docs/flash.md "Raw NAND"), or null. */
    private MtdEngine mtd;
    /** Errors the job went on after (continue_on_error / ignore_error: td_error.c update_error_count). */
    private long nonFatalErrors;
    private int firstNonFatal;
    /** The errno and verror of the error the mtd job ended with (td->error), or 0 / null. */
    private int mtdErrno;
    private String mtdVerror;
    /** fio's {@code f->last_start} per direction, for trimwrite of two sizes (io_u.c set_rw_ddir); -1: none yet. */
    private final long[] lastStart = {-1, -1, -1};

    /** Sends the job's IO through fio's mtd engine to raw NAND ({@code sink} is that engine). */
    public void attachMtd(MtdEngine engine) {
        this.mtd = engine;
        if (spec.control().mtd().gtodReduce()) {
            stats.reduceGtod();
        }
        if (spec.control().mtd().blockInfos()) {
            long trim = spec.control().mtd().trimBytes();
            stats.countBlockTrims((int) (spec.size() / trim), spec.offset(), trim); // ScenarioRun refused more than 8192
        }
    }

    /**
     * Sequential trimwrite whose trims and writes differ in size (the mtd engine's erase block and
     * page, or {@code bs=r,w,t}): io_u.c {@code set_rw_ddir} trims when the last write started
     * where the last trim did, else writes, each direction at its own next sequential offset
     * ({@code last_pos}) and of its own size, so the writes of a block follow its trim and the
     * next block is trimmed after its first write (real fio 3.33, {@code --rw=trimwrite
     * --bs=4k,4k,8k --ioengine=null --write_iolog}: trim 0 8192, write 0 4096, trim 8192 8192,
     * write 4096 4096, write 8192 4096). With equal sizes this is the trim-then-write pairing of
     * {@link #prepare}. A new loop starts both over (fio_file_reset). False when the job is done.
     */
    private boolean prepareSizedTrimWrite() {
        for (int attempt = 0; attempt < 2; attempt++) {
            int d = lastStart[1] == lastStart[2] ? 2 : 1;
            long bs = d == 2 ? (mtd != null ? spec.control().mtd().trimBytes() : blockSize(spec.blockSizes().trim()))
                    : blockSize(spec.blockSizes().write());
            long rel = nextSequential[d];
            if (rel + bs > spec.size()) {
                if (!(spec.timeBased() || ++pass < spec.control().loops())) {
                    return false;
                }
                nextSequential[1] = 0;
                nextSequential[2] = 0;
                java.util.Arrays.fill(lastStart, -1);
                continue;
            }
            nextSequential[d] = rel + bs;
            lastStart[d] = rel;
            prepared = d;
            preparedOffset = spec.offset() + rel;
            preparedBytes = bs;
            return true;
        }
        return false;
    }

    /** Chooses the next IO; false when a sequential job has covered its region (not time_based). */
    private boolean prepare() {
        preparedVerify = false;
        needsZoneAdjust = false;
        if (verifying) {
            prepared = 0;
            int piece = verifyLog.take();
            preparedOffset = verifyLog.offset(piece);
            preparedBytes = verifyLog.length(piece);
            return true;
        }
        if (spec.control().verifyBacklog() > 0 && backlogVerify()) {
            return true;
        }
        preparedRanges = null;
        if (spec.rw() == io.iopath.workload.ReadWrite.TRIMWRITE
                && (mtd != null || !spec.blockSizes().trim().equals(spec.blockSizes().write()))) {
            return prepareSizedTrimWrite();
        }
        if (trimWritePending) {
            // io_u.c set_rw_ddir with td_trimwrite: the last trim's block is written next, at its offset
            // (get_next_block, get_next_buflen: last_start / last_pos of DDIR_TRIM)
            trimWritePending = false;
            prepared = 1;
            preparedOffset = trimmedOffset;
            preparedBytes = trimmedBytes;
            needsZoneAdjust = zbd != null;
            return true;
        }
        Op op = switch (spec.rw()) {
            case READ, RANDREAD -> Op.READ;
            case WRITE, RANDWRITE -> Op.WRITE;
            case RANDRW, RW -> directions.nextInt(100) < spec.rwmixread() ? Op.READ : Op.WRITE;
            case TRIM, RANDTRIM, TRIMWRITE, RANDTRIMWRITE -> Op.DISCARD; // on a drive with TRIM, or zone resets under zonemode=zbd (JobSection)
        };
        int d = op == Op.READ ? 0 : op == Op.WRITE ? 1 : 2;
        // fio's trim block size is the write one unless given (bs=r,w,t)
        JobSpec.BlockSizes.Choice choice = d == 0 ? spec.blockSizes().read() : d == 1 ? spec.blockSizes().write() : spec.blockSizes().trim();
        long bs = d == 2 && mtd != null ? spec.control().mtd().trimBytes() : blockSize(choice);
        long rel;
        if (spec.rw().random) {
            rel = randomOffset(bs);
            if (rel < 0) {
                return false;
            }
        } else if (spec.rwSuffix() < 0) {
            rel = backwards(d, bs);
        } else if (spec.rwSuffix() > 0 && spec.control().zoning().mode() != JobSpec.Zoning.Mode.STRIDED) {
            rel = holed(d, bs, choice.min() == choice.max() && choice.splitSizes().isEmpty());
            if (rel < 0) {
                return false;
            }
        } else {
            if (spec.control().zoning().mode() == JobSpec.Zoning.Mode.STRIDED) {
                strideIfDue(d);
                stripeBytes += bs;
            }
            rel = nextSequential[d];
            if (rel + bs > spec.size()) {
                // a new pass from the start of the region: time_based, loops or io_size left
                boolean again = spec.timeBased() || !verifyEachLoop() && ++pass < spec.control().loops()
                        || (spec.control().ioSize() > 0 && bytesForLimit < spec.control().ioSize());
                if (!again) {
                    return false;
                }
                rel = 0;
            }
            nextSequential[d] = rel + bs + spec.rwSuffix();
        }
        prepared = d;
        preparedOffset = spec.offset() + rel;
        preparedBytes = bs;
        needsZoneAdjust = zbd != null;
        if (d == 2 && spec.rw().trimWrite()) {
            trimWritePending = true;
            trimmedOffset = preparedOffset;
            trimmedBytes = bs;
        } else if (d == 2 && spec.commands().numRange() > 1) {
            moreRanges(bs);
        }
        return true;
    }

    /**
     * io_u.c {@code fill_multi_range_io_u}: a trim of {@code num_range} ranges, each at the next
     * offset the job would take (random, or the next sequential block) and of the block size;
     * fewer when a sequential job reaches its region's end. The IO's length is their sum.
     */
    private void moreRanges(long bs) {
        int n = spec.commands().numRange();
        long[] r = new long[2 * n];
        r[0] = preparedOffset / sectorBytes;
        r[1] = bs / sectorBytes;
        int k = 1;
        for (; k < n; k++) {
            long rel;
            if (spec.rw().random) {
                rel = randomOffset(bs);
            } else {
                rel = nextSequential[2];
                if (rel + bs > spec.size()) {
                    break;
                }
                nextSequential[2] = rel + bs + spec.rwSuffix();
            }
            r[2 * k] = (spec.offset() + rel) / sectorBytes;
            r[2 * k + 1] = bs / sectorBytes;
            preparedBytes += bs;
        }
        preparedRanges = k == n ? r : java.util.Arrays.copyOf(r, 2 * k);
    }

    /** verify_backlog: the next IO reads back the oldest logged write when a batch is due ({@link VerifyLog#backlogDue}). */
    private boolean backlogVerify() {
        if (!verifyLog.backlogDue(spec.control().verifyBacklog(), spec.control().verifyBacklogBatch(), lastCompletedDir == 0)) {
            return false;
        }
        prepared = 0;
        preparedVerify = true;
        int piece = verifyLog.take();
        preparedOffset = verifyLog.offset(piece);
        preparedBytes = verifyLog.length(piece);
        return true;
    }

    /**
     * {@code rw=read:-N}: io_u.c {@code get_next_seq_offset} with a negative {@code ddir_seq_add}:
     * each IO starts N bytes before the end of the previous one; the first at the start of the
     * region, and one that would start before it wraps to the end of the region, less N.
     */
    private long backwards(int d, long bs) {
        long pos = nextSequential[d]; // fio's last_pos: where the previous IO ended (0: none yet)
        if (pos != 0) {
            pos += spec.rwSuffix();
            if (pos < 0) {
                pos = spec.size() + spec.rwSuffix();
            }
        }
        pos = Math.max(0, Math.min(pos, spec.size() - bs));
        nextSequential[d] = pos + bs;
        return pos;
    }

    /**
     * {@code rw=write:N}: io_u.c {@code get_next_seq_offset} with a positive {@code ddir_seq_add}
     * and {@code get_next_offset}. Each IO starts N bytes after the end of the previous one (the
     * first at the region's start). time_based, and a write job whose {@code io_size} is above
     * {@code size}, go back to the start once the previous IO ended at or past the region's end.
     * A position at or past the device's end restarts at {@code offset}, which fio then adds to
     * the region's start again (it compares and sets its relative position with the file's
     * absolute values). A position at or past the region's end ends the pass: do_io stops (fio's
     * get_io_u fails), and with verify the pass is read back before keep_running starts the next
     * ({@link #loopsLeftToVerify}); without verify the next pass is the same as a wrap to the
     * start. A fixed block size may run past the region's end (get_next_buflen returns it
     * unchecked) but not past the device's.
     *
     * @return the offset in the region, or -1 when the pass has ended
     */
    private long holed(int d, long bs, boolean fixedBs) {
        long device = deviceBytes > 0 ? deviceBytes : capacityEnd();
        long end = nextSequential[d]; // fio's last_pos, from the region's start
        if ((spec.timeBased() || writes() && spec.control().ioSize() > spec.size()) && end >= spec.size()) {
            end = 0;
        }
        long pos = end;
        if (pos != 0) {
            pos += spec.rwSuffix();
            if (pos >= device) {
                pos = spec.offset();
            }
        }
        if (pos >= spec.size() || !fixedBs && pos + bs > spec.size() || spec.offset() + pos + bs > device) {
            // time_based goes on to the runtime (a verify phase there is read when the runtime ends)
            boolean again = spec.timeBased() || !spec.control().verify() && (++pass < spec.control().loops()
                    || spec.control().ioSize() > 0 && bytesForLimit < spec.control().ioSize());
            if (!again || bs > spec.size()) {
                return -1;
            }
            pos = 0;
        }
        nextSequential[d] = pos + bs;
        return pos;
    }

    private long blockSize(JobSpec.BlockSizes.Choice c) {
        return c.draw(sizes);
    }

    private long randomOffset(long bs) {
        int span = (int) Math.max(1, (bs + align - 1) / align);
        long block;
        if (spec.rwSuffix() > 0 && randomRunLeft > 0) {
            block = randomRunNext; // rw=randread:N: N-1 sequential IOs after each random one
            randomRunLeft--;
            if (block + span > regionBlocks) {
                block = 0;
            }
        } else {
            block = distribution.next(offsets);
            if (block < 0) {
                return -1; // SPRandom is done (io_u.c __get_next_rand_offset_sprandom sets td->done)
            }
            if (spec.rwSuffix() > 0) {
                randomRunLeft = spec.rwSuffix() - 1;
            }
        }
        if (block + span > regionBlocks) {
            block = regionBlocks - span;
        }
        if (randomMap != null) {
            block = randomMap.claim(block, span);
        }
        randomRunNext = block + span;
        return block * align;
    }

    private void submitPrepared() {
        int d = prepared;
        prepared = -1;
        Op op = d == 0 ? Op.READ : d == 1 ? Op.WRITE : Op.DISCARD;
        long now = sim.now();
        if (d < 2) { // rate / rate_iops are read and write caps here; a trim is not paced
            if (arrivals != null) {
                rateNextNs[d] += poissonGapNs(d);
            } else if (spec.rateBytes().get(d) > 0) {
                rateNextNs[d] = Math.max(rateNextNs[d], now) + preparedBytes * 1_000_000_000L / spec.rateBytes().get(d);
            }
            if (arrivals == null && spec.rateIops().get(d) > 0) {
                rateNextNs[d] = Math.max(rateNextNs[d], now) + 1_000_000_000L / spec.rateIops().get(d);
            }
        }
        if (op == Op.DISCARD && zbd != null) {
            trimZone(now); // zbd.c zbd_do_io_u_trim: fio resets the zone rather than discarding
            return;
        }
        // O_DIRECT writes are submitted as synchronous IO (REQ_SYNC), as the kernel does.
        int flags = op == Op.WRITE ? Flags.SYNC : 0;
        if (op == Op.WRITE && spec.writeBarrierEvery() > 0 && ++writesSinceBarrier >= spec.writeBarrierEvery()) {
            // fio's write_barrier: a barrier write (2.6 WRITE_BARRIER; today PREFLUSH | FUA, a journal commit)
            writesSinceBarrier = 0;
            flags |= Flags.PREFLUSH | Flags.FUA;
        }
        if (op == Op.WRITE && spec.control().syncIo() != JobSpec.SyncIo.NONE && !spec.passthrough()) {
            // O_SYNC / O_DSYNC with O_DIRECT on a block device: a FUA write (block/fops.c dio_bio_write_op);
            // a pass-through engine builds its own commands, which the open flags do not change
            flags |= Flags.FUA;
        }
        io.iopath.request.DriveCommand command = null;
        int placementId = -1;
        if (spec.passthrough()) {
            flags |= Flags.PASSTHROUGH; // sg, io_uring_cmd, libblkio's user-space drivers: past merging and the scheduler
            JobSpec.Commands c = spec.commands();
            if (op == Op.WRITE) {
                command = c.writeCommand(writeModes == null ? 0 : writeModes.nextInt(100));
                if (c.placement() != null && command == null) {
                    placementId = nextPlacement(c.placement(), preparedOffset);
                }
            }
            if (op == Op.WRITE ? c.writeFua() && (command == null || command == io.iopath.request.DriveCommand.ZONE_APPEND)
                    : op == Op.READ && c.readFua()) {
                flags |= Flags.FUA; // the command's own FUA bit: the block layer's flush machinery never sees it
            }
        }
        long id = ids.next();
        if (op == Op.WRITE && spec.control().verify()) {
            verifyLog.log(0, preparedOffset, preparedBytes, id);
        }
        if (zbd != null) {
            zbd.queued(zoneJob, op == Op.WRITE, preparedOffset, preparedBytes);
        }
        Bio bio = new Bio(id, op, preparedOffset / sectorBytes, (int) (preparedBytes / sectorBytes), flags, processId, spec.ioprio(), onDone);
        bio.command = command;
        bio.ranges = preparedRanges;
        bio.placementId = placementId;
        issued++;
        bytesIssued += preparedBytes;
        if (!preparedVerify) {
            // fio adds size to the bytes a job with verify_backlog may issue (do_io's total_bytes)
            issuedForLimit++;
            bytesForLimit += preparedBytes;
        }
        inFlight++;
        stats.submitted(op, inFlight);
        if (spec.thinktimeNs() > 0 && ++sinceThink >= spec.thinktimeBlocks()) {
            sinceThink = 0;
            pendingThink = true;
        }
        if (op == Op.WRITE && spec.fsyncEvery() > 0 && ++writesSinceSync >= spec.fsyncEvery()) {
            writesSinceSync = 0;
            syncDue = true;
        }
        bio.submittedNs = now;
        sink.submit(bio);
    }

    /**
     * The placement identifier of the next write (dataplacement.c {@code dp_fill_dspec_data}):
     * round robin over the job's identifiers from the first, one drawn uniformly
     * ({@code rand_between(&td->fdp_state, 0, nr_ruhs - 1)}), or the scheme's for its offset.
     */
    private int nextPlacement(JobSpec.Commands.Placement p, long offset) {
        if (p.scheme() != null) {
            return p.schemeId(offset);
        }
        int n = p.ids().size();
        if (placements != null) {
            return p.ids().get(placements.nextInt(n));
        }
        if (placementNext >= n) {
            placementNext = 0;
        }
        return p.ids().get(placementNext++);
    }

    /**
     * A trim under zonemode=zbd (the only trims a job sends here): io_u.c {@code do_io_u_trim}
     * calls zbd.c {@code zbd_do_io_u_trim}, which resets the zone at the trim's offset (RESET
     * WRITE POINTER, when it holds data: {@code zbd_reset_zone}) and completes the IO with its
     * whole length; the engine's queue call returns when the reset's ioctl does. A trim off a
     * zone's start fails (EINVAL); one on a conventional zone is a discard (os_trim), which
     * iopath's drives, without TRIM, refuse (EOPNOTSUPP).
     */
    private void trimZone(long now) {
        if (now == lastTrimNs) {
            // trims of empty zones take no simulated time (no CPU model): a time_based job of them
            // would never reach its runtime, so past this many in a row it stops, and says so
            if (++trimsAtThisInstant > FileJob.MAX_CALLS_WITHOUT_TIME) {
                stoppedTimeless = true;
                finished = true;
                wake.cancel();
                signalIfFinished();
                return;
            }
        } else {
            lastTrimNs = now;
            trimsAtThisInstant = 0;
        }
        long offset = preparedOffset;
        long bytes = preparedBytes;
        issued++;
        bytesIssued += bytes;
        issuedForLimit++;
        bytesForLimit += bytes;
        inFlight++;
        stats.submitted(Op.DISCARD, inFlight);
        if (spec.thinktimeNs() > 0 && ++sinceThink >= spec.thinktimeBlocks()) {
            sinceThink = 0;
            pendingThink = true;
        }
        long before = zoneJob.resets();
        Runnable done = () -> {
            inFlight--;
            completed++;
            lastCompletedDir = 2;
            stats.zoneResets += zoneJob.resets() - before; // zbd_reset_zone counts only a zone with data
            stats.trimCompleted(now, sim.now(), bytes, offset, io.iopath.request.IoPrio.ioClass(spec.ioprio()) == 1);
            fill();
            signalIfFinished();
        };
        // an empty zone's reset returns at once: the completion still comes through the event queue
        int errno = zbd.trim(zoneJob, offset, () -> sim.after(0, done));
        if (errno != 0) {
            inFlight--;
            trimErrno = errno;
            ioError = "io_u error: trim offset=" + offset + ", buflen=" + bytes + ": "
                    + io.iopath.result.FioResult.Error.strerror(errno) + " (" + errno + ")";
            finished = true;
            wake.cancel();
            stats.reaped(now);
            signalIfFinished();
        }
    }

    /**
     * backend.c {@code usec_for_io} with {@code rate_process=poisson}: the rate as IOs per second
     * of the smallest block ({@code rate_iops} is kept as bytes, rate_iops × min bs, by
     * {@code setup_rate}), and a gap of {@code (1000000 / iops) × -ln(u)} µs, u in (0, 1].
     */
    private long poissonGapNs(int d) {
        long minBs = d == 0 ? spec.blockSizes().read().min() : spec.blockSizes().write().min();
        long bps = spec.rateBytes().get(d) > 0 ? spec.rateBytes().get(d) : spec.rateIops().get(d) * minBs;
        long iops = bps / minBs;
        if (iops <= 0) {
            return 0;
        }
        double u = 1.0 - arrivals.nextDouble();
        return (long) ((1_000_000 / iops) * -Math.log(u)) * 1_000L;
    }

    private void issueFlush() {
        syncInFlight = true;
        inFlight++;
        stats.committed();
        sinceCommit = 0;
        stats.submitted(Op.FLUSH, inFlight);
        stats.committed(); // libaio syncs inline (fio_libaio_queue), one call
        Bio flush = new Bio(ids.next(), Op.FLUSH, 0, 0, Flags.SYNC | Flags.PREFLUSH, processId, spec.ioprio(), onFlushDone);
        flush.submittedNs = sim.now();
        sink.submit(flush);
    }

    private void flushDone(Bio bio) {
        inFlight--;
        syncInFlight = false;
        syncDue = false;
        lastCompletedDir = 2; // fio's DDIR_SYNC: not a read, so a verify backlog may start after it
        metrics.bioCompleted(bio, stats); // the run's statistics count reads and writes only
        fill();
        signalIfFinished();
    }

    private void done(Bio bio) {
        inFlight--;
        completed++;
        lastCompletedDir = bio.op == Op.READ ? 0 : bio.op == Op.WRITE ? 1 : 2;
        if (zbd != null) {
            zbd.completed(zoneJob, bio.op == Op.WRITE, bio.sector * sectorBytes, (long) bio.sectors * sectorBytes);
        }
        if (mtd != null && bio.error != 0) {
            mtdFailed(bio);
            return;
        }
        if (bio.error != 0 && ioError == null) {
            // fio's td_verror with continue_on_error=none: the job stops at its first failed IO
            ioError = "io_u error: " + (bio.op == Op.WRITE ? "write" : "read") + " offset=" + bio.sector * sectorBytes + ", buflen="
                    + (long) bio.sectors * sectorBytes + ": Input/output error (" + -bio.error + ")";
            finished = true;
            prepared = -1;
            wake.cancel();
        }
        if (bio.op == Op.WRITE && spec.control().verifyBacklog() > 0) {
            verifyLog.completed(bio.id);
        }
        if (minRate.active() && !verifying && rateError == null) {
            checkMinRate(bio);
        }
        metrics.bioCompleted(bio, stats);
        fill();
        signalIfFinished();
    }

    /**
     * An mtd IO that failed (io_u.c {@code io_completed}): it is not counted in the job's bytes or
     * latencies; when {@code continue_on_error} / {@code ignore_error} make its error non-fatal
     * (td_non_fatal_error) it is counted ({@code update_error_count}), the error cleared and the
     * job goes on, else the job ends with the engine's first td_verror.
     */
    private void mtdFailed(Bio bio) {
        int errno = -bio.error;
        int ddir = bio.op == Op.READ ? 0 : bio.op == Op.WRITE ? 1 : 2;
        stats.reaped(sim.now());
        if (spec.control().mtd().nonFatal(ddir, errno)) {
            if (nonFatalErrors++ == 0) {
                firstNonFatal = errno;
            }
            mtd.clearError();
            long now = sim.now();
            if (now != lastFailNs) {
                lastFailNs = now;
                failsAtThisInstant = 0;
            } else if (++failsAtThisInstant > FileJob.MAX_CALLS_WITHOUT_TIME) {
                // IOs refused before reaching the chip take no simulated time (no CPU model): a
                // time_based job of them would never reach its runtime, so it stops, and says so
                stoppedFailing = true;
                finished = true;
                prepared = -1;
                wake.cancel();
            }
        } else if (ioError == null) {
            ioError = "io_u error: " + (ddir == 0 ? "read" : ddir == 1 ? "write" : "trim") + " offset=" + bio.sector * 512
                    + ", buflen=" + bio.sectors * 512L + ": " + io.iopath.result.FioResult.Error.strerror(errno) + " (" + errno + ")";
            mtdErrno = mtd.firstErrno();
            mtdVerror = mtd.verror();
            finished = true;
            prepared = -1;
            wake.cancel();
        }
        fill();
        signalIfFinished();
    }

    private long lastFailNs = -1;
    private long failsAtThisInstant;
    private boolean stoppedFailing;

    @Override
    public boolean continueOnError() {
        return mtd != null && spec.control().mtd().continueOnError() != 0;
    }

    @Override
    public long errorCount() {
        return nonFatalErrors;
    }

    @Override
    public int firstError() {
        return firstNonFatal;
    }

    @Override
    public String verror() {
        return mtdVerror != null ? mtdVerror : io.iopath.workload.Workload.super.verror();
    }

    /** backend.c do_io: after completions, check_min_rate; a failure ends the job's IO (td_verror EIO). */
    private void checkMinRate(Bio bio) {
        String failure = minRate.completed(sim.now(), bio.op == Op.READ ? 0 : 1, (long) bio.sectors * sectorBytes);
        if (failure != null) {
            rateError = failure;
            finished = true;
            prepared = -1;
            wake.cancel();
        }
    }

    @Override
    public void terminate() {
        if (terminated || finished) {
            return;
        }
        terminated = true;
        finished = true; // do_io's loop sees td->terminate and stops issuing; IOs in flight complete
        prepared = -1;
        wake.cancel();
        signalIfFinished(); // not started, or nothing in flight: finished now
    }

    @Override
    public boolean running() {
        return started && !finished && sim.now() >= stats.startNs + spec.rampTimeNs();
    }

    @Override
    public String error() {
        return rateError != null ? rateError : ioError;
    }

    private long lastTrimNs = -1;
    private long trimsAtThisInstant;
    private boolean stoppedTimeless;

    /** The errno a zbd trim failed with (zbd.c zbd_do_io_u_trim, os_trim), or 0. */
    private int trimErrno;

    @Override
    public int errno() {
        return mtdErrno != 0 ? mtdErrno : trimErrno;
    }



    public long issued() {
        return issued;
    }

    @Override
    public long completed() {
        return completed;
    }

    public int inFlight() {
        return inFlight;
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

    /** The job's first IO error as fio reports it, or null. */
    public String ioError() {
        return ioError;
    }

    @Override
    public java.util.List<String> notes() {
        if (ioError != null) {
            return java.util.List.of("job " + spec.name() + ": fio: " + ioError);
        }
        if (rateError != null) {
            return java.util.List.of("job " + spec.name() + ": fio: " + rateError + "; the job ended with err=5"
                    + " (Input/output error, func=check_min_rate)");
        }
        if (stoppedFailing) {
            return java.util.List.of("job " + spec.name() + ": stopped: " + FileJob.MAX_CALLS_WITHOUT_TIME
                    + " IOs in a row failed without simulated time (errors ignore_error lets it go on after)");
        }
        if (stoppedTimeless) {
            return java.util.List.of("job " + spec.name() + ": stopped before its runtime: " + FileJob.MAX_CALLS_WITHOUT_TIME
                    + " trims in a row took no simulated time (resets of empty zones)");
        }
        if (spec.rw().random && spec.randomMap() && randomMap == null) {
            return java.util.List.of("job " + spec.name() + ": region of " + regionBlocks
                    + " blocks is too large for a random map; offsets drawn as with norandommap");
        }
        return java.util.List.of();
    }
}
