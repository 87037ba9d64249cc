package io.iopath.result;

import java.util.List;

/**
 * IOPS, bandwidth and latency per interval of simulated time: a bio counts in the interval in
 * which it completed, intervals start at simulated time 0. For each interval that saw a
 * completion there is a point for each job and direction with IOs in it, and for all jobs
 * together ({@code job} null); a direction is {@code read}, {@code write} or {@code total}.
 *
 * <p>Beside the IOs, what the layers held ({@link Gauges}): one per interval with a completion.
 *
 * @param intervalNs the length of an interval
 * @param gauges     per interval with a completion, in time order: the layers' in-flight and dirty counts
 */
public record TimeSeries(long intervalNs, List<Point> points, List<Gauges> gauges) {
    public static final TimeSeries NONE = new TimeSeries(0, List.of(), List.of());

    public TimeSeries {
        points = List.copyOf(points);
        gauges = List.copyOf(gauges);
    }

    /** IOs only, no gauges (results made by hand). */
    public TimeSeries(long intervalNs, List<Point> points) {
        this(intervalNs, points, List.of());
    }

    /**
     * The most each layer held when an IO completed in the interval starting at {@code startNs};
     * -1 where the run has no such layer (no file system: no page cache).
     *
     * @param blockInFlight           requests issued to the driver and not yet completed
     * @param driveTagged             commands tagged at the drive (its command queue)
     * @param driveDirtyExtents       dirty extents in the drive's write-back buffer, awaiting destage
     * @param pageCacheDirtyBytes     dirty page-cache bytes (NR_FILE_DIRTY pages)
     * @param pageCacheWritebackBytes page-cache bytes under write-back (NR_WRITEBACK pages)
     */
    public record Gauges(long startNs, long blockInFlight, long driveTagged, long driveDirtyExtents,
            long pageCacheDirtyBytes, long pageCacheWritebackBytes) {
    }

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
