package io.iopath.workload.job;

/**
 * What a zoned drive tells fio and does for it, seen from the workload (fio's
 * {@code zbd_report_zones}, {@code zbd_get_max_open_zones}, {@code zbd_reset_wp}); the assembly
 * adapts the drive to it, so workloads know nothing of drives.
 */
public interface ZoneDevice {
    long zoneBytes();

    int zones();

    /** Whether the zone has a write pointer (sequential write required), not conventional. */
    boolean sequential(int zone);

    /** Writable bytes of the zone (its capacity). */
    long capacityBytes(int zone);

    /** Where the zone's write pointer is now, in bytes from the start of the device. */
    long writePointerBytes(int zone);

    /** The drive's open-zone limit; 0 = none. */
    int maxOpenZones();

    /** RESET WRITE POINTER of the zone at {@code offsetBytes}; {@code done} runs when the drive has done it. */
    void resetZone(long offsetBytes, Runnable done);
}
