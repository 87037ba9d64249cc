package io.iopath.report;

import io.iopath.result.DirectionStats;
import io.iopath.result.FileSystemReport;
import io.iopath.result.FlushStats;
import io.iopath.result.JobResult;
import io.iopath.result.LatencySummary;
import io.iopath.result.Result;
import io.iopath.result.VirtualPowerLoss;
import io.iopath.result.VirtualResult;
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
            "flushes", "flush_latency_mean_ns", "flush_latency_p50_ns", "flush_latency_p99_ns", "flush_latency_max_ns",
            "destages", "destage_seek_mean_ns", "destage_rotation_mean_ns", "destage_transfer_mean_ns",
            "iopath_version", "scenario_hash");

    /**
     * The file system's columns, after {@link #COLUMNS}, only in a table with a run on a file system (a
     * table of block-device runs keeps its bytes); the run's figures, the same on each of its rows, empty
     * on the rows of a run without one.
     */
    public static final List<String> FILESYSTEM_COLUMNS = List.of(
            "fs_type", "page_cache_hits", "page_cache_misses", "app_bytes_read", "app_bytes_written",
            "device_bytes_read", "device_bytes_written", "journal_commits", "journal_blocks",
            "journal_commit_mean_ns", "journal_commit_max_ns",
            "fsyncs", "fsync_latency_mean_ns", "fsync_latency_p50_ns", "fsync_latency_p99_ns", "fsync_latency_max_ns",
            "power_failure_journal_violations", "power_failure_journal_first_tid", "power_failure_journal_first_commit_ns",
            "power_failure_fsynced_blocks_lost", "power_failure_page_cache_pages_lost", "power_failure_commit_blocks_lost");

    /**
     * The columns of a guest on a virtual disk, after the others, only in its {@code results.csv}:
     * {@code virtual_disk_} and the key of results.json's {@code virtual_disk} object (a power
     * failure's keys after {@code power_failure_}), the same on each row; the power failure's
     * empty without one. Then the physical drive's mechanics, named as this table's own
     * {@code drive_*} and {@code destage*} columns (which, for a guest, are the virtual disk's: zero).
     */
    public static final List<String> VIRTUAL_DISK_COLUMNS = List.of(
            "virtual_disk_device", "virtual_disk_cache", "virtual_disk_app_ops", "virtual_disk_app_iops",
            "virtual_disk_app_clat_p50_ns", "virtual_disk_app_clat_p99_ns", "virtual_disk_guest_flushes",
            "virtual_disk_host_fdatasyncs", "virtual_disk_completed_before_durable", "virtual_disk_drive_write_cache",
            "virtual_disk_drive_reads", "virtual_disk_drive_writes", "virtual_disk_drive_flushes",
            "virtual_disk_power_failure_at_ns", "virtual_disk_power_failure_guest_acked_lost",
            "virtual_disk_power_failure_guest_flushed_lost", "virtual_disk_power_failure_guest_fsynced_blocks_lost",
            "virtual_disk_power_failure_guest_page_cache_lost", "virtual_disk_power_failure_host_page_cache_lost",
            "virtual_disk_power_failure_drive_acknowledged_lost", "virtual_disk_power_failure_drive_promised_lost",
            "virtual_disk_power_failure_drive_in_flight_lost", "virtual_disk_power_failure_drive_torn_writes",
            "virtual_disk_drive_commands", "virtual_disk_drive_seek_mean_ns", "virtual_disk_drive_rotation_mean_ns",
            "virtual_disk_drive_transfer_mean_ns", "virtual_disk_destages", "virtual_disk_destage_seek_mean_ns",
            "virtual_disk_destage_rotation_mean_ns", "virtual_disk_destage_transfer_mean_ns");

    /** The columns that hold text; every other column of {@link #COLUMNS} is a number (or empty). */
    public static final java.util.Set<String> TEXT_COLUMNS = java.util.Set.of("scenario", "drive", "scheduler", "direction", "job",
            "iopath_version", "scenario_hash", "fs_type",
            "virtual_disk_device", "virtual_disk_cache", "virtual_disk_drive_write_cache");

    /** The {@code job} of the rows of all jobs together. */
    public static final String ALL_JOBS = "all";

    /**
     * One run's cells, without labels' columns: its rows' cells of {@link #COLUMNS} (read, write,
     * total; then the same per job), its {@link #FILESYSTEM_COLUMNS} cells (empty without a file
     * system) and its {@link #VIRTUAL_DISK_COLUMNS} cells (empty unless a guest on a virtual disk),
     * the same on each row. A table of runs is {@link #text} of these, wherever they were made (a
     * Spark job's executors): the bytes of this class's own tables.
     */
    public record RunCells(List<String> labels, List<List<String>> rows, List<String> filesystem, List<String> virtualDisk)
            implements java.io.Serializable {
        private static final long serialVersionUID = 1L;

        public RunCells {
            labels = List.copyOf(labels);
            List<List<String>> copy = new ArrayList<>(rows.size());
            rows.forEach(r -> copy.add(List.copyOf(r)));
            rows = List.copyOf(copy);
            filesystem = List.copyOf(filesystem);
            virtualDisk = List.copyOf(virtualDisk);
        }
    }

    private ResultsCsv() {
    }

    /** The {@code results.csv} of one run. */
    public static String of(Result r) {
        return text(List.of(), List.of(cells(List.of(), r)));
    }

    /** The {@code results.csv} of a guest on a virtual disk: the guest's rows, each with {@link #VIRTUAL_DISK_COLUMNS} at its end. */
    public static String of(VirtualResult v) {
        return text(List.of(), List.of(cells(List.of(), v)));
    }

    /** Every run of a sweep, in the order given. */
    public static String of(List<String> labelColumns, List<LabelledResult> runs) {
        return text(labelColumns, runs.stream().map(run -> cells(run.labels(), run.result())).toList());
    }

    /**
     * Every guest run of a sweep, in the order given: each run's rows as {@link #of(VirtualResult)}
     * writes them, after its labels; {@link #FILESYSTEM_COLUMNS} when some guest had a file system.
     */
    public static String ofVirtual(List<String> labelColumns, List<LabelledVirtualResult> runs) {
        return text(labelColumns, runs.stream().map(run -> cells(run.labels(), run.result())).toList());
    }

    /** A run's cells with its labels. */
    public static RunCells cells(List<String> labels, Result r) {
        return new RunCells(labels, cells(r), r.filesystem() == null ? List.of() : filesystemCells(r.filesystem(), r.powerLoss()),
                List.of());
    }

    /** A guest's cells with its labels: the guest's rows and file system, and its virtual disk's. */
    public static RunCells cells(List<String> labels, VirtualResult v) {
        RunCells guest = cells(labels, v.guest());
        return new RunCells(labels, guest.rows(), guest.filesystem(), virtualDiskCells(v));
    }

    /**
     * The columns after the label columns of a table of {@code runs}: {@link #COLUMNS}, then
     * {@link #FILESYSTEM_COLUMNS} when some run had a file system (a table of block-device runs keeps
     * its bytes), then {@link #VIRTUAL_DISK_COLUMNS} when some run was a guest on a virtual disk.
     */
    public static List<String> columns(List<RunCells> runs) {
        List<String> columns = new ArrayList<>(COLUMNS);
        if (runs.stream().anyMatch(r -> !r.filesystem().isEmpty())) {
            columns.addAll(FILESYSTEM_COLUMNS);
        }
        if (runs.stream().anyMatch(r -> !r.virtualDisk().isEmpty())) {
            columns.addAll(VIRTUAL_DISK_COLUMNS);
        }
        return columns;
    }

    /** The rows of {@code run} in a table with {@code columns} ({@link #columns}), without labels: a group it lacks is empty cells. */
    public static List<List<String>> rows(RunCells run, List<String> columns) {
        boolean filesystem = columns.contains(FILESYSTEM_COLUMNS.get(0));
        boolean virtual = columns.contains(VIRTUAL_DISK_COLUMNS.get(0));
        List<List<String>> rows = new ArrayList<>(run.rows().size());
        for (List<String> cells : run.rows()) {
            List<String> row = new ArrayList<>(cells);
            if (filesystem) {
                row.addAll(run.filesystem().isEmpty() ? java.util.Collections.nCopies(FILESYSTEM_COLUMNS.size(), "") : run.filesystem());
            }
            if (virtual) {
                row.addAll(run.virtualDisk().isEmpty() ? java.util.Collections.nCopies(VIRTUAL_DISK_COLUMNS.size(), "") : run.virtualDisk());
            }
            rows.add(row);
        }
        return rows;
    }

    /** The {@code results.csv} text of these runs, in the order given, their labels first. */
    public static String text(List<String> labelColumns, List<RunCells> runs) {
        List<String> columns = columns(runs);
        Csv table = new Csv(labelColumns, columns);
        for (RunCells run : runs) {
            table.checkLabels(run.labels());
            for (List<String> row : rows(run, columns)) {
                table.row(run.labels(), row);
            }
        }
        return table.text();
    }

    private static List<String> virtualDiskCells(VirtualResult v) {
        List<String> cells = new ArrayList<>(List.of(v.device(), v.mode(), Csv.num(v.application().ops()),
                Csv.num(v.application().iops()), Csv.num(v.application().p50Ns()), Csv.num(v.application().p99Ns()),
                Csv.num(v.guestFlushes()), Csv.num(v.hostFdatasyncs()), Csv.num(v.completedBeforeDurable()),
                v.driveWriteCache() ? "on" : "off", Csv.num(v.driveReads()), Csv.num(v.driveWrites()), Csv.num(v.driveFlushes())));
        VirtualPowerLoss p = v.powerLoss();
        if (p == null) {
            cells.addAll(java.util.Collections.nCopies(10, ""));
        } else {
            cells.addAll(List.of(Csv.num(p.atNs()), Csv.num(p.guestAckedLost()), Csv.num(p.guestFlushedLost()),
                    Csv.num(p.guestFsyncedBlocksLost()), Csv.num(p.guestPageCacheLost()), Csv.num(p.hostPageCacheLost()),
                    Csv.num(p.drive().acknowledgedLost()), Csv.num(p.drive().promisedLost()), Csv.num(p.drive().inFlightLost()),
                    Csv.num(p.drive().tornWrites())));
        }
        cells.addAll(List.of(Csv.num(v.driveTime().commands()), Csv.num(v.driveTime().seekMeanNs()),
                Csv.num(v.driveTime().rotationMeanNs()), Csv.num(v.driveTime().transferMeanNs()),
                Csv.num(v.destageTime().commands()), Csv.num(v.destageTime().seekMeanNs()),
                Csv.num(v.destageTime().rotationMeanNs()), Csv.num(v.destageTime().transferMeanNs())));
        return cells;
    }

    /**
     * The cells of one run's rows, without labels (read, write, total; then the same per job), in
     * the order of {@link #COLUMNS}.
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

    /**
     * The cells of {@link #FILESYSTEM_COLUMNS}: the journal check's cells empty without a power
     * failure (the first transaction's empty when there was no violation).
     */
    private static List<String> filesystemCells(FileSystemReport f, io.iopath.result.PowerLossReport p) {
        LatencySummary l = f.fsyncLatency();
        io.iopath.result.JournalConsistency j = p == null ? null : p.journal();
        io.iopath.result.FileSystemLoss lost = p == null ? null : p.fileSystem();
        return List.of(f.type(), Csv.num(f.pageCacheHits()), Csv.num(f.pageCacheMisses()), Csv.num(f.appBytesRead()),
                Csv.num(f.appBytesWritten()), Csv.num(f.deviceBytesRead()), Csv.num(f.deviceBytesWritten()),
                Csv.num(f.journalCommits()), Csv.num(f.journalBlocks()), Csv.num(f.commitMeanNs()), Csv.num(f.commitMaxNs()),
                Csv.num(f.fsyncs()), Csv.num(l.mean()), Csv.num(l.p50()), Csv.num(l.p99()), Csv.num(l.max()),
                j == null ? "" : Csv.num(j.violations()), j == null || j.violations() == 0 ? "" : Csv.num(j.firstTid()),
                j == null || j.violations() == 0 ? "" : Csv.num(j.firstCommitNs()),
                lost == null ? "" : Csv.num(lost.fsyncedBlocksLost()), lost == null ? "" : Csv.num(lost.pageCachePagesLost()),
                lost == null ? "" : Csv.num(lost.commitBlocksLost()));
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
                Csv.num(flush.latency().p99()), Csv.num(flush.latency().max()),
                Csv.num(r.destageTime().commands()), Csv.num(r.destageTime().seekMeanNs()),
                Csv.num(r.destageTime().rotationMeanNs()), Csv.num(r.destageTime().transferMeanNs()),
                r.provenance().version(), r.provenance().scenarioHash());
    }

}
