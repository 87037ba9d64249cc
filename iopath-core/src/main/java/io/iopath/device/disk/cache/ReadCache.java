package io.iopath.device.disk.cache;

import io.iopath.device.disk.mechanics.DiskMechanics;

/**
 * The drive buffer's segments, as DiskSim 4.0 keeps them (disksim-controller.md §8–§9,
 * {@code src/disksim_diskcache.c}). Each segment holds one run [start, end) of sequential
 * sectors and a state: EMPTY, CLEAN (data also on the media), READING (being filled by the
 * read-ahead stream) or DIRTY (write data not yet on the media). Segments are used least
 * recently used first; assigning a segment to a request, or a hit, makes it the most recently
 * used. At most one segment is being read ahead at a time ({@link ReadAheadStream}); it slides,
 * keeping only the newest segment-size sectors.
 *
 * <ul>
 *   <li>A read hits the segment holding its first sector: wholly ({@link #lookup} returns n) or
 *       in part (a prefix), preferring dirty data, then the segment being read ahead, then clean
 *       data ({@code disk_buffer_select_read_segment}). Write data can be hit only if the drive
 *       allows read hits on write data, and a dedicated write segment never serves reads.
 *   <li>A read miss takes the first EMPTY segment, else the least recently used CLEAN one, else
 *       the one being read ahead, and re-targets it at its first sector ({@link #claimRead}).
 *   <li>A write claims a segment when it arrives ({@link #claimWrite}, {@code
 *       disk_buffer_select_write_segment}): it appends to a dirty segment it continues, or takes
 *       a CLEAN segment it overlaps, an EMPTY one, the least recently used CLEAN one, or the one
 *       being read ahead, in that order (a dedicated write segment: only that); every other CLEAN
 *       segment it overlaps is emptied ({@code disk_buffer_set_segment}). When its data is on
 *       the media the segment is CLEAN (readable) if the drive caches write data, else EMPTY.
 * </ul>
 */
public final class ReadCache {
    static final int EMPTY = 0;
    static final int CLEAN = 1;
    static final int READING = 2;
    static final int DIRTY = 3;

    private final long[] start;
    private final long[] end;
    private final int[] state;
    /** Whether the segment's last access was a write. */
    private final boolean[] writeData;
    private final int[] dirtyCount;
    /** A DIRTY segment's first dirty sector: where its first write began, before any slide. */
    private final long[] dirtyFrom;
    private final long[] lastUse;
    private final int segmentSectors;
    /** Segments [readSegments, length) are dedicated to writes. */
    private final int readSegments;
    private final boolean hitsOnWriteData;
    private final int maxWriteSegments;
    private final ReadAheadStream stream;
    private long useClock;
    /** Segment being read ahead, or −1. */
    private int prefetching = -1;
    /** Segment of the last {@link #lookup} (−1: none). */
    private int lastSegment = -1;
    /** Whether the last {@link #lookup} was an almost hit: its first sector is the one being read ahead. */
    private boolean lastAlmost;
    private final boolean almostReadHits;

    /**
     * @param writeSegments    segments dedicated to writes (0: writes share the segments)
     * @param hitsOnWriteData  reads may hit write data (DiskSim {@code Allow read hits on write data})
     * @param maxWriteSegments most segments holding dirty data at once (DiskSim {@code Maximum
     *                         number of write segments})
     */
    public ReadCache(int segments, int segmentSectors, int writeSegments, boolean hitsOnWriteData, int maxWriteSegments,
            boolean almostReadHits, DiskMechanics mechanics) {
        this.almostReadHits = almostReadHits;
        this.start = new long[segments];
        this.end = new long[segments];
        this.state = new int[segments];
        this.writeData = new boolean[segments];
        this.dirtyCount = new int[segments];
        this.dirtyFrom = new long[segments];
        this.lastUse = new long[segments];
        this.segmentSectors = segmentSectors;
        this.readSegments = segments - writeSegments;
        this.hitsOnWriteData = hitsOnWriteData;
        this.maxWriteSegments = Math.max(1, maxWriteSegments);
        this.stream = new ReadAheadStream(mechanics);
    }

    public boolean enabled() {
        return start.length > 0 && segmentSectors > 0;
    }

    ReadAheadStream stream() {
        return stream;
    }

    public int prefetching() {
        return prefetching;
    }

    public int lastSegment() {
        return lastSegment;
    }

    /** Whether the last {@link #lookup} found the request's first sector being read ahead (an almost hit). */
    public boolean lastAlmostHit() {
        return lastAlmost;
    }

    private long validEnd(int s, long nowNs) {
        return s == prefetching ? end[s] + stream.readBy(nowNs) : end[s];
    }

    private long validStart(int s, long nowNs) {
        return s == prefetching ? Math.max(start[s], validEnd(s, nowNs) - segmentSectors) : start[s];
    }

    private boolean readable(int s) {
        if (state[s] == EMPTY || s >= readSegments) {
            return false;
        }
        return hitsOnWriteData || !writeData[s];
    }

