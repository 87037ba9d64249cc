package io.iopath.fs.pagecache;

import java.util.ArrayList;
import java.util.List;

/**
 * The page cache of 2.6.18: pages of files and of the block device, the global counters
 * {@code NR_FILE_DIRTY} and {@code NR_WRITEBACK} (spec §1), the active / inactive LRU lists and
 * the reclaim that keeps the cache within its capacity (§2.9, {@code mm/vmscan.c},
 * {@code mm/swap.c}), and the super block's list of dirty inodes in {@code dirtied_when} order
 * ({@code fs/fs-writeback.c}).
 */
public final class PageCache {
    /** {@code DEF_PRIORITY} of {@code mm/vmscan.c}. */
    private static final int DEF_PRIORITY = 12;

    private final long capacity;
    private final long lowWatermark;
    private final long highWatermark;
    private final PageIo io;
    private final int kswapdPid;
    private final Lru inactive = new Lru();
    private final Lru active = new Lru();
    private long nrPages;
    private long nrDirty;
    private long nrWriteback;
    // dirty inodes, oldest first
    private Mapping oldestDirty;
    private Mapping youngestDirty;
    private int dirtyInodes;
    private final java.util.function.LongSupplier clock;
    /** Runs after each page write completes (write-back wakes congestion waiters). */
    private Runnable writeDone = () -> { };

    // statistics and invariant counters
    private long hits;
    private long misses;
    private long evictions;
    private long reclaimWrites;
    private long dirtyEvents;
    private long cleanedEvents;
    private long deletedDirty;
    private long overCapacity;
    private long peakDirtyPlusWriteback;

    /**
     * @param kswapdPid the process reclaim writes are issued as
     */
    public PageCache(VmSysctls vm, PageIo io, int kswapdPid, java.util.function.LongSupplier clock) {
        this.capacity = vm.capacityPages();
        // min_free_kbytes as an iopath parameter: 0.5 % of RAM; low = 5/4 min, high = 3/2 min (spec §2.9, unverified formula)
        long min = Math.max(8, vm.memoryBytes() / 4096 / 200);
        this.lowWatermark = min * 5 / 4;
        this.highWatermark = min * 3 / 2;
        this.io = io;
        this.kswapdPid = kswapdPid;
        this.clock = clock;
    }

    // ------------------------------------------------------------------ lookup and insertion

    public Page find(Mapping m, long index) {
        return m.find(index);
    }

    /**
     * add_to_page_cache_lru: a new page at the head of the inactive list. Read-ahead pages not yet
     * read carry no referenced flag; a page created by a read() or write() gets its first mark.
     */
    public Page add(Mapping m, long index, boolean uptodate, boolean referenced) {
        if (nrPages + lowWatermark >= capacity) {
            reclaim(nrPages + highWatermark - capacity);
        }
        Page p = new Page(m, index);
        p.uptodate = uptodate;
        p.referenced = referenced;
        m.insert(p);
        inactive.addHead(p);
        nrPages++;
        if (nrPages > capacity) {
            overCapacity++;
        }
        return p;
    }

    /** Records a lookup by read() or write() for the hit ratio. */
    public void countLookup(boolean hit) {
        if (hit) {
            hits++;
        } else {
            misses++;
        }
    }

    /** mark_page_accessed: the second call touching an inactive page promotes it (spec §2.9). */
    public void markAccessed(Page p) {
        if (p.removed) {
            return;
        }
        if (!p.active && p.referenced) {
            inactive.remove(p);
            p.active = true;
            p.referenced = false;
            active.addHead(p);
        } else {
            p.referenced = true;
        }
    }

    /** The end of a read of {@code p}: it is up to date; its waiters run. */
    void readDone(Page p) {
        p.uptodate = true;
        p.wakeWaiters();
    }

    // ------------------------------------------------------------------ dirty and write-back state

    /**
     * set_page_dirty + __mark_inode_dirty: the page's buffer is dirty; the first dirty page of a
     * clean inode stamps its {@code dirtied_when} and puts it at the young end of the dirty list.
     */
    public void markDirty(Page p) {
        p.bufferDirty = true;
        if (p.dirty) {
            return;
        }
        p.dirty = true;
        p.mapping.tagDirty(p);
        p.dirtiedNs = clock.getAsLong();
        nrDirty++;
        dirtyEvents++;
        p.mapping.dirtyPages++;
        if (!p.mapping.onDirtyList) {
            p.mapping.dirtiedWhen = clock.getAsLong();
            appendDirty(p.mapping);
        }
        peakDirtyPlusWriteback = Math.max(peakDirtyPlusWriteback, nrDirty + nrWriteback);
    }

