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
public record FioResult(String scenario, long seed, String drive, List<Section> sections, List<Job> jobs, Disk disk,
                        double driveUtilisation, Provenance provenance) {
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
    public FioResult(String scenario, long seed, String drive, List<Section> sections, List<Job> jobs, Disk disk,
                     double driveUtilisation) {
        this(scenario, seed, drive, sections, jobs, disk, driveUtilisation, null);
    }

    public FioResult {
        provenance = provenance == null ? Provenance.UNKNOWN : provenance;
        sections = List.copyOf(sections);
        jobs = List.copyOf(jobs);
    }

    /**
     * A job as written (one section of a job file), for the header fio prints as it adds jobs
     * (init.c {@code add_job}): name, group, and how many processes its numjobs started.
     */
    public record Section(String name, int groupId, int processes, Options options) {
    }

    /**
     * One reported job.
     *
     * @param clones how many processes it stands for (numjobs clones, or with group_reporting
     *               every job of its group)
     * @param groupId its reporting group, fio's {@code groupid}: 0, and one more at each
     *               {@code stonewall} or {@code new_group} after the first job
     * @param pid    the (first) clone's simulated process id
     * @param blockTrims with {@code block_error_percentiles} (mtd jobs), the trims of each trim-sized
     *               block of the job's region (fio's {@code block_infos}); else null
     */
    public record Job(String name, int clones, int pid, int groupId, Options options, Stats stats, Error error,
                      List<Integer> blockTrims) {
        public Job {
            error = error == null ? Error.NONE : error;
            blockTrims = blockTrims == null ? null : List.copyOf(blockTrims);
        }

        /** A job without {@code block_error_percentiles}. */
        public Job(String name, int clones, int pid, int groupId, Options options, Stats stats, Error error) {
            this(name, clones, pid, groupId, options, stats, error, null);
        }

        /** A job that ended without an error. */
        public Job(String name, int clones, int pid, int groupId, Options options, Stats stats) {
            this(name, clones, pid, groupId, options, stats, Error.NONE);
        }
    }

    /**
     * The error a job ended with, as fio's {@code td_verror} records it: {@code errno} (fio's
     * {@code ts->error}, the job line's {@code err=}, JSON's and terse's {@code error}) and
     * {@code verror} (the text in parentheses after it: {@code file:ioengines.c:399,
     * func=td_io_queue, error=Inappropriate ioctl for device}); {@code continueOnError} whether
     * the job had {@code continue_on_error} set, which adds fio's error counts to its reports
     * ({@code total_err}, {@code first_error}), and {@code count} the errors it counted,
     * {@code firstError} the first of them (td_error.c {@code update_error_count}).
     */
    public record Error(int errno, String verror, boolean continueOnError, long count, int firstError) {
        public static final Error NONE = new Error(0, "", false, 0, 0);

        /**
         * fio's {@code verror} of an IO the engine completed with {@code errno}: td_io_queue's
         * {@code td_verror} call, at line 399 of fio 3.33's ioengines.c.
         */
        public static String queueVerror(int errno) {
            return "file:ioengines.c:399, func=td_io_queue, error=" + strerror(errno);
        }

        /** glibc's strerror text of the errnos iopath's jobs end with (Linux numbering). */
        public static String strerror(int errno) {
            return switch (errno) {
                case 0 -> "Success";
                case 5 -> "Input/output error";
                case 22 -> "Invalid argument";
                case 25 -> "Inappropriate ioctl for device";
                case 28 -> "No space left on device";
                case 95 -> "Operation not supported";
                default -> "Unknown error " + errno;
            };
        }
    }

    /**
     * The job options fio's report shows.
     *
     * @param readIolog      the replayed trace file, or null
     * @param prioClass      the ioprio class, or -1 when the job set none
     * @param effectiveDepth the depth fio's {@code latency_depth} shows
     * @param asyncEngine    whether the engine is asynchronous (fio shows slat only then)
     * @param percentiles    the job's {@code percentile_list}
     * @param bsRange        smallest and largest block size of reads, then of writes (fio's
     *                       {@code min_bs} / {@code max_bs})
     */
    public record Options(String rw, long blockSize, int iodepth, String ioengine, long size, int numjobs,
                          String readIolog, int prioClass, int prioData, int effectiveDepth, boolean asyncEngine,
                          List<Double> percentiles, List<Long> bsRange) {
        public Options {
            percentiles = List.copyOf(percentiles);
            bsRange = List.copyOf(bsRange);
        }
    }

    /**
     * What fio reports for a job (see {@code metrics.fio.JobStats} for the definitions).
     *
     * @param runtimeNs       statistics start (after ramp_time) to the last completion
     * @param depthAtSubmit   submissions per fio depth bucket (1, 2, 4, 8, 16, 32, >=64)
     * @param latencyBuckets  clat counts per {@link #LATENCY_EDGES_NS} bucket, plus the overflow
     * @param submitCalls     submission calls per number of IOs they carried (fio's {@code io_u_submit}:
     *                        0, 1-4, 5-8, 9-16, 17-32, 33-64, more)
     * @param completeCalls   reaps per number of IOs they returned ({@code io_u_complete}), same buckets
     * @param totalRuntimeNs  fio's {@code total_run_time}: the members' runtimes summed (one member: the runtime)
     * @param zoneResets      zones the job reset (fio's {@code nr_zone_resets}, zonemode=zbd; 0 otherwise)
     */
    public record Stats(long runtimeNs, Direction read, Direction write, Direction trim, Direction sync,
                        List<Long> depthAtSubmit, List<Long> latencyBuckets, long issuedRead, long issuedWrite,
                        long issuedTrim, long issuedSync, List<Long> submitCalls, List<Long> completeCalls,
                        long totalRuntimeNs, long zoneResets) {
        public Stats {
            depthAtSubmit = List.copyOf(depthAtSubmit);
            latencyBuckets = List.copyOf(latencyBuckets);
            submitCalls = List.copyOf(submitCalls);
            completeCalls = List.copyOf(completeCalls);
        }

        /** Statistics without trims. */
        public Stats(long runtimeNs, Direction read, Direction write, Direction sync, List<Long> depthAtSubmit,
                     List<Long> latencyBuckets, long issuedRead, long issuedWrite, long issuedSync,
                     List<Long> submitCalls, List<Long> completeCalls, long totalRuntimeNs, long zoneResets) {
            this(runtimeNs, read, write, Direction.empty(read.clatPercentiles().size()), sync, depthAtSubmit,
                    latencyBuckets, issuedRead, issuedWrite, 0, issuedSync, submitCalls, completeCalls, totalRuntimeNs,
                    zoneResets);
        }

        /** Direction {@code ddir} as fio numbers them: 0 read, 1 write, 2 trim. */
        public Direction direction(int ddir) {
            return switch (ddir) {
                case 0 -> read;
                case 1 -> write;
                case 2 -> trim;
                default -> throw new IllegalArgumentException("ddir " + ddir);
            };
        }
    }

    /**
     * One direction (read, write, trim) or sync.
     *
     * @param clatPercentiles clat at each of the job's percentiles (ns, fio's bucket midpoints)
     * @param bwSamples       bandwidth samples (KiB/s) per fio sample window
     * @param iopsSamples     IOPS samples per window
     * @param clatBins        fio's non-empty clat histogram buckets as json+ lists them: value (ns, the
     *                        bucket's {@code plat_idx_to_val}), count, value, count, …
     */
    public record Direction(long ios, long bytes, Moments slat, Moments clat, Moments lat, List<Long> clatPercentiles,
                            Moments bwSamples, Moments iopsSamples, List<Long> clatBins) {
        public Direction {
            clatPercentiles = List.copyOf(clatPercentiles);
            clatBins = List.copyOf(clatBins);
        }

        /** A direction with no IOs, with a (zero) percentile for each of {@code percentiles}. */
        public static Direction empty(int percentiles) {
            return new Direction(0, 0, Moments.EMPTY, Moments.EMPTY, Moments.EMPTY,
                    Collections.nCopies(percentiles, 0L), Moments.EMPTY, Moments.EMPTY, List.of());
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
