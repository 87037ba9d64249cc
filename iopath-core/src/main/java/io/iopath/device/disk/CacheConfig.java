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
 * @param overwriteInCache      a write-back write that wholly covers an older idle dirty extent
 *                              replaces it in the buffer (spec §8.2; iopath's refinement, on for
 *                              the datasheet presets, off for an imported DiskSim drive)
 * @param almostReadHits        a read whose first sector is the one read-ahead is reading rides
 *                              the read-ahead (DiskSim {@code Allow almost read hits}: on for the
 *                              datasheet presets, as a real drive streams; 0 in every DiskSim file,
 *                              where such a read is a miss that stops the read-ahead)
 */
public record CacheConfig(int segments, int segmentSectors, ReadAhead readAhead, int maxReadAheadSectors,
        boolean writeCache, long dirtyLimitSectors, double highWater, boolean readHitsOnDirty,
        boolean cacheWriteData, int writeSegments, boolean readAheadOnIdleHit, boolean readOnArrival,
        boolean writeOnArrival, long maxDirtyAgeNs, boolean stopPrefetchInSector, int maxWriteSegments,
        boolean overwriteInCache, boolean almostReadHits) {

    /**
     * A read-ahead stopped for a new command finishes the sector under the head; at most one
     * segment (or the reserved ones) holding write data; overwrite in cache on.
     */
    public CacheConfig(int segments, int segmentSectors, ReadAhead readAhead, int maxReadAheadSectors,
            boolean writeCache, long dirtyLimitSectors, double highWater, boolean readHitsOnDirty,
            boolean cacheWriteData, int writeSegments, boolean readAheadOnIdleHit, boolean readOnArrival,
            boolean writeOnArrival, long maxDirtyAgeNs) {
        this(segments, segmentSectors, readAhead, maxReadAheadSectors, writeCache, dirtyLimitSectors, highWater,
                readHitsOnDirty, cacheWriteData, writeSegments, readAheadOnIdleHit, readOnArrival, writeOnArrival,
                maxDirtyAgeNs, false, Math.max(1, writeSegments), true, true);
    }

    /**
     * A buffer without the optional DiskSim features: writes share the read segments, no
     * read-ahead on full hits, no zero-latency access, no dirty-age limit. Add them with
     * {@link #withWriteSegments}, {@link #withReadAheadOnIdleHit}, {@link #withZeroLatency} and
     * {@link #withMaxDirtyAge}.
     */
    public static CacheConfig of(int segments, int segmentSectors, ReadAhead readAhead, int maxReadAheadSectors,
            boolean writeCache, long dirtyLimitSectors, double highWater, boolean readHitsOnDirty,
            boolean cacheWriteData) {
        return new CacheConfig(segments, segmentSectors, readAhead, maxReadAheadSectors, writeCache, dirtyLimitSectors,
                highWater, readHitsOnDirty, cacheWriteData, 0, false, false, false, 0);
    }

    public CacheConfig {
        if (segments < 0 || segmentSectors < 0 || maxReadAheadSectors < 0 || dirtyLimitSectors < 0) {
            throw new IllegalArgumentException("cache sizes must not be negative");
        }
        if (writeSegments < 0 || (writeSegments > 0 && writeSegments >= segments)) {
            throw new IllegalArgumentException("write segments must leave at least one read segment");
        }
        if (maxWriteSegments < 1) {
            throw new IllegalArgumentException("at least one segment must be able to hold write data");
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
                writeOnArrival, maxDirtyAgeNs, stopPrefetchInSector, maxWriteSegments, overwriteInCache,
                almostReadHits);
    }

    /** The same buffer with {@code n} segments reserved for write data (0: writes share the read segments). */
    public CacheConfig withWriteSegments(int n) {
        return new CacheConfig(segments, segmentSectors, readAhead, maxReadAheadSectors, writeCache,
                dirtyLimitSectors, highWater, readHitsOnDirty, cacheWriteData, n, readAheadOnIdleHit,
                readOnArrival, writeOnArrival, maxDirtyAgeNs, stopPrefetchInSector, Math.max(maxWriteSegments, n), overwriteInCache,
                almostReadHits);
    }

    /** The same buffer with read-ahead (re)started by a full hit while idle, or not. */
    public CacheConfig withReadAheadOnIdleHit(boolean on) {
        return new CacheConfig(segments, segmentSectors, readAhead, maxReadAheadSectors, writeCache,
                dirtyLimitSectors, highWater, readHitsOnDirty, cacheWriteData, writeSegments, on,
                readOnArrival, writeOnArrival, maxDirtyAgeNs, stopPrefetchInSector, maxWriteSegments, overwriteInCache,
                almostReadHits);
    }

    /** The same buffer with zero-latency reads and writes switched as given. */
    public CacheConfig withZeroLatency(boolean reads, boolean writes) {
        return new CacheConfig(segments, segmentSectors, readAhead, maxReadAheadSectors, writeCache,
                dirtyLimitSectors, highWater, readHitsOnDirty, cacheWriteData, writeSegments, readAheadOnIdleHit,
                reads, writes, maxDirtyAgeNs, stopPrefetchInSector, maxWriteSegments, overwriteInCache,
                almostReadHits);
    }

    /** The same buffer with a dirty-age limit ({@code ns}; 0 = none). */
    public CacheConfig withMaxDirtyAge(long ns) {
        return new CacheConfig(segments, segmentSectors, readAhead, maxReadAheadSectors, writeCache,
                dirtyLimitSectors, highWater, readHitsOnDirty, cacheWriteData, writeSegments, readAheadOnIdleHit,
                readOnArrival, writeOnArrival, ns, stopPrefetchInSector, maxWriteSegments, overwriteInCache,
                almostReadHits);
    }

    /** The same buffer with overwrite in cache switched as given. */
    public CacheConfig withOverwriteInCache(boolean on) {
        return new CacheConfig(segments, segmentSectors, readAhead, maxReadAheadSectors, writeCache,
                dirtyLimitSectors, highWater, readHitsOnDirty, cacheWriteData, writeSegments, readAheadOnIdleHit,
                readOnArrival, writeOnArrival, maxDirtyAgeNs, stopPrefetchInSector, maxWriteSegments, on,
                almostReadHits);
    }

    /** The same buffer with a stopped read-ahead cancelled at once (DiskSim {@code Stop prefetch in sector}), or not. */
    public CacheConfig withStopPrefetchInSector(boolean on) {
        return new CacheConfig(segments, segmentSectors, readAhead, maxReadAheadSectors, writeCache,
                dirtyLimitSectors, highWater, readHitsOnDirty, cacheWriteData, writeSegments, readAheadOnIdleHit,
                readOnArrival, writeOnArrival, maxDirtyAgeNs, on, maxWriteSegments, overwriteInCache,
                almostReadHits);
    }

    /** The same buffer with at most {@code n} segments holding write data at once. */
    public CacheConfig withMaxWriteSegments(int n) {
        return new CacheConfig(segments, segmentSectors, readAhead, maxReadAheadSectors, writeCache,
                dirtyLimitSectors, highWater, readHitsOnDirty, cacheWriteData, writeSegments, readAheadOnIdleHit,
                readOnArrival, writeOnArrival, maxDirtyAgeNs, stopPrefetchInSector, Math.max(1, n), overwriteInCache,
                almostReadHits);
    }

    /** The same buffer with almost read hits switched as given. */
    public CacheConfig withAlmostReadHits(boolean on) {
        return new CacheConfig(segments, segmentSectors, readAhead, maxReadAheadSectors, writeCache,
                dirtyLimitSectors, highWater, readHitsOnDirty, cacheWriteData, writeSegments, readAheadOnIdleHit,
                readOnArrival, writeOnArrival, maxDirtyAgeNs, stopPrefetchInSector, maxWriteSegments, overwriteInCache,
                on);
    }
}
