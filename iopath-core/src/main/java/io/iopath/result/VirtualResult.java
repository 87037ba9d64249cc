package io.iopath.result;

/**
 * One run of a guest on a virtual disk.
 *
 * @param guest                  the guest's run as its own block layer saw it (device = the virtual disk)
 * @param application            what the guest's jobs saw (fio's view: ops, clat percentiles)
 * @param mode                   the QEMU cache mode (name, or its three booleans)
 * @param device                 the virtual device model
 * @param driveWriteCache        the physical drive's write cache
 * @param driveReads             commands the physical drive completed, by kind
 * @param driveWrites
 * @param driveFlushes           FLUSH CACHE commands the physical drive received
 * @param driveQueue             the physical drive's command queue and buffer (the guest's {@code driveQueue} is null:
 *                               its disk is the virtual one)
 * @param driveTime              the physical drive's mechanics per host command (the guest's {@code driveTime} is the
 *                               virtual disk's: no seek, rotation or transfer)
 * @param destageTime            the physical drive's per destage of its write-back cache
 * @param guestFlushes           flushes the guest sent to the virtual disk
 * @param hostFdatasyncs         fdatasync calls QEMU made on the image
 * @param completedBeforeDurable guest writes the virtual disk completed before their data was on the media
 * @param powerLoss              the losses of a host power failure, or null without one
 */
public record VirtualResult(Result guest, AppStats application, String mode, String device, boolean driveWriteCache,
                            long driveReads, long driveWrites, long driveFlushes, DriveQueueStats driveQueue, DriveTimeSplit driveTime,
                            DriveTimeSplit destageTime, long guestFlushes, long hostFdatasyncs,
                            long completedBeforeDurable, VirtualPowerLoss powerLoss) {
    /**
     * @param ops       reads and writes the jobs completed (fio's ios)
     * @param runtimeNs fio's job runtime (the longest of the jobs), up to the power failure when there is one
     * @param p50Ns     completion latency (clat) at the 50th percentile, over reads, writes and fsyncs
     * @param p99Ns     at the 99th
     */
    public record AppStats(long ops, long runtimeNs, long p50Ns, long p99Ns) {
        public double iops() {
            return runtimeNs == 0 ? 0 : ops * 1e9 / runtimeNs;
        }
    }
}
