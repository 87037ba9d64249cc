package io.iopath.metrics.fio;

import io.iopath.request.Bio;
import io.iopath.request.Op;
import io.iopath.result.FioResult;
import java.util.ArrayList;
import java.util.List;

/**
 * What fio reports for one job, gathered as its IOs complete: per direction, counts, bytes,
 * slat / clat / lat (fio's definitions: slat = submission, from the job handing the bio down to
 * the end of its submission; clat = from there to completion; lat = slat + clat), fio's
 * latency histogram for clat percentiles, bandwidth and IOPS samples every 500 ms
 * ({@code bwavgtime}, {@code iopsavgtime}), and the depth at submission.
 */
public final class JobStats {
    /** fio's default sample window for bw and iops statistics. */
    public static final long SAMPLE_NS = 500_000_000L;
    /** fio's {@code io_u_mark_depth} buckets: 1, 2, 4, 8, 16, 32, >=64. */
    static final int[] DEPTH_BUCKETS = {1, 2, 4, 8, 16, 32, 64};
    private int sectorBytes = 512;

    /** One direction (read, write, trim) or sync. */
    public static final class Direction {
        public final LatencyStat slat = new LatencyStat();
        public final LatencyStat clat = new LatencyStat();
        public final LatencyStat lat = new LatencyStat();
        public final FioHistogram clatHistogram = new FioHistogram();
        public final LatencyStat bwSamples = new LatencyStat();
        public final LatencyStat iopsSamples = new LatencyStat();
        public long ios;
        public long bytes;
        /** fio's gtod_reduce: no latency or bandwidth samples. */
        boolean gtodReduce;
        private long windowBytes;
        private long windowIos;
        private long nextSampleNs = -1;

        /** @param slatNs the submission latency, or -1 for an IO with none (fio records slat only for queued IO) */
        void record(long slatNs, long clatNs, long bytes, long completedNs, long startNs) {
            if (gtodReduce) {
                // gtod_reduce (options.c str_gtod_reduce_cb): no slat, clat, lat or bw samples; bytes and IOs only
                ios++;
                this.bytes += bytes;
                return;
            }
            if (nextSampleNs < 0) {
                nextSampleNs = startNs + SAMPLE_NS;
            }
            while (completedNs >= nextSampleNs) {
                bwSamples.add(windowBytes * 1_000_000_000L / SAMPLE_NS / 1024);
                iopsSamples.add(windowIos * 1_000_000_000L / SAMPLE_NS);
                windowBytes = 0;
                windowIos = 0;
                nextSampleNs += SAMPLE_NS;
            }
            windowBytes += bytes;
            windowIos++;
            ios++;
            this.bytes += bytes;
            if (slatNs >= 0) {
                slat.add(slatNs);
            }
            clat.add(clatNs);
            lat.add(Math.max(0, slatNs) + clatNs);
            clatHistogram.record(clatNs);
        }

        /** As {@link #addAll}, but bw and iops samples summed as fio's {@code sum_stat(…, pure_sum)}. */
        void sumMember(Direction o) {
            slat.addAll(o.slat);
            clat.addAll(o.clat);
            lat.addAll(o.lat);
            clatHistogram.addAll(o.clatHistogram);
            bwSamples.sumAll(o.bwSamples);
            iopsSamples.sumAll(o.iopsSamples);
            ios += o.ios;
            bytes += o.bytes;
        }

        /** fio's completion-latency percentiles (ns) of this direction, on its histogram's buckets. */
        public long[] clatPercentiles(double[] list) {
            return clatHistogram.percentiles(list);
        }

        public void addAll(Direction o) {
            slat.addAll(o.slat);
            clat.addAll(o.clat);
            lat.addAll(o.lat);
            clatHistogram.addAll(o.clatHistogram);
            bwSamples.addAll(o.bwSamples);
            iopsSamples.addAll(o.iopsSamples);
            ios += o.ios;
            bytes += o.bytes;
        }

        /** The direction as plain data, with clat at each of {@code percentiles}. */
        FioResult.Direction snapshot(double[] percentiles) {
            long[] v = clatHistogram.percentiles(percentiles);
            List<Long> clatPercentiles = new ArrayList<>(v.length);
            for (long x : v) {
                clatPercentiles.add(x);
            }
            long[] bins = clatHistogram.bins();
            List<Long> flat = new ArrayList<>(bins.length);
            for (long x : bins) {
                flat.add(x);
            }
            return new FioResult.Direction(ios, bytes, slat.snapshot(), clat.snapshot(), lat.snapshot(),
                    clatPercentiles, bwSamples.snapshot(), iopsSamples.snapshot(), flat);
        }
    }

