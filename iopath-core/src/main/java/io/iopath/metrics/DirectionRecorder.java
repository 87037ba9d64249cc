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

    private final Histogram latency = new Histogram(1, MAX_TRACKABLE_NS, 3);
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

    void addInto(DirectionRecorder total) {
        total.latency.add(latency);
        total.ios += ios;
        total.bytes += bytes;
        total.q2dSumNs += q2dSumNs;
        total.d2cSumNs += d2cSumNs;
    }

    DirectionStats summarise(long elapsedNs) {
        double seconds = Units.seconds(elapsedNs);
        if (ios == 0) {
            return new DirectionStats(0, 0, 0, 0, LatencySummary.EMPTY, 0, 0);
        }
        long[] q = HistogramQuantiles.valuesAt(latency, 50, 95, 99, 99.9);
        LatencySummary summary = new LatencySummary(latency.getMean(), q[0], q[1], q[2], q[3], latency.getMaxValue());
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
        long[] values = HistogramQuantiles.valuesAt(latency, CDF_PERCENTILES);
        for (int i = 0; i < CDF_PERCENTILES.length; i++) {
            double p = CDF_PERCENTILES[i];
            // At 100 HdrHistogram's percentile walk ends on the max bucket; asking for the max
            // directly states the intent and keeps the last point equal to LatencySummary.max.
            points.add(new LatencyCdf.Point(p, p == 100.0 ? latency.getMaxValue() : values[i]));
        }
        return new LatencyCdf(points);
    }
}
