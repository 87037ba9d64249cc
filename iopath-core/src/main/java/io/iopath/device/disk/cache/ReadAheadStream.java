package io.iopath.device.disk.cache;

import io.iopath.device.disk.geometry.TrackCursor;
import io.iopath.device.disk.mechanics.DiskMechanics;
import io.iopath.device.disk.mechanics.SectorSchedule;
import io.iopath.device.disk.mechanics.Spindle;
import java.util.Arrays;

/**
 * One read-ahead (prefetch) stream, sector by sector as DiskSim's media engine runs it
 * (disksim-controller.md §2.3, §8.2; {@code disk_buffer_sector_done}): from where it starts,
 * sectors pass one per sector time; at a track end a real head switch or one-cylinder seek
 * starts at the last sector's end, then the rotation to the next track's first LBN (the skew;
 * a switch slower than the skew loses a revolution). A mode that may not leave the track
 * (or cylinder) stops at its boundary, as DiskSim refuses that background seek.
 *
 * <p>The stream's track runs are laid out once when it starts, into reused arrays; queries are
 * then arithmetic: how many sectors are in the buffer at a time, and what stopping it at a time
 * leaves (the head's track, and when the mechanism is free: {@link #stop}). Allocation-free once
 * the arrays have grown to the longest stream.
 */
public final class ReadAheadStream implements SectorSchedule {
    /** Times are whole ns and angles doubles: a sector "missed" by less than this is rounding. */
    private static final long SLACK_NS = 50;
    private final DiskMechanics mechanics;
    private final Spindle spindle;
    private final TrackCursor cursor = new TrackCursor();

    private long firstLba;
    /** Runs: sectors [first, first + count) of the stream on one track, from startNs; the move to it from moveNs. */
    private int runs;
    private long[] runStart = new long[4];
    private long[] runMove = new long[4];
    private long[] runSeekEnd = new long[4];
    private long[] runFirst = new long[4];
    private int[] runCount = new int[4];
    private int[] runSpt = new int[4];
    private int[] runCyl = new int[4];
    private int[] runSurf = new int[4];
    private int headCyl;
    private int headSurf;
    private long total;

    /** Result of {@link #stop}: sectors read, and when a new seek may start (Long.MIN_VALUE: at once). */
    long stoppedSectors;
    long stopNs;
    int stopCylinder;
    int stopSurface;

    ReadAheadStream(DiskMechanics mechanics) {
        this.mechanics = mechanics;
        this.spindle = mechanics.spindle();
    }

    /**
     * Lays out a stream reading [{@code lba}, {@code limit}) with the heads at ({@code cylinder},
     * {@code surface}) from {@code startNs} on: for a read-ahead continuing a media read, the end
     * of its last sector; for a restart, when its seek may start.
     *
     * @param stay 0: cross tracks freely; 1: stop at the first track boundary; 2: at the first
     *             cylinder boundary
     */
    void start(long lba, long limit, long startNs, int cylinder, int surface, int stay) {
        this.firstLba = lba;
        this.headCyl = cylinder;
        this.headSurf = surface;
        this.wantedLimit = limit;
        this.stay = stay;
        runs = 0;
        total = 0;
        nextNs = startNs;
        nextCyl = cylinder;
        nextSurf = surface;
        complete = lba >= limit;
        finishedAt = Long.MIN_VALUE;
        readByAt = Long.MIN_VALUE;
    }

    /*
     * The last answers of finishedBy and readBy and the time they were for: the controller asks
     * both several times at one instant (the join window, each segment's valid range, the stop),
     * and each answer is a function of the stream's start and the time only, the lazy layout
     * included, so it holds until the stream is started again. Long.MIN_VALUE: none.
     */
    private long finishedAt = Long.MIN_VALUE;
    private boolean finishedAnswer;
    private long readByAt = Long.MIN_VALUE;
    private long readByAnswer;

    /** Layout state: the next run starts being laid out from here (lazily, as queries need it). */
    private long wantedLimit;
    private int stay;
    private long nextNs;
    private int nextCyl;
    private int nextSurf;
    private boolean complete;

    /**
     * Lays out runs until one ends after {@code t} (or the stream is complete): a stream stopped
     * soon after it starts, as when a queued command follows at once, costs only its first run.
     */
    private void layOutUntil(long t) {
        while (!complete && (runs == 0 || nextNs <= t)) {
            layOutNext();
        }
    }

    private void layOutAll() {
        while (!complete) {
            layOutNext();
        }
    }

