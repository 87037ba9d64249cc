package io.iopath.device.disk.mechanics;

import io.iopath.device.disk.geometry.TrackCursor;
import io.iopath.device.disk.geometry.ZonedGeometry;

/**
 * The head-disk assembly: where the heads are, and how long it takes to reach and read or write
 * a run of LBAs from there. It knows nothing of queues or caches; the drive's controller asks it.
 *
 * <p>Positioning follows DiskSim's rule, max(seek, head switch) + write settle for writes
 * (disk-drive spec §5, §12; the settle also for a write to the track under the head);
 * rotational latency comes from the continuously turning spindle (§4); n sectors on a track
 * take n/spt of a revolution, and each track boundary costs a head switch (or one-cylinder
 * seek, plus the settle for a write) and the rotation to the next track's first sector, which
 * the skew places just after the head arrives (§7).
 */
public final class DiskMechanics {
    private final ZonedGeometry geometry;
    private final SeekCurve readSeek;
    private final SeekCurve writeSeek;
    private final long writeSettleNs;
    private final long headSwitchNs;
    private final Spindle spindle;
    private final TrackCursor cursor = new TrackCursor();
    private int headCylinder;
    private int headSurface;

    /** Split of the last {@link #access}: positioning, rotational wait, media transfer (ns). */
    public long lastSeekNs;
    public long lastRotationNs;
    public long lastTransferNs;

    public DiskMechanics(ZonedGeometry geometry, SeekCurve readSeek, SeekCurve writeSeek, long writeSettleNs,
            long headSwitchNs, Spindle spindle) {
        this.geometry = geometry;
        this.readSeek = readSeek;
        this.writeSeek = writeSeek;
        this.writeSettleNs = writeSettleNs;
        this.headSwitchNs = headSwitchNs;
        this.spindle = spindle;
    }

    /**
     * Time from {@code nowNs} until the head is over {@code lba} and its first sector is
     * arriving: positioning plus rotational latency. Does not move the head.
     */
    public long positioningNs(long nowNs, long lba, boolean write) {
        geometry.locate(lba, cursor);
        return positioningNs(nowNs, cursor.cylinder, cursor.surface, cursor.angle, write);
    }

    /**
     * The SPTF primitive: positioning plus rotational latency to a known physical target, from
     * the current head and spindle position. Pure arithmetic; allocates nothing.
     */
    public long positioningNs(long nowNs, int cylinder, int surface, double angle, boolean write) {
        long move = positionNs(cylinder, surface, write);
        return move + spindle.waitForAngleNs(nowNs + move, angle);
    }

    /**
     * Positioning for a request, DiskSim's rule (spec §5, §12): max(seek, head switch), plus the
     * write settle for every write — also one to the track under the head.
     */
    public long positionNs(int cylinder, int surface, boolean write) {
        long move = Math.max((write ? writeSeek : readSeek).seekNs(cylinder - headCylinder),
                surface != headSurface ? headSwitchNs : 0);
        return write ? Math.max(0, move + writeSettleNs) : move;
    }

    /**
     * Seek / head-switch time to the next track of a transfer under way, plus the write settle
     * when a write moved the head; without rotation.
     */
    public long moveNs(int cylinder, int surface, boolean write) {
        int d = cylinder - headCylinder;
        long seek = (write ? writeSeek : readSeek).seekNs(d);
        long hs = surface != headSurface ? headSwitchNs : 0;
        long move = Math.max(seek, hs);
        if (write && move > 0) {
            move = Math.max(0, move + writeSettleNs);
        }
        return move;
    }

    /**
     * Reads or writes {@code sectors} starting at {@code lba}, beginning at {@code startNs};
     * moves the head and returns the time the last sector has passed under it. The split is left
     * in {@link #lastSeekNs}, {@link #lastRotationNs}, {@link #lastTransferNs}.
     */
    public long access(long startNs, long lba, long sectors, boolean write) {
        return access(startNs, lba, sectors, write, 0, NO_DATA_CONSTRAINT, 0);
    }

    /**
     * Writes {@code sectors} from {@code lba} whose data is still crossing the bus: sector i of
     * the request is in the buffer only at {@code dataStartNs + (i+1)·busNsPerSector}. A sector
     * can be written only when it passes under the head with its data already in the buffer;
     * when the head reaches a sector whose data has not arrived it lets it go by and writes it on
     * a later revolution (DiskSim computes media access sector by sector and waits for the data
     * the same way). The positioning is at least {@code minMoveNs} (DiskSim's "Minimum seek
     * delay" for non-sequential writes).
     */
    public long write(long startNs, long lba, long sectors, long minMoveNs, long dataStartNs, long busNsPerSector) {
        return access(startNs, lba, sectors, true, minMoveNs, dataStartNs, busNsPerSector);
    }

    private static final long NO_DATA_CONSTRAINT = Long.MIN_VALUE;

    private long access(long startNs, long lba, long sectors, boolean write, long minMoveNs, long dataStartNs,
            long busNsPerSector) {
        long t = startNs;
        long seek = 0;
        long rotation = 0;
        long transfer = 0;
        boolean first = true;
        boolean paced = dataStartNs != NO_DATA_CONSTRAINT;
        long done = 0;
        long remaining = sectors;
        TrackCursor c = cursor;
        while (remaining > 0) {
            geometry.locate(lba, c);
            long move = first ? Math.max(positionNs(c.cylinder, c.surface, write), minMoveNs)
                    : moveNs(c.cylinder, c.surface, write);
            t += move;
            headCylinder = c.cylinder;
            headSurface = c.surface;
            // the first pass of the sector at or after the moment its data is in the buffer
            long earliest = paced ? Math.max(t, dataStartNs + (done + 1) * busNsPerSector) : t;
            long wait = earliest - t + spindle.waitForAngleNs(earliest, c.angle);
            t += wait;
            if (first) {
                seek += move;
                rotation += wait;
            } else {
                transfer += move + wait;
            }
            long onTrack = Math.min(remaining, c.run);
            double sectorNs = spindle.revolutionNs() / c.sectorsPerTrack;
            if (paced && busNsPerSector > sectorNs) {
                // the media outruns the bus: sector done+k passes at t + k·sectorNs, its data is
                // ready at dataStart + (done+k+1)·bus; write while the data is ahead of the head
                double slack = t - (dataStartNs + (done + 1) * busNsPerSector);
                long writable = (long) Math.floor(slack / (busNsPerSector - sectorNs)) + 1;
                onTrack = Math.max(1, Math.min(onTrack, writable));
            }
            long media = spindle.rotationNs((double) onTrack / c.sectorsPerTrack);
            t += media;
            transfer += media;
            lba += onTrack;
            done += onTrack;
            remaining -= onTrack;
            first = false;
        }
        lastSeekNs = seek;
        lastRotationNs = rotation;
        lastTransferNs = transfer;
        return t;
    }

    /** Moves the heads without timing (read-ahead that ran in the background ended here). */
    public void placeHeadAt(long lba) {
        geometry.locate(lba, cursor);
        headCylinder = cursor.cylinder;
        headSurface = cursor.surface;
    }

    /** Time for the media to pass {@code sectors} sectors of the track holding {@code lba}. */
    public long mediaNs(long lba, long sectors) {
        geometry.locate(lba, cursor);
        return spindle.rotationNs((double) sectors / cursor.sectorsPerTrack);
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

    public int headSurface() {
        return headSurface;
    }

    public long headSwitchNs() {
        return headSwitchNs;
    }
}