    /**
     * A dirty page whose buffer is taken back by the journal (a committed metadata block joining
     * a new transaction): not dirty in the page-cache sense while journaled (spec §1 rule 3).
     */
    public void cancelDirty(Page p) {
        if (!p.dirty) {
            return;
        }
        p.dirty = false;
        p.mapping.tagDirty(p);
        p.bufferDirty = false;
        nrDirty--;
        cleanedEvents++; // its contents go to the journal instead
        p.mapping.dirtyPages--;
        maybeClean(p.mapping);
    }

    /** clear_page_dirty_for_io + set_page_writeback: dirty → under write-back. */
    public void startWriteback(Page p) {
        if (!p.dirty || p.writeback) {
            throw new IllegalStateException("write-back of " + p);
        }
        p.dirty = false;
        p.writeback = true;
        p.mapping.tagDirty(p);
        p.mapping.tagWriteback(p);
        nrDirty--;
        nrWriteback++;
        p.mapping.dirtyPages--;
    }

    /** end_page_writeback: the page is clean; waiters run; an inode with no dirty page leaves the list. */
    public void endWriteback(Page p) {
        p.writeback = false;
        p.mapping.tagWriteback(p);
        nrWriteback--;
        cleanedEvents++;
        if (p.removed && p.mapping.find(p.index) != p) {
            // truncated while under write-back: it leaves the cache now
        }
        maybeClean(p.mapping);
        p.wakeWaiters();
    }

    /** Starts the write of one dirty page as {@code pid}: one 4 KiB bio, or none if its buffer is clean. */
    public void writePage(Page p, int pid, int flags) {
        if (p.bufferDirty && p.block < 0 && p.mapping.delalloc != null) {
            p.mapping.delalloc.allocate(p, pid);
        }
        startWriteback(p);
        if (p.bufferDirty && p.block >= 0) {
            p.bufferDirty = false;
            io.writeBlock(p.block, pid, flags, () -> {
                endWriteback(p);
                writeDone.run();
            });
        } else {
            p.bufferDirty = false;
            endWriteback(p); // ext3 ordered data already written by the commit: nothing left to write
        }
    }

    /** Truncate / unlink: the page leaves the cache at once (its IO in flight still completes). */
    public void remove(Page p) {
        if (p.removed) {
            return;
        }
        if (p.dirty) {
            p.dirty = false;
            nrDirty--;
            deletedDirty++;
            p.mapping.dirtyPages--;
        }
        p.bufferDirty = false;
        p.removed = true;
        p.mapping.delete(p);
        (p.active ? active : inactive).remove(p);
        nrPages--;
        maybeClean(p.mapping);
    }

    /**
     * truncate_inode_pages(mapping, lstart) (mm/truncate.c): every page of {@code m} at or past
     * {@code firstIndex} leaves the cache; a dirty one is cancelled (truncate_complete_page →
     * clear_page_dirty), so its write never happens. The pages locked for read or under
     * write-back are returned: the kernel's second pass waits for them (wait_on_page_writeback),
     * so the caller does too; their IO in flight still completes.
     */
    public List<Page> truncateFrom(Mapping m, long firstIndex) {
        List<Page> busy = new ArrayList<>();
        for (Page p : m.pagesFrom(firstIndex)) {
            if (p.hasIo()) {
                busy.add(p);
            }
            remove(p);
        }
        return busy;
    }

    /** {@code then} runs once the IO in flight on every one of {@code pages} has ended (at once when none has any). */
    public static void afterIo(List<Page> pages, Runnable then) {
        int[] left = {1};
        Runnable one = () -> {
            if (--left[0] == 0) {
                then.run();
            }
        };
        for (Page p : pages) {
            if (p.hasIo()) {
                left[0]++;
                p.waitIo(one);
            }
        }
        one.run();
    }

    /** Drops every page of {@code m} (unlink). */
    public void removeAll(Mapping m) {
        for (Page p : m.pages()) {
            remove(p);
        }
    }

    /** posix_fadvise(DONTNEED) / drop_caches: frees the clean pages of {@code m} with no IO in flight. */
    public void invalidateClean(Mapping m) {
        for (Page p : m.pages()) {
            if (!p.dirty && !p.writeback && p.uptodate && !p.pinned) {
                remove(p);
            }
        }
    }

    private void maybeClean(Mapping m) {
        if (m.dirtyPages == 0 && m.onDirtyList) {
            unlinkDirty(m);
        }
    }

    // ------------------------------------------------------------------ the dirty inode list

    private void appendDirty(Mapping m) {
        m.onDirtyList = true;
        m.olderDirty = youngestDirty;
        m.youngerDirty = null;
        if (youngestDirty != null) {
            youngestDirty.youngerDirty = m;
        } else {
            oldestDirty = m;
        }
        youngestDirty = m;
        dirtyInodes++;
    }

