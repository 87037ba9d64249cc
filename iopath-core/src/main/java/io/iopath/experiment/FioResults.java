package io.iopath.experiment;

import io.iopath.device.IssueTap;
import io.iopath.metrics.fio.JobStats;
import io.iopath.request.IoPrio;
import io.iopath.result.FioResult;
import io.iopath.result.Result;
import io.iopath.workload.JobSpec;
import io.iopath.workload.Workload;
import java.util.ArrayList;
import java.util.List;

/**
 * Collects a run's fio-style job statistics into a {@link FioResult}: one entry per process, or
 * with {@code group_reporting} one per job name, the clones' statistics merged.
 */
final class FioResults {
    private FioResults() {
    }

    /** A reported job while its members are summed. */
    private record Entry(JobSpec spec, int clones, int pid, int groupId, JobStats stats, FioResult.Error error) {
    }

    /** The job's error as fio's {@code ts->error} / {@code verror} hold it. */
    private static FioResult.Error error(Workload w) {
        if (w.continueOnError()) {
            return new FioResult.Error(w.errno(), w.errno() == 0 ? "" : w.verror(), true, w.errorCount(), w.firstError());
        }
        return w.errno() == 0 ? FioResult.Error.NONE : new FioResult.Error(w.errno(), w.verror(), false, 0, 0);
    }

    /**
     * As fio's {@code __show_run_stats}: without {@code group_reporting} one entry per process;
     * with it one per reporting group (consecutive processes of the same {@code groupid}, named
     * after the first), the members summed by {@code sum_thread_stats}. A job's groupid is that
     * of the job before it, one more when it has {@code stonewall} or {@code new_group} and the
     * group so far has jobs (init.c {@code add_job}).
     */
    /**
     * Each process's fio groupid: that of the process before it, one more when a new job (not
     * another clone) has {@code stonewall} or {@code new_group} and the group so far has
     * processes (init.c {@code add_job}).
     */
    static int[] groupIds(List<Workload> workloads) {
        int[] ids = new int[workloads.size()];
        int groupId = 0;
        int groupJobs = 0;
        String lastJob = null;
        for (int i = 0; i < ids.length; i++) {
            JobSpec spec = workloads.get(i).spec();
            boolean newJob = !spec.name().equals(lastJob);
            if (newJob && (spec.control().stonewall() || spec.control().newGroup()) && groupJobs > 0) {
                groupId++;
                groupJobs = 0;
            }
            ids[i] = groupId;
            lastJob = spec.name();
            groupJobs++;
        }
        return ids;
    }

    static FioResult of(List<Workload> workloads, IssueTap tap, Result result, boolean groupReporting) {
        return of(workloads, tap, "sda", result, groupReporting);
    }

    /** As {@link #of(List, IssueTap, Result, boolean)} with the disk named {@code diskName} in fio's disk stats. */
    static FioResult of(List<Workload> workloads, IssueTap tap, String diskName, Result result, boolean groupReporting) {
        List<Entry> entries = new ArrayList<>();
        int[] groupIds = groupIds(workloads);
        String lastJob = null;
        Entry open = null;
        List<FioResult.Section> sections = new ArrayList<>();
        for (int i = 0; i < workloads.size(); i++) {
            Workload w = workloads.get(i);
            JobSpec spec = w.spec();
            boolean newJob = !spec.name().equals(lastJob);
            int groupId = groupIds[i];
            if (newJob) {
                sections.add(new FioResult.Section(spec.name(), groupId, 1, options(spec)));
            } else {
                FioResult.Section last = sections.get(sections.size() - 1);
                sections.set(sections.size() - 1, new FioResult.Section(last.name(), last.groupId(),
                        last.processes() + 1, last.options()));
            }
            lastJob = spec.name();
            if (!groupReporting) {
                entries.add(new Entry(spec, 1, w.processId(), groupId, w.stats(), error(w)));
                continue;
            }
            if (open == null || open.groupId() != groupId) {
                JobStats sum = new JobStats();
                sum.sumGroupMember(w.stats());
                open = new Entry(spec, 1, w.processId(), groupId, sum, error(w));
                entries.add(open);
            } else {
                open.stats().sumGroupMember(w.stats());
                // __show_run_stats: the group's error is its first member's with one
                FioResult.Error err = open.error().errno() != 0 ? open.error() : error(w);
                Entry grown = new Entry(open.spec(), open.clones() + 1, open.pid(), groupId, open.stats(), err);
                entries.set(entries.size() - 1, grown);
                open = grown;
            }
        }
        List<FioResult.Job> jobs = new ArrayList<>(entries.size());
        for (Entry e : entries) {
            double[] percentiles = e.spec().percentiles().stream().mapToDouble(Double::doubleValue).toArray();
            jobs.add(new FioResult.Job(e.spec().name(), e.clones(), e.pid(), e.groupId(), options(e.spec()),
                    e.stats().snapshot(percentiles), e.error(), e.stats().blockTrims()));
        }
        FioResult.Disk disk = new FioResult.Disk(diskName, List.of(tap.ios(0), tap.ios(1)),
                List.of(tap.sectors(0), tap.sectors(1)), List.of(tap.ticksNs(0), tap.ticksNs(1)));
        boolean allMtd = !workloads.isEmpty();
        for (Workload w : workloads) {
            allMtd &= w.spec().control().mtd() != null;
        }
        if (allMtd) {
            // /dev/mtdN is a character device: diskutil.c get_device_numbers finds no disk for it, so fio shows none
            disk = null;
        }
        return new FioResult(result.scenario(), result.seed(), result.drive(), sections, jobs, disk,
                result.driveUtilisation(), result.provenance());
    }

    private static FioResult.Options options(JobSpec spec) {
        boolean prio = spec.ioprio() != IoPrio.NONE;
        return new FioResult.Options(spec.rw().fioName, spec.blockSize(), spec.iodepth(), spec.ioengine(), spec.size(),
                spec.numjobs(), spec.replay() != null ? spec.replay().file() : null,
                prio ? IoPrio.ioClass(spec.ioprio()) : -1, prio ? IoPrio.data(spec.ioprio()) : 0,
                spec.effectiveDepth(), spec.asyncEngine(), spec.percentiles(),
                spec.control().mtd() == null ? List.of(min(spec.blockSizes().read()), max(spec.blockSizes().read()),
                        min(spec.blockSizes().write()), max(spec.blockSizes().write()), min(spec.blockSizes().trim()),
                        max(spec.blockSizes().trim()))
                        : List.of(min(spec.blockSizes().read()), max(spec.blockSizes().read()), min(spec.blockSizes().write()),
                        max(spec.blockSizes().write()), spec.control().mtd().trimBytes(), spec.control().mtd().trimBytes()));
    }

    private static long min(JobSpec.BlockSizes.Choice c) {
        return c.splitSizes().isEmpty() ? c.min() : c.splitSizes().stream().mapToLong(Long::longValue).min().orElse(c.min());
    }

    private static long max(JobSpec.BlockSizes.Choice c) {
        return c.splitSizes().isEmpty() ? c.max() : c.splitSizes().stream().mapToLong(Long::longValue).max().orElse(c.max());
    }
}
