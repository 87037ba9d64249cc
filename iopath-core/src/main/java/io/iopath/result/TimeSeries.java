package io.iopath.result;

import java.util.List;

/**
 * IOPS, bandwidth and latency per interval of simulated time: a bio counts in the interval in
 * which it completed, intervals start at simulated time 0. For each interval that saw a
 * completion there is a point for each job and direction with IOs in it, and for all jobs
 * together ({@code job} null); a direction is {@code read}, {@code write} or {@code total}.
 *
 * @param intervalNs the length of an interval
 */
public record TimeSeries(long intervalNs, List<Point> points) {
    public static final TimeSeries NONE = new TimeSeries(0, List.of());

    /**
     * @param startNs   the interval's start
     * @param job       the job's name, or null for all jobs
     * @param direction read, write or total
     * @param ios       bios completed in the interval
     * @param bytes     their bytes
     * @param latency   their latency (Q → C), from a 2-significant-digit histogram (within 1 %)
     */
    public record Point(long startNs, String job, String direction, long ios, long bytes, LatencySummary latency) {
    }
}
