package io.iopath.device.disk;

/**
 * The drive buffer (disk-drive spec §8): read segments, read-ahead, and the write cache.
 *
 * @param segments              read cache segments (circular buffers of sequential sectors)
 * @param segmentSectors        sectors per segment
 * @param readAhead             read-ahead mode
 * @param maxReadAheadSectors   most sectors read beyond a request
 * @param writeCache            WCE: acknowledge writes once in the buffer (write-back)
 * @param dirtyLimitSectors     dirty data the buffer holds before new writes must wait
 * @param highWater             fraction of the dirty limit above which destages compete with
 *                              waiting commands (below it, destage only when idle)
 * @param readHitsOnDirty       reads may be served from dirty (not yet destaged) data
 * @param cacheWriteData        written sectors stay readable from the buffer
 * @param writeSegments         segments reserved for write data (DiskSim {@code Use separate
 *                              write segment}); 0 = writes share the read segments
 * @param readAheadOnIdleHit    a read served wholly from the buffer while the drive is idle
 *                              (re)starts read-ahead beyond it (DiskSim {@code Read-ahead on idle hit})
 * @param readOnArrival         zero-latency reads: the media read of a track starts wherever the
 *                              head arrives inside it (DiskSim {@code Immediate buffer read})
 * @param writeOnArrival        zero-latency writes (DiskSim {@code Immediate buffer write})
 * @param maxDirtyAgeNs         dirty-age limit (spec §8.2 "optional age limit"): while a dirty
 *                              extent is older than this, destaging is due even with host
 *                              commands waiting; 0 = no limit (the default)
 * @param stopPrefetchInSector  a read-ahead stopped for a new command is cancelled at once
 *                              (DiskSim {@code Stop prefetch in sector = 1}); otherwise the new
 *                              seek waits for the end of the sector under the head
 * @param maxWriteSegments      segments that may hold write data at once (DiskSim {@code Maximum
 *                              number of write segments})
 * @param almostReadHits        a read whose first sector is the one the read-ahead is about to
 *                              read joins the stream (DiskSim {@code Allow almost read hits}):
 *                              the next command of a sequential reader that arrives before the
 *                              read-ahead has buffered anything of it keeps the stream going
 *                              instead of stopping it and waiting a revolution
 */
