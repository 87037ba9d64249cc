package io.iopath.fs.journal;

import io.iopath.fs.pagecache.Mapping;
import io.iopath.fs.pagecache.Page;
import io.iopath.fs.pagecache.PageCache;
import io.iopath.fs.pagecache.PageIo;
import io.iopath.fs.pagecache.MetadataIo;
import io.iopath.result.JournalConsistency;
import io.iopath.sim.Simulator;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * What jbd ({@code fs/jbd/}) and the ReiserFS journal ({@code fs/reiserfs/journal.c}) share in
 * 2.6.18–2.6.20 (spec §3.8–3.10, §4.6): a physical block journal on the file system's device in
 * which whole 4 KiB copies of metadata blocks are logged. One running transaction collects the
 * blocks; commits run one at a time in transaction order and have the same shape in both
 * ({@code journal_commit_transaction}, {@code flush_commit_list}): (1) the ordered data buffers
 * of the transaction are written and waited for, (2) descriptor ("description") blocks and the
 * block copies go to consecutive journal blocks, (3) the commit block follows — after waiting for
 * (2) by default, as a barrier write when the mount asks for one — and (4) the logged blocks
 * become ordinary dirty buffer-cache pages of the block device, blocks the transaction freed
 * become allocatable, waiters run. Log space is reclaimed the same way too ({@code
 * log_do_checkpoint}, {@code flush_journal_list}): the oldest committed transaction's blocks
 * still dirty at home are written, the caller waits, and the journal's own super (header) block
 * is rewritten with the new tail.
 *
 * <p>When a transaction ends and who commits it differs (kjournald's timer for jbd; batching,
 * age and {@code sync_supers} for ReiserFS) and is the subclasses' job.
 */
public abstract class Journal {
    protected final Simulator sim;
    protected final PageCache cache;
    protected final PageIo io;
    protected final Mapping bdev;
    private final Consumer<List<Long>> freedReleased;
    /** Element 0 is the journal's super / header block; the log ring follows. */
    private final long[] journalPhysical;
    private final int threadPid;
    private final Set<Long> permanent;
    private final int ring;
    private final int tagsPerDescriptor;

    private Transaction running;
    private Transaction committing;
    /** Ended transactions waiting for their commit, oldest first (ReiserFS). */
    private final ArrayDeque<Transaction> ended = new ArrayDeque<>();
    private final ArrayDeque<Transaction> checkpointList = new ArrayDeque<>();
    private final Map<Long, Transaction> owner = new HashMap<>();
    private final Map<Long, Transaction> byTid = new HashMap<>();
    private final List<Runnable> waitingForCommitEnd = new ArrayList<>();
    private long nextTid = 1;
    private long committedTid;
    private long head;
    private long tail;

    private long commits;
    private long journalBlocksWritten;
    private long commitNsTotal;
    private long commitNsMax;
    private long checkpoints;
    private final List<long[]> commitLog = new ArrayList<>();
    private final List<List<Long>> loggedBlocks = new ArrayList<>();
    /**
     * Per commit, where its log record is and when its writes went (for the power-cut check):
     * tid, first log position, the commit block's position, log writes submitted, log writes
     * all completed (−1 while not), commit block submitted, commit block completed.
     */
    private final List<long[]> records = new ArrayList<>();

    /**
     * @param freedReleased     told the blocks a committed transaction freed (now allocatable)
     * @param journalPhysical   the journal's super/header block, then the log blocks in log order
     * @param threadPid         the journal thread commits are issued as by default
     * @param permanent         blocks that stay pinned in memory after their commit (super block, descriptors)
     * @param tagsPerDescriptor block tags one descriptor block holds
     */
    protected Journal(Simulator sim, PageCache cache, PageIo io, Mapping bdev, Consumer<List<Long>> freedReleased,
                      long[] journalPhysical, int threadPid, Set<Long> permanent, int tagsPerDescriptor) {
        this.sim = sim;
        this.cache = cache;
        this.io = io;
        this.bdev = bdev;
        this.freedReleased = freedReleased;
        this.journalPhysical = journalPhysical;
        this.threadPid = threadPid;
        this.permanent = permanent;
        this.ring = journalPhysical.length - 1;
        this.tagsPerDescriptor = tagsPerDescriptor;
    }

    /** A new running transaction began (jbd arms its commit timer here). */
    protected abstract void transactionStarted(Transaction t);

    /** The flags of the commit block's write. */
    protected abstract int commitBlockFlags();

