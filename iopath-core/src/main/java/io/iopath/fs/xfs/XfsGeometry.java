package io.iopath.fs.xfs;

/**
 * What mkfs.xfs of xfsprogs 2.8–2.9 makes of a partition of {@code blocks} 4 KiB blocks (spec
 * §5.1–5.2, {@code mkfs/xfs_mkfs.c} {@code calc_default_ag_geometry} and the log sizing): the
 * allocation-group count by size, 256-byte inodes in 64-inode chunks of 4 blocks, the internal log
 * in the middle AG right after its header blocks, and inode numbers that encode AG, block and slot.
 * Each AG starts with one block of four sectors (super block copy, AGF, AGI, AGFL) and the roots of
 * the free-space and inode B+trees in blocks 1–3; the free-list reserve follows.
 */
public final class XfsGeometry {
    public static final int INODE_SIZE = 256;
    public static final int INODES_PER_BLOCK = 4096 / INODE_SIZE;
    public static final int INODES_PER_CHUNK = 64;
    public static final int CHUNK_BLOCKS = INODES_PER_CHUNK / INODES_PER_BLOCK;
    /** XFS_INODE_BIG_CLUSTER_SIZE: inodes are read and written 8 KiB at a time. */
    public static final int CLUSTER_BLOCKS = 2;
    /** Blocks at the start of every AG that hold headers, B+tree roots and the free-list reserve. */
    public static final int PREALLOC_BLOCKS = 8;
    /** Where the internal log starts inside its AG (spec §5.1 example: agcount/2 · agblocks + 4). */
    public static final int LOG_AG_OFFSET = 4;
    private static final long MIB_BLOCKS = 256;
    private static final long GIB_BLOCKS = 1024 * MIB_BLOCKS;

    public final long blocks;
    public final int agCount;
    public final long agBlocks;
    /** ⌈log2 agblocks⌉, the bits of an AG-relative block in an inode number. */
    public final int agBlkLog;
    public final long logStart;
    public final long logBlocks;

    public XfsGeometry(long blocks) {
        if (blocks < 4096) {
            throw new IllegalArgumentException("an xfs file system needs at least 16 MiB (4096 blocks), got " + blocks + " blocks");
        }
        this.blocks = blocks;
        this.agCount = agCount(blocks);
        this.agBlocks = (blocks + agCount - 1) / agCount;
        this.agBlkLog = 64 - Long.numberOfLeadingZeros(agBlocks - 1);
        this.logBlocks = logBlocks(blocks);
        this.logStart = (long) (agCount / 2) * agBlocks + LOG_AG_OFFSET;
        if (logStart + logBlocks > agEnd(agCount / 2)) {
            throw new IllegalArgumentException("xfs: the log of " + logBlocks + " blocks does not fit AG " + agCount / 2);
        }
    }

    /** calc_default_ag_geometry (the version before "single disk = 4 AGs"). */
    static int agCount(long d) {
        if (d < 16 * MIB_BLOCKS) {
            return 1;
        }
        if (d < 128 * MIB_BLOCKS) {
            return (int) ((d + 16 * MIB_BLOCKS - 1) / (16 * MIB_BLOCKS));
        }
        if (d <= 8 * GIB_BLOCKS) {
            return 8;
        }
        if (d <= 512 * GIB_BLOCKS) {
            return 16;
        }
        return 32;
    }

    /**
     * The internal log: max(D·4096/2048 bytes, 10 MiB from 1 GiB up, 1000 blocks), capped at the
     * era's 128 MiB (16 × the largest transaction reservation is not modelled).
     */
    public static long logBlocks(long d) {
        long b = Math.max(d / 2048, 1000);
        if (d >= GIB_BLOCKS) {
            b = Math.max(b, 10 * MIB_BLOCKS);
        }
        return Math.min(b, 128 * MIB_BLOCKS);
    }

    public long agStart(int ag) {
        return ag * agBlocks;
    }

    public long agEnd(int ag) {
        return Math.min(blocks, agStart(ag + 1));
    }

    public int agOf(long block) {
        return (int) (block / agBlocks);
    }

    /** ino = (ag << (agblklog + 4)) | (agbno << 4) | slot. */
    public long inodeNumber(int ag, long agbno, int slot) {
        return ((long) ag << (agBlkLog + 4)) | (agbno << 4) | slot;
    }

    public int agOfInode(long ino) {
        return (int) (ino >>> (agBlkLog + 4));
    }

    /** The file-system block holding inode {@code ino}. */
    public long blockOfInode(long ino) {
        long agbno = (ino >>> 4) & ((1L << agBlkLog) - 1);
        return agStart(agOfInode(ino)) + agbno;
    }

    /** The first block of the 8 KiB cluster holding inode {@code ino}. */
    public long clusterOfInode(long ino) {
        long b = blockOfInode(ino);
        long agb = b - agStart(agOfInode(ino));
        return b - agb % CLUSTER_BLOCKS;
    }

    /** AG header sectors: 0 super block, 1 AGF, 2 AGI, 3 AGFL. */
    public long agfSector(int ag) {
        return agStart(ag) * 8 + 1;
    }

    public long agiSector(int ag) {
        return agStart(ag) * 8 + 2;
    }

    /** The by-block and by-size free-space B+tree roots and the inode B+tree root (AG blocks 1–3). */
    public long bnoRoot(int ag) {
        return agStart(ag) + 1;
    }

    public long cntRoot(int ag) {
        return agStart(ag) + 2;
    }

    public long inoRoot(int ag) {
        return agStart(ag) + 3;
    }
}
