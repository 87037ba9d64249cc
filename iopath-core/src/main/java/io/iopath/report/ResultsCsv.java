package io.iopath.report;

import io.iopath.result.DirectionStats;
import io.iopath.result.FlushStats;
import io.iopath.result.JobResult;
import io.iopath.result.LatencySummary;
import io.iopath.result.Result;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code results.csv}: one row per direction (read, write, total) of each run, so a script can
 * load a single run or a whole sweep into one table. Column names carry their units and are part
 * of iopath's interface (docs/reports.md); the values are the ones in {@code results.json}, with
 * the same digits. Rows of several runs start with the caller's label columns.
 */
public final class ResultsCsv {
    /** The columns after the label columns, in order. Append new ones at the end. */
    public static final List<String> COLUMNS = List.of(
            "scenario", "seed", "drive", "scheduler", "queue_depth", "elapsed_ns",
            "direction", "ios", "bytes", "iops", "bandwidth_bytes_per_s",
            "latency_mean_ns", "latency_p50_ns", "latency_p95_ns", "latency_p99_ns", "latency_p99_9_ns", "latency_max_ns",
            "q2d_mean_ns", "d2c_mean_ns",
            "drive_utilisation", "bio_merges", "queue_full",
            "drive_commands", "drive_seek_mean_ns", "drive_rotation_mean_ns", "drive_transfer_mean_ns",
            "power_failure_acknowledged_lost", "power_failure_promised_lost",
            "job", "job_elapsed_ns",
            "flushes", "flush_latency_mean_ns", "flush_latency_p50_ns", "flush_latency_p99_ns", "flush_latency_max_ns");

    /** The columns that hold text; every other column of {@link #COLUMNS} is a number (or empty). */
    public static final java.util.Set<String> TEXT_COLUMNS = java.util.Set.of("scenario", "drive", "scheduler", "direction", "job");

    /** The {@code job} of the rows of all jobs together. */
    public static final String ALL_JOBS = "all";

    private final Csv csv;

    /** A table whose rows start with {@code labelColumns} (none for a single run). */
    public ResultsCsv(List<String> labelColumns) {
        this.csv = new Csv(labelColumns, COLUMNS);
    }

    /** The {@code results.csv} of one run. */
    public static String of(Result r) {
        return new ResultsCsv(List.of()).add(List.of(), r).text();
    }

    /** Every run of a sweep, in the order given. */
    public static String of(List<String> labelColumns, List<LabelledResult> runs) {
        ResultsCsv table = new ResultsCsv(labelColumns);
        runs.forEach(table::add);
        return table.text();
    }

    /**
     * The cells of one run's rows, without labels, in the order {@link #add(List, Result)} writes
     * them (read, write, total; then the same per job). A table built elsewhere (a Spark job's)
     * from these and {@link #line} has the bytes of this one.
     */
    public static List<List<String>> cells(Result r) {
        List<List<String>> rows = new ArrayList<>(3 + 3 * r.jobs().size());
        rows.add(row(r, "read", r.read(), ALL_JOBS, r.elapsedNs(), r.flush()));
        rows.add(row(r, "write", r.write(), ALL_JOBS, r.elapsedNs(), r.flush()));
        rows.add(row(r, "total", r.total(), ALL_JOBS, r.elapsedNs(), r.flush()));
        for (JobResult j : r.jobs()) {
            rows.add(row(r, "read", j.read(), j.name(), j.elapsedNs(), j.flush()));
            rows.add(row(r, "write", j.write(), j.name(), j.elapsedNs(), j.flush()));
            rows.add(row(r, "total", j.total(), j.name(), j.elapsedNs(), j.flush()));
        }
        return rows;
    }

    /** One line of a {@code results.csv} (header or row): the cells as RFC 4180 text, ending in LF. */
    public static String line(List<String> cells) {
        return Csv.line(cells);
    }

    public ResultsCsv add(LabelledResult run) {
        return add(run.labels(), run.result());
    }

    /** Adds the rows of one run; {@code labels} are its values of the label columns. */
    public ResultsCsv add(List<String> labels, Result r) {
        csv.checkLabels(labels);
        for (List<String> cells : cells(r)) {
            csv.row(labels, cells);
        }
        return this;
    }

    private static List<String> row(Result r, String direction, DirectionStats d, String job, long jobElapsedNs,
                                    FlushStats flush) {
        LatencySummary l = d.latency();
        return List.of(
                r.scenario(), Csv.num(r.seed()), r.drive(), r.scheduler(), Csv.num(r.queueDepth()), Csv.num(r.elapsedNs()),
                direction, Csv.num(d.ios()), Csv.num(d.bytes()), Csv.num(d.iops()), Csv.num(d.bandwidthBytesPerS()),
                Csv.num(l.mean()), Csv.num(l.p50()), Csv.num(l.p95()), Csv.num(l.p99()), Csv.num(l.p99_9()), Csv.num(l.max()),
                Csv.num(d.q2dMeanNs()), Csv.num(d.d2cMeanNs()),
                Csv.num(r.driveUtilisation()), Csv.num(r.bioMerges()), Csv.num(r.queueFulls()),
                Csv.num(r.driveTime().commands()), Csv.num(r.driveTime().seekMeanNs()),
                Csv.num(r.driveTime().rotationMeanNs()), Csv.num(r.driveTime().transferMeanNs()),
                // empty when the run had no power failure
                r.powerLoss() == null ? "" : Csv.num(r.powerLoss().acknowledgedLost()),
                r.powerLoss() == null ? "" : Csv.num(r.powerLoss().promisedLost()),
                job, Csv.num(jobElapsedNs),
                Csv.num(flush.count()), Csv.num(flush.latency().mean()), Csv.num(flush.latency().p50()),
                Csv.num(flush.latency().p99()), Csv.num(flush.latency().max()));
    }

    public String text() {
        return csv.text();
    }
}
