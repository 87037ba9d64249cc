package io.iopath.device.disk.mechanics;

/**
 * What one media access did: when it ended and how its time splits, and — for a read that
 * transferred a track run out of order (zero-latency access) — what that means for the host's
 * LBA-order stream. Mutable and reused: the caller owns one and hands it to each
 * {@link DiskMechanics} access, so an access allocates nothing. Valid until the next access
 * into the same result.
 */
public final class AccessResult {
    long endNs;
    long seekNs;
    long rotationNs;
    long transferNs;
    boolean outOfOrder;
    long firstSectorNs;
    long watermarkNs = Long.MIN_VALUE;
    long inOrderBusEndNs = Long.MIN_VALUE;

    /** When the last sector has passed under the head: the mechanism is free. */
    public long endNs() {
        return endNs;
    }

    /** Positioning: seek, head switch and write settle before the first sector (ns). */
    public long seekNs() {
        return seekNs;
    }

    /** Rotational wait for the first sector (ns). */
    public long rotationNs() {
        return rotationNs;
    }

    /** Media transfer, track switches within the run included (ns). */
    public long transferNs() {
        return transferNs;
    }

    /** Whether some track run was transferred out of order (zero-latency access). */
    public boolean outOfOrder() {
        return outOfOrder;
    }

    /** When the access's first sector began to pass under the head. */
    public long firstSectorNs() {
        return firstSectorNs;
    }

    /**
     * Of a {@link DiskMechanics#read}: the earliest the first {@code watermarkSectors} can all be
     * in the buffer in LBA order as far as runs read out of order decide it ({@code Long.MIN_VALUE}
     * if none was).
     */
    public long watermarkNs() {
        return watermarkNs;
    }

    /**
     * Of a {@link DiskMechanics#read}: the earliest a bus carrying {@code busNsPerSector} per
     * sector in LBA order can have handed all the sectors to the host, as far as runs read out of
     * order decide it ({@code Long.MIN_VALUE} if none was).
     */
    public long inOrderBusEndNs() {
        return inOrderBusEndNs;
    }
}
