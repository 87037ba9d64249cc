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

    /** Starts the job now, or after {@code startdelay}. */
    @Override
    public void start() {
        if (spec.startDelayNs() > 0) {
            sim.after(spec.startDelayNs(), this::begin);
        } else {
            begin();
        }
    }

    private void begin() {
        started = true;
        long now = sim.now();
        stats.started(now, spec.rampTimeNs());
        stopIssuingAtNs = spec.runtimeNs() == 0 ? Long.MAX_VALUE : now + spec.runtimeNs();
        fill();
    }

    /** Whether another data IO may start: the end conditions of fio's {@code td->done}. */
    private boolean moreWork() {
        if (finished) {
            return false;
        }
        if (sim.now() >= stopIssuingAtNs
                || (spec.numberIos() > 0 && issued >= spec.numberIos())
                || (!spec.timeBased() && bytesIssued >= spec.size())) {
            finished = true;
            wake.cancel();
        }
        return !finished;
    }

    /** Issues as many IOs as depth, batching, pacing and a pending flush allow. */
    private void fill() {
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
                finished = true; // a sequential pass reached the end of the region
                return;
            }
            long at = Math.max(thinkUntilNs, rateNextNs[prepared]);
            if (at > sim.now()) {
                if (at < stopIssuingAtNs) {
                    wake.scheduleAt(at);
                } else {
                    finished = true;
                }
                return;
            }
            submitPrepared();
        }
    }

    /** Chooses the next IO; false when a sequential job has covered its region (not time_based). */
    private boolean prepare() {
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
                if (!spec.timeBased()) {
                    return false;
                }
                rel = 0; // time_based: wrap to the start of the region, as fio does on a new loop
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
        Bio bio = new Bio(ids.next(), op, preparedOffset / 512, (int) (preparedBytes / 512), flags, processId, spec.ioprio(), onDone);
        issued++;
        bytesIssued += preparedBytes;
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

    private void issueFlush() {
        syncInFlight = true;
        inFlight++;
        stats.submitted(Op.FLUSH, inFlight);
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
    }

    private void done(Bio bio) {
        inFlight--;
        completed++;
        metrics.bioCompleted(bio, stats);
        fill();
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
