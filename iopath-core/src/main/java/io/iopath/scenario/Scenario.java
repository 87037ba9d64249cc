package io.iopath.scenario;

import io.iopath.workload.JobSpec;
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
 */
public record Scenario(String name, long seed, DriveConfig drive, HostConfig host, List<JobSpec> jobs,
        long powerFailureAtNs) {
    public static final long NO_POWER_FAILURE = -1;

    public Scenario {
        jobs = List.copyOf(jobs);
    }

    /** A run without a power failure; add one with {@link #withPowerFailureAt}. */
    public static Scenario of(String name, long seed, DriveConfig drive, HostConfig host, List<JobSpec> jobs) {
        return new Scenario(name, seed, drive, host, jobs, NO_POWER_FAILURE);
    }

    /** The same run with the power failing at {@code ns} ({@link #NO_POWER_FAILURE}: never). */
    public Scenario withPowerFailureAt(long ns) {
        return new Scenario(name, seed, drive, host, jobs, ns);
    }
}
