package io.iopath.scenario;

import io.iopath.fs.CpuCost;
import io.iopath.fs.FsConfig;
import io.iopath.workload.FileJobSpec;
import io.iopath.workload.JobSpec;
import io.iopath.workload.postmark.PostmarkJob;
import java.util.List;

/**
 * One run, fully described and validated: what the drive is, how the host is set up, and what
 * the workload does. Immutable; built by {@link ScenarioReader}.
 *
 * @param name   a label for reports
 * @param seed   the root of every random stream of the run
 * @param drive  the drive
 * @param host   block layer and driver
 * @param jobs   the workload: one simulated process per job
 * @param powerFailureAtNs simulated time at which the power fails and the run ends, or
 *                         {@link #NO_POWER_FAILURE}
 * @param filesystem the file system the jobs work in ({@code filesystem:}), or null: jobs on the drive
 * @param fileJobs   with a file system, each job's files (same order as {@code jobs}); else empty
 * @param hash       the scenario's hash ({@link ScenarioHash}) when read from a file; empty when
 *                   built or changed in code (there is no text to hash)
 * @param cpu        what each system call on the file system costs its process in CPU time ({@code cpu:});
 *                   {@link CpuCost#NONE} without a file system (jobs on the drive are not charged)
 * @param postmark   the {@code postmark:} jobs, in the scenario's order (they run on the file system,
 *                   beside the fio jobs of {@code jobs})
 */
public record Scenario(String name, long seed, DriveConfig drive, HostConfig host, List<JobSpec> jobs,
        long powerFailureAtNs, FsConfig filesystem, List<FileJobSpec> fileJobs, String hash, CpuCost cpu, List<PostmarkJob> postmark) {
    public static final long NO_POWER_FAILURE = -1;

    public Scenario {
        jobs = List.copyOf(jobs);
        fileJobs = List.copyOf(fileJobs);
        hash = hash == null ? "" : hash;
        postmark = List.copyOf(postmark);
        if (filesystem != null && fileJobs.size() != jobs.size()) {
            throw new IllegalArgumentException("a file system's scenario needs the files of every job");
        }
        if (filesystem == null && !postmark.isEmpty()) {
            throw new IllegalArgumentException("a postmark job needs a file system");
        }
    }

    /**
     * A scenario built in code (no hash) with fio jobs only: on the file system with the measured
     * CPU costs, or on the drive.
     */
    public Scenario(String name, long seed, DriveConfig drive, HostConfig host, List<JobSpec> jobs,
                    long powerFailureAtNs, FsConfig filesystem, List<FileJobSpec> fileJobs) {
        this(name, seed, drive, host, jobs, powerFailureAtNs, filesystem, fileJobs, "",
                filesystem == null ? CpuCost.NONE : CpuCost.MEASURED, List.of());
    }

    /** A run on the drive itself, with no file system. */
    public Scenario(String name, long seed, DriveConfig drive, HostConfig host, List<JobSpec> jobs, long powerFailureAtNs) {
        this(name, seed, drive, host, jobs, powerFailureAtNs, null, List.of());
    }

    /** A run without a power failure; add one with {@link #withPowerFailureAt}. */
    public static Scenario of(String name, long seed, DriveConfig drive, HostConfig host, List<JobSpec> jobs) {
        return new Scenario(name, seed, drive, host, jobs, NO_POWER_FAILURE);
    }

    /**
     * The same run with the power failing at {@code ns} ({@link #NO_POWER_FAILURE}: never); a
     * scenario changed in code has no text, so no hash.
     */
    public Scenario withPowerFailureAt(long ns) {
        return new Scenario(name, seed, drive, host, jobs, ns, filesystem, fileJobs, ns == powerFailureAtNs ? hash : "", cpu, postmark);
    }

    /** The same run with these Postmark jobs instead of its own. */
    public Scenario withPostmark(List<PostmarkJob> jobs) {
        return new Scenario(name, seed, drive, host, this.jobs, powerFailureAtNs, filesystem, fileJobs, "", cpu, jobs);
    }
}
