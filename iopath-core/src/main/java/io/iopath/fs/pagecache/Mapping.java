package io.iopath.fs.pagecache;

import java.util.ArrayList;
import java.util.List;

/**
 * An address space: the cached pages of one inode (a file, or the block device's "bdev inode"
 * that holds every metadata home block), with the inode's write-back state ({@code dirtied_when}
 * and its place on the super block's dirty list, {@code fs/fs-writeback.c}).
 */
public final class Mapping {
    public final String name;
    /** The block-device inode: its page index is the file-system block number. */
    public final boolean bdev;
    /** The pages by index, for lookups. */
    private final PageIndex byIndex = new PageIndex();
    /** The indexes that hold a page, for the walks in index order (truncate, unlink). */
    private final PageIndexSet cached = new PageIndexSet();
    /** The indexes whose page is dirty: the radix tree's dirty tag, which write-back and fsync walk. */
    private final PageIndexSet dirtyTag = new PageIndexSet();
    /** The indexes whose page is under write-back: the writeback tag, which fsync's wait walks. */
    private final PageIndexSet writebackTag = new PageIndexSet();
    /** Pages inserted so far; each page keeps its number ({@link Page#insertion}). */
    private long insertions;
    int dirtyPages;
    /** {@code inode->dirtied_when}: when the inode went from clean to dirty; age is per inode (§1 rule 1). */
    long dirtiedWhen = -1;
    boolean onDirtyList;
    Mapping olderDirty;
    Mapping youngerDirty;
    /** range_cyclic: the page index the next write-back pass starts at ({@code writeback_index}). */
    long writebackIndex;
    /**
     * The file system's ->writepage for a dirty page with no block yet (XFS delayed allocation):
     * it maps the page (and may map its neighbours) before the write; null when every dirty page
     * already has its block.
     */
    public Delalloc delalloc;

    /** Delayed allocation at write-back ({@code xfs_page_state_convert} → {@code xfs_map_blocks}). */
    public interface Delalloc {
        /** Gives {@code p} (dirty, unmapped) its block; the write is issued as {@code pid}. */
        void allocate(Page p, int pid);
    }

    public Mapping(String name, boolean bdev) {
        this.name = name;
        this.bdev = bdev;
    }

    public Page find(long index) {
        return byIndex.get(index);
    }

    /** Adds {@code p} at its index; there must be no page there. */
    void insert(Page p) {
        Page old = byIndex.get(p.index);
        if (old != null) {
            throw new IllegalStateException("page " + old + " added twice");
        }
        byIndex.put(p.index, p);
        cached.add(p.index);
        p.insertion = ++insertions;
    }

    /** The page leaves the mapping; its IO in flight, if any, no longer belongs to the mapping's tags. */
    void delete(Page p) {
        byIndex.remove(p.index);
        cached.remove(p.index);
        dirtyTag.remove(p.index);
        writebackTag.remove(p.index);
    }

    /** Keeps the dirty tag in step with {@code p.dirty}. */
    void tagDirty(Page p) {
        tag(dirtyTag, p, p.dirty);
    }

    /** Keeps the writeback tag in step with {@code p.writeback}. */
    void tagWriteback(Page p) {
        tag(writebackTag, p, p.writeback);
    }

    /** A page already deleted has no tag: its index may belong to a page cached since. */
    private static void tag(PageIndexSet tag, Page p, boolean on) {
        if (p.removed) {
            return;
        }
        if (on) {
            tag.add(p.index);
        } else {
            tag.remove(p.index);
        }
    }

    /**
     * The number of pages inserted so far. A walk that must see the mapping as it was when it
     * started (a page cached during the walk is not part of it, as with a copy of the page list)
     * takes this first and gives it to {@link #nextDirty}.
     */
    long insertions() {
        return insertions;
    }

    /**
     * The first dirty page at or after {@code from} that was already cached when the walk took
     * {@code insertions} ({@link #insertions()}), or null.
     */
    Page nextDirty(long from, long insertions) {
        for (long i = dirtyTag.next(from); i >= 0; i = dirtyTag.next(i + 1)) {
            Page p = byIndex.get(i);
            if (p.insertion <= insertions) {
                return p;
            }
        }
        return null;
    }

    /** The first page under write-back at or after {@code from}, or null. */
    Page nextUnderWriteback(long from) {
        long i = writebackTag.next(from);
        return i < 0 ? null : byIndex.get(i);
    }

    public int cachedPages() {
        return byIndex.size();
    }

    public int dirtyPages() {
        return dirtyPages;
    }

    public long dirtiedWhen() {
        return dirtiedWhen;
    }

    /** The dirty pages not under write-back, in index order (a copy): what an fsync starts writing. */
    public List<Page> toWrite() {
        List<Page> out = new ArrayList<>();
        for (Page p = nextDirty(0, insertions); p != null; p = nextDirty(p.index + 1, insertions)) {
            if (!p.writeback) {
                out.add(p);
            }
        }
        return out;
    }

    /** The cached pages in index order: a copy, which the caller may change the mapping under. */
    public List<Page> pages() {
        return pagesFrom(0);
    }

    /** The cached pages at or after {@code firstIndex}, in index order (a copy). */
    public List<Page> pagesFrom(long firstIndex) {
        List<Page> out = new ArrayList<>();
        for (long i = cached.next(firstIndex); i >= 0; i = cached.next(i + 1)) {
            out.add(byIndex.get(i));
        }
        return out;
    }

    @Override
    public String toString() {
        return name;
    }
}