    public final Direction read = new Direction();
    public final Direction write = new Direction();
    /** fio's DDIR_TRIM: discards, and under zonemode=zbd the trims fio turns into zone resets (zbd.c {@code zbd_do_io_u_trim}). */
    public final Direction trim = new Direction();
    public final Direction sync = new Direction();
    public final long[] depthAtSubmit = new long[DEPTH_BUCKETS.length];
    /** Latency buckets of fio's {@code lat (nsec/usec/msec)} lines, counted on clat. */
    public final long[] latencyBuckets = new long[LatencyBuckets.EDGES_NS.length + 1];
    /** fio's {@code io_u_submit}: IOs per submission call, in {@code __io_u_mark_map}'s buckets 0, 1-4, 5-8 … >64. */
    public final long[] submitCalls = new long[DEPTH_BUCKETS.length];
    /** fio's {@code io_u_complete}: IOs per reap, same buckets. */
    public final long[] completeCalls = new long[DEPTH_BUCKETS.length];
    public long issuedRead;
    public long issuedWrite;
    public long issuedTrim;
    public long issuedSync;
    /** Zones the job reset (fio's {@code nr_zone_resets}, zbd.c {@code zbd_reset_zone}). */
    public long zoneResets;
    public long startNs = -1;
    public long lastCompletionNs;
    private long rampEndNs;
    private int pendingSubmits;
    private FioLogs logs;
    private int pendingReaped;
    private long reapNs = -1;
    /** Σ of the members' runtimes ({@code total_run_time}, summed by {@code sum_thread_stats}), when merged. */
    private long summedRuntimeNs = -1;
    /** The longest member's runtime when merged ({@code sum_thread_stats} keeps the max), else -1. */
    private long maxRuntimeNs = -1;

    /** Trims per trim-sized block of the job's region (fio's {@code block_infos}), or null. */
    private int[] blockTrims;
    private long blockBase;
    private long blockBytes;

    /**
     * {@code block_error_percentiles}: count the trims of each of {@code blocks} blocks of
     * {@code trimBytes} from {@code baseBytes} (filesetup.c: io_size / bs[DDIR_TRIM] entries;
     * io_u.c {@code trim_block_info} on each trim that completed without error).
     */
    public void countBlockTrims(int blocks, long baseBytes, long trimBytes) {
        blockTrims = new int[blocks];
        blockBase = baseBytes;
        blockBytes = trimBytes;
    }

    /** The trims per block, or null without {@code block_error_percentiles}. */
    public List<Integer> blockTrims() {
        if (blockTrims == null) {
            return null;
        }
        List<Integer> out = new ArrayList<>(blockTrims.length);
        for (int t : blockTrims) {
            out.add(t);
        }
        return out;
    }

    /** fio's {@code gtod_reduce}: the job keeps no latency or bandwidth samples, only its bytes and IOs. */
    public void reduceGtod() {
        read.gtodReduce = true;
        write.gtodReduce = true;
        trim.gtodReduce = true;
        sync.gtodReduce = true;
    }

    /** Writes fio's bw / lat / iops logs of this process as its IOs complete. */
    /**
     * Bytes one sector of a completed bio counts in fio's figures ({@code io_bytes}, bandwidth,
     * log offsets): 512, or an extended LBA's data plus metadata, as fio's buffer holds both.
     */
    public void sectorBytes(int bytes) {
        sectorBytes = bytes;
    }

    public void logTo(FioLogs logs) {
        this.logs = logs;
    }

    /** Statistics start now (a trace replay has no ramp time). */
    public void startedAt(long nowNs) {
        started(nowNs, 0);
    }

    public void started(long nowNs, long rampTimeNs) {
        startNs = nowNs;
        rampEndNs = nowNs + rampTimeNs;
    }

    /** A bio was submitted with {@code depthIncludingThis} IOs of the workload in flight, itself included. */
    public void submitted(Op op, int depthIncludingThis) {
        switch (op) {
            case READ -> issuedRead++;
            case WRITE -> issuedWrite++;
            case DISCARD -> issuedTrim++;
            default -> issuedSync++;
        }
        int b = 0;
        while (b < DEPTH_BUCKETS.length - 1 && depthIncludingThis >= DEPTH_BUCKETS[b + 1]) {
            b++;
        }
        depthAtSubmit[b]++;
        pendingSubmits++;
    }

    /**
     * The IOs {@link #submitted} since the last call went down in one submission call (fio's
     * {@code io_u_mark_submit(td, nr)}: a sync engine submits one at a time, libaio's commit
     * {@code io_submit}s the queued batch).
     */
    public void committed() {
        if (pendingSubmits > 0) {
            submitCalls[mapIndex(pendingSubmits)]++;
            pendingSubmits = 0;
        }
    }

