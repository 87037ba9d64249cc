package io.iopath.fs.reiserfs;

import io.iopath.fs.FsFile;
import io.iopath.fs.PageBlocks;
import io.iopath.fs.pagecache.BlockMap;
import io.iopath.fs.pagecache.Mapping;
import java.util.HashMap;
import java.util.Map;

/**
 * An in-memory ReiserFS inode: its key (packing locality and objectid), the unformatted blocks of
 * its body (the indirect items' pointers) or a tail kept in a direct item, its page-cache
 * mapping, the directory entries of a directory, and the transactions that last logged it.
 */
final class ReiserInode implements FsFile, BlockMap {
    /** Pointers one indirect item holds at most: (4072 - 24) / 4. */
    static final int POINTERS_PER_ITEM = (Tree.NODE_BYTES - Tree.ITEM_HEAD) / 4;

    final long dirId;
    final long objectId;
    final boolean directory;
    final Mapping mapping;
    final Map<String, ReiserInode> entries;
    ReiserInode parent;
    long size;
    /** One block per page (-1: hole, or no block yet). */
    final PageBlocks blocks = new PageBlocks(2);
    /** The file's bytes live in a direct item of its leaf (a packed tail), not in unformatted blocks. */
    boolean tail;
    long lastTid = -1;
    long lastDataTid = -1;
    long atimeSecond = -1;
    int openCount;
    boolean deleted;

    ReiserInode(long dirId, long objectId, boolean directory) {
        this.dirId = dirId;
        this.objectId = objectId;
        this.directory = directory;
        this.mapping = new Mapping((directory ? "dir" : "ino") + objectId, false);
        this.entries = directory ? new HashMap<>() : null;
    }

    Key statData() {
        return new Key(dirId, objectId, 0);
    }

    /** The body item holding byte offset {@code off}: one indirect item per {@link #POINTERS_PER_ITEM} blocks. */
    Key body(long pageIndex) {
        return new Key(dirId, objectId, 1 + pageIndex / POINTERS_PER_ITEM * POINTERS_PER_ITEM * 4096L);
    }

    /** A directory entry of this directory: keyed by the name's hash (r5 in mkreiserfs; a stand-in mix here). */
    Key entry(String name) {
        return new Key(dirId, objectId, 1 + (hash(name) & 0x7fff_ffffL) * 128);
    }

    static int hash(String name) {
        int h = 0x2545F491;
        for (int i = 0; i < name.length(); i++) {
            h = (h ^ name.charAt(i)) * 0x01000193;
            h ^= h >>> 13;
        }
        return h;
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
        return objectId;
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
        return (directory ? "dir#" : "ino#") + objectId;
    }
}
