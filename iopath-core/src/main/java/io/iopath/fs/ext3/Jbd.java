package io.iopath.fs.ext3;

import io.iopath.fs.MountOptions;
import io.iopath.fs.journal.Journal;
import io.iopath.fs.journal.Transaction;
import io.iopath.fs.pagecache.Mapping;
import io.iopath.fs.pagecache.PageCache;
import io.iopath.fs.pagecache.PageIo;
import io.iopath.request.Flags;
import io.iopath.sim.Simulator;
import java.util.Set;

/**
 * The journal (jbd, 2.6.18 {@code fs/jbd/}; spec §3.8–3.10): one running and at most one
 * committing transaction; kjournald commits at the commit interval, on request (fsync, sync)
 * and when the running transaction reaches a quarter of the journal; the commit sequence of
 * {@code journal_commit_transaction} is {@link Journal}'s, its commit block a barrier write only
 * with barrier=1; a handle that finds less log space than a transaction may need checkpoints first.
 */
final class Jbd extends Journal {
    /** Tags per descriptor block (spec §3.9: about 506 for 4 KiB blocks). */
    static final int TAGS_PER_DESCRIPTOR = 506;
    private final MountOptions options;
    private final int maxTransactionBuffers;

    Jbd(Simulator sim, PageCache cache, PageIo io, Mapping bdev, BlockAllocator allocator, long[] journalPhysical,
        MountOptions options, int kjournaldPid, Set<Long> permanent) {
        super(sim, cache, io, bdev, allocator::commitFreed, journalPhysical, kjournaldPid, permanent, TAGS_PER_DESCRIPTOR);
        this.options = options;
        this.maxTransactionBuffers = journalPhysical.length / 4;
    }

    /**
     * journal_start: a handle of {@code credits} buffers may begin once the running transaction
     * has room (else it is committed and the handle waits for the new one) and the log has space
     * (else the caller checkpoints first, blocked).
     */
    void startHandle(int credits, int pid, Runnable then) {
        Transaction t = running();
        if (t != null && t.buffers() + credits > maxTransactionBuffers) {
            requestCommit(t);
            if (running() == t) {
                waitForCommitEnd(() -> startHandle(credits, pid, then));
                return;
            }
        }
        if (spaceLeft() < maxTransactionBuffers) {
            checkpoint(pid, () -> startHandle(credits, pid, then));
            return;
        }
        then.run();
    }

    /** JBD_DEFAULT_MAX_COMMIT_AGE: kjournald's timer, armed when the transaction starts. */
    @Override
    protected void transactionStarted(Transaction t) {
        sim.after(options.commitMs() * 1_000_000L, () -> {
            if (running() == t) {
                requestCommit(t);
            }
        });
    }

    /** The commit block, a barrier write only with barrier=1 (2.6 default 0). */
    @Override
    protected int commitBlockFlags() {
        return Flags.META | (options.barrier() ? Flags.PREFLUSH | Flags.FUA : 0);
    }

    /** __log_space_left: free journal blocks less 32, times 7/8. */
    long spaceLeft() {
        return Math.max(0, (freeLogBlocks() - 32) * 7 / 8);
    }
}
