package io.iopath.fs.reiserfs;

import java.util.BitSet;
import java.util.List;

/**
 * reiserfs_allocate_blocknrs over the volume's bitmaps (spec §4.5, {@code fs/reiserfs/bitmap.c}
 * {@code scan_bitmap}, {@code scan_bitmap_block}), with the 2.6 default options {@code skip_busy}
 * and {@code dirid_groups}: the search starts at the hint and runs to the end of the device, then
 * from the start to the hint; while more than 5 % of the file system is free it skips bitmap
 * blocks with 10 % or less free, except the one the search starts in when it places a tree node
 * or continues a file. A block freed by a transaction whose commit block is not on disk yet is
 * not allocatable (the journal list bitmaps, {@code reiserfs_in_journal}); {@link #commitFreed}
 * releases it. Preallocation ({@code preallocsize}) is not modelled.
 */
final class ReiserBitmap {
    private final ReiserLayout layout;
    private final BitSet used = new BitSet();
    private final BitSet unavailable = new BitSet();
    private final long[] freeIn;
    private long free;

    ReiserBitmap(ReiserLayout layout) {
        this.layout = layout;
        this.freeIn = new long[layout.bitmaps];
        for (int k = 0; k < layout.bitmaps; k++) {
            freeIn[k] = layout.bitmapEnd(k) - layout.bitmapStart(k);
        }
        this.free = layout.blocks;
    }

    /** mkreiserfs: the block is taken by the format (super block, bitmaps, journal, root leaf). */
    void markUsed(long b) {
        take(b);
    }

    boolean isUsed(long b) {
        return used.get((int) b);
    }

    long freeBlocks() {
        return free;
    }

    /**
     * bmap_hash_id + dirid_groups: the start of an unformatted block's search when the file has
     * no block before it — locality {@code dirId}'s bitmap group, 2048 blocks in ("give a portion
     * of the block group to metadata"). Localities 1 and 2 map to group 1. The hash stands in for
     * {@code keyed_hash}: which group a locality gets is modelled, not byte-exact.
     */
    long groupStart(long dirId) {
        int bm;
        if (dirId <= 2) {
            bm = 1;
        } else {
            long h = dirId * 0x9E3779B97F4A7C15L;
            h ^= h >>> 29;
            bm = (int) Long.remainderUnsigned(h, layout.bitmaps);
            if (bm == 0) {
                bm = 1;
            }
        }
        if (bm >= layout.bitmaps) {
            bm = 0; // only with one bitmap
        }
        return layout.bitmapStart(bm) + (bm == 0 ? 0 : 2048);
    }

    /**
     * block_group_used: locality {@code dirId}'s bitmap group has 60 % or less of its blocks free
     * (reiserfs_choose_packing then starts a new packing locality).
     */
    boolean groupUsed(long dirId) {
        int k = layout.bitmapOf(groupStart(dirId));
        return freeIn[k] <= (layout.bitmapEnd(k) - layout.bitmapStart(k)) * 60 / 100;
    }

    /**
     * One block at or after {@code hint}.
     *
     * @param keepStartGroup a tree node, or a later block of a file: skip_busy does not skip the group the search starts in
     */
    long allocate(long hint, boolean keepStartGroup) {
        hint = Math.max(0, Math.min(hint, layout.blocks - 1));
        long b = scan(hint, layout.blocks, keepStartGroup);
        if (b < 0) {
            b = scan(0, hint, false);
        }
        if (b < 0) {
            return -1;
        }
        take(b);
        return b;
    }

    private long scan(long from, long to, boolean keepStartGroup) {
        boolean skipBusy = free * 20 > layout.blocks; // more than 5 % free
        int startGroup = layout.bitmapOf(from);
        for (int k = startGroup; k < layout.bitmaps && layout.bitmapStart(k) < to; k++) {
            if (skipBusy && freeIn[k] * 10 <= layout.bitmapEnd(k) - layout.bitmapStart(k) && !(keepStartGroup && k == startGroup)) {
                continue;
            }
            long s = Math.max(from, layout.bitmapStart(k));
            long b = unavailable.nextClearBit((int) s);
            if (b < layout.bitmapEnd(k) && b < to) {
                return b;
            }
        }
        return -1;
    }

    private void take(long b) {
        if (used.get((int) b)) {
            throw new IllegalStateException("reiserfs: block " + b + " allocated twice");
        }
        used.set((int) b);
        unavailable.set((int) b);
        freeIn[layout.bitmapOf(b)]--;
        free--;
    }

    /** reiserfs_free_block: the bit clears; the block stays unallocatable until the freeing commit. */
    void free(long b) {
        if (!used.get((int) b)) {
            throw new IllegalStateException("reiserfs: block " + b + " freed twice");
        }
        used.clear((int) b);
        freeIn[layout.bitmapOf(b)]++;
        free++;
    }

    /** The transaction that freed these blocks committed: they may be allocated again. */
    void commitFreed(List<Long> blocks) {
        for (long b : blocks) {
            if (!used.get((int) b)) {
                unavailable.clear((int) b);
            }
        }
    }
}