    private void layOutNext() {
        long next = firstLba + total;
        if (next >= wantedLimit) {
            complete = true;
            return;
        }
        long t = nextNs;
        int cyl = nextCyl;
        int surf = nextSurf;
        {
            mechanics.locate(next, cursor);
            if ((stay == 1 && (cursor.cylinder != cyl || cursor.surface != surf))
                    || (stay == 2 && cursor.cylinder != cyl)) {
                complete = true; // DiskSim refuses the background seek: read-ahead ends here
                return;
            }
            long move = mechanics.moveNs(cyl, surf, cursor.cylinder, cursor.surface, false);
            long seekEnd = t + move;
            long wait = spindle.waitForAngleNs(seekEnd, cursor.angle);
            if (spindle.revolutionNs() - wait < SLACK_NS) {
                wait = 0; // the sector just after the last one read: late only by rounding, not a revolution
            }
            long first = seekEnd + wait;
            int count = (int) Math.min(cursor.run, wantedLimit - next);
            add(t, seekEnd, first, next - firstLba, count, cursor.sectorsPerTrack, cursor.cylinder, cursor.surface);
            nextCyl = cursor.cylinder;
            nextSurf = cursor.surface;
            nextNs = first + spindle.rotationNs((double) count / cursor.sectorsPerTrack);
            total += count;
            if (firstLba + total >= wantedLimit) {
                complete = true;
            }
        }
    }

    private void add(long move, long seekEnd, long start, long first, int count, int spt, int cyl, int surf) {
        if (runs == runStart.length) {
            int n = 2 * runs;
            runStart = Arrays.copyOf(runStart, n);
            runMove = Arrays.copyOf(runMove, n);
            runSeekEnd = Arrays.copyOf(runSeekEnd, n);
            runFirst = Arrays.copyOf(runFirst, n);
            runCount = Arrays.copyOf(runCount, n);
            runSpt = Arrays.copyOf(runSpt, n);
            runCyl = Arrays.copyOf(runCyl, n);
            runSurf = Arrays.copyOf(runSurf, n);
        }
        runMove[runs] = move;
        runSeekEnd[runs] = seekEnd;
        runStart[runs] = start;
        runFirst[runs] = first;
        runCount[runs] = count;
        runSpt[runs] = spt;
        runCyl[runs] = cyl;
        runSurf[runs] = surf;
        runs++;
    }

    public long firstLba() {
        return firstLba;
    }

    /**
     * First LBN past what the stream will read. A stream that may cross tracks reads exactly to
     * its wanted limit (every run takes at least one sector until it gets there), so only a mode
     * that stops at a track or cylinder boundary needs the layout to know: asking a read-ahead's
     * limit then costs nothing, and its runs are laid out only as far as the queries reach.
     */
    public long limit() {
        if (stay == 0) {
            return Math.max(firstLba, wantedLimit);
        }
        layOutAll();
        return firstLba + total;
    }

    /** Whether the stream has read its last sector by {@code t} (the mechanism is then released). */
    boolean finishedBy(long t) {
        if (t != finishedAt || t == Long.MIN_VALUE) {
            layOutUntil(t);
            finishedAnswer = complete && (runs == 0 || endNs() <= t);
            finishedAt = t;
        }
        return finishedAnswer;
    }

    /** When the stream has read its last sector (and the mechanism is released). */
    long endNs() {
        layOutAll();
        if (runs == 0) {
            return Long.MIN_VALUE;
        }
        int r = runs - 1;
        return runStart[r] + spindle.rotationNs((double) runCount[r] / runSpt[r]);
    }

    @Override
    public long sectorEndNs(long k) {
        while (!complete && k >= total) {
            layOutNext();
        }
        if (k >= total) {
            return Long.MAX_VALUE;
        }
        int r = runOf(k);
        return runStart[r] + spindle.rotationNs((double) (k - runFirst[r] + 1) / runSpt[r]);
    }

    @Override
    public long runLast(long k) {
        while (!complete && k >= total) {
            layOutNext();
        }
        if (k >= total) {
            return k;
        }
        int r = runOf(k);
        return runFirst[r] + runCount[r] - 1;
    }

    @Override
    public double sectorNs(long k) {
        return k >= total ? 0 : spindle.revolutionNs() / runSpt[runOf(k)];
    }

    /** The laid-out run holding sector {@code k} (below {@link #total}). */
    private int runOf(long k) {
        int r = runs - 1;
        while (r > 0 && runFirst[r] > k) {
            r--;
        }
        return r;
    }

