package io.iopath.result;
/**
 * What one job of the scenario achieved (its {@code numjobs} clones together, as the scenario
 * names it). Rates are over the job's own span, from its first bio queued to its last completed
 * ({@code elapsedNs}), as fio computes a job's bandwidth, so a job that ran for 2 s of a 20 s run
 * shows the rate it had while it ran.
 */
public record JobResult(
        String name,
        long elapsedNs,
        DirectionStats read,
        DirectionStats write,
        DirectionStats total,
        FlushStats flush) {
}
