package io.iopath.fs;

import io.iopath.request.Op;
import java.util.function.Consumer;

/**
 * The system calls a simulated process makes on a mounted file system (spec §6.2). Each one runs
 * on behalf of process {@code pid} and ends by running its continuation: at once when everything
 * it needs is in memory, later when the process blocks (a synchronous read, throttling in
 * balance_dirty_pages, journal space, fsync's wait for its commit). Running the continuation
 * is the last thing a call does: a caller may make its next call after this one returns instead
 * of inside the continuation (a file job's per-file loops do) and nothing changes.
 */
public interface FileSystem {
    FsFile root();

    /** The page cache the file system's files live in (its dirty and write-back counts feed the time series). */
    io.iopath.fs.pagecache.PageCache pageCache();

    /** creat(): a new empty file in {@code dir}; {@code done} receives it. */
    void create(FsFile dir, String name, int pid, Consumer<FsFile> done);

    void mkdir(FsFile dir, String name, int pid, Consumer<FsFile> done);

    /** open() of an existing file (the lookup and inode reads it needs); null when there is none. */
    void open(FsFile dir, String name, boolean direct, int pid, Consumer<OpenFile> done);

    /** The directory entry, if the name exists and its inode is in memory (no IO). */
    FsFile lookupCached(FsFile dir, String name);

    void read(OpenFile f, long offset, long length, int pid, Runnable done);

    void write(OpenFile f, long offset, long length, int pid, Runnable done);

    /** O_DIRECT IO through the block map, bypassing the page cache (the blocks must exist). */
    void directIo(OpenFile f, Op op, long offset, long length, int pid, Runnable done);

    void fsync(OpenFile f, boolean datasync, int pid, Runnable done);

    /**
     * ftruncate(): i_size becomes {@code size} (do_truncate → notify_change → the file system's
     * setattr → mm/memory.c {@code vmtruncate}). Growing only changes the size (a sparse
     * extension: the inode is logged, no data block is allocated). Shrinking drops the page
     * cache's pages past the new size, dirty ones included, whose writes then never reach the
     * disk (mm/truncate.c {@code truncate_inode_pages}, after waiting for pages under IO), and
     * frees the blocks past it, logged as each file system frees blocks. A size inside a page
     * keeps that page (its tail is not zeroed: the model carries no data).
     */
    void truncate(OpenFile f, long size, int pid, Runnable done);

    void close(OpenFile f, int pid, Runnable done);

    void unlink(FsFile dir, String name, int pid, Runnable done);

    /**
     * stat(): the path walk and the inode read of open(), without a struct file (vfs_stat is
     * path_lookup then vfs_getattr, which reads nothing more); nothing happens when there is no
     * such name.
     */
    default void stat(FsFile dir, String name, int pid, Runnable done) {
        open(dir, name, false, pid, of -> {
            if (of == null) {
                done.run();
            } else {
                close(of, pid, done);
            }
        });
    }

    /**
     * rmdir() of an empty directory: the same journalled blocks as unlink (the parent's entry
     * block and inode, the inode, the orphan list, the freed block and its bitmap; ext3_rmdir in
     * namei.c differs only in clearing both link counts).
     */
    default void rmdir(FsFile dir, String name, int pid, Runnable done) {
        unlink(dir, name, pid, done);
    }

    /** sync(): write-back of everything, every forced commit, then a wait for all of it. */
    void sync(int pid, Runnable done);

    /** posix_fadvise(POSIX_FADV_DONTNEED), as fio's invalidate=1 does: the file's clean pages leave the cache. */
    void invalidate(FsFile f);

    /** Stops the file system's timers (kupdate, commit) so that the run can end. */
    void unmount();

    FsStats stats();

    /**
     * Whether it was mounted with barriers: its commits (and fsyncs) are cache flushes and FUA
     * writes, so nothing an fsync returned for can be lost in the drive's cache (ext3
     * {@code barrier=1}, ReiserFS {@code barrier=flush}, XFS {@code barrier}).
     */
    boolean barriers();

    /**
     * Power fails now: the page cache is gone, and so are the writes the drive held only in its
     * cache, given as partition-independent sector ranges {@code lost[i] = {sector, sectors}}, or
     * {@code {sector, sectors, ackNs}} with the time the drive acknowledged each (−1: not yet),
     * which the journal consistency check needs; the file system's timers stop.
     */
    FsPowerLoss powerFail(java.util.List<long[]> lost);
}
