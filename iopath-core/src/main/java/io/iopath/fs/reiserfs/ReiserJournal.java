package io.iopath.fs.reiserfs;

import io.iopath.fs.ReiserOptions;
import io.iopath.fs.journal.Journal;
import io.iopath.fs.journal.Transaction;
import io.iopath.fs.pagecache.Mapping;
import io.iopath.fs.pagecache.PageCache;
import io.iopath.fs.pagecache.PageIo;
import io.iopath.fs.pagecache.MetadataIo;
import io.iopath.request.Flags;
import io.iopath.sim.Simulator;
import java.util.Set;

/**
 * The ReiserFS journal of 2.6.18–2.6.20 ({@code fs/reiserfs/journal.c}, spec §4.6) on the shared
 * {@link Journal} commit: one description block per transaction, the log blocks, the commit
 * block. When a transaction ends:
 * <ul>
 * <li>a handle that would push it past {@code JOURNAL_MAX_BATCH_DEFAULT} (900) blocks ends it
 * ({@code do_journal_begin_r}, COMMIT_NOW without WAIT: the commit is queued on the commit work
 * queue, {@code HZ/10} later) and goes on in a new transaction;</li>
 * <li>a handle finding it older than the max transaction age (30 s, {@code commit=}) does the
 * same;</li>
 * <li>{@code fsync} and {@code sync} end it and commit synchronously ({@code journal_end_sync},
 * {@code reiserfs_commit_for_inode});</li>
 * <li>every kupdate pass, {@code sync_supers} → {@code reiserfs_write_super} →
 * {@code reiserfs_sync_fs} does that as pdflush when anything was logged since the last pass:
 * under metadata activity ReiserFS commits every 5 s.</li>
 * </ul>
 * At each end, lists whose transactions began more than 120 s ago ({@code 4 ×
 * JOURNAL_MAX_TRANS_AGE}, {@code flush_old_journal_lists}) are flushed home and the header block
 * rewritten, by the process ending the transaction; and a handle that finds the log too full for
 * a maximal transaction ({@code JOURNAL_TRANS_MAX_DEFAULT} 1024 + 2) flushes the oldest list first.
 */
final class ReiserJournal extends Journal {
    static final int MAX_BATCH = 900;
    static final int TRANS_MAX = 1024;
    /** HZ/10: the commit work queue's delay for an asynchronous end. */
    static final long ASYNC_COMMIT_DELAY_NS = 100_000_000L;
    static final long NS_PER_MS = 1_000_000L;

    private final ReiserOptions options;
    /** Whether the block layer orders a barrier after the bios before it (2.6 legacy queue). */
    private final boolean barriersOrdered;
    private final int workerPid;
    /** s_dirt: something was logged since the last write_super. */
    private boolean superDirty;

    ReiserJournal(Simulator sim, PageCache cache, PageIo io, Mapping bdev, ReiserBitmap bitmap, long[] journal,
                  ReiserOptions options, boolean barriersOrdered, int workerPid, Set<Long> permanent) {
        super(sim, cache, io, bdev, bitmap::commitFreed, journal, workerPid, permanent, Integer.MAX_VALUE);
        this.options = options;
        this.barriersOrdered = barriersOrdered;
        this.workerPid = workerPid;
    }

    @Override
    protected void transactionStarted(Transaction t) {
        // no timer of its own: the running transaction ends through sync_supers, size, age or fsync
    }

    /** A list leaves the journal only through flush_journal_list, which rewrites the header block. */
    @Override
    protected boolean cleanTransactionsLeaveByThemselves() {
        return false;
    }

    @Override
    protected int commitBlockFlags() {
        return MetadataIo.FLAGS | (options.barrierFlush() ? Flags.PREFLUSH | Flags.FUA : 0);
    }

    @Override
    protected boolean commitBlockWaitsForLog() {
        // 2.6's flush_commit_list submits the commit at once as a barrier, which the block layer
        // orders after the log blocks; without that order (blk-mq) it waits for them, as
        // ReiserFS has since 2.6.37 replaced barriers with PREFLUSH | FUA
        return !(options.barrierFlush() && barriersOrdered);
    }

    void logged(long block) {
        superDirty = true;
        journalMeta(block);
    }

    /**
     * journal_begin: a handle of up to {@code blocks} logged blocks may begin; {@code then} runs
     * as soon as it may (possibly after this process ended the transaction or flushed a list).
     */
    void begin(int blocks, int pid, Runnable then) {
        Transaction t = running();
        if (t != null && (t.buffers() + blocks >= MAX_BATCH || sim.now() - t.startNs() > options.maxAgeMs() * NS_PER_MS)) {
            endAsync();
            flushOld(pid, () -> begin(blocks, pid, then));
            return;
        }
        if (freeLogBlocks() - uncommittedBuffers() < TRANS_MAX + 2 && hasCommittedLists()) {
            checkpoint(pid, () -> begin(blocks, pid, then));
            return;
        }
        then.run();
    }

    /** do_journal_end with COMMIT_NOW and no WAIT: the commit work queue commits it 100 ms later. */
    private void endAsync() {
        Transaction t = endRunning();
        sim.after(ASYNC_COMMIT_DELAY_NS, () -> waitCommit(t.tid(), workerPid, () -> { }));
    }

    /** flush_old_journal_lists: lists begun more than 120 s ago go home, by {@code pid}. */
    private void flushOld(int pid, Runnable then) {
        flushStartedBefore(sim.now() - 4 * options.maxAgeMs() * NS_PER_MS, pid, then);
    }

    /**
     * journal_end_sync: ends the running transaction (if it logged anything) and commits it as
     * {@code pid}, who waits; then the old lists are flushed.
     */
    void commitNow(int pid, Runnable then) {
        Transaction t = running();
        if (t == null || t.buffers() == 0) {
            forceCommit(then);
            return;
        }
        endRunning();
        waitCommit(t.tid(), pid, () -> flushOld(pid, then));
    }

    /**
     * reiserfs_commit_for_inode: the transaction that last logged the inode is committed;
     * {@code then} gets whether its commit block was still to be submitted at this call
     * ({@code __commit_trans_jl} returns 1 only then: "we only set ret to 1 when we know for sure
     * the barrier hasn't been started yet on the commit block", {@code j_commit_left > 1}), so
     * that its barrier covers what the caller wrote before.
     */
    void commitFor(long tid, int pid, java.util.function.Consumer<Boolean> then) {
        if (tid < 0 || committed(tid)) {
            then.accept(false);
            return;
        }
        boolean barrierAhead = commitBlockAhead(tid);
        Transaction t = running();
        if (t != null && t.tid() == tid) {
            endRunning();
        }
        waitCommit(tid, pid, () -> then.accept(barrierAhead));
    }

    /** reiserfs_write_super → reiserfs_sync_fs, as pdflush at each kupdate pass (only when the super block is dirty). */
    void writeSuper(int pdflushPid, Runnable then) {
        if (!superDirty) {
            then.run();
            return;
        }
        superDirty = false;
        commitNow(pdflushPid, then);
    }
}