    private void unlinkDirty(Mapping m) {
        if (m.olderDirty != null) {
            m.olderDirty.youngerDirty = m.youngerDirty;
        } else {
            oldestDirty = m.youngerDirty;
        }
        if (m.youngerDirty != null) {
            m.youngerDirty.olderDirty = m.olderDirty;
        } else {
            youngestDirty = m.olderDirty;
        }
        m.olderDirty = m.youngerDirty = null;
        m.onDirtyList = false;
        dirtyInodes--;
    }

    /** redirty_tail after a non-kupdate pass that left pages dirty: dirtied_when = now, young end. */
    void requeueYoung(Mapping m) {
        if (!m.onDirtyList) {
            return;
        }
        unlinkDirty(m);
        m.dirtiedWhen = clock.getAsLong();
        appendDirty(m);
    }

    /** The dirty inodes, oldest {@code dirtied_when} first (a snapshot: a pass may requeue them). */
    public List<Mapping> dirtyInodes() {
        List<Mapping> out = new ArrayList<>(dirtyInodes);
        for (Mapping m = oldestDirty; m != null; m = m.youngerDirty) {
            out.add(m);
        }
        return out;
    }

    // ------------------------------------------------------------------ reclaim

    /**
     * shrink_zone with the priority loop of spec §2.9: both lists scanned at the same fraction of
     * their length; unmapped active pages demoted whatever their flag; clean inactive pages freed
     * (the flag ignored); dirty referenced pages rotated; dirty unreferenced ones written by
     * reclaim (pageout); pages under write-back or pinned by the journal kept.
     */
    private void reclaim(long target) {
        long freed = 0;
        for (int priority = DEF_PRIORITY; priority >= 0 && freed < target; priority--) {
            long nA = (active.size >> priority) + 1;
            for (long i = 0; i < nA && active.tail != null; i++) {
                Page p = active.tail;
                active.remove(p);
                p.active = false;
                inactive.addHead(p);
            }
            long nI = (inactive.size >> priority) + 1;
            for (long i = 0; i < nI && inactive.tail != null && freed < target; i++) {
                Page p = inactive.tail;
                if (p.writeback || !p.uptodate || p.pinned) {
                    inactive.remove(p);
                    inactive.addHead(p);
                } else if (p.dirty && p.referenced) {
                    p.referenced = false;
                    inactive.remove(p);
                    inactive.addHead(p);
                } else if (p.dirty) {
                    inactive.remove(p);
                    inactive.addHead(p);
                    reclaimWrites++;
                    writePage(p, kswapdPid, 0);
                } else {
                    remove(p);
                    evictions++;
                    freed++;
                }
            }
        }
    }

    // ------------------------------------------------------------------ counters

    public long capacityPages() {
        return capacity;
    }

    public long nrPages() {
        return nrPages;
    }

    /** NR_FILE_DIRTY. */
    public long nrDirty() {
        return nrDirty;
    }

    /** NR_WRITEBACK. */
    public long nrWriteback() {
        return nrWriteback;
    }

    public long hits() {
        return hits;
    }

    public long misses() {
        return misses;
    }

    public long evictions() {
        return evictions;
    }

    public long reclaimWrites() {
        return reclaimWrites;
    }

    /** Times a page went from clean to dirty. */
    public long dirtyEvents() {
        return dirtyEvents;
    }

    /** Times a dirty page became clean through write-back (or through the journal taking its buffer). */
    public long cleanedEvents() {
        return cleanedEvents;
    }

    /** Dirty pages dropped by truncate or unlink before they were written. */
    public long deletedDirty() {
        return deletedDirty;
    }

    public long peakDirtyPlusWriteback() {
        return peakDirtyPlusWriteback;
    }

    /** Insertions that found no clean page to evict (the cache went over its capacity). */
    public long overCapacity() {
        return overCapacity;
    }

    public int activePages() {
        return (int) active.size;
    }

    public int inactivePages() {
        return (int) inactive.size;
    }

    void onWriteDone(Runnable r) {
        this.writeDone = r;
    }

    PageIo io() {
        return io;
    }

    /** One LRU list; head is the hot end, tail the cold end. */
    private static final class Lru {
        Page head;
        Page tail;
        long size;

        void addHead(Page p) {
            p.prev = null;
            p.next = head;
            if (head != null) {
                head.prev = p;
            } else {
                tail = p;
            }
            head = p;
            size++;
        }

        void remove(Page p) {
            if (p.prev != null) {
                p.prev.next = p.next;
            } else {
                head = p.next;
            }
            if (p.next != null) {
                p.next.prev = p.prev;
            } else {
                tail = p.prev;
            }
            p.prev = p.next = null;
            size--;
        }
    }
}
