package io.iopath.result;

/**
 * What the file system and its page cache did in a run on one (issue 11 item 6): the figures a
 * file-system benchmark is read by, next to the block-layer table of what reached the device.
 *
 * @param type               the file system type as the scenario names it (ext3, reiserfs, xfs)
 * @param pageCacheHits      page lookups by read() and write() that found the page up to date
 * @param pageCacheMisses    lookups that had to read (or wait for a read)
 * @param appBytesRead       bytes the processes read with read()
 * @param appBytesWritten    bytes the processes wrote with write()
 * @param deviceBytesRead    bytes the file system and page cache read from the device
 * @param deviceBytesWritten bytes they wrote to it (data, journal or log, metadata)
 * @param journalCommits     journal commits (jbd, ReiserFS) or log writes (XFS)
 * @param journalBlocks      journal blocks written (descriptors, metadata copies, commit blocks)
 * @param commitMeanNs       mean commit duration, start to commit block complete (0 without commits)
 * @param commitMaxNs        the longest commit
 * @param throttled          balance_dirty_pages calls that blocked the writer
 * @param peakDirtyPages     the most pages dirty plus under write-back at once
 * @param dirtyLimitPages    the vm.dirty_ratio limit in pages
 * @param checkpoints        times a process waited for a checkpoint to free journal space
 * @param fsyncs             fsync() and fdatasync() calls of the file jobs that returned
 * @param fsyncLatency       their latency, call to return (fio's sync line; percentiles on fio's histogram buckets)
 */
public record FileSystemReport(String type, long pageCacheHits, long pageCacheMisses, long appBytesRead,
                               long appBytesWritten, long deviceBytesRead, long deviceBytesWritten, long journalCommits,
                               long journalBlocks, long commitMeanNs, long commitMaxNs, long throttled,
                               long peakDirtyPages, long dirtyLimitPages, long checkpoints, long fsyncs,
                               LatencySummary fsyncLatency) {

    /** Hits over all lookups, 0 without lookups. */
    public double hitRatio() {
        long lookups = pageCacheHits + pageCacheMisses;
        return lookups == 0 ? 0 : (double) pageCacheHits / lookups;
    }
}
