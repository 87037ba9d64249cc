package io.iopath.device.disk;

/**
 * The drive buffer's read segments: each holds one run of sequential sectors, replaced least
 * recently used. At most one segment is being filled by read-ahead at a time; its valid end
 * grows with simulated time at the media rate until the drive starts other work.
 */
final class ReadCache {
    private final long[] start;
    private final long[] end;
    private final long[] lastUse;
    private final int segmentSectors;
    /** Segments [readSegments, length) hold write data only. */
    private final int readSegments;
    private final boolean hitsOnWriteSegments;
    private long useClock;
    /** Segment being read ahead, or −1. */
    private int prefetching = -1;
    private long raLimit;
    private long raStartNs;
    private double raNsPerSector;
    /** Segment that served the last full hit ({@link #covers}), or −1. */
    private int lastHit = -1;

    /**
     * @param writeSegments       segments reserved for write data (0: writes share)
     * @param hitsOnWriteSegments reads may hit data in the write segments
     */
    ReadCache(int segments, int segmentSectors, int writeSegments, boolean hitsOnWriteSegments) {
        this.start = new long[segments];
        this.end = new long[segments];
        this.lastUse = new long[segments];
        this.segmentSectors = segmentSectors;
        this.readSegments = segments - writeSegments;
        this.hitsOnWriteSegments = hitsOnWriteSegments;
    }

    private int searchable() {
        return hitsOnWriteSegments ? start.length : readSegments;
    }

    boolean enabled() {
        return start.length > 0 && segmentSectors > 0;
    }

    private long validEnd(int s, long nowNs) {
        if (s != prefetching) {
            return end[s];
        }
        long grown = (long) ((nowNs - raStartNs) / raNsPerSector);
        return Math.min(raLimit, end[s] + Math.max(0, grown));
    }

    /** Whether sectors [lba, lba+n) are all in one segment at {@code nowNs}; marks it used. */
    boolean covers(long lba, int n, long nowNs) {
        for (int s = 0, m = searchable(); s < m; s++) {
            if (lba >= start[s] && lba + n <= validEnd(s, nowNs) && end[s] > start[s]) {
                lastUse[s] = ++useClock;
                lastHit = s;
                return true;
            }
        }
        return false;
    }

    /** How many sectors from {@code lba} on (at most n) one segment holds at {@code nowNs}. */
    int coveredPrefix(long lba, int n, long nowNs) {
        int best = 0;
        for (int s = 0, m = searchable(); s < m; s++) {
            if (end[s] > start[s] && lba >= start[s]) {
                long e = validEnd(s, nowNs);
                if (lba < e) {
                    best = (int) Math.max(best, Math.min(n, e - lba));
                }
            }
        }
        return best;
    }

    /** Puts read data [lba, lba+n) in the least recently used read segment (its tail if too long). */
    int fill(long lba, int n) {
        return fill(lba, n, false);
    }

    /** Puts [lba, lba+n) in the least recently used segment of its kind (write data: a write segment). */
    int fill(long lba, int n, boolean writeData) {
        if (!enabled()) {
            return -1;
        }
        int from = writeData && readSegments < start.length ? readSegments : 0;
        int to = writeData && readSegments < start.length ? start.length : readSegments;
        int victim = from;
        for (int s = from + 1; s < to; s++) {
            if (lastUse[s] < lastUse[victim]) {
                victim = s;
            }
        }
        if (victim == prefetching) {
            prefetching = -1;
        }
        long first = n > segmentSectors ? lba + n - segmentSectors : lba;
        start[victim] = first;
        end[victim] = lba + n;
        lastUse[victim] = ++useClock;
        return victim;
    }

    /** Read-ahead into {@code segment} continues from its end up to {@code limit}. */
    void startReadAhead(int segment, long limit, long startNs, double nsPerSector) {
        if (segment < 0) {
            return;
        }
        long cap = start[segment] + segmentSectors;
        limit = Math.min(limit, cap);
        if (limit <= end[segment] || nsPerSector <= 0) {
            prefetching = -1;
            return;
        }
        prefetching = segment;
        raLimit = limit;
        raStartNs = startNs;
        raNsPerSector = nsPerSector;
    }

    /** The read segment that served the last full hit, or −1 (a write segment does not count). */
    int lastHitReadSegment() {
        return lastHit >= 0 && lastHit < readSegments ? lastHit : -1;
    }

    /**
     * Read-ahead on an idle full hit (DiskSim {@code Read-ahead on idle hit}): read-ahead into
     * {@code segment} goes on to {@code limit}. If it is still under way its limit just moves;
     * if it had stopped, it starts again from the segment's end at {@code restartNs} (the caller
     * works out when that sector comes under the head). The data of the request just served is
     * kept: the caller caps {@code limit} at its start + the segment size, and the segment drops
     * older sectors when it would overflow. Returns the segment's end (the first sector not yet
     * read) if read-ahead must restart ({@link #restartReadAhead}), −1 otherwise.
     */
    long extendReadAhead(int segment, long limit, long nowNs) {
        if (segment < 0 || (prefetching >= 0 && prefetching != segment)) {
            return -1; // another segment is being read ahead: leave it
        }
        long e = validEnd(segment, nowNs);
        if (limit <= e) {
            return -1;
        }
        if (prefetching == segment && e < raLimit) {
            raLimit = limit; // still reading: it reads on
            start[segment] = Math.max(start[segment], limit - segmentSectors);
            return -1;
        }
        end[segment] = e;
        prefetching = -1;
        return e;
    }

    /** Restarts read-ahead into {@code segment} (after {@link #extendReadAhead} returned ≥ 0). */
    void restartReadAhead(int segment, long limit, long startNs, double nsPerSector) {
        start[segment] = Math.max(start[segment], limit - segmentSectors);
        prefetching = segment;
        raLimit = limit;
        raStartNs = startNs;
        raNsPerSector = nsPerSector;
    }

    /**
     * The drive starts other work at {@code nowNs}: read-ahead stops. Returns the last sector it
     * read (where the heads now are), or −1 if it read nothing.
     */
    long stopReadAhead(long nowNs) {
        if (prefetching < 0) {
            return -1;
        }
        int s = prefetching;
        long e = validEnd(s, nowNs);
        long read = e - end[s];
        end[s] = e;
        prefetching = -1;
        return read > 0 ? e - 1 : -1;
    }

    /** Drops every segment that overlaps [lba, lba+n) (the media copy changed). */
    void invalidate(long lba, int n) {
        for (int s = 0; s < start.length; s++) {
            if (start[s] < lba + n && lba < end[s]) {
                if (s == prefetching) {
                    prefetching = -1;
                }
                start[s] = 0;
                end[s] = 0;
                lastUse[s] = 0;
            }
        }
    }
}
