package io.iopath.fs.ext3;

/**
 * The on-disk layout mke2fs 1.39/1.40 makes for a file system of {@code blocks} 4 KiB blocks
 * (spec §3.1–3.2): 32768-block groups, sparse_super backups in groups 0, 1 and powers of 3, 5, 7,
 * reserved GDT blocks for online resize, block bitmap, inode bitmap and inode table per group,
 * 128-byte inodes at one per 8 KiB, and the journal size table of
 * {@code ext2fs_default_journal_size} (e2fsprogs {@code lib/ext2fs/mkjournal.c}).
 */
public final class Ext3Layout {
    public static final int BLOCKS_PER_GROUP = 32768;
    public static final int INODE_SIZE = 128;
    public static final int BYTES_PER_INODE = 8192;
    public static final int INODES_PER_BLOCK = 4096 / INODE_SIZE;
    /** EXT3_GOOD_OLD_FIRST_INO: inodes 1–10 are reserved, 11 is lost+found. */
    public static final int FIRST_INO = 11;
    public static final int ROOT_INO = 2;
    public static final int JOURNAL_INO = 8;

    public final long blocks;
    public final int groups;
    public final int inodesPerGroup;
    public final int inodeTableBlocks;
    public final int gdtBlocks;
    public final int reservedGdtBlocks;
    public final int journalBlocks;

    public Ext3Layout(long blocks) {
        if (blocks < 2048) {
            throw new IllegalArgumentException("an ext3 file system needs at least 8 MiB (2048 blocks), got " + blocks + " blocks");
        }
        this.blocks = blocks;
        this.groups = (int) ((blocks + BLOCKS_PER_GROUP - 1) / BLOCKS_PER_GROUP);
        long inodes = blocks * 4096 / BYTES_PER_INODE;
        long ipg = (inodes + groups - 1) / groups;
        ipg = (ipg + INODES_PER_BLOCK - 1) / INODES_PER_BLOCK * INODES_PER_BLOCK; // fill whole inode-table blocks
        this.inodesPerGroup = (int) Math.min(ipg, BLOCKS_PER_GROUP);
        this.inodeTableBlocks = inodesPerGroup / INODES_PER_BLOCK;
        this.gdtBlocks = (groups + 127) / 128;
        long maxBlocks = Math.min(1L << 32, 1024L * blocks);
        long maxGroups = (maxBlocks + BLOCKS_PER_GROUP - 1) / BLOCKS_PER_GROUP;
        this.reservedGdtBlocks = (int) Math.min(1024, Math.max(0, (maxGroups + 127) / 128 - gdtBlocks));
        this.journalBlocks = defaultJournalBlocks(blocks);
    }

    /** ext2fs_default_journal_size (the table used until about 2013). */
    static int defaultJournalBlocks(long b) {
        if (b < 2048) {
            return 0;
        }
        if (b < 32768) {
            return 1024;
        }
        if (b < 256 * 1024) {
            return 4096;
        }
        if (b < 512 * 1024) {
            return 8192;
        }
        if (b < 1024 * 1024) {
            return 16384;
        }
        return 32768;
    }

    /** ext3_group_sparse: groups 0, 1 and powers of 3, 5 and 7 carry super-block and GDT backups. */
    public static boolean hasBackup(int g) {
        if (g <= 1) {
            return true;
        }
        return power(g, 3) || power(g, 5) || power(g, 7);
    }

    private static boolean power(int g, int base) {
        long n = base;
        while (n < g) {
            n *= base;
        }
        return n == g;
    }

    public long groupStart(int g) {
        return (long) g * BLOCKS_PER_GROUP;
    }

    public long groupEnd(int g) {
        return Math.min(blocks, groupStart(g + 1));
    }

    public long blockBitmap(int g) {
        return groupStart(g) + (hasBackup(g) ? 1 + gdtBlocks + reservedGdtBlocks : 0);
    }

    public long inodeBitmap(int g) {
        return blockBitmap(g) + 1;
    }

    public long inodeTable(int g) {
        return blockBitmap(g) + 2;
    }

    /** The first block after the group's metadata. */
    public long firstData(int g) {
        return inodeTable(g) + inodeTableBlocks;
    }

    /** The group-descriptor block holding group {@code g}'s descriptor (the primary copy in group 0). */
    public long gdtBlock(int g) {
        return 1 + g / 128;
    }

    public int groupOf(long block) {
        return (int) (block / BLOCKS_PER_GROUP);
    }

    public int groupOfInode(long ino) {
        return (int) ((ino - 1) / inodesPerGroup);
    }

    /** The inode-table block holding inode {@code ino} (1-based). */
    public long inodeBlock(long ino) {
        int g = groupOfInode(ino);
        long slot = (ino - 1) % inodesPerGroup;
        return inodeTable(g) + slot * INODE_SIZE / 4096;
    }

    public long inodes() {
        return (long) inodesPerGroup * groups;
    }
}
