package io.iopath.device.disk.cache;

import io.iopath.device.disk.geometry.TrackCursor;
import io.iopath.device.disk.mechanics.DiskMechanics;

/**
 * When the drive reads ahead, how far, and what stopping it costs (disksim-controller.md §8): the
 * limit each {@link ReadAhead} mode sets, the start after a read's media access and on an idle
 * hit, the raise when a hit takes the running stream over, and the stop when a new command
 * arrives, which leaves the heads on the stream's track and the mechanism busy until
 * {@link ReadAheadStream#stop} says. The stream itself and its segment are the
 * {@link ReadCache}'s; this class decides, the cache keeps. Allocation-free.
 */
public final class ReadAheadControl {
    private final CacheConfig cacheConfig;
    private final ReadCache readCache;
    private final DiskMechanics mechanics;
    private final long capacity;
    private final TrackCursor cursor = new TrackCursor();
    /** When a stopped read-ahead leaves the mechanism free (Long.MIN_VALUE: at once). */
    private long mechanismFreeNs = Long.MIN_VALUE;
    /**
     * Until when the stream is a command's own media access (a read that joined it): DiskSim's
     * access stops being background, and so stoppable, only once that request's data are in
     * ({@code disk_buffer_attempt_access_swap}, {@code disk_buffer_stopable_access}).
     */
    private long servingUntilNs = Long.MIN_VALUE;

    public ReadAheadControl(CacheConfig cacheConfig, ReadCache readCache, DiskMechanics mechanics, long capacity) {
        this.cacheConfig = cacheConfig;
        this.readCache = readCache;
        this.mechanics = mechanics;
        this.capacity = capacity;
    }

    /** The stream being (or last) read ahead. */
    public ReadAheadStream stream() {
        return readCache.stream();
    }

    /**
     * A hit (whole or partial) on segment {@code seg} while its read-ahead runs takes the stream
     * over: its limit is only raised, to where a read of [lba, end) would read ahead (§8.4).
     */
    public void raiseLimit(int seg, long lba, long end) {
        readCache.raiseReadAheadLimit(readAheadLimit(seg, lba, end));
    }

    /**
     * A read of [lba, end) joins the running stream ({@link #raiseLimit} done): the stream is
     * that read's media access until its last sector is in. Returns the time it is, and how long
     * the stream now serves commands beyond what it already did (the drive's busy time).
     */
    public long serve(long end, long nowNs) {
        ReadAheadStream st = readCache.stream();
        long last = end - 1 - st.firstLba();
        long until = last < 0 ? nowNs : Math.max(nowNs, st.sectorEndNs(last));
        long added = Math.max(0, until - Math.max(nowNs, servingUntilNs));
        servingUntilNs = Math.max(servingUntilNs, until);
        return added;
    }

    /** When the stream stops serving a command and may be stopped (Long.MIN_VALUE: it serves none). */
    public long servingUntilNs() {
        return servingUntilNs;
    }

    /**
     * DiskSim's mechanical state at {@code nowNs} if a read-ahead runs or has run to its limit
     * unstopped ({@link ReadAheadStream#lastSectorEndBy}): the end of its last sector read by
     * then, the heads placed on the track they are on; Long.MIN_VALUE (nothing moved) if it has
     * read no sector or none runs.
     */
    public long mechanismStateNs(long nowNs) {
        if (readCache.prefetching() < 0) {
            return Long.MIN_VALUE;
        }
        ReadAheadStream st = readCache.stream();
        long t = st.lastSectorEndBy(nowNs);
        mechanics.placeHead(st.stateCylinder, st.stateSurface);
        return t;
    }

    /** Whether the stream serves a command at {@code nowNs}: nothing may stop it yet. */
    public boolean serving(long nowNs) {
        return nowNs < servingUntilNs;
    }

    /**
     * The part of the running read-ahead's segment that a read waiting for the mechanism could
     * join at {@code nowNs}: [{@link #joinFrom}, {@link #joinTo}], the buffered sectors and the
     * one the stream reads next; empty ({@code joinTo} &lt; {@code joinFrom}) if no stream runs.
     * DiskSim looks such a read up again when it is activated, after the request before it
     * completes (disksim-controller.md §8.4); it finds its first sector inside the segment being
     * read and takes the stream over. iopath activates it when the media is free, as the stream
     * reaches the sector it starts at. Computed once per instant for both ends (the controller
     * asks before its choice and again for the job chosen); {@link #joinFrom} and
     * {@link #joinTo} then read it.
     */
    public void joinWindowAt(long nowNs) {
        int p = readCache.prefetching();
        if (readCache.readingAt(p, nowNs)) {
            joinFrom = readCache.startAt(p, nowNs);
            joinTo = readCache.endAt(p, nowNs);
        } else {
            joinFrom = 0;
            joinTo = -1;
        }
    }