    /**
     * Whether the commit block waits for the log blocks to complete before it is submitted (jbd
     * always; ReiserFS unless barrier=flush, when it is submitted at once as a barrier).
     */
    protected boolean commitBlockWaitsForLog() {
        return true;
    }

    /**
     * Whether a committed transaction whose blocks are all home leaves the log by itself (jbd's
     * {@code __journal_clean_checkpoint_list}), or only when it is flushed with a header-block
     * write (ReiserFS's {@code flush_journal_list}).
     */
    protected boolean cleanTransactionsLeaveByThemselves() {
        return true;
    }

    // ------------------------------------------------------------------ transactions and handles

    protected final Transaction running() {
        return running;
    }

    protected final Transaction runningOrNew() {
        if (running == null) {
            Transaction t = new Transaction(nextTid++, sim.now(), threadPid);
            running = t;
            byTid.put(t.tid, t);
            transactionStarted(t);
        }
        return running;
    }

    public final long runningTid() {
        return runningOrNew().tid;
    }

    /** journal_get_write_access + journal_dirty_metadata: the block joins the running transaction. */
    public final void journalMeta(long block) {
        Transaction t = runningOrNew();
        Page p = cache.find(bdev, block);
        if (p != null && p.loggedTid == t.tid) {
            return; // already in t.metadata (a buffer is logged once per transaction)
        }
        if (!t.metadata.add(block)) {
            if (p != null) {
                p.loggedTid = t.tid;
            }
            return;
        }
        if (p == null) {
            p = cache.add(bdev, block, true, true);
            p.block = block;
        }
        p.loggedTid = t.tid;
        if (p.dirty() && !p.underWriteback()) {
            cache.cancelDirty(p); // committed but not yet home: the new transaction takes the buffer back
        }
        p.pinned = true;
        owner.put(block, t);
    }

    /** journal_dirty_data / add_to_flushlist: an ordered data page is written before the running transaction's commit record. */
    public final void addOrdered(Page p) {
        runningOrNew().ordered.add(p);
    }

    /** data=journal: the data block goes through the journal like metadata. */
    public final void journalData(Page p) {
        Transaction t = runningOrNew();
        t.journaledData.add(p);
        p.pinned = true;
    }

    /** Blocks freed by the running transaction: allocatable again once it commits. */
    public final void freed(long block) {
        runningOrNew().freed.add(block);
    }

    /** A page leaves the cache or its block (unlink, tail packing): the running transaction forgets it (its data is never written). */
    public final void forget(Page p) {
        if (running != null) {
            running.ordered.remove(p);
            running.journaledData.remove(p);
        }
    }

    public final boolean committed(long tid) {
        return tid <= committedTid;
    }

    /**
     * Whether transaction {@code tid}'s commit block is still to be submitted (it is running, ended
     * or writing its log): a barrier on it would then come after every write completed before now.
     */
    public final boolean commitBlockAhead(long tid) {
        if (tid < 0 || committed(tid)) {
            return false;
        }
        Transaction t = byTid.get(tid);
        return t != null && !t.commitBlockSubmitted;
    }

    /** The highest tid handed out so far (0 before the first). */
    protected final long lastTid() {
        return nextTid - 1;
    }

    /** log_start_commit + log_wait_commit: {@code then} runs when transaction {@code tid} has committed. */
    public final void waitCommit(long tid, Runnable then) {
        waitCommit(tid, threadPid, then);
    }

    /** The same, with the commit (if it must start now) issued as {@code pid}. */
    public final void waitCommit(long tid, int pid, Runnable then) {
        if (tid < 0 || committed(tid)) {
            then.run();
            return;
        }
        Transaction t = byTid.get(tid);
        t.commitWaiters.add(then);
        if (t.state == Transaction.State.RUNNING || t.state == Transaction.State.ENDED) {
            t.commitPid = pid;
        }
        requestCommit(t);
    }

    /** Commits whatever is running and waits (sync, unmount). */
    public final void forceCommit(Runnable then) {
        if (running != null) {
            waitCommit(running.tid, then);
        } else if (!ended.isEmpty()) {
            waitCommit(ended.peekLast().tid, then);
        } else if (committing != null) {
            waitCommit(committing.tid, then);
        } else {
            then.run();
        }
    }

    /** {@code then} runs after the commit now in progress ends (or at once, if none is). */
    protected final void waitForCommitEnd(Runnable then) {
        waitingForCommitEnd.add(then);
    }

    /**
     * Ends the running transaction without committing it yet (ReiserFS's do_journal_end): new
     * handles go to a new transaction; the ended one commits in order when requested.
     */
    protected final Transaction endRunning() {
        Transaction t = running;
        if (t == null) {
            return null;
        }
        t.state = Transaction.State.ENDED;
        running = null;
        ended.add(t);
        return t;
    }