    /** Sectors of the stream wholly read by {@code t}. */
    long readBy(long t) {
        if (t != readByAt || t == Long.MIN_VALUE) {
            readByAnswer = sectorsReadBy(t);
            readByAt = t;
        }
        return readByAnswer;
    }

    private long sectorsReadBy(long t) {
        layOutUntil(t);
        long n = 0;
        for (int r = 0; r < runs; r++) {
            if (t < runStart[r]) {
                break;
            }
            long k = runSectorsBy(r, t);
            n = runFirst[r] + k;
            if (k < runCount[r]) {
                break;
            }
        }
        return n;
    }

    /**
     * The stream is stopped at {@code t} ({@code disk_buffer_stopable_access}): the sector in
     * progress does not count. Sets {@link #stoppedSectors}, the head's track, and
     * {@link #stopNs}: a seek in progress completes first (the head is then on its target, the
     * mechanism free at its end); otherwise, with {@code stopInSector} the access is cancelled at
     * once, without it the pending sector event's time (the end of the sector in progress, or the
     * start of the first sector after a switch).
     */
    void stop(long t, boolean stopInSector) {
        stoppedSectors = readBy(t); // lays out the run under way at t, or the one being sought
        layOutUntil(t);
        stopNs = Long.MIN_VALUE;
        stopCylinder = headCyl;
        stopSurface = headSurf;
        for (int r = 0; r < runs; r++) {
            if (t < runMove[r]) {
                break;
            }
            stopCylinder = runCyl[r];
            stopSurface = runSurf[r];
            long runEnd = runStart[r] + spindle.rotationNs((double) runCount[r] / runSpt[r]);
            if (t < runSeekEnd[r] && runSeekEnd[r] > runMove[r]) {
                stopNs = runSeekEnd[r]; // a seek in progress is completed first
                return;
            }
            if (t < runStart[r]) {
                stopNs = stopInSector ? Long.MIN_VALUE : runStart[r];
                return;
            }
            if (t < runEnd) {
                long k = stoppedSectors - runFirst[r];
                stopNs = stopInSector ? Long.MIN_VALUE : runStart[r] + spindle.rotationNs((double) (k + 1) / runSpt[r]);
                return;
            }
        }
    }

    /** With {@link #lastSectorEndBy}: the track the heads are on then. */
    int stateCylinder;
    int stateSurface;

    /**
     * DiskSim's mechanical state while the stream runs or after it has run ({@code
     * disk_buffer_sector_done} updates the disk's angle and time at each sector's end, {@code
     * disk_buffer_seekdone} its track at each switch's end): when the last sector the stream
     * read by {@code t} ended, or Long.MIN_VALUE if it has read none; {@link #stateCylinder} and
     * {@link #stateSurface} say the track the heads are on at {@code t} (the new one once a
     * switch is done, though no sector of it has passed).
     */
    long lastSectorEndBy(long t) {
        layOutUntil(t);
        long endNs = Long.MIN_VALUE;
        stateCylinder = headCyl;
        stateSurface = headSurf;
        for (int r = 0; r < runs; r++) {
            if (t < runMove[r]) {
                break;
            }
            if (t >= runSeekEnd[r]) {
                stateCylinder = runCyl[r];
                stateSurface = runSurf[r];
            }
            if (t < runStart[r]) {
                break;
            }
            long k = runSectorsBy(r, t);
            if (k > 0) {
                endNs = runStart[r] + spindle.rotationNs((double) k / runSpt[r]);
            }
            if (k < runCount[r]) {
                break;
            }
        }
        return endNs;
    }

    /** Sectors of run {@code r} (which has started by {@code t}) wholly read by {@code t}. */
    private long runSectorsBy(int r, long t) {
        double sectorNs = spindle.revolutionNs() / runSpt[r];
        long k = Math.min(runCount[r], (long) Math.floor((t - runStart[r]) / sectorNs + 1e-9));
        while (k > 0 && runStart[r] + spindle.rotationNs((double) k / runSpt[r]) > t) {
            k--;
        }
        while (k < runCount[r] && runStart[r] + spindle.rotationNs((double) (k + 1) / runSpt[r]) <= t) {
            k++;
        }
        return k;
    }

    /** The track the stream's last sector is on (where the heads stay when it has finished). */
    int lastCylinder() {
        layOutAll();
        return runs == 0 ? headCyl : runCyl[runs - 1];
    }

    int lastSurface() {
        layOutAll();
        return runs == 0 ? headSurf : runSurf[runs - 1];
    }
}
