package io.iopath.device.disk.zoned;

/**
 * The zone state of a host-managed drive: per zone its write pointer and condition, and the
 * counts of open and active zones, with ZBC's rules for a write (ZBC-2 4.4.3 "Sequential write
 * required zones"): it must start at the write pointer and end within the zone's capacity;
 * writing an empty or closed zone opens it implicitly, and at the open limit the drive first
 * closes the implicitly open zone written least recently (4.4.3.2.4, "the device server shall
 * ... transition an implicitly opened zone to closed"); a zone whose write pointer reaches its
 * capacity is full and no longer open or active. Reads are unrestricted (URSWRZ = 1: reads
 * past the write pointer return data, here nothing is checked), a placeholder until a drive's
 * ZONED BLOCK DEVICE CHARACTERISTICS page says otherwise.
 */
public final class ZoneTable {
    private final ZoneLayout layout;
    private final long driveSectors;
    private final int zones;
    private final long[] wp;
    private final ZoneCondition[] cond;
    /** When each zone was last written (a counter), to pick the implicitly open zone to close. */
    private final long[] lastWrite;
    private long writes;
    private int open;
    private int active;
    private long resets;

    public ZoneTable(ZoneLayout layout, long driveSectors) {
        this.layout = layout.forCapacity(driveSectors);
        this.driveSectors = driveSectors;
        this.zones = (int) ((driveSectors + layout.zoneSectors() - 1) / layout.zoneSectors());
        this.wp = new long[zones];
        this.cond = new ZoneCondition[zones];
        this.lastWrite = new long[zones];
        for (int z = 0; z < zones; z++) {
            wp[z] = start(z);
            cond[z] = z < this.layout.conventionalZones() ? ZoneCondition.NOT_WP : ZoneCondition.EMPTY;
        }
    }

    public ZoneLayout layout() {
        return layout;
    }

    public int zones() {
        return zones;
    }

    public int zoneOf(long sector) {
        return (int) (sector / layout.zoneSectors());
    }

    public long start(int zone) {
        return zone * layout.zoneSectors();
    }

    /** The end of the zone's writable space: start + capacity, or the end of the drive for a runt zone. */
    public long capacityEnd(int zone) {
        return Math.min(start(zone) + layout.capacitySectors(), driveSectors);
    }

    /** The first sector past the zone. */
    public long end(int zone) {
        return Math.min(start(zone) + layout.zoneSectors(), driveSectors);
    }

    public boolean sequential(int zone) {
        return cond[zone] != ZoneCondition.NOT_WP;
    }

    public long writePointer(int zone) {
        return wp[zone];
    }

    public ZoneCondition condition(int zone) {
        return cond[zone];
    }

    public int openZones() {
        return open;
    }

    public int activeZones() {
        return active;
    }

    public long resets() {
        return resets;
    }

    /** Why the drive would refuse a write of {@code sectors} at {@code sector} now; null when it takes it. */
    public ZoneError check(long sector, int sectors) {
        int z = zoneOf(sector);
        long last = sector + sectors - 1;
        if (!sequential(z)) {
            int lz = zoneOf(last);
            return lz != z && sequential(lz) ? ZoneError.WRITE_BOUNDARY_VIOLATION : null;
        }
        if (sector != wp[z] || cond[z] == ZoneCondition.FULL) {
            return ZoneError.UNALIGNED_WRITE_COMMAND;
        }
        if (sector + sectors > capacityEnd(z)) {
            return ZoneError.WRITE_BOUNDARY_VIOLATION;
        }
        if (cond[z] == ZoneCondition.EMPTY && layout.maxActiveZones() > 0 && active >= layout.maxActiveZones()) {
            return ZoneError.INSUFFICIENT_ZONE_RESOURCES;
        }
        return null;
    }

    /** Applies a write {@link #check} accepted: the write pointer moves, the zone opens or fills. */
    public void write(long sector, int sectors) {
        int z = zoneOf(sector);
        if (!sequential(z)) {
            return;
        }
        lastWrite[z] = ++writes;
        if (cond[z] == ZoneCondition.EMPTY || cond[z] == ZoneCondition.CLOSED) {
            if (layout.maxOpenZones() > 0 && open >= layout.maxOpenZones()) {
                closeLeastRecent();
            }
            if (cond[z] == ZoneCondition.EMPTY) {
                active++;
            }
            cond[z] = ZoneCondition.IMPLICIT_OPEN;
            open++;
        }
        wp[z] = sector + sectors;
        if (wp[z] >= capacityEnd(z)) {
            cond[z] = ZoneCondition.FULL;
            open--;
            active--;
        }
    }

    private void closeLeastRecent() {
        int victim = -1;
        for (int z = 0; z < zones; z++) {
            if (cond[z] == ZoneCondition.IMPLICIT_OPEN && (victim < 0 || lastWrite[z] < lastWrite[victim])) {
                victim = z;
            }
        }
        if (victim >= 0) {
            cond[victim] = ZoneCondition.CLOSED;
            open--;
        }
    }

    /** RESET WRITE POINTER of one zone (Linux's BLKRESETZONE, REQ_OP_ZONE_RESET): empty again, data gone. */
    public void reset(int zone) {
        if (!sequential(zone)) {
            return;
        }
        if (cond[zone] == ZoneCondition.IMPLICIT_OPEN) {
            open--;
        }
        if (cond[zone] == ZoneCondition.IMPLICIT_OPEN || cond[zone] == ZoneCondition.CLOSED) {
            active--;
        }
        cond[zone] = ZoneCondition.EMPTY;
        wp[zone] = start(zone);
        resets++;
    }
}