    protected final void requestCommit(Transaction t) {
        if (t.state != Transaction.State.RUNNING && t.state != Transaction.State.ENDED) {
            return;
        }
        t.commitRequested = true;
        if (committing == null) {
            if (t.state == Transaction.State.ENDED && ended.peekFirst() == t) {
                commit(ended.pollFirst());
            } else if (running == t && ended.isEmpty()) {
                commit(t);
            }
        }
    }

    // ------------------------------------------------------------------ the commit

    private void commit(Transaction t) {
        t.state = Transaction.State.COMMITTING;
        t.commitStartNs = sim.now();
        committing = t;
        if (running == t) {
            running = null;
        }
        // 1. ordered data, in attach order; wait for all of it (and for any already under write-back)
        int[] pending = {1};
        Runnable one = () -> {
            if (--pending[0] == 0) {
                writeLog(t);
            }
        };
        for (Page p : t.ordered) {
            if (!p.cached()) {
                continue;
            }
            if (p.bufferDirty && p.block >= 0) {
                p.bufferDirty = false;
                pending[0]++;
                io.writeBlock(p.block, t.commitPid, 0, one);
            } else if (p.underWriteback()) {
                pending[0]++;
                p.waitIo(one);
            }
        }
        one.run();
    }

    /** 2: descriptor blocks and block copies into consecutive journal blocks; 3: the commit block. */
    private void writeLog(Transaction t) {
        t.startPos = head;
        long[] rec = {t.tid, head, -1, sim.now(), -1, -1, -1};
        List<Long> logged = new ArrayList<>(t.metadata);
        for (Page p : t.journaledData) {
            if (p.cached()) {
                logged.add(-1 - p.index); // a marker only: data blocks take log space like metadata
            }
        }
        boolean waitFirst = commitBlockWaitsForLog();
        int[] pending = {1};
        Runnable one = () -> {
            if (--pending[0] == 0) {
                if (waitFirst) {
                    writeCommitBlock(t, rec);
                } else {
                    finishCommit(t);
                }
            }
        };
        int[] logLeft = {1};
        Runnable logged1 = () -> {
            if (--logLeft[0] == 0) {
                rec[4] = sim.now();
            }
            one.run();
        };
        int tags = 0;
        for (int i = 0; i < logged.size(); i++) {
            if (tags == 0) {
                pending[0]++;
                logLeft[0]++;
                logWrite(t.commitPid, MetadataIo.FLAGS, logged1); // descriptor
            }
            pending[0]++;
            logLeft[0]++;
            logWrite(t.commitPid, MetadataIo.FLAGS, logged1);
            tags = (tags + 1) % tagsPerDescriptor;
        }
        if (--logLeft[0] == 0) {
            rec[4] = sim.now(); // nothing logged (an empty commit)
        }
        records.add(rec);
        if (!waitFirst) {
            pending[0]++;
            t.commitBlockSubmitted = true;
            rec[5] = sim.now();
            rec[2] = logWrite(t.commitPid, commitBlockFlags(), () -> {
                rec[6] = sim.now();
                one.run();
            });
        }
        one.run();
    }

    /** The commit block, alone, waited for. */
    private void writeCommitBlock(Transaction t, long[] rec) {
        t.commitBlockSubmitted = true;
        rec[5] = sim.now();
        rec[2] = logWrite(t.commitPid, commitBlockFlags(), () -> {
            rec[6] = sim.now();
            finishCommit(t);
        });
    }

    /** Writes the next log block; returns its log position. */
    private long logWrite(int pid, int flags, Runnable after) {
        long pos = head++;
        long physical = journalPhysical[1 + (int) (pos % ring)];
        journalBlocksWritten++;
        io.writeBlock(physical, pid, flags, after);
        return pos;
    }

    /**
     * At a power cut: the committed transactions incomplete on the media — the commit block's
     * write completed and is not among the {@code lost} ones while one of the log blocks before
     * it (descriptors and copies) was lost or never completed.
     */
    public final JournalConsistency consistencyAt(LostWrites lost) {
        JournalConsistency c = JournalConsistency.NONE;
        for (long[] rec : records) {
            long commitDone = rec[6];
            if (commitDone < 0 || rec[4] >= 0 && Math.max(commitDone, rec[4]) < lost.earliestAckNs()) {
                continue; // no commit block yet, or every write of this record was on the media before any lost one was acknowledged
            }
            if (commitBlockLost(rec, lost)) {
                continue; // the commit block itself is gone: replay stops before this transaction
            }
            if (logBlockLost(rec, lost)) {
                c = c.plus(rec[0], commitDone);
            }
        }
        return c;
    }