    /** {@code __io_u_mark_map}: 0, 1-4, 5-8, 9-16, 17-32, 33-64, more. */
    static int mapIndex(int nr) {
        if (nr == 0) {
            return 0;
        }
        int b = 1;
        while (b < DEPTH_BUCKETS.length - 1 && nr > 4 << (b - 1)) {
            b++;
        }
        return b;
    }

    /**
     * An IO of the job completed at {@code nowNs}: IOs completing at the same simulated instant
     * are reaped by one {@code getevents} call ({@code io_u_mark_complete(td, nr)}); the
     * simulation has no CPU, so the job runs as soon as they complete.
     */
    public void reaped(long nowNs) {
        if (nowNs != reapNs) {
            flushReap();
            reapNs = nowNs;
        }
        pendingReaped++;
    }

    private void flushReap() {
        if (pendingReaped > 0) {
            completeCalls[mapIndex(pendingReaped)]++;
            pendingReaped = 0;
        }
    }

    /**
     * fio's split of a bio's latency: slat from the submitter handing it down to the end of its
     * submission (the bio merged, or got its request: G, which comes after sleeping in
     * get_request_wait when the request pool is exhausted); clat from there to completion.
     */
    public void completed(Bio bio) {
        lastCompletionNs = Math.max(lastCompletionNs, bio.completedNs);
        reaped(bio.completedNs); // fio's io_u_complete is not reset after ramp_time (reset_all_stats)
        if (bio.completedNs < rampEndNs) {
            return; // ramp_time: warm-up left out of the statistics
        }
        long submitted = bio.submittedNs >= 0 ? bio.submittedNs : bio.queuedNs;
        long submissionEnd = bio.getRqNs >= 0 ? bio.getRqNs : bio.mergeNs >= 0 ? bio.mergeNs : bio.queuedNs;
        if (submissionEnd < 0) {
            submissionEnd = submitted;
        }
        long slat = Math.max(0, submissionEnd - submitted);
        long clat = Math.max(0, bio.completedNs - submissionEnd);
        account(bio.op, slat, clat, (long) bio.sectors * sectorBytes, bio.sector * sectorBytes, bio.completedNs,
                io.iopath.request.IoPrio.ioClass(bio.ioprio) == 1);
    }

    /**
     * A trim that sent no bio completed at {@code completedNs}: under zonemode=zbd fio's engine
     * resets the zone in its queue call (io_u.c {@code do_io_u_trim} → zbd.c {@code
     * zbd_do_io_u_trim}) and completes the IO there with its whole length ({@code
     * FIO_Q_COMPLETED}), so, as for any synchronous call, all of its time is clat.
     */
    public void trimCompleted(long submittedNs, long completedNs, long bytes, long offsetBytes, boolean realtimePrio) {
        lastCompletionNs = Math.max(lastCompletionNs, completedNs);
        reaped(completedNs);
        if (completedNs < rampEndNs) {
            return;
        }
        // no slat: the engine completed the IO in its queue call (td_io_queue records slat only for FIO_Q_QUEUED)
        account(Op.DISCARD, -1, Math.max(0, completedNs - submittedNs), bytes, offsetBytes, completedNs, realtimePrio);
    }

    private void account(Op op, long slat, long clat, long bytes, long offsetBytes, long completedNs, boolean realtimePrio) {
        if (blockTrims != null && op == Op.DISCARD) {
            int idx = (int) ((offsetBytes - blockBase) / blockBytes); // io_u_block_info
            if (idx >= 0 && idx < blockTrims.length) {
                blockTrims[idx]++;
            }
        }
        Direction d = switch (op) {
            case READ -> read;
            case WRITE -> write;
            case DISCARD -> trim;
            default -> sync;
        };
        d.record(slat, clat, bytes, completedNs, Math.max(startNs, rampEndNs));
        if (logs != null) {
            int ddir = switch (op) {
                case READ -> 0;
                case WRITE -> 1;
                case DISCARD -> 2;
                default -> -1; // fio logs reads, writes and trims only (add_log_sample: ddir_rw)
            };
            if (ddir >= 0) {
                logs.completed(ddir, Math.max(0, slat), clat, bytes, offsetBytes, completedNs, Math.max(startNs, rampEndNs), realtimePrio);
            }
        }
        if (!read.gtodReduce) {
            latencyBuckets[LatencyBuckets.index(clat)]++; // fio's io_u_lat counts every data direction
        } // gtod_reduce: account_io_completion marks no latency (io_u_mark_latency needs !disable_clat)
    }

    /** Statistics start (after ramp_time) to the last completion: fio's job runtime. */
    public long runtimeNs() {
        if (maxRuntimeNs >= 0) {
            return maxRuntimeNs;
        }
        return startNs < 0 ? 0 : Math.max(0, lastCompletionNs - Math.max(startNs, rampEndNs));
    }

