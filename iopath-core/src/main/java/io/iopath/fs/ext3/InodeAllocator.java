package io.iopath.fs.ext3;

import java.util.BitSet;
import java.util.SplittableRandom;

/**
 * ext3_new_inode's group choice and slot (spec §3.4, {@code fs/ext3/ialloc.c}): Orlov for
 * directories ({@code find_group_orlov}), the parent's group or a quadratic probe for files
 * ({@code find_group_other}), and the lowest free inode of the group. Freed inodes are reusable at
 * once (lowest first).
 */
public final class InodeAllocator {
    private final Ext3Layout layout;
    private final BlockAllocator blocks;
    private final BitSet[] bitmaps;
    private final int[] freeInodes;
    private final int[] dirs;
    private final SplittableRandom orlov;

    public InodeAllocator(Ext3Layout layout, BlockAllocator blocks, SplittableRandom orlov) {
        this.layout = layout;
        this.blocks = blocks;
        this.orlov = orlov;
        this.bitmaps = new BitSet[layout.groups];
        this.freeInodes = new int[layout.groups];
        this.dirs = new int[layout.groups];
        for (int g = 0; g < layout.groups; g++) {
            bitmaps[g] = new BitSet(layout.inodesPerGroup);
            freeInodes[g] = layout.inodesPerGroup;
        }
    }

    /** mkfs: the reserved inodes 1..10 and lost+found (11) are taken; root and lost+found are directories. */
    public void markUsed(long ino, boolean directory) {
        int g = layout.groupOfInode(ino);
        int slot = (int) ((ino - 1) % layout.inodesPerGroup);
        if (!bitmaps[g].get(slot)) {
            bitmaps[g].set(slot);
            freeInodes[g]--;
            if (directory) {
                dirs[g]++;
            }
        }
    }

    /** Allocates an inode for a new file or directory under a parent in {@code parentGroup}; -1 if full. */
    public long allocate(int parentGroup, long parentIno, boolean directory, boolean parentIsTop) {
        int g = directory ? findGroupOrlov(parentGroup, parentIsTop) : findGroupOther(parentGroup, parentIno);
        if (g < 0) {
            return -1;
        }
        int slot = bitmaps[g].nextClearBit(0);
        bitmaps[g].set(slot);
        freeInodes[g]--;
        if (directory) {
            dirs[g]++;
        }
        return (long) g * layout.inodesPerGroup + slot + 1;
    }

    public void free(long ino, boolean directory) {
        int g = layout.groupOfInode(ino);
        int slot = (int) ((ino - 1) % layout.inodesPerGroup);
        if (!bitmaps[g].get(slot)) {
            throw new IllegalStateException("inode " + ino + " freed twice");
        }
        bitmaps[g].clear(slot);
        freeInodes[g]++;
        if (directory) {
            dirs[g]--;
        }
    }

    /** Whether any other inode of the inode-table block holding {@code ino} is in use (else the block need not be read). */
    public boolean blockHasOtherInodes(long ino) {
        int g = layout.groupOfInode(ino);
        int slot = (int) ((ino - 1) % layout.inodesPerGroup);
        int first = slot / Ext3Layout.INODES_PER_BLOCK * Ext3Layout.INODES_PER_BLOCK;
        for (int s = first; s < first + Ext3Layout.INODES_PER_BLOCK; s++) {
            if (s != slot && bitmaps[g].get(s)) {
                return true;
            }
        }
        return false;
    }

    private boolean usable(int g) {
        return freeInodes[g] > 0 && blocks.freeBlocks(g) > 0;
    }

    /** find_group_other. */
    int findGroupOther(int parentGroup, long parentIno) {
        int n = layout.groups;
        if (usable(parentGroup)) {
            return parentGroup;
        }
        int g = (int) ((parentGroup + parentIno) % n);
        for (int i = 1; i < n; i <<= 1) {
            g = (g + i) % n;
            if (usable(g)) {
                return g;
            }
        }
        g = parentGroup;
        for (int i = 0; i < n; i++) {
            g = (g + 1) % n;
            if (freeInodes[g] > 0) {
                return g;
            }
        }
        return -1;
    }

    /** find_group_orlov: top-level directories spread (random start, fewest directories); deeper ones stay near their parent. */
    int findGroupOrlov(int parentGroup, boolean parentIsTop) {
        int n = layout.groups;
        long totalFreeInodes = 0;
        long totalFreeBlocks = 0;
        long totalDirs = 0;
        for (int g = 0; g < n; g++) {
            totalFreeInodes += freeInodes[g];
            totalFreeBlocks += blocks.freeBlocks(g);
            totalDirs += dirs[g];
        }
        long avgFreeInodes = totalFreeInodes / n;
        long avgFreeBlocks = totalFreeBlocks / n;
        if (parentIsTop) {
            int start = orlov.nextInt(n);
            int best = -1;
            for (int i = 0; i < n; i++) {
                int g = (start + i) % n;
                if (freeInodes[g] < avgFreeInodes || blocks.freeBlocks(g) < avgFreeBlocks) {
                    continue;
                }
                if (best < 0 || dirs[g] < dirs[best]) {
                    best = g;
                }
            }
            if (best >= 0) {
                return best;
            }
        } else {
            long maxDirs = totalDirs / n + layout.inodesPerGroup / 16;
            long minInodes = avgFreeInodes - layout.inodesPerGroup / 4;
            long minBlocks = avgFreeBlocks - Ext3Layout.BLOCKS_PER_GROUP / 4;
            for (int i = 0; i < n; i++) {
                int g = (parentGroup + i) % n;
                if (dirs[g] < maxDirs && freeInodes[g] >= minInodes && blocks.freeBlocks(g) >= minBlocks) {
                    return g;
                }
            }
        }
        for (int i = 0; i < n; i++) {
            int g = (parentGroup + i) % n;
            if (freeInodes[g] >= avgFreeInodes && freeInodes[g] > 0) {
                return g;
            }
        }
        return -1;
    }
}
