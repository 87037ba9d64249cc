package io.iopath.device.disk.geometry;

/**
 * Mutable answer of {@link ZonedGeometry#locate}: where one LBA is and how many LBAs from it lie
 * on consecutive sectors of the same track. Reused by the hot path so locating allocates nothing.
 */
public final class TrackCursor {
    public int cylinder;
    public int surface;
    public int sector;
    public int sectorsPerTrack;
    /** Angle of the sector's start, fraction of a revolution in [0, 1). */
    public double angle;
    /** LBAs, starting with this one, that lie on consecutive sectors of this track. */
    public int run;
    public int zoneIndex;
    /** The sector's zone-relative physical position (what {@link ZonedGeometry#locateAhead} steps from). */
    public long physical;
}
