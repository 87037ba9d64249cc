package io.iopath.scenario;

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
 */
public record Scenario(String name, long seed, DriveConfig drive, HostConfig host, List<JobSpec> jobs) {
    public Scenario {
        jobs = List.copyOf(jobs);
    }
}
