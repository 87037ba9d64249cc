package io.iopath.fs.reiserfs;

import io.iopath.fs.FsFile;
import io.iopath.fs.pagecache.BlockMap;
import io.iopath.fs.pagecache.Mapping;
import java.util.Arrays;
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
    long[] blocks = new long[2];
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
        Arrays.fill(blocks, -1);
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

    /** Unformatted blocks mapped, as counted over the pages of the file. */
    int mappedPages() {
        int n = 0;
        for (long b : blocks) {
            if (b >= 0) {
                n++;
            }
        }
        return n;
    }

    void map(long index, long block) {
        if (index >= blocks.length) {
            int n = blocks.length;
            blocks = Arrays.copyOf(blocks, (int) Math.max(index + 1, n * 2L));
            Arrays.fill(blocks, n, blocks.length, -1);
        }
        blocks[(int) index] = block;
    }

    /** The last mapped block before page {@code index}, or -1 (the allocator's "continue the file" hint). */
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
