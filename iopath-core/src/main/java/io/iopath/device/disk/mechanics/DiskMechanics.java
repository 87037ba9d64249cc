package io.iopath.device.disk.mechanics;

import io.iopath.device.disk.DriveSpec;
import io.iopath.device.disk.geometry.Zone;
import io.iopath.device.disk.geometry.ZonedGeometry;
import io.iopath.request.Request;
import io.iopath.sim.RandomStreams;

/**
 * The head-disk assembly: where the heads are, and how long it takes to reach and read or write
 * a run of LBAs from there. It knows nothing of queues or caches; the drive's controller asks it.
 *
 * <p>Positioning follows DiskSim's rule, max(seek, head switch); rotational latency comes from
 * the continuously turning spindle; n sectors on a track take n/spt of a revolution, and each
 * track boundary costs a head switch (or one-cylinder seek) plus the rotation to the next
 * track's first sector.
 */
public final class DiskMechanics {
    private final DriveSpec spec;
    private final ZonedGeometry geometry;
    private final SeekCurve readSeek;
    private final SeekCurve writeSeek;
    private final Spindle spindle;
    private int headCylinder;
    private int headSurface;

    public DiskMechanics(DriveSpec spec, RandomStreams randoms) {
        this.spec = spec;
        this.geometry = ZonedGeometry.linear(spec.capacitySectors(), spec.surfaces(), spec.zones(),
                spec.outerSpt(), spec.innerSpt());
        this.readSeek = curve(spec.seekRead());
        this.writeSeek = curve(spec.seekWrite());
        // A drive does not power on at a known angle: the starting angle is drawn from the run's seed.
        this.spindle = new Spindle(spec.rpm(), randoms.stream("drive.spindle").nextDouble());
    }

    private SeekCurve curve(DriveSpec.SeekPoints p) {
        return new ThreePointSeekCurve(p.trackToTrackNs(), p.averageNs(), p.fullStrokeNs(), geometry.cylinders());
    }

    /**
     * Time from {@code nowNs} until the head is over {@code lba} and the sector is arriving:
     * positioning plus rotational latency. Does not move the head (for SPTF-style schedulers).
     */
    public long positioningNs(long nowNs, long lba, boolean write) {
        Zone z = geometry.zoneOf(lba);
        int spt = z.sectorsPerTrack();
        long offset = lba - z.firstLba();
        long perCylinder = (long) spt * geometry.surfaces();
        int cylinder = z.firstCylinder() + (int) (offset / perCylinder);
        int surface = (int) ((offset % perCylinder) / spt);
        long move = moveNs(cylinder, surface, write);
        return move + spindle.waitForAngleNs(nowNs + move, (double) (offset % spt) / spt);
    }

    /**
     * Reads or writes {@code sectors} starting at {@code lba}, beginning at {@code startNs};
     * moves the head, records the time split on {@code rq}, and returns the time the last
     * sector has passed under the head.
     */
    public long access(long startNs, long lba, long sectors, boolean write, Request rq) {
        long t = startNs;
        long seek = 0;
        long rotation = 0;
        long transfer = 0;
        boolean first = true;
        long remaining = sectors;
        while (remaining > 0) {
            Zone z = geometry.zoneOf(lba);
            int spt = z.sectorsPerTrack();
            long offset = lba - z.firstLba();
            long perCylinder = (long) spt * geometry.surfaces();
            int cylinder = z.firstCylinder() + (int) (offset / perCylinder);
            int surface = (int) ((offset % perCylinder) / spt);
            int sectorInTrack = (int) (offset % spt);
            long move = moveNs(cylinder, surface, write);
            t += move;
            headCylinder = cylinder;
            headSurface = surface;
            long wait = spindle.waitForAngleNs(t, (double) sectorInTrack / spt);
            t += wait;
            if (first) {
                seek += move;
                rotation += wait;
            } else {
                transfer += move + wait;
            }
            long onTrack = Math.min(remaining, spt - sectorInTrack);
            long media = spindle.rotationNs((double) onTrack / spt);
            t += media;
            transfer += media;
            lba += onTrack;
            remaining -= onTrack;
            first = false;
        }
        rq.seekNs += seek;
        rq.rotationNs += rotation;
        rq.transferNs += transfer;
        return t;
    }

    /** DiskSim's positioning rule: max(seek, head switch); zero when already on the track. */
    private long moveNs(int cylinder, int surface, boolean write) {
        long seek = (write ? writeSeek : readSeek).seekNs(cylinder - headCylinder);
        long headSwitch = surface != headSurface ? spec.headSwitchNs() : 0;
        return Math.max(seek, headSwitch);
    }

    public ZonedGeometry geometry() {
        return geometry;
    }

    public SeekCurve readSeek() {
        return readSeek;
    }

    public SeekCurve writeSeek() {
        return writeSeek;
    }

    public Spindle spindle() {
        return spindle;
    }

    public int headCylinder() {
        return headCylinder;
    }
}