    /**
     * Adds {@code o}, a member of the same {@code group_reporting} group, as fio's
     * {@code sum_thread_stats} does: latencies and histograms merged, bw and iops samples summed
     * ({@code sum_stat} with {@code pure_sum}), bytes and counts added, the runtime the longest
     * member's and the total run time the sum.
     */
    public void sumGroupMember(JobStats o) {
        if (blockTrims == null && o.blockTrims != null) { // sum_thread_stats copies the block infos
            countBlockTrims(o.blockTrims.length, o.blockBase, o.blockBytes);
            System.arraycopy(o.blockTrims, 0, blockTrims, 0, blockTrims.length);
        }
        long mine = members == 0 ? 0 : runtimeNs();
        long theirs = o.runtimeNs();
        long total = (members == 0 ? 0 : totalRuntimeNs()) + o.totalRuntimeNs();
        read.sumMember(o.read);
        write.sumMember(o.write);
        trim.sumMember(o.trim);
        sync.addAll(o.sync);
        addCounters(o);
        maxRuntimeNs = Math.max(mine, theirs);
        summedRuntimeNs = total;
        members++;
    }

    private int members;

    /** fio's {@code total_run_time} (json {@code job_runtime}): the members' runtimes summed. */
    public long totalRuntimeNs() {
        return summedRuntimeNs >= 0 ? summedRuntimeNs : runtimeNs();
    }

    private void addCounters(JobStats o) {
        o.flushReap();
        o.committed();
        flushReap();
        for (int i = 0; i < submitCalls.length; i++) {
            submitCalls[i] += o.submitCalls[i];
            completeCalls[i] += o.completeCalls[i];
        }
        addDepthsAndIssued(o);
    }

    /** The counters both sums add: depths at submission, latency buckets, IOs issued, zone resets. */
    private void addDepthsAndIssued(JobStats o) {
        for (int i = 0; i < depthAtSubmit.length; i++) {
            depthAtSubmit[i] += o.depthAtSubmit[i];
        }
        for (int i = 0; i < latencyBuckets.length; i++) {
            latencyBuckets[i] += o.latencyBuckets[i];
        }
        issuedRead += o.issuedRead;
        issuedWrite += o.issuedWrite;
        issuedTrim += o.issuedTrim;
        issuedSync += o.issuedSync;
        zoneResets += o.zoneResets;
    }

    public void addAll(JobStats o) {
        read.addAll(o.read);
        write.addAll(o.write);
        trim.addAll(o.trim);
        sync.addAll(o.sync);
        addDepthsAndIssued(o);
        if (o.startNs >= 0) {
            long ownStats = startNs < 0 ? Long.MAX_VALUE : Math.max(startNs, rampEndNs);
            long otherStats = Math.max(o.startNs, o.rampEndNs);
            startNs = startNs < 0 ? o.startNs : Math.min(startNs, o.startNs);
            rampEndNs = Math.min(ownStats, otherStats);
        }
        lastCompletionNs = Math.max(lastCompletionNs, o.lastCompletionNs);
    }

    /**
     * The job's statistics as plain data; {@code percentiles} is the job's {@code percentile_list},
     * at which the clat histograms are read.
     */
    public FioResult.Stats snapshot(double[] percentiles) {
        flushReap();
        committed();
        return new FioResult.Stats(runtimeNs(), read.snapshot(percentiles), write.snapshot(percentiles),
                trim.snapshot(percentiles), sync.snapshot(percentiles), boxed(depthAtSubmit), boxed(latencyBuckets),
                issuedRead, issuedWrite, issuedTrim, issuedSync, boxed(submitCalls), boxed(completeCalls),
                totalRuntimeNs(), zoneResets);
    }

    private static List<Long> boxed(long[] values) {
        List<Long> out = new ArrayList<>(values.length);
        for (long v : values) {
            out.add(v);
        }
        return out;
    }

    /** fio's latency buckets ({@link FioResult#LATENCY_EDGES_NS}), as an array for the completion path. */
    static final class LatencyBuckets {
        static final long[] EDGES_NS = FioResult.LATENCY_EDGES_NS.stream().mapToLong(Long::longValue).toArray();

        private LatencyBuckets() {
        }

        /** Bucket i counts values up to EDGES_NS[i] (above the previous edge); the last, the rest. */
        static int index(long ns) {
            // the number of edges below ns, the first at or above it (the edges ascend): a sign
            // bit per edge, e − ns < 0 exactly when e < ns (a latency is never negative, so no
            // overflow); 10 ns a call against the bisection's 14 (docs/performance.md)
            int below = 0;
            for (long e : EDGES_NS) {
                below += (int) ((e - ns) >>> 63);
            }
            return below;
        }
    }
}
