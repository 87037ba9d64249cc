package io.iopath.device.disk.presets;

import io.iopath.device.Transport;
import io.iopath.device.disk.cache.CacheConfig;
import io.iopath.device.disk.DriveScheduler;
import io.iopath.device.disk.DriveSpec;
import io.iopath.device.disk.bus.Overheads;
import io.iopath.device.disk.cache.ReadAhead;
import io.iopath.device.disk.geometry.ZonedGeometry;
import io.iopath.device.disk.mechanics.SeekCurve;
import io.iopath.device.disk.mechanics.ThreePointSeekCurve;

/**
 * Builds a drive known only from datasheet-era numbers, by the recipe of disk-drive spec §13.2:
 * linear zoning between outer and inner sectors per track, triangular 3-point seek fits, skews
 * just long enough for a head switch / one-cylinder seek, one read-ahead buffer split into
 * segments.
 */
final class DatasheetDrive {
    String name;
    String description;
    long capacitySectors;
    int surfaces;
    int zones = 20;
    int outerSpt;
    int innerSpt;
    double rpm;
    double[] readSeekMs;
    double[] writeSeekMs;
    double headSwitchMs;
    double writeSettleMs;
    long[] overheadNs;
    double busMBps;
    long cacheBytes;
    int segments;
    int queueDepth;
    boolean writeCache = true;
    /** SCSI unless the datasheet says SATA with NCQ. */
    Transport transport = Transport.SCSI;

    DriveSpec build() {
        double revMs = 60_000.0 / rpm;
        // the format must let writes stream across a cylinder switch too: the cylinder skew
        // covers the slower of the read and write one-cylinder seeks (spec §5, §13.2 step 5)
        double seek1 = Math.max(readSeekMs[0], writeSeekMs[0]);
        ZonedGeometry.SkewRule skew = new ZonedGeometry.SkewRule() {
            @Override
            public double trackSkew(int spt) {
                return Math.ceil(headSwitchMs / (revMs / spt));
            }

            @Override
            public double cylinderSkew(int spt) {
                return Math.ceil(Math.max(seek1, headSwitchMs) / (revMs / spt));
            }
        };
        ZonedGeometry g = ZonedGeometry.linear(capacitySectors, surfaces, zones, outerSpt, innerSpt, skew);
        SeekCurve read = fit(readSeekMs, g.cylinders());
        SeekCurve write = fit(writeSeekMs, g.cylinders());
        long busNs = Math.round(512 / (busMBps * 1e6) * 1e9);
        int segmentSectors = (int) (cacheBytes / 512 / segments);
        // A drive of this era follows a sequential reader: the next command, arriving as the
        // read-ahead starts on its first sector, joins the stream (almost read hits) rather than
        // stopping it and waiting a revolution for the sector it has just passed; a full hit on a
        // segment whose read-ahead has finished starts it again (DiskSim's Read-ahead on idle
        // hit; placeholder, no datasheet states it). Every segment may hold write data
        // (placeholder: no datasheet gives the write-segment count; the whole buffer, as the
        // buffer size is all the datasheet gives).
        CacheConfig cache = CacheConfig.of(segments, segmentSectors, ReadAhead.SEGMENT, segmentSectors, writeCache,
                segments, 0.5, true, true).withAlmostReadHits(true).withReadAheadOnIdleHit(true);
        return new DriveSpec(name, description, g, read, write, Math.round(writeSettleMs * 1e6),
                Math.round(headSwitchMs * 1e6), rpm, 0, Overheads.simple(overheadNs, busNs), cache, queueDepth,
                DriveScheduler.SPTF, 6.0, cacheBytes, readSeekMs[1], transport);
    }

    private static SeekCurve fit(double[] ms, int cylinders) {
        return new ThreePointSeekCurve(Math.round(ms[0] * 1e6), Math.round(ms[1] * 1e6), Math.round(ms[2] * 1e6),
                cylinders);
    }

    static long[] uniform(double ms) {
        long[] m = new long[8];
        java.util.Arrays.fill(m, Math.round(ms * 1e6));
        return m;
    }

    /** Read hit, write hit and miss overheads (ms) in DiskSim's 8-cell order. */
    static long[] hitMiss(double readHit, double writeHit, double miss) {
        long rh = Math.round(readHit * 1e6);
        long wh = Math.round(writeHit * 1e6);
        long m = Math.round(miss * 1e6);
        return new long[] {rh, rh, m, m, wh, wh, m, m};
    }
}
