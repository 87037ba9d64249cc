package io.iopath.device.disk.geometry;

/**
 * Where an LBA lives: cylinder, surface (head) and physical sector index on the track, plus the
 * sector's angle under the head as a fraction of a revolution from the index mark.
 */
public record PhysicalAddress(int cylinder, int head, int sector, double angle) {
    /** The same place without the angle (for comparisons in tests). */
    public PhysicalAddress(int cylinder, int head, int sector) {
        this(cylinder, head, sector, Double.NaN);
    }

    public boolean samePlace(PhysicalAddress o) {
        return cylinder == o.cylinder && head == o.head && sector == o.sector;
    }
}
