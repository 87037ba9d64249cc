package io.iopath.metrics;

import io.iopath.request.Bio;
import io.iopath.request.Request;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/** Accumulates completed bios of one direction: counts, bytes, latency histogram, Q2D and D2C. */
final class DirectionRecorder {
    /** One hour of simulated latency at 3 significant digits: plenty, and fixed-size. */
    private static final long MAX_TRACKABLE_NS = 3_600_000_000_000L;

    private final Histogram latency = new Histogram(1, MAX_TRACKABLE_NS, 3);
    private long ios;
    private long bytes;
    private double q2dSumNs;
    private double d2cSumNs;

    void record(Bio bio) {
        long lat = bio.completedNs - bio.queuedNs;
        latency.recordValue(Math.max(1, Math.min(lat, MAX_TRACKABLE_NS)));
        ios++;
        bytes += bio.bytes();
        Request rq = bio.request;
        q2dSumNs += rq.issuedNs - bio.queuedNs;
        d2cSumNs += rq.completedNs - rq.issuedNs;
    }

    void addInto(DirectionRecorder total) {
        total.latency.add(latency);
        total.ios += ios;
        total.bytes += bytes;
        total.q2dSumNs += q2dSumNs;
        total.d2cSumNs += d2cSumNs;
    }

    DirectionStats summarise(long elapsedNs) {
        double seconds = elapsedNs / 1e9;
        if (ios == 0) {
            return new DirectionStats(0, 0, 0, 0, LatencySummary.EMPTY, 0, 0);
        }
        LatencySummary summary = new LatencySummary(
                latency.getMean(),
                latency.getValueAtPercentile(50),
                latency.getValueAtPercentile(95),
                latency.getValueAtPercentile(99),
                latency.getValueAtPercentile(99.9),
                latency.getMaxValue());
        return new DirectionStats(ios, bytes,
                seconds > 0 ? ios / seconds : 0,
                seconds > 0 ? bytes / seconds : 0,
                summary, q2dSumNs / ios, d2cSumNs / ios);
    }

    /** The quantile table of {@link LatencyCdf#PERCENTILES}, from the same histogram as the summary. */
    LatencyCdf latencyCdf() {
        if (ios == 0) {
            return LatencyCdf.EMPTY;
        }
        List<LatencyCdf.Point> points = new ArrayList<>(LatencyCdf.PERCENTILES.size());
        for (double p : LatencyCdf.PERCENTILES) {
            // At 100 HdrHistogram's percentile walk ends on the max bucket; asking for the max
            // directly states the intent and keeps the last point equal to LatencySummary.max.
            long v = p == 100.0 ? latency.getMaxValue() : latency.getValueAtPercentile(p);
            points.add(new LatencyCdf.Point(p, v));
        }
        return new LatencyCdf(points);
    }
}
