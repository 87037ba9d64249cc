package io.iopath.metrics;

import io.iopath.metrics.fio.JobStats;
import io.iopath.request.Bio;
import io.iopath.request.Op;
import io.iopath.result.Btt;
import io.iopath.result.DirectionStats;
import io.iopath.result.DriveTimeSplit;
import io.iopath.result.FlushStats;
import io.iopath.result.JobResult;
import io.iopath.result.LatencyCdfs;
import io.iopath.result.TimeSeries;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Collects every completed bio of a run, and hands each on to its job's fio-style statistics
 * ({@link JobStats}). It reads only the bio's and its request's timelines, so it knows nothing
 * of the layers that wrote them.
 */
public final class RunMetrics {
    /** The default interval of the time series: 1 s of simulated time. */
    public static final long DEFAULT_INTERVAL_NS = 1_000_000_000L;

    /**
     * The run's reads and writes — while the run has one job, that job's own recorders, which see
     * the same bios in the same order (so every count, sum and histogram is the same): recording
     * each completion twice cost a second latency histogram (hundreds of KB, touched at random)
     * and its sums per bio. A second job gets the run its own copies of the first's, and from
     * then on every bio goes to both, so the sums are added in the same order as before.
     */
    private DirectionRecorder read = new DirectionRecorder();
    private DirectionRecorder write = new DirectionRecorder();
    /** Whether {@link #read} and {@link #write} are the run's own (more than one job), not the job's. */
    private boolean ownRecorders;
    /** {@link #read} and {@link #write} merged, once they are the run's own. */
    private DirectionRecorder.Both ownBoth;
    private final FlushRecorder flush = new FlushRecorder();
    /** The jobs, in the order first registered; one recorder per job name (numjobs clones share it). */
    private final List<JobRecorder> jobs = new ArrayList<>();
    /** Each process's job recorder, by pid (small integers from 1): an array, not a map, on the hot path. */
    private JobRecorder[] byPid = new JobRecorder[16];
    private final TimeSeriesRecorder series;
    /** Whether completions go to {@link #series} ({@link #withoutTimeSeries}: no output reads it). */
    private boolean recordSeries = true;
    private long firstQueuedNs = Long.MAX_VALUE;
    private long lastCompletedNs;
    private long commands;
    private double seekSumNs;
    private double rotationSumNs;
    private double transferSumNs;

    public RunMetrics() {
        this(DEFAULT_INTERVAL_NS);
    }

    /** @param intervalNs the time series' interval */
    public RunMetrics(long intervalNs) {
        this.series = new TimeSeriesRecorder(intervalNs);
    }

    /**
     * Process {@code pid} runs job {@code name}: its bios count in that job's figures. Clones of
     * one job (numjobs) give the same name and share them.
     */
    public void registerJob(int pid, String name) {
        if (pid < 0) {
            throw new IllegalArgumentException("pid must not be negative, got " + pid);
        }
        JobRecorder job = null;
        for (JobRecorder j : jobs) {
            if (j.name.equals(name)) {
                job = j;
            }
        }
        if (job == null) {
            job = new JobRecorder(name, jobs.size());
            jobs.add(job);
            series.addJob(name);
            if (jobs.size() == 2) {
                read = jobs.get(0).readRecorder().copy();
                write = jobs.get(0).writeRecorder().copy();
                ownRecorders = true;
                ownBoth = new DirectionRecorder.Both(read, write);
            }
        }
        if (pid >= byPid.length) {
            byPid = Arrays.copyOf(byPid, Math.max(pid + 1, byPid.length * 2));
        }
        byPid[pid] = job;
    }

    private JobRecorder job(int pid) {
        JobRecorder j = pid >= 0 && pid < byPid.length ? byPid[pid] : null;
        if (j == null) { // a bio of no registered job (a tool driving the layers by hand): its pid names it
            registerJob(Math.max(0, pid), "pid " + pid);
            j = byPid[Math.max(0, pid)];
        }
        return j;
    }

    /**
     * A bio of a job completed: it counts in the run's statistics and in its job's fio-style
     * ones, from the same completion.
     */
    public void bioCompleted(Bio bio, JobStats job) {
        bioCompleted(bio);
        job.completed(bio);
    }

