package io.iopath.workload.postmark;

/**
 * A scenario's {@code postmark:} job: one Postmark run as a simulated process on the scenario's file system.
 *
 * @param name   the job's name (its process name in traces)
 * @param config Postmark's parameters
 */
public record PostmarkJob(String name, PostmarkConfig config) {
}
