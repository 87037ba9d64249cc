package io.iopath.result;
/**
 * The outcome of one run: plain data, the only thing reports see.
 *
 * @param scenario          the scenario's name
 * @param seed              the seed the run used
 * @param drive             the drive preset
 * @param scheduler         the IO scheduler
 * @param queueDepth        the driver's queue depth
 * @param elapsedNs         simulated time from the first bio queued to the last completed
 * @param driveUtilisation  fraction of elapsed time the drive was servicing commands
 * @param bioMerges         bios merged into an existing request
 * @param queueFulls        commands the drive refused with QUEUE FULL
 * @param driveTime         the drive's mean seek, rotation and transfer per command
 * @param latencyCdf        each direction's latency distribution as a quantile table
 * @param host              block-layer and driver detail: btt breakdown, merges, plugs, stalls
 * @param driveQueue        the drive's command queue: tagged and effective depth, refusals
 * @param powerLoss         what a power failure destroyed, or null when the run had none
 * @param jobs              each job's own figures, in the scenario's order
 * @param flush             the flushes of all jobs
 * @param timeSeries        IOPS, bandwidth and latency per interval, per job and for all
 * @param destageTime       the drive's mean seek, rotation and transfer per destage (write-back's
 *                          media work, which {@code driveTime}'s host commands do not carry)
 * @param provenance        the iopath version and the scenario's hash
 * @param filesystem        the file system's figures, or null for a run on the block device
 * @param postmark          each Postmark job's counters and timers, in the scenario's order (none without one)
 */
public record Result(
        String scenario,
        long seed,
        String drive,
        String scheduler,
        int queueDepth,
        long elapsedNs,
        DirectionStats read,
        DirectionStats write,
        DirectionStats total,
        double driveUtilisation,
        long bioMerges,
        long queueFulls,
        DriveTimeSplit driveTime,
        LatencyCdfs latencyCdf,
        HostStats host,
        DriveQueueStats driveQueue,
        PowerLossReport powerLoss,
        java.util.List<JobResult> jobs,
        FlushStats flush,
        TimeSeries timeSeries,
        DriveTimeSplit destageTime,
        Provenance provenance,
        FileSystemReport filesystem,
        java.util.List<PostmarkResult> postmark) {
    public Result {
        jobs = java.util.List.copyOf(jobs);
        destageTime = destageTime == null ? DriveTimeSplit.NONE : destageTime;
        provenance = provenance == null ? Provenance.UNKNOWN : provenance;
        postmark = postmark == null ? java.util.List.of() : java.util.List.copyOf(postmark);
    }

    /** A result without destages, a file system or Postmark, of no read scenario (made by hand: tests, tools). */
    public Result(String scenario, long seed, String drive, String scheduler, int queueDepth, long elapsedNs,
            DirectionStats read, DirectionStats write, DirectionStats total, double driveUtilisation, long bioMerges,
            long queueFulls, DriveTimeSplit driveTime, LatencyCdfs latencyCdf, HostStats host, DriveQueueStats driveQueue,
            PowerLossReport powerLoss, java.util.List<JobResult> jobs, FlushStats flush, TimeSeries timeSeries) {
        this(scenario, seed, drive, scheduler, queueDepth, elapsedNs, read, write, total, driveUtilisation, bioMerges,
                queueFulls, driveTime, latencyCdf, host, driveQueue, powerLoss, jobs, flush, timeSeries, null, null, null,
                java.util.List.of());
    }
}
