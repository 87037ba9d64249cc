package io.iopath.fs.ext3;

import io.iopath.fs.FsFile;
import io.iopath.fs.pagecache.BlockMap;
import io.iopath.fs.pagecache.Mapping;
import java.util.Arrays;

/**
 * An in-memory ext3 inode: its block map (direct, indirect and double-indirect pointers as a flat
 * array of physical blocks, plus the indirect blocks themselves), its page-cache mapping, the
 * allocator's hints (last allocated logical/physical pair, reservation window) and the journal
 * transactions that last touched it (for fsync and fdatasync).
 */
final class Ext3Inode implements FsFile, BlockMap {
    /** Pointers in the inode (EXT3_NDIR_BLOCKS). */
    static final int DIRECT = 12;
    /** Pointers per indirect block (4096 / 4). */
    static final int PER_INDIRECT = 1024;

    final long ino;
    final int group;
    final boolean directory;
    final Mapping mapping;
    final Directory dir;
    long size;
    long[] blocks = new long[4];
    int mappedBlocks;
    /** Indirect blocks (single and double), for freeing and journaling. */
    long[] indirect = new long[0];
    long lastLogical = -1;
    long lastPhysical = -1;
    final BlockAllocator.Window window = new BlockAllocator.Window();
    /** The transaction that last journaled this inode (an fsync that finds it dirty returns after it has committed). */
    long lastTid = -1;
    /** Access and modification time, in the superblock's 1 s granularity (ext3's s_time_gran; -1: before the run). */
    long atimeSecond = -1;
    long mtimeSecond = -1;
    /**
     * The VFS's i_state dirty bits ({@link #I_DIRTY_SYNC}, {@link #I_DIRTY_DATASYNC}): set by
     * mark_inode_dirty and its _sync form, cleared by the fsync that writes the inode
     * ({@code sync_inode}); ext3_sync_file starts a commit only when they are set.
     */
    int vfsDirty;
    /** mark_inode_dirty_sync: a timestamp changed (fsync must commit it, fdatasync need not). */
    static final int I_DIRTY_SYNC = 1;
    /** mark_inode_dirty: the size or the block map changed (fdatasync must commit it too). */
    static final int I_DIRTY_DATASYNC = 2;
    int openCount;
    boolean deleted;
    boolean topDir;
    Ext3Inode parent;

    Ext3Inode(long ino, int group, boolean directory, Mapping mapping) {
        this.ino = ino;
        this.group = group;
        this.directory = directory;
        this.mapping = mapping;
        this.dir = directory ? new Directory() : null;
        Arrays.fill(blocks, -1);
    }

    @Override
    public long inodeNumber() {
        return ino;
    }

    @Override
    public boolean directory() {
        return directory;
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public boolean deleted() {
        return deleted;
    }

    @Override
    public long blockOf(long index) {
        return index < blocks.length ? blocks[(int) index] : -1;
    }

    @Override
    public long sizePages() {
        return (size + 4095) / 4096;
    }

    void map(long index, long physical) {
        if (index >= blocks.length) {
            int n = blocks.length;
            blocks = Arrays.copyOf(blocks, (int) Math.max(index + 1, n * 2L));
            Arrays.fill(blocks, n, blocks.length, -1);
        }
        if (blocks[(int) index] < 0) {
            mappedBlocks++;
        }
        blocks[(int) index] = physical;
        lastLogical = index;
        lastPhysical = physical;
    }

    /** Page {@code index} loses its block (truncate). */
    void unmap(long index) {
        if (index < blocks.length && blocks[(int) index] >= 0) {
            blocks[(int) index] = -1;
            mappedBlocks--;
        }
    }

    /** The first page slot {@code slot}'s indirect block maps, and the page after its last (see {@link #slotsFor}). */
    static long[] slotRange(int slot) {
        if (slot == 0) {
            return new long[] {DIRECT, DIRECT + PER_INDIRECT};
        }
        long dind = DIRECT + PER_INDIRECT;
        if (slot == 1) {
            return new long[] {dind, dind + (long) PER_INDIRECT * PER_INDIRECT};
        }
        long s = dind + (long) (slot - 2) * PER_INDIRECT;
        return new long[] {s, s + PER_INDIRECT};
    }

    /** Whether a data page in [from, to) is mapped. */
    boolean anyMapped(long from, long to) {
        for (long i = from; i < Math.min(to, blocks.length); i++) {
            if (blocks[(int) i] >= 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * The indirect-block slots the pointer of page {@code index} needs, outermost first: slot 0
     * is the single-indirect block, slot 1 the double-indirect block, slot 2 + k the k-th
     * single-indirect block under it (files past 4 GiB, triple indirect, are not modelled).
     */
    static int[] slotsFor(long index) {
        if (index < DIRECT) {
            return new int[0];
        }
        if (index < DIRECT + PER_INDIRECT) {
            return new int[] {0};
        }
        return new int[] {1, 2 + (int) ((index - DIRECT - PER_INDIRECT) / PER_INDIRECT)};
    }

    long indirectSlot(int slot) {
        return slot < indirect.length ? indirect[slot] : -1;
    }

    void setIndirect(int slot, long block) {
        if (slot >= indirect.length) {
            int n = indirect.length;
            indirect = Arrays.copyOf(indirect, Math.max(slot + 1, n * 2));
            Arrays.fill(indirect, n, indirect.length, -1);
        }
        indirect[slot] = block;
    }

    /** The indirect block holding the pointer of page {@code index}, or -1 for a direct pointer. */
    long indirectFor(long index) {
        int[] slots = slotsFor(index);
        return slots.length == 0 ? -1 : indirectSlot(slots[slots.length - 1]);
    }

    /** Indirect blocks a sequential allocation meets before page {@code index} (mke2fs's journal). */
    static int newIndirectBlocks(long index) {
        if (index == DIRECT) {
            return 1;
        }
        long past = index - DIRECT - PER_INDIRECT;
        if (past == 0) {
            return 2;
        }
        return past > 0 && past % PER_INDIRECT == 0 ? 1 : 0;
    }

    @Override
    public String toString() {
        return (directory ? "dir#" : "ino#") + ino;
    }
}
