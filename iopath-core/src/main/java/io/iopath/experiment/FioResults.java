package io.iopath.experiment;

import io.iopath.device.IssueTap;
import io.iopath.metrics.fio.JobStats;
import io.iopath.request.IoPrio;
import io.iopath.result.FioResult;
import io.iopath.result.Result;
import io.iopath.workload.JobSpec;
import io.iopath.workload.Workload;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects a run's fio-style job statistics into a {@link FioResult}: one entry per process, or
 * with {@code group_reporting} one per job name, the clones' statistics merged.
 */
final class FioResults {
    private FioResults() {
    }

    /** A reported job while its clones are merged. */
    private record Entry(JobSpec spec, int clones, int pid, JobStats stats) {
    }

    static FioResult of(List<Workload> workloads, IssueTap tap, Result result, boolean groupReporting) {
        Map<String, Entry> byName = new LinkedHashMap<>();
        List<Entry> entries = new ArrayList<>();
        for (Workload w : workloads) {
            if (!groupReporting) {
                entries.add(new Entry(w.spec(), 1, w.processId(), w.stats()));
                continue;
            }
            Entry e = byName.get(w.spec().name());
            if (e == null) {
                JobStats merged = new JobStats();
                merged.addAll(w.stats());
                e = new Entry(w.spec(), 1, w.processId(), merged);
                byName.put(w.spec().name(), e);
                entries.add(e);
            } else {
                e.stats().addAll(w.stats());
                Entry grown = new Entry(e.spec(), e.clones() + 1, e.pid(), e.stats());
                byName.put(e.spec().name(), grown);
                entries.set(entries.indexOf(e), grown);
            }
        }
        List<FioResult.Job> jobs = new ArrayList<>(entries.size());
        for (Entry e : entries) {
            double[] percentiles = e.spec().percentiles().stream().mapToDouble(Double::doubleValue).toArray();
            jobs.add(new FioResult.Job(e.spec().name(), e.clones(), e.pid(), options(e.spec()),
                    e.stats().snapshot(percentiles)));
        }
        FioResult.Disk disk = new FioResult.Disk("sda", List.of(tap.ios(0), tap.ios(1)),
                List.of(tap.sectors(0), tap.sectors(1)), List.of(tap.ticksNs(0), tap.ticksNs(1)));
        return new FioResult(result.scenario(), result.seed(), result.drive(), jobs, disk, result.driveUtilisation(),
                result.provenance());
    }

    private static FioResult.Options options(JobSpec spec) {
        boolean prio = spec.ioprio() != IoPrio.NONE;
        return new FioResult.Options(spec.rw().fioName, spec.blockSize(), spec.iodepth(), spec.ioengine(), spec.size(),
                spec.numjobs(), spec.replay() != null ? spec.replay().file() : null,
                prio ? IoPrio.ioClass(spec.ioprio()) : -1, prio ? IoPrio.data(spec.ioprio()) : 0,
                spec.effectiveDepth(), spec.asyncEngine(), spec.percentiles());
    }
}
