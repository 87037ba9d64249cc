package io.iopath.result;

/**
 * Whether a power cut left a committed transaction incomplete on the media: its commit block (for
 * XFS, the log write holding its commit record) durable while a log block it covers is not — a
 * "journal consistency violation" (durability-and-virtualization.md §6.2, the commit-sequence
 * crash test of §5). Replay would then apply a transaction whose copies on disk are old.
 *
 * @param violations    committed transactions incomplete on the media
 * @param firstTid      the first (oldest) of them, its transaction id (XFS: the LSN of its commit record); −1 when none
 * @param firstCommitNs when that transaction's commit completed; −1 when none
 */
public record JournalConsistency(long violations, long firstTid, long firstCommitNs) {
    public static final JournalConsistency NONE = new JournalConsistency(0, -1, -1);

    /** Adds one incomplete transaction (they come oldest first). */
    public JournalConsistency plus(long tid, long commitNs) {
        return violations == 0 ? new JournalConsistency(1, tid, commitNs) : new JournalConsistency(violations + 1, firstTid, firstCommitNs);
    }
}
