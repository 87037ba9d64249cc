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
 *
 * <p>The summaries kept are bounded too, as in a round-robin archive: when they would exceed
 * {@link #MAX_POINTS} points (rows of {@code timeseries.csv}: per interval with a completion,
 * three for all jobs and up to three per job), or span more than {@code MAX_POINTS} intervals
 * from time 0, the interval doubles and each pair of neighbours merges, until they fit;
 * intervals measured afterwards fold into the current coarse one. A one-job run at the default
 * 1 s keeps every interval for its first 10 922 s of simulated time (6 points a second), and any
 * run at 1 s for 65 536 s (18.2 h), so every run of today's lengths is unchanged; a longer one
 * ends with about {@code MAX_POINTS / 2} to {@code MAX_POINTS} points. What a merge keeps: IOs, bytes, the latency sum (so the
 * mean) and maximum, and each gauge's maximum, exactly; of each percentile, the highest of the
 * requested intervals' exact ones (rrdtool's MAX consolidation: an upper bound on the merged
 * interval's own percentile, which is never below the lowest nor above the highest of its parts').
 * Everything is a function of the completions, so the result is as deterministic as the run.
 */
final class TimeSeriesRecorder {
    /** The most points kept: 65 536 rows of {@code timeseries.csv}, a few MB however long the run. */
    static final int MAX_POINTS = 1 << 16;
    private static final String[] DIRECTIONS = {"read", "write", "total"};
    /** The interval asked for: each is summarised exactly, then folded into the kept one it falls in. */
    private final long requestedNs;
    private final int maxPoints;
    /** The kept intervals' length: {@code requestedNs} times a power of two. */
    private long intervalNs;
    /** The kept intervals, in time order; the last may still receive requested ones. */
    private final List<Slot> slots = new ArrayList<>();
    private int pointCount;
    /** Latencies of the current interval by job and direction (0 read, 1 write). */
    private Values[][] latencies = new Values[0][];
    private final List<String> jobNames = new ArrayList<>();
    private long current = -1;
    private final Values scratch = new Values();
    private final Values allRead = new Values();
    private final Values allWrite = new Values();
    private LayerGauges layers = LayerGauges.NONE;
    /** The current interval's maxima: block in flight, drive tagged, drive dirty, page cache dirty, writeback. */
    private final long[] max = new long[5];
    /** The current interval's cells, in point order (reused). */
    private final List<Cell> closing = new ArrayList<>();

    TimeSeriesRecorder(long intervalNs) {
        this(intervalNs, MAX_POINTS);
    }

    /** @param maxPoints the most points kept (tests use small ones) */
    TimeSeriesRecorder(long intervalNs, int maxPoints) {
        if (intervalNs <= 0) {
            throw new IllegalArgumentException("interval must be positive, got " + intervalNs + " ns");
        }
        if (maxPoints < 1) {
            throw new IllegalArgumentException("at least one point must be kept, got " + maxPoints);
        }
        this.requestedNs = intervalNs;
        this.intervalNs = intervalNs;
        this.maxPoints = maxPoints;
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
        long k = bio.completedNs / requestedNs;
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
        List<TimeSeries.Point> points = new ArrayList<>(pointCount);
        List<TimeSeries.Gauges> gauges = new ArrayList<>(slots.size());
        for (Slot s : slots) {
            for (Cell c : s.cells) {
                points.add(c.point(s.startNs, jobNames));
            }
            gauges.add(new TimeSeries.Gauges(s.startNs, s.gauges[0], s.gauges[1], s.gauges[2], s.gauges[3], s.gauges[4]));
        }
        return new TimeSeries(intervalNs, points, gauges, requestedNs);
    }

    /** {@link #result}'s intervals and point count, without making its points and gauges. */
    TimeSeries shape() {
        close();
        return new TimeSeries(intervalNs, List.of(), List.of(), requestedNs, pointCount);
    }

    /** Intervals kept now (for tests of the bound). */
    int keptIntervals() {
        return slots.size();
    }

    /** Points kept now (for tests of the bound). */
    int keptPoints() {
        return pointCount;
    }

    /** Summarises the current interval, folds it into the kept ones, and empties it. */
    private void close() {
        if (current < 0) {
            return;
        }
        closing.clear();
        for (int j = 0; j < latencies.length; j++) {
            addCells(j, latencies[j][0], latencies[j][1]);
        }
        // all jobs together (reused arrays: one interval's worth, not one per interval)
        allRead.clear();
        allWrite.clear();
        for (Values[] job : latencies) {
            allRead.addAll(job[0]);
            allWrite.addAll(job[1]);
        }
        addCells(Cell.ALL_JOBS, allRead, allWrite);
        fold(current * requestedNs, closing.toArray(new Cell[0]), max.clone());
        for (Values[] job : latencies) {
            job[0].clear();
            job[1].clear();
        }
        current = -1;
    }

    private void addCells(int job, Values read, Values write) {
        if (read.size + write.size == 0) {
            return;
        }
        Values[] dirs = {read, write};
        for (int d = 0; d < 2; d++) {
            if (dirs[d].size > 0) {
                closing.add(dirs[d].cell(job, d));
            }
        }
        scratch.clear();
        scratch.merge(read, write);
        closing.add(scratch.cell(job, 2));
    }

