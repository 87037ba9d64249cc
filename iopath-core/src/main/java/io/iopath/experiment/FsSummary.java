package io.iopath.experiment;

import io.iopath.fs.FsStats;
import io.iopath.metrics.fio.JobStats;
import io.iopath.result.FileSystemReport;
import io.iopath.result.LatencySummary;
import io.iopath.workload.Workload;
import io.iopath.workload.job.FileJob;
import java.util.List;

/** The file system's part of a run's result, and the power-failure note of a run on one. */
final class FsSummary {
    private static final double[] PERCENTILES = {50, 95, 99, 99.9};

    private FsSummary() {
    }

    /**
     * The result record: the file system's counters and the fsync/fdatasync latency of the file jobs,
     * summed over them as fio's group_reporting sums its sync line.
     */
    static FileSystemReport report(String type, FsStats s, List<Workload> workloads) {
        JobStats.Direction sync = new JobStats.Direction();
        for (Workload w : workloads) {
            if (w instanceof FileJob) {
                sync.addAll(w.stats().sync);
            }
        }
        long[] p = sync.clatPercentiles(PERCENTILES);
        LatencySummary fsync = sync.lat.count() == 0 ? LatencySummary.EMPTY
                : new LatencySummary(sync.lat.mean(), p[0], p[1], p[2], p[3], sync.lat.max());
        return new FileSystemReport(type, s.pageCacheHits(), s.pageCacheMisses(), s.appBytesRead(), s.appBytesWritten(),
                s.deviceBytesRead(), s.deviceBytesWritten(), s.journalCommits(), s.journalBlocks(),
                s.journalCommits() == 0 ? 0 : s.commitNsTotal() / s.journalCommits(), s.commitNsMax(),
                s.throttled(), s.peakDirtyPages(), s.dirtyLimitPages(), s.checkpoints(), sync.lat.count(), fsync);
    }
}
