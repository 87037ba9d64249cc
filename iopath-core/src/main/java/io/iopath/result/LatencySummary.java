package io.iopath.result;
/** Latency distribution in nanoseconds; all zero when there were no IOs. */
public record LatencySummary(double mean, long p50, long p95, long p99, long p99_9, long max) {
    public static final LatencySummary EMPTY = new LatencySummary(0, 0, 0, 0, 0, 0);
}
