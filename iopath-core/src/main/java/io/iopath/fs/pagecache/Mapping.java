package io.iopath.fs.pagecache;

import java.util.TreeMap;

/**
 * An address space: the cached pages of one inode (a file, or the block device's "bdev inode"
 * that holds every metadata home block), with the inode's write-back state ({@code dirtied_when}
 * and its place on the super block's dirty list, {@code fs/fs-writeback.c}).
 */
public final class Mapping {
    public final String name;
    /** The block-device inode: its page index is the file-system block number. */
    public final boolean bdev;
    /** The pages in index order (write-back walks them from {@link #writebackIndex}). */
    final TreeMap<Long, Page> pages = new TreeMap<>();
    /** The same pages by index, for lookups. */
    private final PageIndex byIndex = new PageIndex();
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
        Page old = pages.put(p.index, p);
        if (old != null) {
            pages.put(old.index, old);
            throw new IllegalStateException("page " + old + " added twice");
        }
        byIndex.put(p.index, p);
    }

    void delete(Page p) {
        pages.remove(p.index);
        byIndex.remove(p.index);
    }

    public int cachedPages() {
        return pages.size();
    }

    public int dirtyPages() {
        return dirtyPages;
    }

    public long dirtiedWhen() {
        return dirtiedWhen;
    }

    /** The cached pages in index order (a read-only view). */
    public java.util.Collection<Page> pages() {
        return java.util.Collections.unmodifiableCollection(pages.values());
    }

    @Override
    public String toString() {
        return name;
    }
}
