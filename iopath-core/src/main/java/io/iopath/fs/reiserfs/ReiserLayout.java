package io.iopath.fs.reiserfs;

/**
 * The on-disk layout mkreiserfs (reiserfsprogs 3.6) makes for a file system of {@code blocks}
 * 4 KiB blocks (spec §4.1): 64 KiB left for labels and boot ({@code REISERFS_DISK_OFFSET_IN_BYTES}),
 * the super block at block 16, one bitmap block per 32 768 blocks (bitmap 0 at block 17, bitmap
 * k at block 32 768·k, the first block of the range it describes), the standard journal of 8192
 * blocks ({@code JOURNAL_BLOCK_COUNT}) from block 18 ({@code get_journal_new_start_must}) with its
 * header block right after it, and the root directory's leaf after that.
 */
public final class ReiserLayout {
    public static final int BLOCKS_PER_BITMAP = 4096 * 8;
    public static final long SUPER_BLOCK = 16;
    public static final long FIRST_BITMAP = 17;
    public static final long JOURNAL_START = 18;
    public static final int JOURNAL_BLOCKS = 8192;
    public static final long JOURNAL_HEADER = JOURNAL_START + JOURNAL_BLOCKS;
    /** Where mkreiserfs puts the root leaf: the first block after the journal header (iopath's choice; spec §4.5 "unverified"). */
    public static final long ROOT_LEAF = JOURNAL_HEADER + 1;

    public final long blocks;
    public final int bitmaps;

    public ReiserLayout(long blocks) {
        if (blocks < ROOT_LEAF + 1024) {
            throw new IllegalArgumentException("a reiserfs file system with the standard journal needs at least "
                    + (ROOT_LEAF + 1024) * 4096 / (1 << 20) + " MiB, got " + blocks + " blocks");
        }
        this.blocks = blocks;
        this.bitmaps = (int) ((blocks + BLOCKS_PER_BITMAP - 1) / BLOCKS_PER_BITMAP);
    }

    /** The bitmap block describing block {@code b}. */
    public long bitmapBlockOf(long b) {
        return bitmapBlock(bitmapOf(b));
    }

    public long bitmapBlock(int k) {
        return k == 0 ? FIRST_BITMAP : (long) k * BLOCKS_PER_BITMAP;
    }

    public int bitmapOf(long b) {
        return (int) (b / BLOCKS_PER_BITMAP);
    }

    public long bitmapStart(int k) {
        return (long) k * BLOCKS_PER_BITMAP;
    }

    public long bitmapEnd(int k) {
        return Math.min(blocks, bitmapStart(k + 1));
    }

    /** The journal's header block then its 8192 log blocks in log order (the shape {@code Journal} takes). */
    public long[] journal() {
        long[] j = new long[JOURNAL_BLOCKS + 1];
        j[0] = JOURNAL_HEADER;
        for (int i = 0; i < JOURNAL_BLOCKS; i++) {
            j[1 + i] = JOURNAL_START + i;
        }
        return j;
    }
}