    /**
     * One requested interval's cells into the kept interval it falls in; then keeps within the
     * bound, of points and of intervals spanned from time 0 (the report's charts draw every one,
     * empty ones as gaps, so a sparse series must not span more than it may hold either).
     */
    private void fold(long startNs, Cell[] cells, long[] gauges) {
        long slotStart = startNs - startNs % intervalNs;
        Slot last = slots.isEmpty() ? null : slots.get(slots.size() - 1);
        if (last != null && last.startNs == slotStart) {
            pointCount -= last.cells.length;
            last.absorb(cells, gauges);
            pointCount += last.cells.length;
        } else {
            slots.add(new Slot(slotStart, cells, gauges));
            pointCount += cells.length;
        }
        while (pointCount > maxPoints && slots.size() > 1 || slots.get(slots.size() - 1).startNs / intervalNs >= maxPoints) {
            coarsen();
        }
    }

    /** Doubles the interval: neighbours that now share one merge. */
    private void coarsen() {
        intervalNs *= 2;
        int out = 0;
        pointCount = 0;
        for (int i = 0; i < slots.size(); i++) {
            Slot s = slots.get(i);
            long start = s.startNs - s.startNs % intervalNs;
            Slot prev = out == 0 ? null : slots.get(out - 1);
            if (prev != null && prev.startNs == start) {
                pointCount -= prev.cells.length;
                prev.absorb(s.cells, s.gauges);
            } else {
                s.startNs = start;
                slots.set(out++, s);
                prev = s;
            }
            pointCount += prev.cells.length;
        }
        slots.subList(out, slots.size()).clear();
    }

    /** A kept interval: its cells in point order (jobs in registration order, all jobs last; read, write, total). */
    private static final class Slot {
        long startNs;
        Cell[] cells;
        final long[] gauges;

        Slot(long startNs, Cell[] cells, long[] gauges) {
            this.startNs = startNs;
            this.cells = cells;
            this.gauges = gauges;
        }

        /** Merges a later interval's cells and gauges into this one's, keeping point order. */
        void absorb(Cell[] later, long[] laterGauges) {
            for (int g = 0; g < gauges.length; g++) {
                gauges[g] = Math.max(gauges[g], laterGauges[g]);
            }
            Cell[] merged = new Cell[cells.length + later.length];
            int i = 0;
            int j = 0;
            int n = 0;
            while (i < cells.length || j < later.length) {
                int c = i == cells.length ? 1 : j == later.length ? -1 : cells[i].compareTo(later[j]);
                if (c < 0) {
                    merged[n++] = cells[i++];
                } else if (c > 0) {
                    merged[n++] = later[j++];
                } else {
                    cells[i].absorb(later[j++]);
                    merged[n++] = cells[i++];
                }
            }
            cells = n == merged.length ? merged : Arrays.copyOf(merged, n);
        }
    }

    /**
     * One job's (or all jobs') direction in one kept interval. Until merged it holds one requested
     * interval's exact summary; merged, the sums and maxima of its parts.
     */
    private static final class Cell implements Comparable<Cell> {
        /** The job index of all jobs together, which come after every job. */
        static final int ALL_JOBS = Integer.MAX_VALUE;
        final int job;
        final int direction;
        long ios;
        long bytes;
        /** The latencies' sum, in the order the exact mean added them. */
        double sumNs;
        /** The exact mean of an unmerged cell (sum / ios, as computed then). */
        double meanNs;
        long p50;
        long p95;
        long p99;
        long p999;
        long maxNs;
        boolean merged;

        Cell(int job, int direction) {
            this.job = job;
            this.direction = direction;
        }

        @Override
        public int compareTo(Cell o) {
            int c = Integer.compare(job, o.job);
            return c != 0 ? c : Integer.compare(direction, o.direction);
        }

        void absorb(Cell o) {
            ios += o.ios;
            bytes += o.bytes;
            sumNs += o.sumNs;
            p50 = Math.max(p50, o.p50);
            p95 = Math.max(p95, o.p95);
            p99 = Math.max(p99, o.p99);
            p999 = Math.max(p999, o.p999);
            maxNs = Math.max(maxNs, o.maxNs);
            merged = true;
        }

        TimeSeries.Point point(long startNs, List<String> jobNames) {
            double mean = merged ? sumNs / ios : meanNs;
            return new TimeSeries.Point(startNs, job == ALL_JOBS ? null : jobNames.get(job), DIRECTIONS[direction], ios,
                    bytes, new LatencySummary(mean, p50, p95, p99, p999, maxNs));
        }
    }

    /**
     * A growable array of latencies, with the bytes of their bios. {@link #cell} sorts it in
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

        /** This interval's cell for {@code job}'s {@code direction}: sorts in place (unless sorted already), call last. */
        Cell cell(int job, int direction) {
            if (!sorted) {
                Arrays.sort(ns, 0, size);
                sorted = true;
            }
            double sum = 0;
            for (int i = 0; i < size; i++) {
                sum += ns[i];
            }
            Cell c = new Cell(job, direction);
            c.ios = size;
            c.bytes = bytes;
            c.sumNs = sum;
            c.meanNs = sum / size;
            c.p50 = rank(50);
            c.p95 = rank(95);
            c.p99 = rank(99);
            c.p999 = rank(99.9);
            c.maxNs = ns[size - 1];
            return c;
        }

        /** The nearest-rank percentile: the smallest value at or below which p % of the values lie. */
        private long rank(double p) {
            int r = (int) Math.ceil(p / 100.0 * size);
            return ns[Math.max(0, Math.min(size, r) - 1)];
        }
    }
}
