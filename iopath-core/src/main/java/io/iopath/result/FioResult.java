package io.iopath.result;

import java.util.Collections;
import java.util.List;

/**
 * A run as fio sees it, the data of fio's text and JSON reports: one entry per reported job
 * (each numjobs clone separately, or one per job name with {@code group_reporting}) and the
 * disk's counters. Group figures (fio's run-status line) and percentages are derived from these
 * by the report.
 *
 * @param jobs             the reported jobs, in the order the run started them
 * @param disk             what the driver issued to the drive, per direction
 * @param driveUtilisation fraction of the run the drive was servicing commands (see {@link Result})
 * @param provenance       the iopath version and the scenario's hash
 */
public record FioResult(String scenario, long seed, String drive, List<Job> jobs, Disk disk, double driveUtilisation,
        Provenance provenance) {
    /**
     * fio's latency bucket edges in ns ({@code stat.c: show_lat_n/u/m}): 2, 4, 10 … 750 ns;
     * 2 … 1000 µs; 2 … 2000 ms; a bucket counts values up to its edge, the last one the rest.
     */
    public static final List<Long> LATENCY_EDGES_NS = List.of(
            2L, 4L, 10L, 20L, 50L, 100L, 250L, 500L, 750L, 1_000L,
            2_000L, 4_000L, 10_000L, 20_000L, 50_000L, 100_000L, 250_000L, 500_000L, 750_000L, 1_000_000L,
            2_000_000L, 4_000_000L, 10_000_000L, 20_000_000L, 50_000_000L, 100_000_000L, 250_000_000L,
            500_000_000L, 750_000_000L, 1_000_000_000L, 2_000_000_000L);

    /** Of no read scenario (made by hand). */
    public FioResult(String scenario, long seed, String drive, List<Job> jobs, Disk disk, double driveUtilisation) {
        this(scenario, seed, drive, jobs, disk, driveUtilisation, null);
    }

    public FioResult {
        provenance = provenance == null ? Provenance.UNKNOWN : provenance;
        jobs = List.copyOf(jobs);
    }

    /**
     * One reported job.
     *
     * @param clones how many numjobs clones it stands for
     * @param pid    the (first) clone's simulated process id
     */
    public record Job(String name, int clones, int pid, Options options, Stats stats) {
    }

    /**
     * The job options fio's report shows.
     *
     * @param readIolog      the replayed trace file, or null
     * @param prioClass      the ioprio class, or -1 when the job set none
     * @param effectiveDepth the depth fio's {@code latency_depth} shows
     * @param asyncEngine    whether the engine is asynchronous (fio shows slat only then)
     * @param percentiles    the job's {@code percentile_list}
     */
    public record Options(String rw, long blockSize, int iodepth, String ioengine, long size, int numjobs,
                          String readIolog, int prioClass, int prioData, int effectiveDepth, boolean asyncEngine,
                          List<Double> percentiles) {
        public Options {
            percentiles = List.copyOf(percentiles);
        }
    }

    /**
     * What fio reports for a job (see {@code metrics.fio.JobStats} for the definitions).
     *
     * @param runtimeNs       statistics start (after ramp_time) to the last completion
     * @param depthAtSubmit   submissions per fio depth bucket (1, 2, 4, 8, 16, 32, >=64)
     * @param latencyBuckets  clat counts per {@link #LATENCY_EDGES_NS} bucket, plus the overflow
     */
    public record Stats(long runtimeNs, Direction read, Direction write, Direction sync, List<Long> depthAtSubmit,
                        List<Long> latencyBuckets, long issuedRead, long issuedWrite, long issuedSync) {
        public Stats {
            depthAtSubmit = List.copyOf(depthAtSubmit);
            latencyBuckets = List.copyOf(latencyBuckets);
        }
    }

    /**
     * One direction (read, write, trim) or sync.
     *
     * @param clatPercentiles clat at each of the job's percentiles (ns, fio's bucket midpoints)
     * @param bwSamples       bandwidth samples (KiB/s) per fio sample window
     * @param iopsSamples     IOPS samples per window
     */
    public record Direction(long ios, long bytes, Moments slat, Moments clat, Moments lat, List<Long> clatPercentiles,
                            Moments bwSamples, Moments iopsSamples) {
        public Direction {
            clatPercentiles = List.copyOf(clatPercentiles);
        }

        /** A direction with no IOs, with a (zero) percentile for each of {@code percentiles}. */
        public static Direction empty(int percentiles) {
            return new Direction(0, 0, Moments.EMPTY, Moments.EMPTY, Moments.EMPTY,
                    Collections.nCopies(percentiles, 0L), Moments.EMPTY, Moments.EMPTY);
        }
    }

    /** fio's {@code io_stat}: count, min, max, mean, sample standard deviation. */
    public record Moments(long count, long min, long max, double mean, double stdev) {
        public static final Moments EMPTY = new Moments(0, 0, 0, 0, 0);
    }

    /**
     * The drive's counters as fio's disk stats show them, per direction (read, write).
     *
     * @param ios     commands issued
     * @param sectors sectors they moved
     * @param ticksNs time the commands of that direction were at the drive, summed
     */
    public record Disk(String name, List<Long> ios, List<Long> sectors, List<Long> ticksNs) {
        public Disk {
            ios = List.copyOf(ios);
            sectors = List.copyOf(sectors);
            ticksNs = List.copyOf(ticksNs);
        }
    }
}
