package io.iopath.fs.xfs;

import java.util.TreeSet;

/**
 * Inode allocation ({@code fs/xfs/xfs_ialloc.c} {@code xfs_dialloc}, {@code xfs_ialloc_ag_select},
 * {@code xfs_ialloc_ag_alloc}; spec §5.4): a new directory takes the next AG of a rotor, a new
 * file its parent's AG; the first AG from there that has a free inode, or room for a new chunk,
 * is used. A new chunk of 64 inodes (4 blocks) goes right after the AG's most recent chunk
 * ({@code agi_newino}) when those blocks are free, else at the first aligned free run from the AG
 * start. Within the AG the lowest free inode is taken. Chunks are never freed ({@code ikeep}).
 */
final class XfsInodes {
    private final XfsGeometry geo;
    private final XfsSpace space;
    private final TreeSet<Long>[] free;
    private final long[] newinoChunk;
    private int rotor;

    /** What an allocation did: the inode, and the first block of a new chunk (-1 when none). */
    record Allocated(long ino, long newChunk) {
    }

    @SuppressWarnings("unchecked")
    XfsInodes(XfsGeometry geo, XfsSpace space) {
        this.geo = geo;
        this.space = space;
        this.free = new TreeSet[geo.agCount];
        this.newinoChunk = new long[geo.agCount];
        for (int a = 0; a < geo.agCount; a++) {
            free[a] = new TreeSet<>();
            newinoChunk[a] = -1;
        }
    }

    /** mkfs: the root chunk at AG 0 blocks 8–11 (inodes 128–191; 128 root, 129–130 the realtime inodes). */
    long mkfsRootChunk() {
        long b = space.allocateAligned(0, XfsGeometry.PREALLOC_BLOCKS, XfsGeometry.CHUNK_BLOCKS, XfsGeometry.CLUSTER_BLOCKS);
        addChunk(0, b);
        long root = free[0].pollFirst();
        free[0].pollFirst();
        free[0].pollFirst();
        return root;
    }

    private void addChunk(int ag, long block) {
        long agbno = block - geo.agStart(ag);
        for (int i = 0; i < XfsGeometry.INODES_PER_CHUNK; i++) {
            free[ag].add(geo.inodeNumber(ag, agbno + i / XfsGeometry.INODES_PER_BLOCK, i % XfsGeometry.INODES_PER_BLOCK));
        }
        newinoChunk[ag] = block;
    }

    Allocated allocate(int parentAg, boolean directory) {
        int start = directory ? rotor++ % geo.agCount : parentAg;
        for (int i = 0; i < geo.agCount; i++) {
            int ag = (start + i) % geo.agCount;
            if (!free[ag].isEmpty()) {
                return new Allocated(free[ag].pollFirst(), -1);
            }
            if (space.freeIn(ag) >= XfsGeometry.CHUNK_BLOCKS + 64) {
                long exact = newinoChunk[ag] >= 0 ? newinoChunk[ag] + XfsGeometry.CHUNK_BLOCKS : -1;
                long b = space.allocateAligned(ag, exact, XfsGeometry.CHUNK_BLOCKS, XfsGeometry.CLUSTER_BLOCKS);
                if (b >= 0) {
                    addChunk(ag, b);
                    return new Allocated(free[ag].pollFirst(), b);
                }
            }
        }
        throw new IllegalStateException("xfs: no free inode");
    }

    void free(long ino) {
        free[geo.agOfInode(ino)].add(ino);
    }
}