    public void bioCompleted(Bio bio) {
        JobRecorder job = job(bio.processId);
        if (bio.op == Op.READ) {
            if (ownRecorders) {
                read.record(bio);
            }
            job.read(bio);
        } else if (bio.op == Op.WRITE) {
            if (ownRecorders) {
                write.record(bio);
            }
            job.write(bio);
        } else {
            if (bio.op == Op.FLUSH) {
                flush.record(bio);
                job.flush(bio);
            }
            return;
        }
        if (recordSeries) {
            series.record(bio, job.index);
        }
        if (bio.request != null && bio.request.firstBio() == bio) { // count each command once, however many bios it carries
            commands++;
            seekSumNs += bio.request.seekNs;
            rotationSumNs += bio.request.rotationNs;
            transferSumNs += bio.request.transferNs;
        }
        firstQueuedNs = Math.min(firstQueuedNs, bio.queuedNs);
        lastCompletedNs = Math.max(lastCompletedNs, bio.completedNs);
    }

    /** When the first bio was queued; 0 before any. */
    public long firstQueuedNs() {
        return firstQueuedNs == Long.MAX_VALUE ? 0 : firstQueuedNs;
    }

    /** The earliest queue time of the bios counted so far; {@link Long#MAX_VALUE} before any (it only decreases). */
    public long firstQueuedSoFarNs() {
        return firstQueuedNs;
    }

    /** The latest completion of the bios counted so far; 0 before any (it only increases). */
    public long lastCompletedNs() {
        return lastCompletedNs;
    }

    /** Time from the first bio queued to the last one completed: the base of IOPS and MB/s. */
    public long elapsedNs() {
        return firstQueuedNs == Long.MAX_VALUE ? 0 : lastCompletedNs - firstQueuedNs;
    }

    public DriveTimeSplit driveTimeSplit() {
        if (commands == 0) {
            return new DriveTimeSplit(0, 0, 0, 0);
        }
        return new DriveTimeSplit(commands, seekSumNs / commands, rotationSumNs / commands, transferSumNs / commands);
    }

    public DirectionStats read() {
        return runRead().summarise(elapsedNs());
    }

    public DirectionStats write() {
        return runWrite().summarise(elapsedNs());
    }

    /** btt's breakdown of the reads. */
    public Btt bttRead() {
        return runRead().btt();
    }

    public Btt bttWrite() {
        return runWrite().btt();
    }

    public DirectionStats total() {
        return both().summarise(elapsedNs());
    }

    /** The latency CDF of each direction; the total merges both directions' histograms. */
    public LatencyCdfs latencyCdfs() {
        return new LatencyCdfs(runRead().latencyCdf(), runWrite().latencyCdf(), both().latencyCdf());
    }

    /** Each job's figures, in the order the jobs were registered. */
    public List<JobResult> jobs() {
        List<JobResult> out = new ArrayList<>(jobs.size());
        for (JobRecorder j : jobs) {
            out.add(j.result());
        }
        return out;
    }

    public FlushStats flush() {
        return flush.stats();
    }

    /** The layers the time series samples at each completion (their in-flight and dirty counts). */
    public void gauges(LayerGauges g) {
        series.gauges(g);
    }

    /**
     * Records no time series: for a run whose outputs read none of it (the terminal table, fio's
     * outputs), where sorting each interval's latencies and sampling the layers' gauges at each
     * completion was a few per cent of the run (docs/performance.md, 2026-12-02 "speed-run").
     * Call before the first completion; {@link #timeSeries} is then {@link TimeSeries#NONE}.
     * Nothing else the run reports comes from the series.
     */
    public void withoutTimeSeries() {
        recordSeries = false;
    }

    /** The time series ({@link TimeSeries#NONE} if {@link #withoutTimeSeries}); call once, at the end of the run. */
    public TimeSeries timeSeries() {
        return recordSeries ? series.result() : TimeSeries.NONE;
    }

    /** The time series' intervals and point count without its points ({@link TimeSeries#withoutPoints}); call once, at the end. */
    public TimeSeries timeSeriesShape() {
        return recordSeries ? series.shape() : TimeSeries.NONE;
    }

    /** Reads and writes merged, for the totals. */
    private DirectionRecorder both() {
        if (ownRecorders) {
            return ownBoth.get();
        }
        if (!jobs.isEmpty()) {
            return jobs.get(0).both();
        }
        return DirectionRecorder.sum(read, write);
    }

    private DirectionRecorder runRead() {
        return ownRecorders || jobs.isEmpty() ? read : jobs.get(0).readRecorder();
    }

    private DirectionRecorder runWrite() {
        return ownRecorders || jobs.isEmpty() ? write : jobs.get(0).writeRecorder();
    }
}
