package io.iopath.workload.fio;

import io.iopath.device.IssueTap;
import io.iopath.experiment.ScenarioRun;
import io.iopath.metrics.Result;
import io.iopath.scenario.JobSpec;
import io.iopath.workload.Workload;
import io.iopath.workload.job.JobStats;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The numbers of a run as fio reports them: one entry per job (each numjobs clone separately,
 * or one per job with {@code group_reporting}), the run-status group and the disk statistics.
 * Plain data; {@link FioText} and {@link FioJson} render it.
 */
public record FioReport(String scenario, long seed, String drive, List<JobEntry> jobs, Group group, Disk disk) {
    /** fio's names of the {@link JobStats#depthAtSubmit} buckets. */
    static final String[] DEPTH_LABELS = {"1", "2", "4", "8", "16", "32", ">=64"};

    /** fio's {@code IO depths} line: the share of submissions in each depth bucket, in percent. */
    static double[] depthPercents(JobStats s) {
        long submits = 0;
        for (long v : s.depthAtSubmit) {
            submits += v;
        }
        double[] pct = new double[s.depthAtSubmit.length];
        for (int i = 0; i < pct.length; i++) {
            pct[i] = submits == 0 ? 0.0 : 100.0 * s.depthAtSubmit[i] / submits;
        }
        return pct;
    }

    /** The job's {@code percentile_list} as an array. */
    static double[] percentiles(io.iopath.scenario.JobSpec spec) {
        return spec.percentiles().stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** One reported job: its spec, how many clones it stands for, the first clone's pid, merged statistics. */
    public record JobEntry(String name, JobSpec spec, int clones, int pid, JobStats stats) {
    }

    /** Run status group 0: per direction, bandwidth range over jobs, bytes, runtime range. */
    public record Group(long[] ioBytes, long[] minBw, long[] maxBw, long[] aggBw, long[] minRunMs, long[] maxRunMs) {
    }

    /** The drive as fio's disk stats show it (per direction: read, write). */
    public record Disk(String name, long[] ios, long[] sectors, long[] merges, long[] ticksMs, long inQueueMs, double util) {
    }

    public static FioReport of(ScenarioRun run, Result result, boolean groupReporting) {
        Map<String, JobEntry> byName = new LinkedHashMap<>();
        List<JobEntry> entries = new ArrayList<>();
        for (Workload w : run.workloads()) {
            if (groupReporting) {
                JobEntry e = byName.get(w.spec().name());
                if (e == null) {
                    JobStats merged = new JobStats();
                    merged.addAll(w.stats());
                    e = new JobEntry(w.spec().name(), w.spec(), 1, w.processId(), merged);
                    byName.put(w.spec().name(), e);
                    entries.add(e);
                } else {
                    e.stats().addAll(w.stats());
                    JobEntry grown = new JobEntry(e.name(), e.spec(), e.clones() + 1, e.pid(), e.stats());
                    byName.put(e.name(), grown);
                    entries.set(entries.indexOf(e), grown);
                }
            } else {
                entries.add(new JobEntry(w.spec().name(), w.spec(), 1, w.processId(), w.stats()));
            }
        }
        long[] io = new long[2];
        long[] minBw = {Long.MAX_VALUE, Long.MAX_VALUE};
        long[] maxBw = new long[2];
        long[] minRun = {Long.MAX_VALUE, Long.MAX_VALUE};
        long[] maxRun = new long[2];
        for (JobEntry e : entries) {
            for (int d = 0; d < 2; d++) {
                JobStats.Direction dir = d == 0 ? e.stats().read : e.stats().write;
                if (dir.ios == 0) {
                    continue;
                }
                long runMs = runtimeMs(e.stats());
                long bw = runMs == 0 ? 0 : dir.bytes * 1000 / runMs;
                io[d] += dir.bytes;
                minBw[d] = Math.min(minBw[d], bw);
                maxBw[d] = Math.max(maxBw[d], bw);
                minRun[d] = Math.min(minRun[d], runMs);
                maxRun[d] = Math.max(maxRun[d], runMs);
            }
        }
        long[] agg = new long[2];
        for (int d = 0; d < 2; d++) {
            if (minBw[d] == Long.MAX_VALUE) {
                minBw[d] = 0;
                minRun[d] = 0;
            }
            // fio's aggregate bandwidth: all the group's bytes over the longest job's runtime
            agg[d] = maxRun[d] == 0 ? 0 : io[d] * 1000 / maxRun[d];
        }
        IssueTap tap = run.issueTap();
        long[] ios = {tap.ios(0), tap.ios(1)};
        long[] sectors = {tap.sectors(0), tap.sectors(1)};
        long[] ticks = {tap.ticksNs(0) / 1_000_000, tap.ticksNs(1) / 1_000_000};
        long[] bios = new long[2];
        for (JobEntry e : entries) {
            bios[0] += e.stats().read.ios;
            bios[1] += e.stats().write.ios;
        }
        long[] merges = {Math.max(0, bios[0] - ios[0]), Math.max(0, bios[1] - ios[1])};
        Disk disk = new Disk("sda", ios, sectors, merges, ticks, ticks[0] + ticks[1], 100 * result.driveUtilisation());
        return new FioReport(result.scenario(), result.seed(), result.drive(), entries,
                new Group(io, minBw, maxBw, agg, minRun, maxRun), disk);
    }

    /** fio's job runtime in ms: from the job's start to its last completion. */
    public static long runtimeMs(JobStats s) {
        return Math.round(s.runtimeNs() / 1e6);
    }
}