    private long joinFrom;
    private long joinTo = -1;

    /** The join window's first sector, as the last {@link #joinWindowAt} found it. */
    public long joinFrom() {
        return joinFrom;
    }

    /** The join window's last sector (the one being read), or −1 if no stream ran at the last {@link #joinWindowAt}. */
    public long joinTo() {
        return joinTo;
    }

    /**
     * Where read-ahead for a read of [lba, end) into segment {@code seg} stops, by the drive's
     * mode (disksim-controller.md §8.1, {@code disk_buffer_get_max_readahead}).
     */
    private long readAheadLimit(int seg, long lba, long end) {
        int max = cacheConfig.maxReadAheadSectors();
        long limit;
        switch (cacheConfig.readAhead()) {
            case OFF -> limit = end;
            case TRACK_END -> {
                // the read's start first (remembered since its access): its end, where the
                // stream starts, is then found from it, not by the geometry's searches
                mechanics.locate(lba, cursor);
                mechanics.locate(Math.min(end, capacity - 1), cursor);
                long trackEnd = end + cursor.run;
                long trackStart = end - (cursor.sectorsPerTrack - cursor.run);
                limit = trackEnd;
                if (seg >= 0 && readCache.startOf(seg) < trackStart) {
                    mechanics.locate(lba, cursor);
                    limit += cursor.sectorsPerTrack;
                }
            }
            default -> limit = end + (max > 0 ? max : cacheConfig.segmentSectors());
        }
        return Math.min(limit, capacity);
    }

    /** Whether read-ahead in this mode may cross tracks (0), not leave the track (1) or the cylinder (2). */
    private int readAheadStay() {
        return switch (cacheConfig.readAhead()) {
            case TRACK -> 1;
            case CYLINDER -> 2;
            default -> 0;
        };
    }

    /**
     * Stops the read-ahead stream, if one runs (or has run to its limit), at {@code nowNs}: the
     * heads are left on its track, and {@link #seekStartNs} says when a new seek may start
     * ({@link ReadAheadStream#stop}).
     */
    public void stop(long nowNs) {
        mechanismFreeNs = Long.MIN_VALUE;
        if (readCache.stopReadAhead(nowNs, cacheConfig.stopPrefetchInSector())) {
            ReadAheadStream st = readCache.stream();
            mechanics.placeHead(st.stopCylinder, st.stopSurface);
            mechanismFreeNs = st.stopNs;
        }
    }

    /**
     * When a seek may start that could start at {@code readyNs} but for the last stopped
     * read-ahead leaving the mechanism free only later: DiskSim adds the two delays from now
     * ({@code disk_check_hda}: the command's remaining overhead plus the remaining stop time),
     * it does not take the later of the two.
     */
    public long seekStartNs(long readyNs, long nowNs) {
        long freeNs = mechanismFreeNs;
        return freeNs == Long.MIN_VALUE ? readyNs : readyNs + Math.max(0, freeNs - nowNs);
    }

    /**
     * DiskSim's {@code Read-ahead on idle hit} (disksim-controller.md §8.5, {@code
     * disk_check_hda_pending}): a read served wholly from a segment whose read-ahead has finished,
     * with the drive idle, starts read-ahead again from the segment's end if that is below the
     * limit the hit sets. Its seek starts when the read-miss overhead is over ({@code
     * missProcessedNs}: DiskSim's overhead_done), from where the heads are, and it keeps to the
     * mode's limits (mode 1: the track end).
     */
    public void onIdleHit(int seg, long lba, long end, long nowNs, long missProcessedNs) {
        if (seg < 0 || !readAheadOn()) {
            return;
        }
        stop(nowNs); // a finished stream: the heads are on its last track
        long limit = readAheadLimit(seg, lba, end);
        if (readCache.endAt(seg, nowNs) >= limit) {
            return;
        }
        readCache.startReadAhead(seg, limit, seekStartNs(missProcessedNs, nowNs), mechanics.headCylinder(),
                mechanics.headSurface(), readAheadStay());
    }

    private boolean readAheadOn() {
        return cacheConfig.readAhead() != ReadAhead.OFF
                && (cacheConfig.maxReadAheadSectors() > 0 || cacheConfig.readAhead() == ReadAhead.TRACK_END);
    }

    /** After a read of [lba, end) into {@code seg}: read-ahead continues from its last sector without a gap (§8.2). */
    public void startAfterRead(int seg, long lba, long end, long nowNs) {
        if (seg < 0 || !readAheadOn()) {
            return;
        }
        readCache.startReadAhead(seg, readAheadLimit(seg, lba, end), nowNs, mechanics.headCylinder(),
                mechanics.headSurface(), readAheadStay());
    }
}
