package io.iopath.device.disk.disksim;

/**
 * Read-ahead controls. {@code overRequested} is DiskSim's "Read-ahead over requested"
 * (−1, 0 or 1 in the shipped files).
 */
public record ReadAhead(
        ReadAheadMode mode,
        int minimumBlocks,
        int maximumBlocks,
        int overRequested,
        boolean onIdleHit,
        boolean readAnyFreeBlocks,
        boolean stopPrefetchInSector,
        boolean writeHitStopPrefetch) {
}