    /**
     * How many sectors from {@code lba} on (at most n) the best segment holds at {@code nowNs}:
     * n for a whole hit, fewer for a partial hit, 0 for a miss. The segment is left in
     * {@link #lastSegment} and, on a hit, becomes the most recently used.
     */
    public int lookup(long lba, int n, long nowNs) {
        int best = -1;
        int bestValue = 0;
        int bestCovered = 0;
        for (int s = 0; s < readSegments; s++) {
            if (s != prefetching && lba - start[s] + Long.MIN_VALUE >= end[s] - start[s] + Long.MIN_VALUE) {
                // lba outside [start, end): a miss on this segment (one well-predicted test
                // instead of two random ones; start > end would make the range look huge, and
                // then the test below decides; unsigned as signed offset by 2^63, as in
                // CommandScheduler.countConflicts)
                continue;
            }
            if (!readable(s)) {
                continue;
            }
            long e = validEnd(s, nowNs);
            if (lba < validStart(s, nowNs) || lba >= e) {
                continue;
            }
            int covered = (int) Math.min(n, e - lba);
            boolean whole = covered == n;
            int value = switch (readingAt(s, nowNs) ? READING : state[s]) {
                case DIRTY -> whole ? 11 : 7;
                case READING -> whole ? 9 : 5;
                default -> whole ? 8 : 4;
            };
            if (value > bestValue || (value == bestValue && lastUse[s] < lastUse[best])) {
                best = s;
                bestValue = value;
                bestCovered = covered;
            }
        }
        lastAlmost = false;
        if (best < 0 && almostReadHits && prefetching >= 0 && prefetching < readSegments && readingAt(prefetching, nowNs)
                && lba == validEnd(prefetching, nowNs)) {
            // an almost hit (DiskSim value 5): the sector being read ahead is the first one wanted
            best = prefetching;
            lastAlmost = true;
        }
        lastSegment = best;
        if (best >= 0) {
            lastUse[best] = ++useClock;
        }
        return bestCovered;
    }

    /** Whether sectors [lba, lba+n) are all in one segment at {@code nowNs} (a whole hit); marks it used. */
    boolean covers(long lba, int n, long nowNs) {
        return enabled() && lookup(lba, n, nowNs) == n;
    }

    /**
     * A read miss's segment (the read-ahead, if it was this one, must have been stopped): the
     * first EMPTY read segment in LRU order, else the least recently used CLEAN one, else the
     * least recently used other; re-targeted at {@code lba} and made the most recently used.
     */
    public int claimRead(long lba) {
        if (!enabled()) {
            return -1;
        }
        int best = -1;
        int bestValue = -1;
        for (int s = 0; s < readSegments; s++) {
            int value = s == prefetching ? 1 : switch (state[s]) {
                case EMPTY -> 3;
                case CLEAN -> 2;
                default -> -1;
            };
            if (value > bestValue || (value == bestValue && value >= 0 && lastUse[s] < lastUse[best])) {
                best = s;
                bestValue = value;
            }
        }
        if (best < 0) {
            return -1;
        }
        if (best == prefetching) {
            prefetching = -1;
        }
        start[best] = lba;
        end[best] = lba;
        state[best] = CLEAN;
        writeData[best] = false;
        lastUse[best] = ++useClock;
        return best;
    }

    /** The media read of [lba, lba+n) into segment {@code s} is done (a miss or a partial hit's rest). */
    public void readDone(int s, long lba, int n) {
        if (s < 0 || state[s] == DIRTY) {
            return;
        }
        if (end[s] != lba || lba < start[s]) {
            start[s] = lba;
        }
        end[s] = lba + n;
        start[s] = Math.max(start[s], end[s] - segmentSectors);
        state[s] = CLEAN;
        writeData[s] = false;
    }

    /**
     * Read-ahead into {@code s} from its end up to {@code limit}, the heads on (cylinder,
     * surface) from {@code startNs}; {@code stay} as {@link ReadAheadStream#start}.
     */
    void startReadAhead(int s, long limit, long startNs, int cylinder, int surface, int stay) {
        if (s < 0 || limit <= end[s] || state[s] == DIRTY) {
            return;
        }
        stream.start(end[s], limit, startNs, cylinder, surface, stay);
        if (stream.limit() > end[s]) {
            prefetching = s;
            state[s] = READING;
            raStartNs = startNs;
            raCylinder = cylinder;
            raSurface = surface;
            raStay = stay;
        }
    }

    private long raStartNs;
    private int raCylinder;
    private int raSurface;
    private int raStay;

    /** The stream under way reads on to {@code limit} if that is further (a hit merged with it, §8.4). */
    void raiseReadAheadLimit(long limit) {
        if (prefetching >= 0 && limit > stream.limit()) {
            stream.start(stream.firstLba(), limit, raStartNs, raCylinder, raSurface, raStay);
        }
    }

    /** Whether the stream of segment {@code s} is still reading at {@code nowNs}. */
    public boolean readingAt(int s, long nowNs) {
        return s >= 0 && s == prefetching && !stream.finishedBy(nowNs);
    }

