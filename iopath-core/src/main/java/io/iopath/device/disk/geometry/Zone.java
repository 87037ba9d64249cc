package io.iopath.device.disk.geometry;

import java.util.Arrays;

/**
 * One band of cylinders with the same number of sectors per track, in DiskSim's g1 vocabulary
 * (disk-drive spec §2.2): angular offset of the first block, dead space at the zone front,
 * track and cylinder skew (in sectors, fractions allowed), spares, slips and defects.
 *
 * <p>Slips and defects use the zone-relative physical numbering
 * {@code p = (cyl − firstCyl)·surfaces·spt + surface·spt + sector}; under track sparing
 * (scheme 1) slips are zone-relative track numbers.
 */
public final class Zone {
    final int firstCylinder;
    final int lastCylinder;
    final int spt;
    final double firstBlockOffset;
    final int deadSpace;
    final double trackSkew;
    final double cylinderSkew;
    final int spares;
    final int[] slips;
    /** Pairs (defective, replacement), sorted by defective position. */
    final int[] defects;
    long firstLba;
    long lbaCount;

    public Zone(int firstCylinder, int lastCylinder, int spt, double firstBlockOffset, int deadSpace,
            double trackSkew, double cylinderSkew, int spares, int[] slips, int[] defects) {
        if (lastCylinder < firstCylinder || spt < 1 || deadSpace < 0 || spares < 0) {
            throw new IllegalArgumentException("bad zone: cylinders " + firstCylinder + ".." + lastCylinder
                    + ", " + spt + " sectors per track");
        }
        if (defects.length % 2 != 0) {
            throw new IllegalArgumentException("defects must come in (defective, replacement) pairs");
        }
        this.firstCylinder = firstCylinder;
        this.lastCylinder = lastCylinder;
        this.spt = spt;
        this.firstBlockOffset = firstBlockOffset;
        this.deadSpace = deadSpace;
        this.trackSkew = trackSkew;
        this.cylinderSkew = cylinderSkew;
        this.spares = spares;
        this.slips = slips.clone();
        Arrays.sort(this.slips);
        this.defects = defects.clone();
    }

    /** A plain zone: no offset, dead space, spares, slips or defects. */
    public static Zone simple(int firstCylinder, int lastCylinder, int spt, double trackSkew, double cylinderSkew) {
        return new Zone(firstCylinder, lastCylinder, spt, 0, 0, trackSkew, cylinderSkew, 0, new int[0], new int[0]);
    }

    public int firstCylinder() {
        return firstCylinder;
    }

    public int lastCylinder() {
        return lastCylinder;
    }

    public int cylinders() {
        return lastCylinder - firstCylinder + 1;
    }

    public int sectorsPerTrack() {
        return spt;
    }

    public double trackSkew() {
        return trackSkew;
    }

    public double cylinderSkew() {
        return cylinderSkew;
    }

    public int spares() {
        return spares;
    }

    public int slipCount() {
        return slips.length;
    }

    public long firstLba() {
        return firstLba;
    }

    public long lbaCount() {
        return lbaCount;
    }

    public long lastLba() {
        return firstLba + lbaCount - 1;
    }

    public boolean containsLba(long lba) {
        return lba >= firstLba && lba < firstLba + lbaCount;
    }
}
