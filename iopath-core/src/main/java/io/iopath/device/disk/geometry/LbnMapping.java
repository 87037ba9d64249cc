package io.iopath.device.disk.geometry;

/**
 * The order in which LBNs visit a cylinder's surfaces (DiskSim {@code dm_layout_g1_map_t} in
 * diskmodel/layout_g1.h, applied in layout_g1.c {@code g1_surfno_on_cyl}).
 */
public enum LbnMapping {
    /** Surfaces 0..n−1 on every cylinder. */
    NORMAL,
    /**
     * A cylinder switch stays on the same surface: the surface order reverses on odd cylinders
     * counted from the zone start, so the first cylinder of each zone is normal.
     */
    SERPENTINE_FROM_ZONE_START,
    /** A cylinder switch stays on the same surface: the order reverses on odd-numbered cylinders. */
    SERPENTINE_BY_CYLINDER_NUMBER
}
