package io.iopath.device.disk.mechanics;

import io.iopath.device.disk.geometry.TrackCursor;
import io.iopath.device.disk.geometry.ZonedGeometry;

/**
 * The head-disk assembly: where the heads are, and how long it takes to reach and read or write
 * a run of LBAs from there. It knows nothing of queues or caches; the drive's controller asks it.
 *
 * <p>Positioning follows DiskSim's rule, max(seek, head switch) + write settle for writes
 * (disk-drive spec §5, §12; the settle only when the head moves, as DiskSim's dm_seek_time_g1);
 * rotational latency comes from the continuously turning spindle (§4); n sectors on a track
 * take n/spt of a revolution, and each track boundary costs a head switch (or one-cylinder
 * seek, plus the settle for a write) and the rotation to the next track's first sector, which
 * the skew places just after the head arrives (§7).
 *
 * <p>Zero-latency access (DiskSim's {@code Immediate buffer read} / {@code Immediate buffer
 * write}, read- / write-on-arrival): when the head arrives on a track inside the run of sectors
 * it must transfer there, it does not wait for the run's first sector: it waits for the next
 * sector boundary, transfers to the run's end, rotates to the run's start and transfers up to
 * where it began — one revolution plus less than a sector on that track, wherever it arrived.
 */
public final class DiskMechanics {
    private final ZonedGeometry geometry;
    private final SeekCurve readSeek;
    private final SeekCurve writeSeek;
    private final long writeSettleNs;
    private final long headSwitchNs;
    private final Spindle spindle;
    private final boolean readOnArrival;
    private final boolean writeOnArrival;
    private final TrackCursor cursor = new TrackCursor();
    private int headCylinder;
    private int headSurface;

    /** Read-order bookkeeping of the access under way (set by {@link #read}). */
    private boolean tracking;
    private long trackWatermark;
    private long trackBusNs;
    private long trackSectors;
    /** Of the last {@link #zeroLatencyTrack}: when the run's first sector came under the head. */
    private long wrapNs;

    public DiskMechanics(ZonedGeometry geometry, SeekCurve readSeek, SeekCurve writeSeek, long writeSettleNs,
            long headSwitchNs, Spindle spindle) {
        this(geometry, readSeek, writeSeek, writeSettleNs, headSwitchNs, spindle, false, false);
    }

