package io.iopath.device.disk.geometry;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * LBA layout of a zoned drive with DiskSim g1 semantics (disk-drive spec §2.2, §2.5): zones,
 * dead space, track and cylinder skew, the eleven sparing schemes with slips and defects, and
 * the three LBN-to-PBN mappings.
 *
 * <p>Inside a zone, physical sectors are numbered {@code p = cylIndex·surfaces·spt +
 * surface·spt + sector}. Schemes that keep spares per track, cylinder or range of cylinders
 * ({@link SparingScheme#sparesPerRange()}) let a slip consume a spare of its own range; the others slide every later LBN
 * forward past a slip. Lookups are O(log zones + slips in the zone) and allocation-free.
 */
public final class ZonedGeometry {
    private final int surfaces;
    private final SparingScheme sparingScheme;
    private final int rangeSize;
    private final LbnMapping mappingScheme;
    /** Decided once from the scheme: the lookups below run per command on the hot path. */
    private final boolean spareTracks;
    private final boolean zoneGlobal;
    private final boolean cylinderSparesSlipToEnd;
    private final boolean sparesAtRangeFront;
    /** Whether a track's LBN run can break without a slip or defect (per-range spares). */
    private final boolean runsBreakAtSpares;
    /** A zone's LBNs are its positions without the slips (sparing per zone or at its end): {@link #locateZoneGlobal}. */
    private final boolean lbnsSkipSlips;
    private final Zone[] zones;
    /** The zones as an unmodifiable list, built once: callers on the hot path ask for it. */
    private final List<Zone> zoneView;
    private final long[] zoneFirstLba;
    private final long capacitySectors;
    private final long computedBlocks;
    private final int cylinders;
    /** Slips of zone-global schemes translated to "usable" indices, per zone. */
    private final int[][] usableSlips;
    private final long[] deadUsable;
    /**
     * Per zone, the search keys of {@link #skip} over the slips the zone's lookups skip (its
     * slipped tracks, or its usable-index slips): {@code max(holes[0] − 0, …, holes[i] − i)}.
     * Null for schemes that keep spares per range (they do not skip).
     */
    private final long[][] skipKeys;

    public ZonedGeometry(int surfaces, SparingScheme sparingScheme, int rangeSize, LbnMapping mappingScheme,
            List<Zone> zoneList, long declaredBlocks) {
        if (surfaces < 1 || zoneList.isEmpty()) {
            throw new IllegalArgumentException("a drive needs at least one surface and one zone");
        }
        this.surfaces = surfaces;
        this.sparingScheme = Objects.requireNonNull(sparingScheme, "sparing scheme");
        this.rangeSize = Math.max(1, rangeSize);
        this.mappingScheme = Objects.requireNonNull(mappingScheme, "LBN mapping");
        this.spareTracks = sparingScheme == SparingScheme.SPARE_TRACKS_PER_ZONE;
        this.zoneGlobal = !sparingScheme.sparesPerRange();
        this.cylinderSparesSlipToEnd = sparingScheme.sparesPerCylinderSlipToZoneEnd();
        this.sparesAtRangeFront = sparingScheme == SparingScheme.SPARE_SECTORS_AT_CYLINDER_FRONT;
        this.runsBreakAtSpares = sparingScheme.sparesPerRange() || cylinderSparesSlipToEnd;
        this.lbnsSkipSlips = zoneGlobal && !spareTracks && !cylinderSparesSlipToEnd;
        this.zones = zoneList.toArray(new Zone[0]);
        this.zoneView = List.of(zones);
        this.zoneFirstLba = new long[zones.length];
        this.usableSlips = new int[zones.length][];
        this.deadUsable = new long[zones.length];
        this.skipKeys = new long[zones.length][];
        long lba = 0;
        int maxCyl = 0;
        for (int i = 0; i < zones.length; i++) {
            Zone z = zones[i];
            if (i > 0 && z.firstCylinder <= zones[i - 1].lastCylinder) {
                throw new IllegalArgumentException("zone " + i + " overlaps the zone before it");
            }
            prepareSlips(i, z);
            if (spareTracks || zoneGlobal) {
                skipKeys[i] = skipKeys(spareTracks ? z.slips : usableSlips[i]);
            }
            z.firstLba = lba;
            z.lbaCount = Math.min(zoneBlocks(z), positionsLeft(i, z));
            zoneFirstLba[i] = lba;
            lba += z.lbaCount;
            maxCyl = Math.max(maxCyl, z.lastCylinder);
        }
        this.computedBlocks = lba;
        this.capacitySectors = declaredBlocks > 0 ? Math.min(declaredBlocks, lba) : lba;
        this.cylinders = maxCyl + 1;
    }

    /** A layout without sparing and with the normal surface order. */
    public ZonedGeometry(int surfaces, List<Zone> zones, long capacitySectors) {
        this(surfaces, SparingScheme.NO_SPARING, 1, LbnMapping.NORMAL, zones, capacitySectors);
    }

    /**
     * Linear zoning between an outer and an inner sectors-per-track figure: the recipe for
     * drives known only from datasheets (disk-drive spec §2.3, §13.2). Skews are in sectors.
     */
    public static ZonedGeometry linear(long capacitySectors, int surfaces, int zoneCount, int outerSpt, int innerSpt,
            SkewRule skew) {
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
            zones.add(Zone.simple(cyl, cyl + cyls - 1, spt, skew.trackSkew(spt), skew.cylinderSkew(spt)));
            lba += Math.min(remaining, cyls * perCylinder);
            cyl += cyls;
        }
        return new ZonedGeometry(surfaces, zones, capacitySectors);
    }

    /** Track and cylinder skew, in sectors, for a zone of a given sectors per track. */
    public interface SkewRule {
        double trackSkew(int spt);

        double cylinderSkew(int spt);
    }

    private long zoneBlocks(Zone z) {
        long cyl = z.cylinders();
        long total = cyl * surfaces * z.spt - z.deadSpace;
        long slips = z.slips.length;
        long reserve = switch (sparingScheme) {
            case NO_SPARING -> 0;
            case SPARE_TRACKS_PER_ZONE -> (long) z.spares * z.spt; // spare tracks absorb the slipped tracks
            case SPARE_SECTORS_PER_CYLINDER, SPARE_SECTORS_AT_CYLINDER_FRONT -> z.spares * cyl;
            case SPARE_SECTORS_PER_TRACK -> z.spares * cyl * surfaces;
            case SPARE_SECTORS_PER_CYLINDER_SLIP_TO_ZONE_END, SPARE_SECTORS_AT_CYLINDER_FRONT_SLIP_TO_ZONE_END ->
                z.spares * cyl + slips;
            case SPARE_SECTORS_AT_ZONE_END -> slips;
            case SPARE_SECTORS_PER_CYLINDER_RANGE -> z.spares * (cyl / rangeSize);
            case SPARE_SECTORS_PER_ZONE -> z.spares;
            case SPARE_SECTORS_PER_ZONE_SLIP_TO_ZONE_END -> z.spares + slips;
        };
        return Math.max(0, total - reserve);
    }

    /**
     * Physical sectors the zone really has for LBNs once slips are skipped: a file that lists
     * more slips than its spares can absorb loses the excess at the zone end, never overlaps.
     */
    private long positionsLeft(int i, Zone z) {
        long cyl = z.cylinders();
        if (spareTracks) {
            return (cyl * surfaces - z.slips.length) * z.spt - z.deadSpace;
        }
        if (!zoneGlobal) {
            return Long.MAX_VALUE;
        }
        long perCyl = (long) z.spt * surfaces;
        long usable = cylinderSparesSlipToEnd ? cyl * (perCyl - z.spares) : cyl * perCyl;
        return usable - deadUsable[i] - usableSlips[i].length;
    }

    private void prepareSlips(int i, Zone z) {
        if (!zoneGlobal || spareTracks) {
            usableSlips[i] = z.slips;
            return;
        }
        int[] u = new int[z.slips.length];
        int n = 0;
        for (int p : z.slips) {
            long x = toUsable(z, p);
            if (x >= 0) {
                u[n++] = (int) x;
            }
        }
        usableSlips[i] = Arrays.copyOf(u, n);
        // DiskSim adds the dead space to the zone-relative LBN before dividing by the scheme's
        // usable LBNs per unit (g1_ltop_*, disksim-controller.md §2.1): for the per-cylinder
        // sparing schemes it counts in usable positions, not physical sectors
        deadUsable[i] = z.deadSpace;
    }

    /** Usable index of a zone-global physical position, or −1 if it is a per-cylinder spare. */
    private long toUsable(Zone z, long p) {
        if (!cylinderSparesSlipToEnd) {
            return p;
        }
        long perCyl = (long) z.spt * surfaces;
        long c = perCyl - z.spares;
        long cyl = p / perCyl;
        long w = p % perCyl;
        if (sparingScheme == SparingScheme.SPARE_SECTORS_PER_CYLINDER_SLIP_TO_ZONE_END) {
            return w < c ? cyl * c + w : -1;
        }
        return w >= z.spares ? cyl * c + (w - z.spares) : -1;
    }

    private long fromUsable(Zone z, long u) {
        if (!cylinderSparesSlipToEnd) {
            return u;
        }
        long perCyl = (long) z.spt * surfaces;
        long c = perCyl - z.spares;
        long cyl = u / c;
        long w = u % c;
        boolean sparesAtEnd = sparingScheme == SparingScheme.SPARE_SECTORS_PER_CYLINDER_SLIP_TO_ZONE_END;
        return cyl * perCyl + (sparesAtEnd ? w : w + z.spares);
    }

    /**
     * The x-th element of the naturals without the sorted {@code holes}: x + c, where c is the
     * first index with {@code holes[c] − c > x} (every hole before it is at or below the
     * answer), or all of them. Walking the holes one by one (as this did until 2026-12-02) cost
     * a Cheetah 9LP's hundreds of slips per zone on every lookup; {@code keys} =
     * {@link #skipKeys}{@code (holes)} is non-decreasing and first exceeds x at that same c, so a
     * binary search finds it — the same c for any sorted holes, duplicates included.
     */
    private static long skip(long x, long[] keys) {
        return x + skipIndex(x, keys);
    }

    /** {@link #skip}'s c: how many holes lie at or below the x-th element. */
    private static int skipIndex(long x, long[] keys) {
        int lo = 0;
        int hi = keys.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (keys[mid] <= x) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** The running maximum of {@code holes[i] − i}: {@link #skip}'s search keys. */
    private static long[] skipKeys(int[] holes) {
        long[] keys = new long[holes.length];
        long max = Long.MIN_VALUE;
        for (int i = 0; i < holes.length; i++) {
            max = Math.max(max, (long) holes[i] - i);
            keys[i] = max;
        }
        return keys;
    }

    private long rangeSectors(Zone z) {
        return switch (sparingScheme) {
            case SPARE_SECTORS_PER_TRACK -> z.spt;
            case SPARE_SECTORS_PER_CYLINDER, SPARE_SECTORS_AT_CYLINDER_FRONT -> (long) z.spt * surfaces;
            case SPARE_SECTORS_PER_CYLINDER_RANGE -> (long) z.spt * surfaces * rangeSize;
            default -> throw new IllegalStateException(sparingScheme + " keeps no spares per range");
        };
    }

    /** Zone-relative physical position of the zone-relative LBN {@code k}. */
    private long physicalOf(int zi, Zone z, long k) {
        long p;
        if (spareTracks) {
            long lt = (z.deadSpace + k) / z.spt;
            long s = (z.deadSpace + k) % z.spt;
            p = skip(lt, skipKeys[zi]) * z.spt + s;
        } else if (zoneGlobal) {
            p = fromUsable(z, skip(deadUsable[zi] + k, skipKeys[zi]));
        } else {
            long r = rangeSectors(z);
            long perRangeCount = (long) surfaces * z.spt * z.cylinders() / r;
            long u = r - z.spares;
            // DiskSim adds the dead space to the LBN, in the scheme's usable LBNs per range
            // (g1_ltop_sectpertrackspare and the other g1_ltop_*): DEC RZ26, 23 142 / 57 = 406 tracks
            long kd = z.deadSpace + k;
            long range = kd / u;
            long j = kd % u;
            if (range >= perRangeCount) {
                // the cylinders left over after the last full range carry no spares
                long base = perRangeCount * r;
                long extra = kd - perRangeCount * u;
                p = base + extra;
            } else {
                long start = range * r;
                int lo = lowerBound(z.slips, start);
                int hi = lowerBound(z.slips, start + r);
                long first = frontSpares(z, lo, hi);
                long o = first + j;
                for (int i = lo; i < hi; i++) {
                    long off = z.slips[i] - start;
                    if (off < first) {
                        continue;
                    }
                    if (off <= o) {
                        o++;
                    } else {
                        break;
                    }
                }
                p = start + o;
            }
        }
        for (int i = 0; i < z.defects.length; i += 2) {
            if (z.defects[i] == p) {
                return z.defects[i + 1];
            }
        }
        return p;
    }

    /** Spares at the cylinder front: slips in the cylinder consume them. */
    private long frontSpares(Zone z, int slipsFrom, int slipsTo) {
        return sparesAtRangeFront ? Math.max(0, z.spares - (slipsTo - slipsFrom)) : 0;
    }

    private static int lowerBound(int[] a, long key) {
        int lo = 0;
        int hi = a.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] < key) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private static int countBelow(int[] a, long key) {
        return lowerBound(a, key);
    }

    /** Zone-relative LBN of a zone-relative physical position, or −1 if no LBN lives there. */
    private long lbnOfPhysical(int zi, Zone z, long p) {
        for (int i = 0; i < z.defects.length; i += 2) {
            if (z.defects[i] == p) {
                return -1;
            }
        }
        for (int i = 0; i < z.defects.length; i += 2) {
            if (z.defects[i + 1] == p) {
                p = z.defects[i];
                break;
            }
        }
        long k;
        if (spareTracks) {
            long t = p / z.spt;
            if (Arrays.binarySearch(z.slips, (int) t) >= 0) {
                return -1;
            }
            k = (t - countBelow(z.slips, t)) * z.spt + p % z.spt - z.deadSpace;
        } else if (zoneGlobal) {
            if (Arrays.binarySearch(z.slips, (int) p) >= 0) {
                return -1;
            }
            long u = toUsable(z, p);
            if (u < 0) {
                return -1;
            }
            int[] holes = usableSlips[zi];
            k = u - countBelow(holes, u) - deadUsable[zi];
        } else {
            long r = rangeSectors(z);
            long perRangeCount = (long) surfaces * z.spt * z.cylinders() / r;
            long q = p;
            long range = q / r;
            long ur = r - z.spares;
            if (range >= perRangeCount) {
                k = perRangeCount * ur + (q - perRangeCount * r) - z.deadSpace;
            } else {
                long start = range * r;
                long o = p - start;
                long first = frontSpares(z, lowerBound(z.slips, start), lowerBound(z.slips, start + r));
                if (o < first || Arrays.binarySearch(z.slips, (int) p) >= 0) {
                    return -1;
                }
                long slipsBefore = countBelow(z.slips, p) - countBelow(z.slips, start + first);
                long j = o - first - slipsBefore;
                if (j >= ur) {
                    return -1;
                }
                k = range * ur + j - z.deadSpace;
            }
        }
        return k >= 0 && k < z.lbaCount ? k : -1;
    }

    public long capacitySectors() {
        return capacitySectors;
    }

    /** Sum of the zones' LBN counts (DiskSim's computed block count). */
    public long computedBlocks() {
        return computedBlocks;
    }

    public int surfaces() {
        return surfaces;
    }

    public int cylinders() {
        return cylinders;
    }

    public SparingScheme sparingScheme() {
        return sparingScheme;
    }

    public LbnMapping mappingScheme() {
        return mappingScheme;
    }

    public List<Zone> zones() {
        return zoneView;
    }

    public int zoneIndexOf(long lba) {
        checkLba(lba);
        int lo = 0;
        int hi = zones.length - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (zoneFirstLba[mid] <= lba) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    /**
     * {@link #locate}{@code (from + d, c)} for {@code 0 < d < at.run}, where {@code at} holds
     * {@code locate(from)}, if the zone maps its LBNs to strictly increasing physical sectors (no
     * defect remapped elsewhere; slips and spares only push later LBNs forward): the LBNs of one
     * run are consecutive sectors, so the one {@code d} into it is at {@code at.physical + d}
     * with the run {@code at.run − d} (the run from it stops where the one from {@code from}
     * does: a slip, the track's, zone's or drive's end) — every field as {@link #locate} gives
     * it, without its two searches. Returns false, leaving {@code c} alone, otherwise. A read's
     * end (where read-ahead starts) is in the run of its start for all but a few reads.
     */
    public boolean locateAhead(TrackCursor at, long d, TrackCursor c) {
        if (d <= 0 || d >= at.run) {
            return false;
        }
        int zi = at.zoneIndex;
        Zone z = zones[zi];
        if (z.defects.length != 0) {
            return false;
        }
        int run = at.run;
        fill(z, zi, at.physical + d, c);
        c.run = (int) (run - d);
        return true;
    }

    /** Fills {@code c} with where {@code lba} lives and the contiguous run from it on its track. */
    public void locate(long lba, TrackCursor c) {
        int zi = zoneIndexOf(lba);
        Zone z = zones[zi];
        long k = lba - z.firstLba;
        if (lbnsSkipSlips && z.defects.length == 0) {
            locateZoneGlobal(lba, zi, z, k, c);
            return;
        }
        long p = physicalOf(zi, z, k);
        fill(z, zi, p, c);
        // Longest prefix of LBAs k, k+1, ... on consecutive sectors of this track: positions only
        // move forward past slips, so contiguity of the last one implies contiguity of all.
        long maxRun = Math.min(z.spt - c.sector, Math.min(z.lbaCount - k, capacitySectors - lba));
        if (maxRun <= 1 || (z.slips.length == 0 && z.defects.length == 0 && !runsBreakAtSpares)) {
            c.run = (int) Math.max(1, maxRun);
            return;
        }
        if (z.defects.length != 0) {
            // a defect's LBN is remapped out of the track's order: contiguity is no longer
            // monotone in the run's length, so the bisection below could step over the defect
            int run = 1;
            while (run < maxRun && physicalOf(zi, z, k + run) == p + run) {
                run++;
            }
            c.run = run;
            return;
        }
        if (physicalOf(zi, z, k + maxRun - 1) == p + maxRun - 1) {
            c.run = (int) maxRun;
            return;
        }
        long good = 1;
        long bad = maxRun;
        while (bad - good > 1) {
            long mid = (good + bad) >>> 1;
            if (physicalOf(zi, z, k + mid - 1) == p + mid - 1) {
                good = mid;
            } else {
                bad = mid;
            }
        }
        c.run = (int) good;
    }

    /**
     * {@link #locate} where the zone's LBNs are its positions without the slips (sparing per
     * zone or at its end, no defects): the x-th such position is x + c, c the slips at or below
     * it, and c stays the same up to the next key of {@link #skipKeys}, {@code keys[c]}, so the
     * run to the next slip is known from the one search (the general path searches again for
     * the run's last LBN, and bisects when a slip cuts the track).
     */
    private void locateZoneGlobal(long lba, int zi, Zone z, long k, TrackCursor c) {
        long[] keys = skipKeys[zi];
        long x = deadUsable[zi] + k;
        int slipsBelow = skipIndex(x, keys);
        fill(z, zi, x + slipsBelow, c);
        long maxRun = Math.min(z.spt - c.sector, Math.min(z.lbaCount - k, capacitySectors - lba));
        if (slipsBelow < keys.length) {
            maxRun = Math.min(maxRun, keys[slipsBelow] - x);
        }
        c.run = (int) Math.max(1, maxRun);
    }

    private void fill(Zone z, int zi, long p, TrackCursor c) {
        long perCyl = (long) z.spt * surfaces;
        int cylIndex = (int) (p / perCyl);
        int rem = (int) (p % perCyl);
        int logicalSurface = rem / z.spt;
        int sector = rem % z.spt;
        int cylinder = z.firstCylinder + cylIndex;
        boolean reverse = reversedSurfaces(cylIndex, cylinder);
        c.cylinder = cylinder;
        c.surface = reverse ? surfaces - 1 - logicalSurface : logicalSurface;
        c.sector = sector;
        c.sectorsPerTrack = z.spt;
        c.zoneIndex = zi;
        c.physical = p;
        double skew = z.firstBlockOffset + z.trackSkew * (logicalSurface + (double) (surfaces - 1) * cylIndex)
                + z.cylinderSkew * cylIndex;
        double a = (skew + sector) / z.spt;
        c.angle = a - Math.floor(a);
    }

    /** Whether this cylinder visits its surfaces in reverse (DiskSim {@code g1_surfno_on_cyl}). */
    private boolean reversedSurfaces(int cylIndex, int cylinder) {
        if (mappingScheme == LbnMapping.NORMAL) {
            return false;
        }
        return ((mappingScheme == LbnMapping.SERPENTINE_FROM_ZONE_START ? cylIndex : cylinder) & 1) == 1;
    }

    public PhysicalAddress toPhysical(long lba) {
        TrackCursor c = new TrackCursor();
        locate(lba, c);
        return new PhysicalAddress(c.cylinder, c.surface, c.sector, c.angle);
    }

    /** The LBA stored at a physical sector, or −1 if the sector holds none (spare, slip, gap). */
    public long toLba(PhysicalAddress a) {
        for (int zi = 0; zi < zones.length; zi++) {
            Zone z = zones[zi];
            if (a.cylinder() < z.firstCylinder || a.cylinder() > z.lastCylinder) {
                continue;
            }
            if (a.head() < 0 || a.head() >= surfaces || a.sector() < 0 || a.sector() >= z.spt) {
                return -1;
            }
            int cylIndex = a.cylinder() - z.firstCylinder;
            boolean reverse = reversedSurfaces(cylIndex, a.cylinder());
            int logicalSurface = reverse ? surfaces - 1 - a.head() : a.head();
            long p = ((long) cylIndex * surfaces + logicalSurface) * z.spt + a.sector();
            long k = lbnOfPhysical(zi, z, p);
            if (k < 0) {
                return -1;
            }
            long lba = z.firstLba + k;
            return lba < capacitySectors ? lba : -1;
        }
        return -1;
    }

    private void checkLba(long lba) {
        if (lba < 0 || lba >= capacitySectors) {
            throw new IllegalArgumentException("LBA " + lba + " outside 0.." + (capacitySectors - 1));
        }
    }
}
