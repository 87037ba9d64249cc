package io.iopath.metrics;

import io.iopath.request.Bio;
import io.iopath.request.Request;
import io.iopath.result.Btt;
import io.iopath.result.DirectionStats;
import io.iopath.result.LatencyCdf;
import io.iopath.result.LatencySummary;
import io.iopath.units.Units;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/** Accumulates completed bios of one direction: counts, bytes, latency histogram, Q2D and D2C. */
final class DirectionRecorder {
    /** One hour of simulated latency at 3 significant digits: plenty, and fixed-size. */
    static final long MAX_TRACKABLE_NS = 3_600_000_000_000L;

    /** Null in a sum of two recorders ({@link #sum}), which has only {@link #fixedBuckets}. */
    private final Histogram latency;
    /** A sum's buckets, made once; null in a recorder that records. */
    private final RecordedBuckets fixedBuckets;
    /** {@link #latency}'s buckets as of {@link #bucketsIos} recorded IOs ({@link #buckets}). */
    private RecordedBuckets buckets;
    private long bucketsIos = -1;
    private long ios;
    private long bytes;
    private double q2dSumNs;
    private double d2cSumNs;
    private long newRequests;
    private long merged;
    private double q2gSumNs;
    private double g2iSumNs;
    private double i2dSumNs;
    private double q2mSumNs;
    private double m2dSumNs;
    private double q2cSumNs;

    DirectionRecorder() {
        this.latency = new Histogram(1, MAX_TRACKABLE_NS, 3);
        this.fixedBuckets = null;
    }

    private DirectionRecorder(RecordedBuckets fixed) {
        this.latency = null;
        this.fixedBuckets = fixed;
    }

    /** The latency histogram's recorded buckets, read out again only when it has recorded since. */
    private RecordedBuckets buckets() {
        if (fixedBuckets != null) {
            return fixedBuckets;
        }
        if (buckets == null || bucketsIos != ios) {
            buckets = RecordedBuckets.of(latency);
            bucketsIos = ios;
        }
        return buckets;
    }

    /**
     * Reads and writes together, for a total row: counts, bytes and the Q2D and D2C sums added,
     * the latency distribution the two histograms' sum (by their recorded buckets). It summarises,
     * but records nothing.
     */
    static DirectionRecorder sum(DirectionRecorder a, DirectionRecorder b) {
        DirectionRecorder total = new DirectionRecorder(RecordedBuckets.merge(a.buckets(), b.buckets()));
        for (DirectionRecorder d : new DirectionRecorder[] {a, b}) {
            total.ios += d.ios;
            total.bytes += d.bytes;
            total.q2dSumNs += d.q2dSumNs;
            total.d2cSumNs += d.d2cSumNs;
        }
        return total;
    }

    void record(Bio bio) {
        long lat = bio.completedNs - bio.queuedNs;
        latency.recordValue(Math.max(1, Math.min(lat, MAX_TRACKABLE_NS)));
        ios++;
        bytes += bio.bytes();
        Request rq = bio.request;
        q2cSumNs += bio.completedNs - bio.queuedNs;
        if (rq == null) {
            // a bio no block layer carried (fio's mtd engine on raw NAND): all of its time is the device's
            d2cSumNs += bio.completedNs - bio.queuedNs;
            return;
        }
        q2dSumNs += rq.issuedNs - bio.queuedNs;
        d2cSumNs += rq.completedNs - rq.issuedNs;
        if (bio.mergeNs >= 0) {
            merged++;
            q2mSumNs += bio.mergeNs - bio.queuedNs;
            m2dSumNs += rq.issuedNs - bio.mergeNs;
        } else if (bio.getRqNs >= 0) {
            newRequests++;
            q2gSumNs += bio.getRqNs - bio.queuedNs;
            long inserted = bio.insertNs >= 0 ? bio.insertNs : bio.getRqNs;
            g2iSumNs += inserted - bio.getRqNs;
            i2dSumNs += rq.issuedNs - inserted;
        }
    }

    /** An independent recorder holding what this one holds. */
    DirectionRecorder copy() {
        DirectionRecorder c = new DirectionRecorder();
        c.latency.add(latency);
        c.ios = ios;
        c.bytes = bytes;
        c.q2dSumNs = q2dSumNs;
        c.d2cSumNs = d2cSumNs;
        c.newRequests = newRequests;
        c.merged = merged;
        c.q2gSumNs = q2gSumNs;
        c.g2iSumNs = g2iSumNs;
        c.i2dSumNs = i2dSumNs;
        c.q2mSumNs = q2mSumNs;
        c.m2dSumNs = m2dSumNs;
        c.q2cSumNs = q2cSumNs;
        return c;
    }

    Btt btt() {
        if (ios == 0) {
            return Btt.EMPTY;
        }
        double n = Math.max(1, newRequests);
        double m = Math.max(1, merged);
        return new Btt(newRequests, merged, ios, q2gSumNs / n, g2iSumNs / n, q2mSumNs / m, i2dSumNs / n,
                m2dSumNs / m, d2cSumNs / ios, q2cSumNs / ios);
    }

    /**
     * Reads and writes merged ({@link #sum}), made again only when either has recorded since: a
     * run's result asks for it three times (the job's total, the run's total and its CDF).
     */
    static final class Both {
        private final DirectionRecorder read;
        private final DirectionRecorder write;
        private DirectionRecorder sum;
        private long sumReadIos = -1;
        private long sumWriteIos = -1;

        Both(DirectionRecorder read, DirectionRecorder write) {
            this.read = read;
            this.write = write;
        }

        DirectionRecorder get() {
            if (sum == null || read.ios != sumReadIos || write.ios != sumWriteIos) {
                sum = DirectionRecorder.sum(read, write);
                sumReadIos = read.ios;
                sumWriteIos = write.ios;
            }
            return sum;
        }
    }

    DirectionStats summarise(long elapsedNs) {
        double seconds = Units.seconds(elapsedNs);
        if (ios == 0) {
            return new DirectionStats(0, 0, 0, 0, LatencySummary.EMPTY, 0, 0);
        }
        RecordedBuckets b = buckets();
        long[] q = b.valuesAt(50, 95, 99, 99.9);
        LatencySummary summary = new LatencySummary(b.mean(), q[0], q[1], q[2], q[3], b.maxValue());
        return new DirectionStats(ios, bytes,
                seconds > 0 ? ios / seconds : 0,
                seconds > 0 ? bytes / seconds : 0,
                summary, q2dSumNs / ios, d2cSumNs / ios);
    }

    /** The quantile table of {@link LatencyCdf#PERCENTILES}, from the same histogram as the summary. */
    private static final double[] CDF_PERCENTILES =
            LatencyCdf.PERCENTILES.stream().mapToDouble(Double::doubleValue).toArray();

    LatencyCdf latencyCdf() {
        if (ios == 0) {
            return LatencyCdf.EMPTY;
        }
        List<LatencyCdf.Point> points = new ArrayList<>(LatencyCdf.PERCENTILES.size());
        RecordedBuckets b = buckets();
        long[] values = b.valuesAt(CDF_PERCENTILES);
        for (int i = 0; i < CDF_PERCENTILES.length; i++) {
            double p = CDF_PERCENTILES[i];
            // At 100 HdrHistogram's percentile walk ends on the max bucket; asking for the max
            // directly states the intent and keeps the last point equal to LatencySummary.max.
            points.add(new LatencyCdf.Point(p, p == 100.0 ? b.maxValue() : values[i]));
        }
        return new LatencyCdf(points);
    }
}
