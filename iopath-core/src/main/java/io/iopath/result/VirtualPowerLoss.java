package io.iopath.result;

/**
 * What a power failure of the host took, level by level, for a guest on a virtual disk
 * (durability-and-virtualization spec §6.2, §7.3).
 *
 * @param atNs                   simulated time of the failure
 * @param guestAckedLost         writes the virtual disk had completed to the guest whose data
 *                               was not on the physical media (newest write per 4 KiB guest block)
 * @param guestFlushedLost       of those, the ones the guest had been promised durable: completed
 *                               while no write cache was shown to it, FUA, or covered by a guest
 *                               flush that had completed — what its fsync relies on
 * @param guestFsyncedBlocksLost guest file-system blocks an fsync had returned for and that were
 *                               lost (0 without a guest file system)
 * @param guestPageCacheLost     guest page-cache pages not yet written to the virtual disk
 * @param hostPageCacheLost      host page-cache pages of the image not yet on the drive
 * @param drive                  the physical drive's own count: its write cache's losses
 */
public record VirtualPowerLoss(long atNs, long guestAckedLost, long guestFlushedLost, long guestFsyncedBlocksLost,
                               long guestPageCacheLost, long hostPageCacheLost, PowerLossReport drive) {
}
