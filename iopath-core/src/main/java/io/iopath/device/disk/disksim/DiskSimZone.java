package io.iopath.device.disk.disksim;

import java.util.List;

/**
 * One zone of a {@code dm_layout_g1} layout: cylinders {@code firstCylinder..lastCylinder}
 * (inclusive) with the same blocks per track. Skews and the first-block offset are in sectors;
 * slips and defects use DiskSim's zone-relative physical numbering (disk-drive.md §2.2).
 */
record DiskSimZone(
        int firstCylinder,
        int lastCylinder,
        int blocksPerTrack,
        double firstBlockOffset,
        int emptySpaceAtFront,
        double trackSkew,
        double cylinderSkew,
        int spares,
        List<Long> slips,
        List<Defect> defects) {
    public DiskSimZone {
        slips = List.copyOf(slips);
        defects = List.copyOf(defects);
    }

    /** A defective physical sector and the spare it is remapped to. */
    public record Defect(long defective, long replacement) {
    }

    /** Number of cylinders in the zone. */
    public int cylinders() {
        return lastCylinder - firstCylinder + 1;
    }
}
