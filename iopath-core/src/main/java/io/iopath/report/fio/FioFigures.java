package io.iopath.report.fio;

import io.iopath.result.FioResult;

/**
 * The figures fio derives for its reports from the per-job statistics: job runtime in ms, the IO
 * depth distribution, the run-status group and the disk line. A group's arrays are per direction
 * as fio numbers them (0 read, 1 write, 2 trim); the disk's per read and write, as fio's disk
 * stats show them (the kernel counts discards apart, and fio's {@code show_disk_util} does not
 * print them).
 */
final class FioFigures {
    /** fio's names of the depth-at-submit buckets. */
    static final String[] DEPTH_LABELS = {"1", "2", "4", "8", "16", "32", ">=64"};
    /** fio's names of the submit / complete buckets (IOs per call: 0, 1-4, 5-8, … 33-64, more). */
    static final String[] MAP_LABELS = {"0", "4", "8", "16", "32", "64", ">=64"};
    /** fio's DDIR_RWDIR_CNT: read, write, trim. */
    static final int DIRECTIONS = 3;

    private FioFigures() {
    }

    /** Run status group 0: per direction, bandwidth range over jobs, bytes, runtime range. */
    record Group(long[] ioBytes, long[] minBw, long[] maxBw, long[] aggBw, long[] minRunMs, long[] maxRunMs) {
    }

    /** The drive as fio's disk stats show it. */
    record Disk(String name, long[] ios, long[] sectors, long[] merges, long[] ticksMs, long inQueueMs, double util) {
    }

    /** fio's job runtime in ms: from the job's start to its last completion. */
    static long runtimeMs(FioResult.Stats s) {
        return Math.round(s.runtimeNs() / 1e6);
    }

    /** fio's {@code IO depths} line: the share of submissions in each depth bucket, in percent. */
    static double[] depthPercents(FioResult.Stats s) {
        long submits = 0;
        for (long v : s.depthAtSubmit()) {
            submits += v;
        }
        double[] pct = new double[s.depthAtSubmit().size()];
        for (int i = 0; i < pct.length; i++) {
            pct[i] = submits == 0 ? 0.0 : 100.0 * s.depthAtSubmit().get(i) / submits;
        }
        return pct;
    }

    /**
     * {@code stat_calc_dist} of a submit or complete map: each bucket's share of the calls in
     * percent, at least 0.1 for a bucket that has any.
     */
    static double[] mapPercents(java.util.List<Long> calls) {
        long total = 0;
        for (long v : calls) {
            total += v;
        }
        double[] pct = new double[calls.size()];
        for (int i = 0; i < pct.length; i++) {
            pct[i] = total == 0 ? 0.0 : 100.0 * calls.get(i) / total;
            if (pct[i] < 0.1 && calls.get(i) > 0) {
                pct[i] = 0.1;
            }
        }
        return pct;
    }

    /**
     * {@code convert_agg_kbytes_percent}: a job's mean bandwidth sample (KiB/s, truncated to an
     * integer as fio passes it) as a percentage of its group's aggregate bandwidth (bytes/s),
     * at most 100; 100 when the aggregate is 1 KiB/s or less.
     */
    static double percentOfAggregate(double meanKiBs, long groupAggBytesPerS) {
        if (groupAggBytesPerS <= 1024) {
            return 100.0;
        }
        return Math.min(100.0, (long) meanKiBs * 100.0 / (groupAggBytesPerS / 1024.0));
    }

    /** The reporting groups' ids, 0 … the largest, as fio prints "Run status group N" for each. */
    static int groups(FioResult r) {
        int max = 0;
        for (FioResult.Job e : r.jobs()) {
            max = Math.max(max, e.groupId());
        }
        return max + 1;
    }

    /** The job's {@code percentile_list} as an array. */
    static double[] percentiles(FioResult.Options options) {
        return options.percentiles().stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** All jobs as one group (a run without stonewall or new_group). */
    static Group group(FioResult r) {
        return group(r, -1);
    }

    /**
     * Run status group {@code groupId} ({@code __show_run_stats}: per direction the bytes, the
     * range of the jobs' bandwidths and runtimes, the aggregate); -1: every job.
     */
    static Group group(FioResult r, int groupId) {
        long[] io = new long[DIRECTIONS];
        long[] minBw = {Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE};
        long[] maxBw = new long[DIRECTIONS];
        long[] minRun = {Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE};
        long[] maxRun = new long[DIRECTIONS];
        for (FioResult.Job e : r.jobs()) {
            if (groupId >= 0 && e.groupId() != groupId) {
                continue;
            }
            for (int d = 0; d < DIRECTIONS; d++) {
                FioResult.Direction dir = e.stats().direction(d);
                if (dir.ios() == 0) {
                    continue;
                }
                long runMs = runtimeMs(e.stats());
                long bw = runMs == 0 ? 0 : dir.bytes() * 1000 / runMs;
                io[d] += dir.bytes();
                minBw[d] = Math.min(minBw[d], bw);
                maxBw[d] = Math.max(maxBw[d], bw);
                minRun[d] = Math.min(minRun[d], runMs);
                maxRun[d] = Math.max(maxRun[d], runMs);
            }
        }
        long[] agg = new long[DIRECTIONS];
        for (int d = 0; d < DIRECTIONS; d++) {
            if (minBw[d] == Long.MAX_VALUE) {
                minBw[d] = 0;
                minRun[d] = 0;
            }
            // fio's aggregate bandwidth: all the group's bytes over the longest job's runtime
            agg[d] = maxRun[d] == 0 ? 0 : io[d] * 1000 / maxRun[d];
        }
        return new Group(io, minBw, maxBw, agg, minRun, maxRun);
    }

    static Disk disk(FioResult r) {
        FioResult.Disk k = r.disk();
        if (k == null) {
            return null; // no disk behind the jobs' files (a character device)
        }
        long[] ios = {k.ios().get(0), k.ios().get(1)};
        long[] sectors = {k.sectors().get(0), k.sectors().get(1)};
        long[] ticks = {k.ticksNs().get(0) / 1_000_000, k.ticksNs().get(1) / 1_000_000};
        long[] bios = new long[2];
        for (FioResult.Job e : r.jobs()) {
            if (e.options().ioengine().equals("ftruncate")) {
                continue; // its writes are truncates (FIO_FAKEIO): none of them was a bio
            }
            bios[0] += e.stats().read().ios();
            bios[1] += e.stats().write().ios();
        }
        // bios the block layer merged never reached the drive as commands of their own
        long[] merges = {Math.max(0, bios[0] - ios[0]), Math.max(0, bios[1] - ios[1])};
        return new Disk(k.name(), ios, sectors, merges, ticks, ticks[0] + ticks[1], 100 * r.driveUtilisation());
    }
}