    /**
     * The home blocks of data pages (data=journal) that a replay of the log after this power cut
     * would write: those of each committed transaction still in the log (not yet checkpointed
     * away), oldest first, up to the first whose commit block or a log block is lost (recovery
     * stops there). A home write of such a block lost at the cut loses nothing: the log has it.
     */
    public final java.util.Set<Long> replayableData(LostWrites lost) {
        java.util.Map<Long, long[]> byTidRecord = new java.util.HashMap<>();
        for (long[] rec : records) {
            byTidRecord.put(rec[0], rec);
        }
        java.util.Set<Long> blocks = new java.util.HashSet<>();
        for (Transaction t : checkpointList) {
            long[] rec = byTidRecord.get(t.tid);
            if (rec == null || rec[6] < 0 || commitBlockLost(rec, lost) || logBlockLost(rec, lost)) {
                break;
            }
            for (Page p : t.journaledData) {
                if (p.block >= 0) {
                    blocks.add(p.block);
                }
            }
        }
        return blocks;
    }

    /** Whether the commit block of commit record {@code rec} was lost at the cut. */
    private boolean commitBlockLost(long[] rec, LostWrites lost) {
        return lost.lost(sectorAt(rec[2]), PageIo.BLOCK_SECTORS, rec[5], rec[6]);
    }

    /** Whether a descriptor or block copy of commit record {@code rec} is not on the media (never completed, or lost). */
    private boolean logBlockLost(long[] rec, LostWrites lost) {
        for (long pos = rec[1]; pos < rec[2]; pos++) {
            if (rec[4] < 0 || lost.lost(sectorAt(pos), PageIo.BLOCK_SECTORS, rec[3], rec[4])) {
                return true;
            }
        }
        return false;
    }

    /** The drive sector of log position {@code pos}. */
    private long sectorAt(long pos) {
        return io.sectorOf(journalPhysical[1 + (int) (pos % ring)]);
    }

    /** 4: metadata to the checkpoint list as dirty buffer-cache pages; freed blocks reusable; waiters run. */
    private void finishCommit(Transaction t) {
        t.endPos = head;
        t.state = Transaction.State.COMMITTED;
        t.commitEndNs = sim.now();
        for (long b : t.metadata) {
            if (owner.get(b) != t) {
                continue; // re-journaled by the running transaction, which owns it now
            }
            Page p = cache.find(bdev, b);
            if (p == null) {
                continue;
            }
            p.pinned = permanent.contains(b);
            cache.markDirty(p);
        }
        for (Page p : t.journaledData) {
            p.pinned = false;
            if (p.cached() && !p.dirty()) {
                cache.markDirty(p);
            }
        }
        checkpointList.add(t);
        freedReleased.accept(t.freed);
        committedTid = t.tid;
        committing = null;
        byTid.remove(t.tid);
        commits++;
        long took = sim.now() - t.commitStartNs;
        commitNsTotal += took;
        commitNsMax = Math.max(commitNsMax, took);
        commitLog.add(new long[] {t.commitStartNs, sim.now(), t.metadata.size(), t.ordered.size(), t.endPos - t.startPos});
        loggedBlocks.add(List.copyOf(t.metadata));
        List<Runnable> w = new ArrayList<>(t.commitWaiters);
        w.addAll(waitingForCommitEnd);
        waitingForCommitEnd.clear();
        if (!ended.isEmpty() && ended.peekFirst().commitRequested) {
            commit(ended.pollFirst());
        } else if (ended.isEmpty() && running != null && running.commitRequested) {
            commit(running);
        }
        committed(t);
        for (Runnable r : w) {
            r.run();
        }
    }

    /** A commit ended (after its bookkeeping, before its waiters run). */
    protected void committed(Transaction t) {
    }

    // ------------------------------------------------------------------ log space and checkpoint

    /** Log blocks neither holding a transaction still needed nor written by one in progress. */
    protected final long freeLogBlocks() {
        cleanupCheckpoints();
        return ring - (head - tail);
    }

    /** Committed transactions still in the log (something a checkpoint or flush can free). */
    protected final boolean hasCommittedLists() {
        return !checkpointList.isEmpty();
    }

    protected final int ringBlocks() {
        return ring;
    }