    /**
     * @param readOnArrival  zero-latency reads (DiskSim {@code Immediate buffer read})
     * @param writeOnArrival zero-latency writes (DiskSim {@code Immediate buffer write})
     */
    public DiskMechanics(ZonedGeometry geometry, SeekCurve readSeek, SeekCurve writeSeek, long writeSettleNs,
            long headSwitchNs, Spindle spindle, boolean readOnArrival, boolean writeOnArrival) {
        this.readOnArrival = readOnArrival;
        this.writeOnArrival = writeOnArrival;
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
        locate(lba, cursor);
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
     * write settle for a write that moves the head (none for one to the track under the head).
     */
    public long positionNs(int cylinder, int surface, boolean write) {
        long move = Math.max((write ? writeSeek : readSeek).seekNs(cylinder - headCylinder),
                surface != headSurface ? headSwitchNs : 0);
        return write ? settled(move) : move;
    }

    /**
     * A write's positioning with the settle: DiskSim adds it only to a non-zero positioning
     * (dm_seek_time_g1), so a write to the track under the head has none, and a negative settle
     * never makes it negative — {@code move > 0 ? max(0, move + settle) : move}, as arithmetic:
     * {@code -move >> 63} is all ones exactly when move > 0. A write to the track under the head
     * is rare enough under random IO that the JIT compiled that branch as never taken, and its
     * first occurrence threw away the compiled SPTF loop and write path (docs/performance.md).
     */
    private long settled(long move) {
        return Math.max(Math.min(move, 0), move + (writeSettleNs & (-move >> 63)));
    }

    /**
     * Positioning from a given head position (not the current one), DiskSim's rule: max(seek,
     * head switch), plus the write settle if that is not zero. Pure; does not move the head.
     */
    public long moveNs(int fromCylinder, int fromSurface, int cylinder, int surface, boolean write) {
        long move = Math.max((write ? writeSeek : readSeek).seekNs(cylinder - fromCylinder),
                surface != fromSurface ? headSwitchNs : 0);
        return write && move > 0 ? Math.max(0, move + writeSettleNs) : move;
    }

    /** Places the heads on a track (read-ahead that ran in the background left them there). */
    public void placeHead(int cylinder, int surface) {
        headCylinder = cylinder;
        headSurface = surface;
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
     * moves the head. Fills {@code out} (end, seek / rotation / transfer split, first sector,
     * out-of-order) and returns it.
     */
    public AccessResult access(long startNs, long lba, long sectors, boolean write, AccessResult out) {
        return access(startNs, lba, sectors, write, 0, NO_DATA_CONSTRAINT, 0, out);
    }

    /**
     * Reads {@code sectors} from {@code lba} as {@link #access} does and, when a run is read out
     * of order ({@link AccessResult#outOfOrder}), what that does to the host's LBA-order stream:
     * {@link AccessResult#watermarkNs} for the first {@code watermarkSectors},
     * {@link AccessResult#inOrderBusEndNs} for a bus at {@code busNsPerSector}.
     */
    public AccessResult read(long startNs, long lba, long sectors, long watermarkSectors, long busNsPerSector,
            AccessResult out) {
        tracking = true;
        trackWatermark = watermarkSectors;
        trackBusNs = busNsPerSector;
        trackSectors = sectors;
        out.watermarkNs = Long.MIN_VALUE;
        out.inOrderBusEndNs = Long.MIN_VALUE;
        try {
            return access(startNs, lba, sectors, false, 0, NO_DATA_CONSTRAINT, 0, out);
        } finally {
            tracking = false;
        }
    }

    /**
     * Writes {@code sectors} from {@code lba} whose data is still crossing the bus: sector i of
     * the request is in the buffer only at {@code dataStartNs + (i+1)·busNsPerSector}. A sector
     * can be written only when it passes under the head with its data already in the buffer;
     * when the head reaches a sector whose data has not arrived it lets it go by and writes it on
     * a later revolution (DiskSim computes media access sector by sector and waits for the data
     * the same way). The positioning is at least {@code minMoveNs} (DiskSim's "Minimum seek
     * delay" for non-sequential writes). With write-on-arrival, a track run is written from
     * wherever the head arrives only if all of its data is in the buffer by then; otherwise it
     * is written in order from its first sector as above (modelling a drive that writes
     * whichever sectors pass with their data in the buffer would be finer; not done).
     */
    public AccessResult write(long startNs, long lba, long sectors, long minMoveNs, long dataStartNs,
            long busNsPerSector, AccessResult out) {
        return write(startNs, lba, sectors, minMoveNs, dataStartNs, busNsPerSector, 1, out);
    }

    /**
     * As {@link #write(long, long, long, long, long, long, AccessResult)}, and no sector is
     * written before {@code minBufferedSectors} of the request are in the buffer (DiskSim's HP
     * threshold, {@code disk_buffer_block_available}): since the data arrive in order, that
     * only delays the first sector written.
     */
    public AccessResult write(long startNs, long lba, long sectors, long minMoveNs, long dataStartNs,
            long busNsPerSector, int minBufferedSectors, AccessResult out) {
        minBuffered = minBufferedSectors;
        try {
            return access(startNs, lba, sectors, true, minMoveNs, dataStartNs, busNsPerSector, out);
        } finally {
            minBuffered = 1;
        }
    }

    /**
     * Continues the media write {@code out} holds, which ended at {@link AccessResult#endNs} with
     * its {@code priorSectors} sectors, by {@code sectors} more from {@code lba} (the sector after
     * its last), from {@code startNs} (no earlier than that end) on: a sequential write that
     * joined the write under way (DiskSim's APPEND to a segment being written, {@code
     * disk_buffer_select_write_segment}; {@code disk_check_hda_pending} then waives the minimum
     * seek delay, the stream being continued at the instant its last sector was written). The
     * heads are where that write left them; there is no new positioning, only the track changes
     * and the wait for each sector's data: sector i of the whole run is in the buffer at {@code
     * dataStartNs + (i+1)·busNsPerSector}. The continuation's time counts as transfer. Returns
     * {@code out}, its end moved.
     */
    public AccessResult continueWrite(long startNs, long lba, long sectors, long priorSectors, long dataStartNs,
            long busNsPerSector, AccessResult out) {
        long seek = out.seekNs;
        long rotation = out.rotationNs;
        long transfer = out.transferNs;
        boolean outOfOrder = out.outOfOrder;
        long first = out.firstSectorNs;
        access(startNs, lba, sectors, true, 0, dataStartNs, busNsPerSector, priorSectors, out);
        out.seekNs = seek;
        out.rotationNs = rotation;
        out.transferNs = transfer + (out.endNs - startNs);
        out.outOfOrder |= outOfOrder;
        out.firstSectorNs = first;
        return out;
    }

    /** Of the write under way: sectors that must be in the buffer before any is written. */
    private int minBuffered = 1;

    private static final long NO_DATA_CONSTRAINT = Long.MIN_VALUE;

    private AccessResult access(long startNs, long lba, long sectors, boolean write, long minMoveNs, long dataStartNs,
            long busNsPerSector, AccessResult out) {
        return access(startNs, lba, sectors, write, minMoveNs, dataStartNs, busNsPerSector, -1, out);
    }

    /** @param continuing sectors of the access {@code out} holds that this one continues; −1: a new access */
    private AccessResult access(long startNs, long lba, long sectors, boolean write, long minMoveNs, long dataStartNs,
            long busNsPerSector, long continuing, AccessResult out) {
        long t = startNs;
        long seek = 0;
        long rotation = 0;
        long transfer = 0;
        boolean first = continuing < 0;
        boolean paced = dataStartNs != NO_DATA_CONSTRAINT;
        boolean onArrival = write ? writeOnArrival : readOnArrival;
        long done = Math.max(0, continuing);
        long remaining = sectors;
        TrackCursor c = cursor;
        out.outOfOrder = false;
        if (first) {
            out.clearRuns(spindle);
        }
        while (remaining > 0) {
            locate(lba, c);
            long move = first ? Math.max(positionNs(c.cylinder, c.surface, write), minMoveNs)
                    : moveNs(c.cylinder, c.surface, write);
            t += move;
            headCylinder = c.cylinder;
            headSurface = c.surface;
            int run = (int) Math.min(remaining, c.run);
            if (onArrival && (!paced || dataStartNs + (done + run) * busNsPerSector <= t)) {
                long arrived = t;
                long end = zeroLatencyTrack(t, c, run, done, out);
                if (end != NOT_INSIDE_RUN) {
                    out.outOfOrder = true;
                    t = end;
                    if (first) {
                        out.firstSectorNs = wrapNs;
                        seek += move;
                        // rotation: the wait for the first boundary and the pass over the sectors
                        // outside the run; the rest of the revolution is transfer
                        long media = spindle.rotationNs((double) run / c.sectorsPerTrack);
                        rotation += end - arrived - media;
                        transfer += media;
                    } else {
                        transfer += move + end - arrived;
                    }
                    lba += run;
                    done += run;
                    remaining -= run;
                    first = false;
                    continue;
                }
            }
            // the first pass of the sector at or after the moment its data is in the buffer
            long earliest = paced ? Math.max(t, dataStartNs + Math.max(done + 1, minBuffered) * busNsPerSector) : t;
            long wait = earliest - t + spindle.waitForAngleNs(earliest, c.angle);
            t += wait;
            if (first) {
                seek += move;
                rotation += wait;
                out.firstSectorNs = t;
            } else {
                transfer += move + wait;
            }
            long onTrack = run;
            double sectorNs = spindle.revolutionNs() / c.sectorsPerTrack;
            if (paced && busNsPerSector > sectorNs) {
                // the media outruns the bus: sector done+k passes at t + k·sectorNs, its data is
                // ready at dataStart + (done+k+1)·bus; write while the data is ahead of the head
                double slack = t - (dataStartNs + (done + 1) * busNsPerSector);
                long writable = (long) Math.floor(slack / (busNsPerSector - sectorNs)) + 1;
                onTrack = Math.max(1, Math.min(onTrack, writable));
            }
            out.addRun(t, done, (int) onTrack, c.sectorsPerTrack);
            long media = spindle.rotationNs((double) onTrack / c.sectorsPerTrack);
            t += media;
            transfer += media;
            lba += onTrack;
            done += onTrack;
            remaining -= onTrack;
            first = false;
        }
        out.seekNs = seek;
        out.rotationNs = rotation;
        out.transferNs = transfer;
        out.endNs = t;
        return out;
    }

    private static final long NOT_INSIDE_RUN = Long.MIN_VALUE;

    /**
     * The head has arrived at {@code t} on the track {@code c} locates, whose next {@code run}
     * sectors (request sectors {@code done} on) it must transfer. If it is inside that run — past
     * its first sector's start, before its end — transfers the run out of order and returns when
     * the last sector has passed: the wait for the next sector boundary (sector k of the run),
     * then k … run−1, the rotation over the sectors outside the run, then 0 … k−1, which is the
     * boundary wait plus exactly one revolution. Otherwise returns {@link #NOT_INSIDE_RUN}.
     */
    private long zeroLatencyTrack(long t, TrackCursor c, int run, long done, AccessResult out) {
        long toStart = spindle.waitForAngleNs(t, c.angle);
        if (toStart == 0) {
            return NOT_INSIDE_RUN; // at the run's start: the ordinary access
        }
        int spt = c.sectorsPerTrack;
        double sectorNs = spindle.revolutionNs() / spt;
        double past = (spindle.revolutionNs() - toStart) / sectorNs; // sectors of the run already gone by
        if (!(past > 0) || past >= run) {
            return NOT_INSIDE_RUN; // beyond the run (or at its start): wait for its start as usual
        }
        int k = (int) Math.ceil(past);
        long boundary = t + spindle.rotationNs((k - past) / spt);
        long end = boundary + spindle.rotationNs(1.0);
        // the run's first sector comes round after k … run−1 and the sectors outside the run
        wrapNs = boundary + spindle.rotationNs((double) (spt - k) / spt);
        if (tracking) {
            outOfOrderRun(done, k, wrapNs, end, spt, out);
        }
        return end;
    }

    /**
     * What a run read out of order (request sectors {@code done} … {@code done + run − 1}) does to
     * the host's LBA-order stream. Its first {@code k} sectors pass under the head one after
     * another from {@code firstNs}, the last of them done at {@code endNs}; the others were read
     * before them, and so join the stream only with the k-th. The watermark's sectors are in the
     * buffer in order no sooner than their last one from this run. The bus ends no earlier than
     * (n − i)·bus after sector i can go, for every i; as in the drive's plain read rule (the bus
     * may start with the first sector's start), a sector can go once it and all before it have
     * started to pass, so the run's first sector and its k-th (which the rest go with) bound it:
     * the bound is linear in i in between.
     */
    private void outOfOrderRun(long done, int k, long firstNs, long endNs, int spt, AccessResult out) {
        long w = trackWatermark;
        if (w > done) {
            long r = w - done;
            long ready = r < k ? firstNs + spindle.rotationNs((double) r / spt) : endNs;
            out.watermarkNs = Math.max(out.watermarkNs, ready);
        }
        long n = trackSectors;
        long first = firstNs + (n - done) * trackBusNs;
        long kthStart = firstNs + spindle.rotationNs((double) (k - 1) / spt);
        long kth = kthStart + (n - done - k + 1) * trackBusNs;
        out.inOrderBusEndNs = Math.max(out.inOrderBusEndNs, Math.max(first, kth));
    }

    /** Moves the heads without timing (read-ahead that ran in the background ended here). */
    public void placeHeadAt(long lba) {
        locate(lba, cursor);
        headCylinder = cursor.cylinder;
        headSurface = cursor.surface;
    }

    /** Time for the media to pass {@code sectors} sectors of the track holding {@code lba}. */
    public long mediaNs(long lba, long sectors) {
        locate(lba, cursor);
        return spindle.rotationNs((double) sectors / cursor.sectorsPerTrack);
    }

    public ZonedGeometry geometry() {
        return geometry;
    }

    /**
     * {@link ZonedGeometry#locate}, remembered: a command's first LBA is located when it
     * arrives (SPTF's target), again when the mechanism starts on it, and read-ahead locates the
     * LBA after it, so one drive asks for the same LBAs a few commands apart; a zone with
     * hundreds of slips costs two binary searches per look-up. A small direct-mapped table of
     * the last answers, per drive (the geometry is shared between runs and threads, so the memo
     * is not in it); the geometry is immutable, so an answer found is the same one.
     */
    public void locate(long lba, TrackCursor c) {
        int i = (int) ((lba * 0x9E3779B97F4A7C15L) >>> (64 - MEMO_BITS));
        if (memoLba[i] != lba || lba < 0) { // a negative LBA goes on to the geometry's error
            // an LBA a little past the last one located, on its track (a read's end, where its
            // read-ahead starts), is found from that one's answer; any other from the geometry
            if (!geometry.locateAhead(last, lba - lastLba, c)) {
                geometry.locate(lba, c);
            }
            memoLba[i] = lba;
            memoPhysical[i] = c.physical;
            memoCylinder[i] = c.cylinder;
            memoSurface[i] = c.surface;
            memoSector[i] = c.sector;
            memoSpt[i] = c.sectorsPerTrack;
            memoRun[i] = c.run;
            memoZone[i] = c.zoneIndex;
            memoAngle[i] = c.angle;
            remember(lba, c);
            return;
        }
        c.cylinder = memoCylinder[i];
        c.surface = memoSurface[i];
        c.sector = memoSector[i];
        c.sectorsPerTrack = memoSpt[i];
        c.run = memoRun[i];
        c.zoneIndex = memoZone[i];
        c.angle = memoAngle[i];
        c.physical = memoPhysical[i];
        remember(lba, c);
    }

    /** The last LBA located and its answer: {@link ZonedGeometry#locateAhead}'s base. */
    private long lastLba = -1;
    private final TrackCursor last = new TrackCursor();

    private void remember(long lba, TrackCursor c) {
        lastLba = lba;
        last.cylinder = c.cylinder;
        last.surface = c.surface;
        last.sector = c.sector;
        last.sectorsPerTrack = c.sectorsPerTrack;
        last.run = c.run;
        last.zoneIndex = c.zoneIndex;
        last.angle = c.angle;
        last.physical = c.physical;
    }

    private static final int MEMO_BITS = 8;
    private final long[] memoLba = filled(1 << MEMO_BITS);
    private final int[] memoCylinder = new int[1 << MEMO_BITS];
    private final int[] memoSurface = new int[1 << MEMO_BITS];
    private final int[] memoSector = new int[1 << MEMO_BITS];
    private final int[] memoSpt = new int[1 << MEMO_BITS];
    private final int[] memoRun = new int[1 << MEMO_BITS];
    private final int[] memoZone = new int[1 << MEMO_BITS];
    private final double[] memoAngle = new double[1 << MEMO_BITS];
    private final long[] memoPhysical = new long[1 << MEMO_BITS];

    /** No LBA is negative, so −1 marks an empty slot. */
    private static long[] filled(int n) {
        long[] a = new long[n];
        java.util.Arrays.fill(a, -1L);
        return a;
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
