package io.iopath.result;
/**
 * What one direction (read, write, or both) achieved in a run. Latencies are in nanoseconds and
 * measured per bio from blktrace Q to C; {@code q2dMeanNs} and {@code d2cMeanNs} split that time
 * into host (block layer) and device (driver + drive) as btt defines them.
 */
public record DirectionStats(
        long ios,
        long bytes,
        double iops,
        double bandwidthBytesPerS,
        LatencySummary latency,
        double q2dMeanNs,
        double d2cMeanNs) {
}