public record CacheConfig(int segments, int segmentSectors, ReadAhead readAhead, int maxReadAheadSectors,
        boolean writeCache, long dirtyLimitSectors, double highWater, boolean readHitsOnDirty,
        boolean cacheWriteData, int writeSegments, boolean readAheadOnIdleHit, boolean readOnArrival,
        boolean writeOnArrival, long maxDirtyAgeNs, boolean stopPrefetchInSector, int maxWriteSegments,
        boolean almostReadHits) {

    /** No almost read hits (DiskSim's default). */
    public CacheConfig(int segments, int segmentSectors, ReadAhead readAhead, int maxReadAheadSectors,
            boolean writeCache, long dirtyLimitSectors, double highWater, boolean readHitsOnDirty,
            boolean cacheWriteData, int writeSegments, boolean readAheadOnIdleHit, boolean readOnArrival,
            boolean writeOnArrival, long maxDirtyAgeNs, boolean stopPrefetchInSector, int maxWriteSegments) {
        this(segments, segmentSectors, readAhead, maxReadAheadSectors, writeCache, dirtyLimitSectors, highWater,
                readHitsOnDirty, cacheWriteData, writeSegments, readAheadOnIdleHit, readOnArrival, writeOnArrival,
                maxDirtyAgeNs, stopPrefetchInSector, maxWriteSegments, false);
    }

    /** A read-ahead stopped for a new command finishes the sector under the head; one write segment. */
    public CacheConfig(int segments, int segmentSectors, ReadAhead readAhead, int maxReadAheadSectors,
            boolean writeCache, long dirtyLimitSectors, double highWater, boolean readHitsOnDirty,
            boolean cacheWriteData, int writeSegments, boolean readAheadOnIdleHit, boolean readOnArrival,
            boolean writeOnArrival, long maxDirtyAgeNs) {
        this(segments, segmentSectors, readAhead, maxReadAheadSectors, writeCache, dirtyLimitSectors, highWater,
                readHitsOnDirty, cacheWriteData, writeSegments, readAheadOnIdleHit, readOnArrival, writeOnArrival,
                maxDirtyAgeNs, false, Math.max(1, writeSegments));
    }

    /** No dirty-age limit. */
    public CacheConfig(int segments, int segmentSectors, ReadAhead readAhead, int maxReadAheadSectors,
            boolean writeCache, long dirtyLimitSectors, double highWater, boolean readHitsOnDirty,
            boolean cacheWriteData, int writeSegments, boolean readAheadOnIdleHit, boolean readOnArrival,
            boolean writeOnArrival) {
        this(segments, segmentSectors, readAhead, maxReadAheadSectors, writeCache, dirtyLimitSectors, highWater,
                readHitsOnDirty, cacheWriteData, writeSegments, readAheadOnIdleHit, readOnArrival, writeOnArrival, 0);
    }

    /** No zero-latency access. */
    public CacheConfig(int segments, int segmentSectors, ReadAhead readAhead, int maxReadAheadSectors,
            boolean writeCache, long dirtyLimitSectors, double highWater, boolean readHitsOnDirty,
            boolean cacheWriteData, int writeSegments, boolean readAheadOnIdleHit) {
        this(segments, segmentSectors, readAhead, maxReadAheadSectors, writeCache, dirtyLimitSectors, highWater,
                readHitsOnDirty, cacheWriteData, writeSegments, readAheadOnIdleHit, false, false);
    }

    /** No read-ahead on full hits. */
    public CacheConfig(int segments, int segmentSectors, ReadAhead readAhead, int maxReadAheadSectors,
            boolean writeCache, long dirtyLimitSectors, double highWater, boolean readHitsOnDirty,
            boolean cacheWriteData, int writeSegments) {
        this(segments, segmentSectors, readAhead, maxReadAheadSectors, writeCache, dirtyLimitSectors, highWater,
                readHitsOnDirty, cacheWriteData, writeSegments, false);
    }

    /** Writes share the read segments. */
    public CacheConfig(int segments, int segmentSectors, ReadAhead readAhead, int maxReadAheadSectors,
            boolean writeCache, long dirtyLimitSectors, double highWater, boolean readHitsOnDirty,
            boolean cacheWriteData) {
        this(segments, segmentSectors, readAhead, maxReadAheadSectors, writeCache, dirtyLimitSectors, highWater,
                readHitsOnDirty, cacheWriteData, 0);
    }

    public CacheConfig {
        if (segments < 0 || segmentSectors < 0 || maxReadAheadSectors < 0 || dirtyLimitSectors < 0) {
            throw new IllegalArgumentException("cache sizes must not be negative");
        }
        if (writeSegments < 0 || (writeSegments > 0 && writeSegments >= segments)) {
            throw new IllegalArgumentException("write segments must leave at least one read segment");
        }
        if (maxDirtyAgeNs < 0) {
            throw new IllegalArgumentException("dirty-age limit must not be negative");
        }
        if (!(highWater >= 0 && highWater <= 1)) {
            throw new IllegalArgumentException("high water mark must be a fraction in [0, 1]");
        }
    }

    public CacheConfig withWriteCache(boolean on) {
        return new CacheConfig(segments, segmentSectors, readAhead, maxReadAheadSectors, on, dirtyLimitSectors,
                highWater, readHitsOnDirty, cacheWriteData, writeSegments, readAheadOnIdleHit, readOnArrival,
                writeOnArrival, maxDirtyAgeNs, stopPrefetchInSector, maxWriteSegments, almostReadHits);
    }

    /** The same buffer with zero-latency reads and writes switched as given. */
    public CacheConfig withZeroLatency(boolean reads, boolean writes) {
        return new CacheConfig(segments, segmentSectors, readAhead, maxReadAheadSectors, writeCache,
                dirtyLimitSectors, highWater, readHitsOnDirty, cacheWriteData, writeSegments, readAheadOnIdleHit,
                reads, writes, maxDirtyAgeNs, stopPrefetchInSector, maxWriteSegments, almostReadHits);
    }

    /** The same buffer with a dirty-age limit ({@code ns}; 0 = none). */
    public CacheConfig withMaxDirtyAge(long ns) {
        return new CacheConfig(segments, segmentSectors, readAhead, maxReadAheadSectors, writeCache,
                dirtyLimitSectors, highWater, readHitsOnDirty, cacheWriteData, writeSegments, readAheadOnIdleHit,
                readOnArrival, writeOnArrival, ns, stopPrefetchInSector, maxWriteSegments, almostReadHits);
    }
}
