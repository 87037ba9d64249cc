package io.iopath.device.disk.geometry;

import java.util.ArrayList;
import java.util.List;

/**
 * LBA layout of a zoned drive: LBAs fill a track, then the next surface of the same cylinder,
 * then the next cylinder (the traditional serpentine-free "cylinder mode" layout).
 *
 * <p>This first model has no skew, spares or slips; the positions it reports are the angle of
 * a sector as a fraction of a revolution, measured from the track's index mark.
 */
public final class ZonedGeometry {
    private final int surfaces;
    private final Zone[] zones;
    private final long capacitySectors;

    public ZonedGeometry(int surfaces, List<Zone> zones) {
        if (surfaces < 1 || zones.isEmpty()) {
            throw new IllegalArgumentException("a drive needs at least one surface and one zone");
        }
        this.surfaces = surfaces;
        this.zones = zones.toArray(new Zone[0]);
        Zone last = this.zones[this.zones.length - 1];
        this.capacitySectors = last.lastLba() + 1;
    }

    /**
     * Linear zoning between an outer and an inner sectors-per-track figure: the recipe for
     * drives known only from datasheets (disk-drive spec §2.3). The last zone is cut so the
     * drive holds exactly {@code capacitySectors}.
     */
    public static ZonedGeometry linear(long capacitySectors, int surfaces, int zoneCount, int outerSpt, int innerSpt) {
        double meanSpt = (outerSpt + innerSpt) / 2.0;
        int cylinders = (int) Math.ceil(capacitySectors / (surfaces * meanSpt));
        int perZone = (int) Math.ceil((double) cylinders / zoneCount);
        List<Zone> zones = new ArrayList<>();
        long lba = 0;
        int cyl = 0;
        for (int z = 0; z < zoneCount && lba < capacitySectors; z++) {
            int spt = zoneCount == 1 ? outerSpt
                    : (int) Math.round(outerSpt + (innerSpt - outerSpt) * (double) z / (zoneCount - 1));
            long perCylinder = (long) spt * surfaces;
            long remaining = capacitySectors - lba;
            int cyls = (int) Math.min(perZone, (remaining + perCylinder - 1) / perCylinder);
            if (z == zoneCount - 1) {
                cyls = (int) ((remaining + perCylinder - 1) / perCylinder);
            }
            long sectors = Math.min(remaining, cyls * perCylinder);
            zones.add(new Zone(cyl, cyl + cyls - 1, spt, lba, lba + sectors - 1));
            lba += sectors;
            cyl += cyls;
        }
        return new ZonedGeometry(surfaces, zones);
    }

    public long capacitySectors() {
        return capacitySectors;
    }

    public int surfaces() {
        return surfaces;
    }

    public int cylinders() {
        return zones[zones.length - 1].lastCylinder() + 1;
    }

    public List<Zone> zones() {
        return List.of(zones);
    }

    public Zone zoneOf(long lba) {
        checkLba(lba);
        int lo = 0;
        int hi = zones.length - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (zones[mid].firstLba() <= lba) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return zones[lo];
    }

    public PhysicalAddress toPhysical(long lba) {
        Zone z = zoneOf(lba);
        long offset = lba - z.firstLba();
        long perCylinder = (long) z.sectorsPerTrack() * surfaces;
        int cylinder = z.firstCylinder() + (int) (offset / perCylinder);
        long inCylinder = offset % perCylinder;
        return new PhysicalAddress(cylinder, (int) (inCylinder / z.sectorsPerTrack()),
                (int) (inCylinder % z.sectorsPerTrack()));
    }

    /** Cylinder of an LBA, without allocating. */
    public int cylinderOf(long lba) {
        Zone z = zoneOf(lba);
        return z.firstCylinder() + (int) ((lba - z.firstLba()) / ((long) z.sectorsPerTrack() * surfaces));
    }

    public long toLba(PhysicalAddress p) {
        for (Zone z : zones) {
            if (p.cylinder() >= z.firstCylinder() && p.cylinder() <= z.lastCylinder()) {
                long lba = z.firstLba()
                        + ((long) (p.cylinder() - z.firstCylinder()) * surfaces + p.head()) * z.sectorsPerTrack()
                        + p.sector();
                checkLba(lba);
                return lba;
            }
        }
        throw new IllegalArgumentException("no zone holds cylinder " + p.cylinder());
    }

    private void checkLba(long lba) {
        if (lba < 0 || lba >= capacitySectors) {
            throw new IllegalArgumentException("LBA " + lba + " outside 0.." + (capacitySectors - 1));
        }
    }
}
