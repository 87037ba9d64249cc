package io.iopath.fs.pagecache;

/**
 * Per-open-file read-ahead state and 2.6.18's {@code page_cache_readahead} ({@code mm/readahead.c},
 * spec §2.8): a current window and an ahead window, the initial size from the first request, the
 * window doubling (quadrupling while small) on sequential access, shrinking after a miss, and
 * read-ahead turned off for random access or a file found entirely in cache.
 */
public final class ReadAhead {
    /** VM_MAX_READAHEAD = 128 KiB. */
    public static final int MAX_PAGES = 32;
    /** VM_MIN_READAHEAD = 16 KiB. */
    public static final int MIN_PAGES = 4;
    /** VM_MAX_CACHE_HIT (spec: unverified value). */
    static final int MAX_CACHE_HIT = 256;

    long start;
    long size;
    long aheadStart;
    long aheadSize;
    long prevPage = -1;
    boolean miss;
    boolean inCache;
    long cacheHit;
    /** The page the previous read() call touched last (mark_page_accessed once per page per call). */
    long lastTouched = -1;
    private final int max;

    /** What to read: the file system issues it (pages not cached in [from, from + count)). */
    public interface Reader {
        /** __do_page_cache_readahead; returns the pages it had to read (0: all cached). {@code block}: may wait for a congested queue. */
        long readAhead(long from, long count, boolean block);

        boolean readCongested();
    }

    public ReadAhead(int maxPages) {
        this.max = maxPages;
    }

    public ReadAhead() {
        this(MAX_PAGES);
    }

    /** handle_ra_miss: a page the reader needed was not in the cache. */
    public void recordMiss() {
        miss = true;
        inCache = false;
        cacheHit = 0;
    }

    /** page_cache_readahead(offset, reqSize); returns the next page index to call it at. */
    public long readahead(Reader r, long offset, long reqSize) {
        if (offset == prevPage && --reqSize > 0) {
            ++offset;
        }
        boolean sequential = offset == prevPage + 1;
        prevPage = offset;
        long newsize = Math.min(reqSize, max);
        if (newsize <= 0 || inCache) {
            return prevPage + 1;
        }
        prevPage += newsize - 1;
        if (sequential && size == 0) {
            size = initialSize(newsize);
            start = offset;
            if (!blockable(r, offset, size, true)) {
                return prevPage + 1;
            }
            if (reqSize >= max) {
                makeAheadWindow(r, true);
            }
            return prevPage + 1;
        }
        if (!sequential) {
            off();
            blockable(r, offset, newsize, true);
            return prevPage + 1;
        }
        if (aheadStart == 0) {
            if (!makeAheadWindow(r, false) && start + size > prevPage) {
                return prevPage + 1;
            }
        }
        if (prevPage >= aheadStart) {
            start = aheadStart;
            size = aheadSize;
            makeAheadWindow(r, false);
        }
        return prevPage + 1;
    }

    private boolean makeAheadWindow(ReadAhead.Reader r, boolean force) {
        aheadSize = nextSize();
        aheadStart = start + size;
        boolean block = force || prevPage >= aheadStart;
        boolean ok = blockable(r, aheadStart, aheadSize, block);
        if (!ok && !force) {
            aheadStart = 0;
            aheadSize = 0;
        }
        return ok;
    }

    private boolean blockable(ReadAhead.Reader r, long from, long count, boolean block) {
        if (!block && r.readCongested()) {
            return false;
        }
        long actual = r.readAhead(from, count, block);
        if (actual == 0) {
            cacheHit += count;
            if (cacheHit >= MAX_CACHE_HIT) {
                off();
                inCache = true;
                return false;
            }
        } else {
            cacheHit = 0;
        }
        return true;
    }

    private void off() {
        start = 0;
        size = 0;
        aheadStart = 0;
        aheadSize = 0;
    }

    /** get_init_ra_size. */
    long initialSize(long n) {
        long r = Long.highestOneBit(n);
        if (r < n) {
            r <<= 1;
        }
        if (r <= max / 32) {
            return 4 * r;
        }
        if (r <= max / 4) {
            return 2 * r;
        }
        return max;
    }

    /** get_next_ra_size. */
    long nextSize() {
        long cur = size;
        long n;
        if (miss) {
            miss = false;
            n = Math.max(cur - 2, MIN_PAGES);
        } else if (cur < max / 16) {
            n = 4 * cur;
        } else {
            n = 2 * cur;
        }
        return Math.min(n, max);
    }
}
