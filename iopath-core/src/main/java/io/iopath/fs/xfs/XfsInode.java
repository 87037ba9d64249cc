package io.iopath.fs.xfs;

import io.iopath.fs.FsFile;
import io.iopath.fs.pagecache.BlockMap;
import io.iopath.fs.pagecache.Mapping;
import java.util.Arrays;

/**
 * An in-memory XFS inode: its number (AG, block and slot), its extent map as one block per page
 * (-1 for a hole or a delayed-allocation page), the page-cache mapping, a directory's shape, and
 * the LSN of the last transaction that logged it.
 */
final class XfsInode implements FsFile, BlockMap {
    final long ino;
    final int ag;
    final boolean directory;
    final Mapping mapping;
    final XfsDirectory dir;
    XfsInode parent;
    long size;
    long[] blocks = new long[2];
    /** Timestamps or size changed and not logged (i_update_core): written with the cluster later. */
    boolean coreDirty;
    long lastLsn = -1;
    long atimeSecond = -1;
    int openCount;
    boolean deleted;

    XfsInode(long ino, int ag, boolean directory) {
        this.ino = ino;
        this.ag = ag;
        this.directory = directory;
        this.mapping = new Mapping((directory ? "dir" : "ino") + ino, false);
        this.dir = directory ? new XfsDirectory() : null;
        Arrays.fill(blocks, -1);
    }

    void map(long index, long block) {
        if (index >= blocks.length) {
            int n = blocks.length;
            blocks = Arrays.copyOf(blocks, (int) Math.max(index + 1, n * 2L));
            Arrays.fill(blocks, n, blocks.length, -1);
        }
        blocks[(int) index] = block;
    }

    long blockBefore(long index) {
        for (long i = Math.min(index - 1, blocks.length - 1); i >= 0; i--) {
            if (blocks[(int) i] >= 0) {
                return blocks[(int) i];
            }
        }
        return -1;
    }

    @Override
    public long blockOf(long index) {
        return index < blocks.length ? blocks[(int) index] : -1;
    }

    @Override
    public long sizePages() {
        return (size + 4095) / 4096;
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
    public String toString() {
        return (directory ? "dir#" : "ino#") + ino;
    }
}
