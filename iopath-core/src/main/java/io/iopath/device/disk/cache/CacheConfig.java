package io.iopath.device.disk.cache;

/**
 * The drive buffer (disk-drive spec §8, disksim-controller.md §9): segments, read-ahead, and the
 * write cache. The buffer is made of segments, each holding one run of sequential sectors; the
 * write cache is the segments that hold dirty data, not a byte budget.
 *
 * @param segments              buffer segments (circular buffers of sequential sectors)
 * @param segmentSectors        sectors per segment
 * @param readAhead             read-ahead mode
 * @param maxReadAheadSectors   most sectors read beyond a request
 * @param writeCache            WCE: acknowledge writes once in the buffer (write-back)
 * @param maxWriteSegments      segments that may hold dirty data at once (DiskSim {@code Maximum
 *                              number of write segments}): a write that continues no dirty
 *                              segment needs one free, and waits for a destage otherwise
 * @param highWater             fraction of the write segments above which destages compete with
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
 * @param maxDirtyAgeNs         dirty-age limit (spec §8.2 "optional age limit", iopath's own
 *                              extension): while a dirty run is older than this, destaging is due
 *                              even with host commands waiting; 0 = no limit (the default)
 * @param stopPrefetchInSector  a read-ahead stopped for a new command is cancelled at once
 *                              (DiskSim {@code Stop prefetch in sector = 1}); otherwise the new
 *                              seek waits for the end of the sector under the head
 * @param almostReadHits        a read whose first sector is the one the read-ahead is about to
 *                              read joins the stream (DiskSim {@code Allow almost read hits}):
 *                              the next command of a sequential reader that arrives before the
 *                              read-ahead has buffered anything of it keeps the stream going
 *                              instead of stopping it and waiting a revolution
 * @param combineSequentialWrites a write-back write that starts where an idle dirty run ends, and
 *                              fits its segment with it, joins that run (DiskSim {@code Combine
 *                              seq writes}), as does one that continues the run being written
 *                              while its segment has room (DiskSim's APPEND to a segment being
 *                              written); otherwise it takes a segment of its own
 * @param overwriteInCache      a write-back write that wholly covers an idle dirty run replaces
 *                              it in the buffer, the older data never reaching the media
 *                              (iopath's own extension, spec §8.2: on for the datasheet presets,
 *                              off for an imported DiskSim drive, as DiskSim has none)
 */
