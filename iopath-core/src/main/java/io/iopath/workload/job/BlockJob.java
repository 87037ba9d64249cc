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
    private final Timer wake;
    private final long align;
    private final long regionBlocks;
    private final int depth;

    private final long[] nextSequential = new long[2];
    private final long[] rateNextNs = new long[2];
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
    /** verify: the writes to read back (offset, bytes), how many, the next one, and the phase. */
    private long[] pieceOffset = new long[0];
    private int[] pieceLen = new int[0];
    private int pieces;
    private int verifyNext;
    private boolean verifying;
    private boolean regionDone;
    private final java.util.List<Runnable> onFinished = new java.util.ArrayList<>(1);
    private long preparedOffset;
    private long preparedBytes;

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
        this.align = spec.blockAlign();
        this.regionBlocks = spec.size() / align;
        this.distribution = OffsetDistribution.of(spec.distribution(), regionBlocks);
        this.randomMap = spec.rw().random && spec.randomMap() && regionBlocks < RandomMap.MAX_BLOCKS ? new RandomMap(regionBlocks) : null;
        this.depth = spec.effectiveDepth();
        this.wake = sim.timer("job." + spec.name() + ".wake", this::fill);
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
        if (finished && inFlight == 0 && !onFinished.isEmpty()) {
            java.util.List<Runnable> waiting = new java.util.ArrayList<>(onFinished);
            onFinished.clear();
            waiting.forEach(Runnable::run);
        }
    }

    private void begin() {
        started = true;
        long now = sim.now();
        stats.started(now, spec.rampTimeNs());
        // fio counts runtime, size and number_ios from the end of ramp_time (ramp_time_over ->
        // reset_all_stats resets the epoch and the IO counters), so the ramp comes on top
        stopIssuingAtNs = spec.runtimeNs() == 0 ? Long.MAX_VALUE : now + spec.rampTimeNs() + spec.runtimeNs();
        bytesToTransfer = spec.control().bytesToTransfer(spec.size());
        if (spec.rampTimeNs() > 0) {
            sim.after(spec.rampTimeNs(), () -> {
                issuedForLimit = 0;
                bytesForLimit = 0;
            });
        }
        fill();
    }

    /** Whether another data IO may start: the end conditions of fio's {@code td->done}. */
    private boolean moreWork() {
        if (finished) {
            return false;
        }
        if (verifying) {
            if (verifyNext >= pieces) {
                finished = true;
            }
            return !finished;
        }
        if (regionDone || sim.now() >= stopIssuingAtNs
                || (spec.numberIos() > 0 && issuedForLimit >= spec.numberIos())
                || (!spec.timeBased() && bytesForLimit >= bytesToTransfer)) {
            if (pieces > 0) {
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
     * The verify phase's order: fio reads back its {@code io_hist_list} in the order written,
     * or, when offsets may repeat (random without the random map), its rb-tree by offset
     * ({@code log_io_piece}, {@code fio_offset_overlap_risk}), keeping the newest of a repeat.
     */
    private void startVerify() {
        verifying = true;
        wake.cancel();
        if (spec.rw().random && !spec.randomMap()) {
            Integer[] order = new Integer[pieces];
            for (int i = 0; i < pieces; i++) {
                order[i] = i;
            }
            java.util.Arrays.sort(order, (a, b) -> pieceOffset[a] != pieceOffset[b]
                    ? Long.compare(pieceOffset[a], pieceOffset[b]) : Integer.compare(b, a));
            long[] off = new long[pieces];
            int[] len = new int[pieces];
            int n = 0;
            for (Integer i : order) {
                if (n > 0 && off[n - 1] == pieceOffset[i]) {
                    continue; // an older write of the same block: fio's rb-tree keeps the newest
                }
                off[n] = pieceOffset[i];
                len[n] = pieceLen[i];
                n++;
            }
            pieceOffset = off;
            pieceLen = len;
            pieces = n;
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
        if (!started) {
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
            if (prepared < 0 && !prepare()) {
                if (pieces > 0 && !verifying) {
                    regionDone = true; // verify once the writes complete
                    moreWork();
                    continue;
                }
                finished = true; // a sequential pass reached the end of the region
                return;
            }
            long at = Math.max(thinkUntilNs, rateNextNs[prepared]);
            if (at > sim.now()) {
                if (at < stopIssuingAtNs || verifying) {
                    wake.scheduleAt(at);
                } else if (pieces > 0) {
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

    /** IOs queued since the last submission call. */
    private int sinceCommit;

    /** Chooses the next IO; false when a sequential job has covered its region (not time_based). */
    private boolean prepare() {
        if (verifying) {
            prepared = 0;
            preparedOffset = pieceOffset[verifyNext];
            preparedBytes = pieceLen[verifyNext];
            verifyNext++;
            return true;
        }
        Op op = switch (spec.rw()) {
            case READ, RANDREAD -> Op.READ;
            case WRITE, RANDWRITE -> Op.WRITE;
            case RANDRW, RW -> directions.nextInt(100) < spec.rwmixread() ? Op.READ : Op.WRITE;
        };
        int d = op == Op.READ ? 0 : 1;
        JobSpec.BlockSizes.Choice choice = d == 0 ? spec.blockSizes().read() : spec.blockSizes().write();
        long bs = blockSize(choice);
        long rel;
        if (spec.rw().random) {
            rel = randomOffset(bs);
        } else {
            rel = nextSequential[d];
            if (rel + bs > spec.size()) {
                // a new pass from the start of the region: time_based, loops or io_size left
                boolean again = spec.timeBased() || ++pass < spec.control().loops()
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
        return true;
    }

    private long blockSize(JobSpec.BlockSizes.Choice c) {
        if (!c.splitSizes().isEmpty()) {
            int p = sizes.nextInt(100);
            for (int i = 0; i < c.splitSizes().size(); i++) {
                p -= c.splitPercents().get(i);
                if (p < 0) {
                    return c.splitSizes().get(i);
                }
            }
            return c.splitSizes().get(c.splitSizes().size() - 1);
        }
        if (c.min() == c.max()) {
            return c.min();
        }
        // bsrange: a multiple of the minimum, uniformly over the range (fio without bs_unaligned).
        long steps = c.max() / c.min();
        return c.min() * (1 + sizes.nextLong(steps));
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
        Op op = d == 0 ? Op.READ : Op.WRITE;
        long now = sim.now();
        if (spec.rateBytes().get(d) > 0) {
            rateNextNs[d] = Math.max(rateNextNs[d], now) + preparedBytes * 1_000_000_000L / spec.rateBytes().get(d);
        }
        if (spec.rateIops().get(d) > 0) {
            rateNextNs[d] = Math.max(rateNextNs[d], now) + 1_000_000_000L / spec.rateIops().get(d);
        }
        // O_DIRECT writes are submitted as synchronous IO (REQ_SYNC), as the kernel does.
        int flags = op == Op.WRITE ? Flags.SYNC : 0;
        if (op == Op.WRITE && spec.writeBarrierEvery() > 0 && ++writesSinceBarrier >= spec.writeBarrierEvery()) {
            // fio's write_barrier: a barrier write (2.6 WRITE_BARRIER; today PREFLUSH | FUA, a journal commit)
            writesSinceBarrier = 0;
            flags |= Flags.PREFLUSH | Flags.FUA;
        }
        if (spec.passthrough()) {
            flags |= Flags.PASSTHROUGH; // sg, io_uring_cmd, libblkio's user-space drivers: past merging and the scheduler
        }
        if (op == Op.WRITE && spec.control().verify()) {
            logPiece(preparedOffset, preparedBytes);
        }
        Bio bio = new Bio(ids.next(), op, preparedOffset / 512, (int) (preparedBytes / 512), flags, processId, spec.ioprio(), onDone);
        issued++;
        bytesIssued += preparedBytes;
        issuedForLimit++;
        bytesForLimit += preparedBytes;
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

    /** fio's {@code log_io_piece}: what a verify phase reads back. */
    private void logPiece(long offset, long bytes) {
        if (pieces == pieceOffset.length) {
            pieceOffset = java.util.Arrays.copyOf(pieceOffset, Math.max(64, pieces * 2));
            pieceLen = java.util.Arrays.copyOf(pieceLen, pieceOffset.length);
        }
        pieceOffset[pieces] = offset;
        pieceLen[pieces] = (int) bytes;
        pieces++;
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
        metrics.bioCompleted(bio, stats); // the run's statistics count reads and writes only
        fill();
        signalIfFinished();
    }

    private void done(Bio bio) {
        inFlight--;
        completed++;
        metrics.bioCompleted(bio, stats);
        fill();
        signalIfFinished();
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

    @Override
    public java.util.List<String> notes() {
        if (spec.rw().random && spec.randomMap() && randomMap == null) {
            return java.util.List.of("job " + spec.name() + ": region of " + regionBlocks
                    + " blocks is too large for a random map; offsets drawn as with norandommap");
        }
        return java.util.List.of();
    }
}
