package io.iopath.fs;

import io.iopath.result.JournalConsistency;

/**
 * What a power failure took from a mounted file system, beyond the drive's own count (spec
 * durability-and-virtualization.md §6.2), in the application's terms.
 *
 * @param bufferedPagesLost   pages whose write() had returned but which were only in the page
 *                            cache (dirty, or under write-back not yet complete): promise NONE,
 *                            an expected loss
 * @param fsyncedBlocksLost   blocks of data an fsync() or fdatasync() had returned for that were
 *                            only in the drive's volatile cache: with barrier=1 this never
 *                            happens; with barrier=0 and the write cache on (the 2.6 default) it can
 * @param commitBlocksLost    journal commit blocks lost in the drive's cache (a committed
 *                            transaction the drive had acknowledged)
 * @param journal             committed transactions incomplete on the media (journal consistency
 *                            violations); {@link JournalConsistency#NONE} when there are none or
 *                            the cut's lost writes carry no acknowledgement times to tell
 */
public record FsPowerLoss(long bufferedPagesLost, long fsyncedBlocksLost, long commitBlocksLost, JournalConsistency journal) {
    public FsPowerLoss withJournal(JournalConsistency j) {
        return new FsPowerLoss(bufferedPagesLost, fsyncedBlocksLost, commitBlocksLost, j);
    }
}