    /** __journal_clean_checkpoint_list: transactions whose buffers are all home (or re-logged) leave; the tail moves. */
    private boolean cleanupCheckpoints() {
        boolean moved = false;
        while (cleanTransactionsLeaveByThemselves() && !checkpointList.isEmpty() && !needsCheckpoint(checkpointList.peekFirst())) {
            checkpointList.pollFirst();
            moved = true;
        }
        long newTail = checkpointList.isEmpty() ? (committing != null ? committing.startPos : head) : checkpointList.peekFirst().startPos;
        if (committing != null && checkpointList.isEmpty()) {
            newTail = Math.min(newTail, head);
        }
        if (newTail > tail) {
            tail = newTail;
        }
        return moved;
    }

    private boolean needsCheckpoint(Transaction t) {
        for (long b : t.metadata) {
            if (owner.get(b) != t) {
                continue;
            }
            Page p = cache.find(bdev, b);
            if (p != null && (p.dirty() || p.underWriteback())) {
                return true;
            }
        }
        return false;
    }

    /**
     * log_do_checkpoint / flush_journal_list: the oldest committed transaction's buffers still
     * dirty at home are written (the caller is blocked until they complete), the tail advances
     * and the journal's super (header) block is rewritten synchronously.
     */
    protected final void checkpoint(int pid, Runnable then) {
        checkpoints++;
        cleanupCheckpoints();
        Transaction t = checkpointList.peekFirst();
        if (t == null) {
            if (committing != null) {
                waitingForCommitEnd.add(then);
            } else {
                // nothing to checkpoint and nothing committing: the log is as empty as it gets
                tail = head;
                then.run();
            }
            return;
        }
        writeHomeAndWait(List.of(t), pid, () -> {
            if (!cleanTransactionsLeaveByThemselves()) {
                checkpointList.remove(t);
            }
            cleanupCheckpoints();
            writeJournalSuper(pid, then);
        });
    }

    /**
     * flush_old_journal_lists: every committed transaction begun before {@code olderThanNs}
     * leaves the journal — its blocks still dirty are written and waited for — and
     * the header block is rewritten once; nothing happens when there is none.
     */
    protected final void flushStartedBefore(long olderThanNs, int pid, Runnable then) {
        List<Transaction> old = new ArrayList<>();
        for (Transaction t : checkpointList) {
            if (t.startNs >= olderThanNs) {
                break;
            }
            old.add(t);
        }
        if (old.isEmpty()) {
            then.run();
            return;
        }
        writeHomeAndWait(old, pid, () -> {
            for (Transaction t : old) {
                checkpointList.remove(t);
            }
            cleanupCheckpoints();
            writeJournalSuper(pid, then);
        });
    }

    private void writeHomeAndWait(List<Transaction> ts, int pid, Runnable then) {
        int[] pending = {1};
        Runnable one = () -> {
            if (--pending[0] == 0) {
                then.run();
            }
        };
        for (Transaction t : ts) {
            for (long b : t.metadata) {
                if (owner.get(b) != t) {
                    continue;
                }
                Page p = cache.find(bdev, b);
                if (p == null) {
                    continue;
                }
                if (p.dirty() && !p.underWriteback()) {
                    cache.writePage(p, pid, MetadataIo.FLAGS);
                }
                if (p.underWriteback()) {
                    pending[0]++;
                    p.waitIo(one);
                }
            }
        }
        one.run();
    }

    /** journal_update_superblock / update_journal_header_block: the new tail, written synchronously. */
    private void writeJournalSuper(int pid, Runnable then) {
        io.writeBlock(journalPhysical[0], pid, MetadataIo.FLAGS, then);
    }

    // ------------------------------------------------------------------ statistics

    public final long commits() {
        return commits;
    }

    public final long journalBlocksWritten() {
        return journalBlocksWritten;
    }

    public final long commitNsTotal() {
        return commitNsTotal;
    }

    public final long commitNsMax() {
        return commitNsMax;
    }

    public final long checkpoints() {
        return checkpoints;
    }

    /** Per commit: start ns, end ns, metadata blocks, ordered pages, journal blocks. */
    public final List<long[]> commitLog() {
        return commitLog;
    }

    /** Per commit, the blocks it logged, in join order. */
    public final List<List<Long>> loggedBlocks() {
        return loggedBlocks;
    }

    public final boolean idle() {
        return running == null && committing == null && ended.isEmpty();
    }

    /** Blocks logged or waiting to be logged by transactions not yet committed (for space checks). */
    protected final long uncommittedBuffers() {
        long n = running == null ? 0 : running.buffers() + 2;
        for (Transaction t : ended) {
            n += t.buffers() + 2;
        }
        if (committing != null) {
            n += committing.buffers() + 2;
        }
        return n;
    }
}
