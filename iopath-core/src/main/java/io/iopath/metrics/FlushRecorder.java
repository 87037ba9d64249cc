package io.iopath.metrics;

import io.iopath.request.Bio;
import io.iopath.result.FlushStats;
import io.iopath.result.LatencySummary;
import org.HdrHistogram.Histogram;

/** Completed flushes: count and latency (Q → C) in a histogram at DirectionRecorder's precision. */
final class FlushRecorder {
    private final Histogram latency = new Histogram(1, DirectionRecorder.MAX_TRACKABLE_NS, 3);
    private long count;

    void record(Bio bio) {
        long lat = bio.completedNs - bio.queuedNs;
        latency.recordValue(Math.max(1, Math.min(lat, DirectionRecorder.MAX_TRACKABLE_NS)));
        count++;
    }

    void addInto(FlushRecorder total) {
        total.latency.add(latency);
        total.count += count;
    }

    FlushStats stats() {
        if (count == 0) {
            return FlushStats.NONE;
        }
        return new FlushStats(count, new LatencySummary(latency.getMean(), latency.getValueAtPercentile(50),
                latency.getValueAtPercentile(95), latency.getValueAtPercentile(99), latency.getValueAtPercentile(99.9),
                latency.getMaxValue()));
    }
}
