package io.iopath.result;

/**
 * One cell of the QEMU cache-mode table: a mode, a virtual device, the physical drive's write
 * cache and a guest workload, with what the guest got and what a host power failure took.
 *
 * @param mode            the QEMU cache mode
 * @param device          the virtual device model
 * @param driveWriteCache the physical drive's write cache
 * @param workload        the guest workload's name
 * @param iops            the guest jobs' reads and writes per second
 * @param p50Ns           their completion latency (fsyncs included) at the 50th percentile
 * @param p99Ns           and at the 99th
 * @param ackedLost       guest writes completed to the guest and lost at the cut
 * @param flushedLost     of those, the ones the guest had been promised durable
 * @param hostPageCacheLost host page-cache pages lost
 * @param driveCacheLost  writes lost in the physical drive's cache
 */
public record CacheModeRow(String mode, String device, boolean driveWriteCache, String workload, double iops,
                           long p50Ns, long p99Ns, long ackedLost, long flushedLost, long hostPageCacheLost,
                           long driveCacheLost) {
}
