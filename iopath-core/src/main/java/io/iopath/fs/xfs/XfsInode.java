package io.iopath.fs.xfs;

import io.iopath.fs.FsFile;
import io.iopath.fs.PageBlocks;
import io.iopath.fs.pagecache.BlockMap;
import io.iopath.fs.pagecache.Mapping;

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
    /** One block per page (-1: hole, or no block yet). */
    final PageBlocks blocks = new PageBlocks(2);
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
    }

    @Override
    public long blockOf(long index) {
        return blocks.blockOf(index);
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