public record CacheConfig(int segments, int segmentSectors, ReadAhead readAhead, int maxReadAheadSectors,
        boolean writeCache, int maxWriteSegments, double highWater, boolean readHitsOnDirty,
        boolean cacheWriteData, int writeSegments, boolean readAheadOnIdleHit, boolean readOnArrival,
        boolean writeOnArrival, long maxDirtyAgeNs, boolean stopPrefetchInSector, boolean almostReadHits,
        boolean combineSequentialWrites, boolean overwriteInCache) {

    /**
     * A buffer without the optional DiskSim features: writes share the read segments, no
     * read-ahead on full hits, no zero-latency access, no dirty-age limit, no almost read hits;
     * sequential writes combine and overwrite in cache is on. Add or remove them with the
     * {@code with…} methods.
     */
    public static CacheConfig of(int segments, int segmentSectors, ReadAhead readAhead, int maxReadAheadSectors,
            boolean writeCache, int maxWriteSegments, double highWater, boolean readHitsOnDirty,
            boolean cacheWriteData) {
        return new CacheConfig(segments, segmentSectors, readAhead, maxReadAheadSectors, writeCache, maxWriteSegments,
                highWater, readHitsOnDirty, cacheWriteData, 0, false, false, false, 0, false, false, true, true);
    }

    public CacheConfig {
        if (segments < 0 || segmentSectors < 0 || maxReadAheadSectors < 0) {
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

    /** The same buffer with {@code on}: WCE, write-back. */
    public CacheConfig withWriteCache(boolean on) {
        return new CacheConfig(segments, segmentSectors, readAhead, maxReadAheadSectors, on, maxWriteSegments,
                highWater, readHitsOnDirty, cacheWriteData, writeSegments, readAheadOnIdleHit, readOnArrival,
                writeOnArrival, maxDirtyAgeNs, stopPrefetchInSector, almostReadHits, combineSequentialWrites,
                overwriteInCache);
    }

    /** The same buffer with {@code n} segments reserved for write data (0: writes share the read segments). */
    public CacheConfig withWriteSegments(int n) {
        return new CacheConfig(segments, segmentSectors, readAhead, maxReadAheadSectors, writeCache,
                Math.max(maxWriteSegments, n), highWater, readHitsOnDirty, cacheWriteData, n, readAheadOnIdleHit,
                readOnArrival, writeOnArrival, maxDirtyAgeNs, stopPrefetchInSector, almostReadHits,
                combineSequentialWrites, overwriteInCache);
    }

    /** The same buffer with read-ahead (re)started by a full hit while idle, or not. */
    public CacheConfig withReadAheadOnIdleHit(boolean on) {
        return new CacheConfig(segments, segmentSectors, readAhead, maxReadAheadSectors, writeCache,
                maxWriteSegments, highWater, readHitsOnDirty, cacheWriteData, writeSegments, on, readOnArrival,
                writeOnArrival, maxDirtyAgeNs, stopPrefetchInSector, almostReadHits, combineSequentialWrites,
                overwriteInCache);
    }

    /** The same buffer with zero-latency reads and writes switched as given. */
    public CacheConfig withZeroLatency(boolean reads, boolean writes) {
        return new CacheConfig(segments, segmentSectors, readAhead, maxReadAheadSectors, writeCache,
                maxWriteSegments, highWater, readHitsOnDirty, cacheWriteData, writeSegments, readAheadOnIdleHit,
                reads, writes, maxDirtyAgeNs, stopPrefetchInSector, almostReadHits, combineSequentialWrites,
                overwriteInCache);
    }

    /** The same buffer with a dirty-age limit ({@code ns}; 0 = none). */
    public CacheConfig withMaxDirtyAge(long ns) {
        return new CacheConfig(segments, segmentSectors, readAhead, maxReadAheadSectors, writeCache,
                maxWriteSegments, highWater, readHitsOnDirty, cacheWriteData, writeSegments, readAheadOnIdleHit,
                readOnArrival, writeOnArrival, ns, stopPrefetchInSector, almostReadHits, combineSequentialWrites,
                overwriteInCache);
    }

    /** The same buffer with overwrite in cache switched as given. */
    public CacheConfig withOverwriteInCache(boolean on) {
        return new CacheConfig(segments, segmentSectors, readAhead, maxReadAheadSectors, writeCache,
                maxWriteSegments, highWater, readHitsOnDirty, cacheWriteData, writeSegments, readAheadOnIdleHit,
                readOnArrival, writeOnArrival, maxDirtyAgeNs, stopPrefetchInSector, almostReadHits,
                combineSequentialWrites, on);
    }

    /** The same buffer with a stopped read-ahead cancelled at once (DiskSim {@code Stop prefetch in sector}), or not. */
    public CacheConfig withStopPrefetchInSector(boolean on) {
        return new CacheConfig(segments, segmentSectors, readAhead, maxReadAheadSectors, writeCache,
                maxWriteSegments, highWater, readHitsOnDirty, cacheWriteData, writeSegments, readAheadOnIdleHit,
                readOnArrival, writeOnArrival, maxDirtyAgeNs, on, almostReadHits, combineSequentialWrites,
                overwriteInCache);
    }

    /** The same buffer with at most {@code n} segments holding write data at once (a what-if: how much the write cache's size matters). */
    public CacheConfig withMaxWriteSegments(int n) {
        return new CacheConfig(segments, segmentSectors, readAhead, maxReadAheadSectors, writeCache, Math.max(1, n),
                highWater, readHitsOnDirty, cacheWriteData, writeSegments, readAheadOnIdleHit, readOnArrival,
                writeOnArrival, maxDirtyAgeNs, stopPrefetchInSector, almostReadHits, combineSequentialWrites,
                overwriteInCache);
    }

    /** The same buffer with almost read hits (DiskSim {@code Allow almost read hits}) switched as given. */
    public CacheConfig withAlmostReadHits(boolean on) {
        return new CacheConfig(segments, segmentSectors, readAhead, maxReadAheadSectors, writeCache,
                maxWriteSegments, highWater, readHitsOnDirty, cacheWriteData, writeSegments, readAheadOnIdleHit,
                readOnArrival, writeOnArrival, maxDirtyAgeNs, stopPrefetchInSector, on, combineSequentialWrites,
                overwriteInCache);
    }

    /** The same buffer with sequential write-back writes joining a dirty run (DiskSim {@code Combine seq writes}), or not. */
    public CacheConfig withCombineSequentialWrites(boolean on) {
        return new CacheConfig(segments, segmentSectors, readAhead, maxReadAheadSectors, writeCache,
                maxWriteSegments, highWater, readHitsOnDirty, cacheWriteData, writeSegments, readAheadOnIdleHit,
                readOnArrival, writeOnArrival, maxDirtyAgeNs, stopPrefetchInSector, almostReadHits, on,
                overwriteInCache);
    }
}
