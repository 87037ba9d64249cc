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
 * <p>The series is bounded, as a plotting tool's round-robin archive is: a long run's intervals are
 * {@link #coarsened} (see {@code metrics.TimeSeriesRecorder}) so that memory and the number of
 * points stay flat whatever the run's length. A coarsened interval is a whole number of the
 * requested ones, a power of two; its IOs, bytes, mean and maximum latency and gauges are exact,
 * and each latency percentile is the highest of the requested intervals' exact percentiles it
 * covers (an upper bound on the coarse interval's own).
 *
 * @param intervalNs          the length of an interval
 * @param gauges              per interval with a completion, in time order: the layers' in-flight and dirty counts
 * @param requestedIntervalNs the interval the run asked for; {@code intervalNs} is a power-of-two multiple
 *                            of it when the series was coarsened
 * @param pointCount          how many points the run's series had: the size of {@code points}, unless
 *                            they were left out ({@link #withoutPoints})
 */
public record TimeSeries(long intervalNs, List<Point> points, List<Gauges> gauges, long requestedIntervalNs,
        int pointCount) {
    public static final TimeSeries NONE = new TimeSeries(0, List.of(), List.of());

    public TimeSeries {
        points = List.copyOf(points);
        gauges = List.copyOf(gauges);
        if (pointCount < points.size()) {
            throw new IllegalArgumentException("pointCount " + pointCount + " is below the " + points.size() + " points");
        }
    }

    public TimeSeries(long intervalNs, List<Point> points, List<Gauges> gauges, long requestedIntervalNs) {
        this(intervalNs, points, gauges, requestedIntervalNs, points.size());
    }

    /**
     * This series' intervals and its point count without the points and gauges themselves (up to
     * 65 536 points): for a result that is only tabled beside others and never charted (a split
     * replay's devices, all held until the last one ends), which keeps what the result's JSON
     * says of its series.
     */
    public TimeSeries withoutPoints() {
        return new TimeSeries(intervalNs, List.of(), List.of(), requestedIntervalNs, pointCount);
    }

    /** A series at the interval it was asked for. */
    public TimeSeries(long intervalNs, List<Point> points, List<Gauges> gauges) {
        this(intervalNs, points, gauges, intervalNs);
    }

    /** IOs only, no gauges (results made by hand). */
    public TimeSeries(long intervalNs, List<Point> points) {
        this(intervalNs, points, List.of());
    }

    /** Whether the run was long enough for its intervals to be merged into longer ones. */
    public boolean coarsened() {
        return intervalNs != requestedIntervalNs;
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
     * @param latency   their latency (Q → C): exact order statistics (nearest rank) of the interval's bios;
     *                  in a {@linkplain #coarsened coarsened} series the percentiles are the highest of the
     *                  requested intervals' it covers
     */
    public record Point(long startNs, String job, String direction, long ios, long bytes, LatencySummary latency) {
    }
}