    /** The segment's end: its first sector not yet in the buffer at {@code nowNs}. */
    long endAt(int s, long nowNs) {
        return validEnd(s, nowNs);
    }

    /** The segment's first sector still in the buffer at {@code nowNs} (a segment being read ahead slides). */
    long startAt(int s, long nowNs) {
        return validStart(s, nowNs);
    }

    long startOf(int s) {
        return start[s];
    }

    /**
     * The drive needs the mechanism at {@code nowNs}: read-ahead stops, keeping what it has read
     * ({@link ReadAheadStream#stop}; the stream's stop fields say where the heads are and when a
     * new seek may start). Returns whether a stream was stopped (or had finished).
     */
    boolean stopReadAhead(long nowNs, boolean stopInSector) {
        if (prefetching < 0) {
            return false;
        }
        int s = prefetching;
        stream.stop(nowNs, stopInSector);
        end[s] += stream.stoppedSectors;
        start[s] = Math.max(start[s], end[s] - segmentSectors);
        state[s] = CLEAN;
        prefetching = -1;
        return true;
    }

    /**
     * A write of [lba, lba+n) arriving: claims its segment and empties every other CLEAN segment
     * it overlaps (class javadoc). The segment being read ahead is not emptied (it is READING;
     * DiskSim cuts its limit and stops it, keeping what it read). Returns the segment, or −1 if
     * none may be claimed (every allowed one holds dirty data).
     *
     * @param joinsWriting the write joins the media write under way (the controller decided it):
     *                     it appends to the dirty segment ending at {@code lba} whatever its
     *                     length (DiskSim value 7, APPEND to a segment being written), and the
     *                     segment slides, keeping its newest segment-size sectors, as the media
     *                     frees the older ones ({@code disk_buffer_segment_wrap})
     */
    public int claimWrite(long lba, int n, long nowNs, boolean joinsWriting) {
        if (!enabled()) {
            return -1;
        }
        int best = -1;
        int bestValue = 0;
        int dirtySegments = 0;
        for (int s = 0; s < start.length; s++) {
            if (state[s] == DIRTY) {
                dirtySegments++;
            }
        }
        boolean dedicated = readSegments < start.length;
        for (int s = dedicated ? readSegments : 0; s < start.length; s++) {
            int value;
            if (state[s] == DIRTY) {
                value = end[s] != lba ? 0 : joinsWriting ? 7 : end[s] + n - start[s] <= segmentSectors ? 6 : 0;
            } else if (dirtySegments >= maxWriteSegments) {
                value = 0;
            } else if (s == prefetching) {
                value = 1;
            } else if (state[s] == EMPTY) {
                value = 3;
            } else {
                value = start[s] < lba + n && lba < end[s] ? 4 : 2;
            }
            if (value > bestValue || (value == bestValue && value > 0 && lastUse[s] < lastUse[best])) {
                best = s;
                bestValue = value;
            }
        }
        for (int s = 0; s < start.length; s++) {
            if (s != best && s != prefetching && state[s] == CLEAN && start[s] < lba + n && lba < end[s]) {
                state[s] = EMPTY;
            }
        }
        if (best < 0) {
            return -1;
        }
        if (best == prefetching) {
            prefetching = -1;
        }
        if (bestValue == 7) {
            end[best] += n;
            start[best] = Math.max(start[best], end[best] - segmentSectors);
            dirtyCount[best]++;
        } else if (bestValue == 6) {
            end[best] += n;
            dirtyCount[best]++;
        } else {
            start[best] = lba;
            end[best] = lba + n;
            dirtyFrom[best] = lba;
            state[best] = DIRTY;
            dirtyCount[best] = 1;
        }
        writeData[best] = true;
        lastUse[best] = ++useClock;
        return best;
    }

    /**
     * The write data [lba, lba+n) is on the media: its segment becomes CLEAN once all its dirty
     * data is, if {@code keep} (the drive caches write data), else EMPTY ({@code disk_release_hda}).
     */
    public void writeDone(long lba, int n, boolean keep) {
        for (int s = 0; s < start.length; s++) {
            // a segment that slid under a joined stream keeps counting its writes from dirtyFrom
            if (state[s] == DIRTY && dirtyFrom[s] <= lba && lba + n <= end[s]) {
                if (--dirtyCount[s] <= 0) {
                    dirtyCount[s] = 0;
                    state[s] = keep ? CLEAN : EMPTY;
                }
                return;
            }
        }
    }

    /** Drops every clean or read-ahead segment overlapping [lba, lba+n) (the media copy changed). */
    public void invalidate(long lba, int n, long nowNs) {
        for (int s = 0; s < start.length; s++) {
            if (state[s] != DIRTY && state[s] != EMPTY && validStart(s, nowNs) < lba + n && lba < validEnd(s, nowNs)) {
                if (s == prefetching) {
                    prefetching = -1;
                }
                state[s] = EMPTY;
            }
        }
    }

    int segmentSectors() {
        return segmentSectors;
    }
}
