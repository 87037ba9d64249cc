package io.iopath.device.disk.geometry;

/**
 * Where a drive keeps its spare sectors for remapping bad media, and whether a factory slip uses
 * a spare of its own track, cylinder or range or slides every later LBN (disk-drive spec §2.2).
 * These are the eleven schemes of DiskSim's g1 layout ({@code dm_layout_g1_spare_t} in
 * diskmodel/layout_g1.h; behaviour in layout_g1.c {@code g1_ltop_*} and {@code g1_ptol_*}).
 */
public enum SparingScheme {
    /** No spares: every sector holds an LBN; a slip slides the rest of the zone. */
    NO_SPARING,
    /** Spare tracks at the zone end; a slipped track moves the later tracks forward one track. */
    SPARE_TRACKS_PER_ZONE,
    /** Spare sectors at the end of every cylinder; a slip uses a spare of its own cylinder. */
    SPARE_SECTORS_PER_CYLINDER,
    /** Spare sectors at the end of every track; a slip uses a spare of its own track. */
    SPARE_SECTORS_PER_TRACK,
    /** Spare sectors at the end of every cylinder; a slip slides every later LBN of the zone. */
    SPARE_SECTORS_PER_CYLINDER_SLIP_TO_ZONE_END,
    /** Spare sectors at the front of every cylinder; a slip uses a spare of its own cylinder. */
    SPARE_SECTORS_AT_CYLINDER_FRONT,
    /** Spare sectors at the front of every cylinder; a slip slides every later LBN of the zone. */
    SPARE_SECTORS_AT_CYLINDER_FRONT_SLIP_TO_ZONE_END,
    /** Spares only for the slips, at the zone end: a slip slides every later LBN. */
    SPARE_SECTORS_AT_ZONE_END,
    /** Spare sectors at the end of every range of cylinders; a slip uses a spare of its range. */
    SPARE_SECTORS_PER_CYLINDER_RANGE,
    /** A fixed number of spare sectors at the zone end; a slip slides every later LBN. */
    SPARE_SECTORS_PER_ZONE,
    /** Spare sectors at the zone end plus one per slip; a slip slides every later LBN. */
    SPARE_SECTORS_PER_ZONE_SLIP_TO_ZONE_END;

    /**
     * True when a slip consumes a spare of its own track, cylinder or range (DiskSim's
     * {@code g1_ltop_sectpertrackspare}, {@code g1_ltop_sectpercylspare} for the at-front scheme,
     * {@code g1_ltop_sectperrangespare}); false when it slides every later LBN of the zone.
     */
    boolean sparesPerRange() {
        return switch (this) {
            case SPARE_SECTORS_PER_CYLINDER, SPARE_SECTORS_PER_TRACK, SPARE_SECTORS_AT_CYLINDER_FRONT,
                    SPARE_SECTORS_PER_CYLINDER_RANGE -> true;
            default -> false;
        };
    }

    /** True for the two schemes whose per-cylinder spares are skipped when counting usable sectors. */
    boolean sparesPerCylinderSlipToZoneEnd() {
        return this == SPARE_SECTORS_PER_CYLINDER_SLIP_TO_ZONE_END
                || this == SPARE_SECTORS_AT_CYLINDER_FRONT_SLIP_TO_ZONE_END;
    }
}
