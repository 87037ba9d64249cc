package io.iopath.device.disk.zoned;

/**
 * How a host-managed zoned drive (ZBC, T10 ZBC-2; Linux's "host-managed" zoned model) divides
 * its LBAs: zones of one size, the first few conventional (written anywhere, no write pointer),
 * the rest sequential-write-required, each with a write pointer and a writable capacity that
 * may be less than the zone (ZBC-2's zone capacity, NVMe ZNS's ZCAP).
 *
 * <p>{@link #HM_SMR}'s figures are those of current host-managed SMR drives: 256 MiB zones
 * (what Linux's {@code blkzone report} shows on WD Ultrastar DC HC620 and Seagate HM drives),
 * about 1 % of the zones conventional at the start of the LBA space, capacity = zone size
 * (SMR drives have no ZCAP). The open-zone limit of 128 is a placeholder until checked
 * against a datasheet's "maximum number of open sequential write required zones"; there is no
 * active-zone limit on SMR (ZBC-2 has none; ZNS does: {@code max_active_zones}).
 *
 * @param zoneSectors       size of every zone (the last may be smaller: a runt zone), in 512-byte sectors
 * @param capacitySectors   writable sectors of a sequential zone (≤ zone size)
 * @param conventionalZones zones at the start that have no write pointer
 * @param maxOpenZones      zones that may be open at once (implicitly, by writing); 0 = no limit
 * @param maxActiveZones    zones that may be open or closed (written, not full) at once; 0 = no limit
 */
public record ZoneLayout(long zoneSectors, long capacitySectors, int conventionalZones, int maxOpenZones,
                         int maxActiveZones) {
    public static final long SECTORS_256M = (256L << 20) / 512;
    /** Host-managed SMR: 256 MiB zones, 1 % conventional (set per drive by {@link #forCapacity}), 128 open zones (placeholder). */
    public static final ZoneLayout HM_SMR = new ZoneLayout(SECTORS_256M, SECTORS_256M, -1, 128, 0);

    public ZoneLayout {
        if (zoneSectors <= 0 || capacitySectors <= 0 || capacitySectors > zoneSectors) {
            throw new IllegalArgumentException("zone capacity must be positive and at most the zone size");
        }
    }

    /** This layout on a drive of {@code driveSectors}: a conventional-zone count of -1 becomes 1 % of the zones. */
    public ZoneLayout forCapacity(long driveSectors) {
        if (conventionalZones >= 0) {
            return this;
        }
        long zones = (driveSectors + zoneSectors - 1) / zoneSectors;
        return new ZoneLayout(zoneSectors, capacitySectors, (int) Math.max(1, zones / 100), maxOpenZones, maxActiveZones);
    }
}
