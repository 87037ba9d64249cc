package io.iopath.report;

import io.iopath.result.LatencySummary;
import io.iopath.result.Result;
import io.iopath.result.TimeSeries;
import java.util.List;

/**
 * {@code timeseries.csv}: a row per interval, job and direction (long form, so it plots
 * directly), with IOPS, bandwidth and latency percentiles of the bios completed in the interval;
 * {@code job} is {@value ResultsCsv#ALL_JOBS} for all jobs together. Intervals without a
 * completion have no rows. The layers' gauges (the most each held when an IO of the interval
 * completed: requests at the driver, commands tagged at the drive, the drive's dirty extents, the
 * page cache's dirty and write-back bytes) are the same on every row of an interval; empty where
 * the run has no such layer.
 */
public final class TimeSeriesCsv {
    public static final List<String> COLUMNS = List.of(
            "interval_start_ns", "interval_ns", "job", "direction", "ios", "bytes", "iops", "bandwidth_bytes_per_s",
            "latency_mean_ns", "latency_p50_ns", "latency_p95_ns", "latency_p99_ns", "latency_p99_9_ns", "latency_max_ns",
            "block_in_flight_max", "drive_tagged_max", "drive_dirty_extents_max",
            "page_cache_dirty_bytes_max", "page_cache_writeback_bytes_max",
            "iopath_version", "scenario_hash");

    private TimeSeriesCsv() {
    }

    public static String of(Result r) {
        Csv csv = new Csv(List.of(), COLUMNS);
        TimeSeries ts = r.timeSeries();
        double seconds = ts.intervalNs() / 1e9;
        java.util.Map<Long, TimeSeries.Gauges> gauges = new java.util.HashMap<>();
        for (TimeSeries.Gauges g : ts.gauges()) {
            gauges.put(g.startNs(), g);
        }
        for (TimeSeries.Point p : ts.points()) {
            LatencySummary l = p.latency();
            TimeSeries.Gauges g = gauges.get(p.startNs());
            csv.row(List.of(), List.of(Csv.num(p.startNs()), Csv.num(ts.intervalNs()),
                    p.job() == null ? ResultsCsv.ALL_JOBS : p.job(), p.direction(), Csv.num(p.ios()), Csv.num(p.bytes()),
                    Csv.num(p.ios() / seconds), Csv.num(p.bytes() / seconds),
                    Csv.num(l.mean()), Csv.num(l.p50()), Csv.num(l.p95()), Csv.num(l.p99()), Csv.num(l.p99_9()),
                    Csv.num(l.max()),
                    gauge(g == null ? -1 : g.blockInFlight()), gauge(g == null ? -1 : g.driveTagged()),
                    gauge(g == null ? -1 : g.driveDirtyExtents()), gauge(g == null ? -1 : g.pageCacheDirtyBytes()),
                    gauge(g == null ? -1 : g.pageCacheWritebackBytes()),
                    r.provenance().version(), r.provenance().scenarioHash()));
        }
        return csv.text();
    }

    /** A gauge's cell: empty where the run has no such layer (-1). */
    private static String gauge(long v) {
        return v < 0 ? "" : Csv.num(v);
    }
}
