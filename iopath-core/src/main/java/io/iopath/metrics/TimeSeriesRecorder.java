package io.iopath.metrics;

import io.iopath.request.Bio;
import io.iopath.request.Op;
import io.iopath.result.LatencySummary;
import io.iopath.result.TimeSeries;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * IOPS, bandwidth and latency per interval of simulated time ({@link TimeSeries}). Bios complete
 * in simulated-time order, so an interval is summarised as soon as the first bio of a later one
 * completes and its latencies are dropped: memory is one interval's bios, whatever the run's
 * length. Percentiles are exact order statistics (nearest rank) of the interval's latencies.
 */
final class TimeSeriesRecorder {
    private static final String[] DIRECTIONS = {"read", "write"};
    private final long intervalNs;
    private final List<TimeSeries.Point> points = new ArrayList<>();
    /** Latencies of the current interval by job and direction (0 read, 1 write). */
    private Values[][] latencies = new Values[0][];
    private final List<String> jobNames = new ArrayList<>();
    private long current = -1;
    private final Values scratch = new Values();
    private final Values allRead = new Values();
    private final Values allWrite = new Values();
    private final List<TimeSeries.Gauges> gauges = new ArrayList<>();
    private LayerGauges layers = LayerGauges.NONE;
    /** The current interval's maxima: block in flight, drive tagged, drive dirty, page cache dirty, writeback. */
    private final long[] max = new long[5];

    TimeSeriesRecorder(long intervalNs) {
        if (intervalNs <= 0) {
            throw new IllegalArgumentException("interval must be positive, got " + intervalNs + " ns");
        }
        this.intervalNs = intervalNs;
    }

    /** A job, by the index its {@link JobRecorder} has; -1 for bios of no registered job. */
    void addJob(String name) {
        jobNames.add(name);
        latencies = Arrays.copyOf(latencies, jobNames.size());
        latencies[jobNames.size() - 1] = new Values[] {new Values(), new Values()};
    }

    /** The layers to sample at each completion. */
    void gauges(LayerGauges g) {
        layers = g;
    }

    void record(Bio bio, int job) {
        long k = bio.completedNs / intervalNs;
        if (k != current) {
            close();
            current = k;
            java.util.Arrays.fill(max, Long.MIN_VALUE);
        }
        sample();
        Values v = latencies[job][bio.op == Op.READ ? 0 : 1];
        v.add(bio.completedNs - bio.queuedNs, bio.bytes());
    }

    /** The layers now: each gauge's maximum over the interval's completions so far. */
    private void sample() {
        max[0] = Math.max(max[0], layers.blockInFlight());
        max[1] = Math.max(max[1], layers.driveTagged());
        max[2] = Math.max(max[2], layers.driveDirtyExtents());
        max[3] = Math.max(max[3], layers.pageCacheDirtyBytes());
        max[4] = Math.max(max[4], layers.pageCacheWritebackBytes());
    }

    TimeSeries result() {
        close();
        return new TimeSeries(intervalNs, List.copyOf(points), List.copyOf(gauges));
    }

    /** Summarises the current interval into points and empties it. */
    private void close() {
        if (current < 0) {
            return;
        }
        long start = current * intervalNs;
        for (int j = 0; j < latencies.length; j++) {
            addPoints(start, jobNames.get(j), latencies[j][0], latencies[j][1]);
        }
        // all jobs together (reused arrays: one interval's worth, not one per interval)
        allRead.clear();
        allWrite.clear();
        for (Values[] job : latencies) {
            allRead.addAll(job[0]);
            allWrite.addAll(job[1]);
        }
        addPoints(start, null, allRead, allWrite);
        gauges.add(new TimeSeries.Gauges(start, max[0], max[1], max[2], max[3], max[4]));
        for (Values[] job : latencies) {
            job[0].clear();
            job[1].clear();
        }
        current = -1;
    }

    private void addPoints(long start, String job, Values read, Values write) {
        if (read.size + write.size == 0) {
            return;
        }
        Values[] dirs = {read, write};
        for (int d = 0; d < 2; d++) {
            if (dirs[d].size > 0) {
                points.add(new TimeSeries.Point(start, job, DIRECTIONS[d], dirs[d].size, dirs[d].bytes, dirs[d].summary()));
            }
        }
        scratch.clear();
        scratch.merge(read, write);
        points.add(new TimeSeries.Point(start, job, "total", scratch.size, scratch.bytes, scratch.summary()));
    }

    /**
     * A growable array of latencies, with the bytes of their bios. {@link #summary} sorts it in
     * place once; a copy of a sorted one, or two sorted ones merged, is sorted already, so the
     * direction totals and the all-jobs figures (a copy of the one job's, usually) need no sort.
     */
    private static final class Values {
        long[] ns = new long[64];
        int size;
        long bytes;
        /** Whether {@code ns[0, size)} is in ascending order. */
        boolean sorted = true;

        void add(long latencyNs, long b) {
            if (size == ns.length) {
                ns = Arrays.copyOf(ns, size * 2);
            }
            ns[size++] = latencyNs;
            bytes += b;
            sorted = false;
        }

        void addAll(Values o) {
            ensure(size + o.size);
            System.arraycopy(o.ns, 0, ns, size, o.size);
            sorted = size == 0 ? o.sorted : sorted && o.size == 0;
            size += o.size;
            bytes += o.bytes;
        }

        /** Into an empty one: both of {@code a} and {@code b}, in ascending order if both are sorted. */
        void merge(Values a, Values b) {
            if (!a.sorted || !b.sorted) {
                addAll(a);
                addAll(b);
                return;
            }
            ensure(a.size + b.size);
            int i = 0;
            int j = 0;
            int k = 0;
            while (i < a.size && j < b.size) {
                ns[k++] = a.ns[i] <= b.ns[j] ? a.ns[i++] : b.ns[j++];
            }
            while (i < a.size) {
                ns[k++] = a.ns[i++];
            }
            while (j < b.size) {
                ns[k++] = b.ns[j++];
            }
            size = k;
            bytes = a.bytes + b.bytes;
            sorted = true;
        }

        private void ensure(int n) {
            if (n > ns.length) {
                ns = Arrays.copyOf(ns, Math.max(ns.length * 2, n));
            }
        }

        void clear() {
            size = 0;
            bytes = 0;
            sorted = true;
        }

        /** Sorts in place (unless sorted already): call last. */
        LatencySummary summary() {
            if (!sorted) {
                Arrays.sort(ns, 0, size);
                sorted = true;
            }
            double sum = 0;
            for (int i = 0; i < size; i++) {
                sum += ns[i];
            }
            return new LatencySummary(sum / size, rank(50), rank(95), rank(99), rank(99.9), ns[size - 1]);
        }

        /** The nearest-rank percentile: the smallest value at or below which p % of the values lie. */
        private long rank(double p) {
            int r = (int) Math.ceil(p / 100.0 * size);
            return ns[Math.max(0, Math.min(size, r) - 1)];
        }
    }
}
