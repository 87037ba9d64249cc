package io.iopath.fs;

/**
 * What a file system and its page cache did during a run.
 *
 * @param pageCacheHits   page lookups by read() and write() that found the page up to date
 * @param pageCacheMisses lookups that had to read (or wait for a read)
 * @param appBytesRead    bytes the processes read with read()
 * @param appBytesWritten bytes the processes wrote with write()
 * @param deviceBytesRead bytes the file system and page cache read from the device
 * @param deviceBytesWritten bytes they wrote to it (data, journal, metadata)
 * @param journalCommits  jbd commits
 * @param journalBlocks   journal blocks written (descriptors, metadata copies, commit blocks)
 * @param commitNsTotal   the sum of commit durations (start to commit block complete)
 * @param commitNsMax     the longest commit
 * @param checkpoints     times a process waited for a checkpoint to free journal space
 * @param throttled       balance_dirty_pages calls that blocked the writer
 * @param peakDirtyPages  the most pages dirty plus under write-back at once
 * @param dirtyLimitPages the vm.dirty_ratio limit in pages
 * @param evictions       clean pages reclaim freed
 */
public record FsStats(long pageCacheHits, long pageCacheMisses, long appBytesRead, long appBytesWritten,
                      long deviceBytesRead, long deviceBytesWritten, long journalCommits, long journalBlocks,
                      long commitNsTotal, long commitNsMax, long checkpoints, long throttled, long peakDirtyPages,
                      long dirtyLimitPages, long evictions) {
}
