package io.iopath.fs.ext3;

import io.iopath.fs.MountOptions;
import io.iopath.fs.pagecache.Mapping;
import io.iopath.fs.pagecache.Page;
import io.iopath.fs.pagecache.PageCache;
import io.iopath.fs.pagecache.PageIo;
import io.iopath.request.Flags;
import io.iopath.sim.Simulator;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The journal (jbd, 2.6.18 {@code fs/jbd/}; spec §3.8–3.10): one running and at most one
 * committing transaction; kjournald commits at the commit interval, on request (fsync, sync)
 * and when the running transaction reaches a quarter of the journal; the commit sequence of
 * {@code journal_commit_transaction} (ordered data written and waited for, descriptor + metadata
 * copies written and waited for, then the commit block — a barrier write only with barrier=1);
 * after the commit the metadata is ordinary dirty buffer-cache pages of the block device, written
 * home by pdflush or by a checkpoint when log space runs short.
 */
final class Jbd {
    /** Tags per descriptor block (spec §3.9: about 506 for 4 KiB blocks). */
    static final int TAGS_PER_DESCRIPTOR = 506;
    /** JBD_DEFAULT_MAX_COMMIT_AGE and friends come in through the mount options. */
    private final Simulator sim;
    private final PageCache cache;
    private final PageIo io;
    private final Mapping bdev;
    private final BlockAllocator allocator;
    private final long[] journalPhysical;
    private final MountOptions options;
    private final int kjournaldPid;
    private final Set<Long> permanent;
    private final int ring;
    private final int maxTransactionBuffers;

    private Transaction running;
    private Transaction committing;
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

    Jbd(Simulator sim, PageCache cache, PageIo io, Mapping bdev, BlockAllocator allocator, long[] journalPhysical,
        MountOptions options, int kjournaldPid, Set<Long> permanent) {
        this.sim = sim;
        this.cache = cache;
        this.io = io;
        this.bdev = bdev;
        this.allocator = allocator;
        this.journalPhysical = journalPhysical;
        this.options = options;
        this.kjournaldPid = kjournaldPid;
        this.permanent = permanent;
        this.ring = journalPhysical.length - 1; // block 0 of the journal is its super block
        this.maxTransactionBuffers = journalPhysical.length / 4;
    }

    // ------------------------------------------------------------------ handles

    /**
     * journal_start: a handle of {@code credits} buffers may begin once the running transaction
     * has room (else it is committed and the handle waits for the new one) and the log has space
     * (else the caller checkpoints first, blocked).
     */
    void startHandle(int credits, int pid, Runnable then) {
        Transaction t = running;
        if (t != null && t.buffers() + credits > maxTransactionBuffers) {
            requestCommit(t);
            if (running == t) {
                waitingForCommitEnd.add(() -> startHandle(credits, pid, then));
                return;
            }
        }
        if (spaceLeft() < maxTransactionBuffers) {
            checkpoint(pid, () -> startHandle(credits, pid, then));
            return;
        }
        then.run();
    }

    private Transaction runningOrNew() {
        if (running == null) {
            Transaction t = new Transaction(nextTid++, sim.now());
            running = t;
            byTid.put(t.tid, t);
            sim.after(options.commitMs() * 1_000_000L, () -> {
                if (running == t) {
                    requestCommit(t);
                }
            });
        }
        return running;
    }

    long runningTid() {
        return runningOrNew().tid;
    }

    /** journal_get_write_access + journal_dirty_metadata: the block joins the running transaction. */
    void journalMeta(long block) {
        Transaction t = runningOrNew();
        if (!t.metadata.add(block)) {
            return;
        }
        Page p = cache.find(bdev, block);
        if (p == null) {
            p = cache.add(bdev, block, true, true);
            p.block = block;
        }
        if (p.dirty() && !p.underWriteback()) {
            cache.cancelDirty(p); // committed but not yet home: the new transaction takes the buffer back
        }
        p.pinned = true;
        owner.put(block, t);
    }

    /** journal_dirty_data: an ordered data page is written before the running transaction's commit record. */
    void addOrdered(Page p) {
        runningOrNew().ordered.add(p);
    }

    /** data=journal: the data block goes through the journal like metadata. */
    void journalData(Page p) {
        Transaction t = runningOrNew();
        t.journaledData.add(p);
        p.pinned = true;
    }

    /** Blocks freed by the running transaction: allocatable again once it commits. */
    void freed(long block) {
        runningOrNew().freed.add(block);
    }

    /** A page leaves the cache (unlink): the running transaction forgets it (its data is never written). */
    void forget(Page p) {
        if (running != null) {
            running.ordered.remove(p);
            running.journaledData.remove(p);
        }
    }

    boolean committed(long tid) {
        return tid <= committedTid;
    }

    /** log_start_commit + log_wait_commit: {@code then} runs when transaction {@code tid} has committed. */
    void waitCommit(long tid, Runnable then) {
        if (tid < 0 || committed(tid)) {
            then.run();
            return;
        }
        Transaction t = byTid.get(tid);
        t.commitWaiters.add(then);
        requestCommit(t);
    }

    /** Commits whatever is running and waits (sync, unmount). */
    void forceCommit(Runnable then) {
        if (running != null) {
            waitCommit(running.tid, then);
        } else if (committing != null) {
            waitCommit(committing.tid, then);
        } else {
            then.run();
        }
    }

    private void requestCommit(Transaction t) {
        if (t.state != Transaction.State.RUNNING) {
            return;
        }
        t.commitRequested = true;
        if (committing == null && running == t) {
            commit(t);
        }
    }

    // ------------------------------------------------------------------ the commit

    private void commit(Transaction t) {
        t.state = Transaction.State.COMMITTING;
        t.commitStartNs = sim.now();
        committing = t;
        running = null;
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
                io.writeBlock(p.block, kjournaldPid, 0, one);
            } else if (p.underWriteback()) {
                pending[0]++;
                p.waitIo(one);
            }
        }
        one.run();
    }

    /** 3–4: descriptor blocks and metadata copies into consecutive journal blocks; wait for all. */
    private void writeLog(Transaction t) {
        t.startPos = head;
        List<Long> logged = new ArrayList<>(t.metadata);
        for (Page p : t.journaledData) {
            if (p.cached()) {
                logged.add(-1 - p.index); // a marker only: data blocks take log space like metadata
            }
        }
        int[] pending = {1};
        Runnable one = () -> {
            if (--pending[0] == 0) {
                writeCommitBlock(t);
            }
        };
        int tags = 0;
        for (int i = 0; i < logged.size(); i++) {
            if (tags == 0) {
                pending[0]++;
                logWrite(Flags.META, one); // descriptor
            }
            pending[0]++;
            logWrite(Flags.META, one);
            tags = (tags + 1) % TAGS_PER_DESCRIPTOR;
        }
        one.run();
    }

    /** 5: the commit block, alone, waited for; a barrier write only with barrier=1 (2.6 default 0). */
    private void writeCommitBlock(Transaction t) {
        int flags = Flags.META | (options.barrier() ? Flags.PREFLUSH | Flags.FUA : 0);
        logWrite(flags, () -> finishCommit(t));
    }

    private void logWrite(int flags, Runnable after) {
        long pos = head++;
        long physical = journalPhysical[1 + (int) (pos % ring)];
        journalBlocksWritten++;
        io.writeBlock(physical, kjournaldPid, flags, after);
    }

    /** 6: metadata to the checkpoint list as dirty buffer-cache pages; freed blocks reusable; waiters run. */
    private void finishCommit(Transaction t) {
        t.endPos = head;
        t.state = Transaction.State.COMMITTED;
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
        allocator.commitFreed(t.freed);
        committedTid = t.tid;
        committing = null;
        byTid.remove(t.tid);
        commits++;
        long took = sim.now() - t.commitStartNs;
        commitNsTotal += took;
        commitNsMax = Math.max(commitNsMax, took);
        commitLog.add(new long[] {t.commitStartNs, sim.now(), t.metadata.size(), t.ordered.size(), t.endPos - t.startPos});
        List<Runnable> w = new ArrayList<>(t.commitWaiters);
        w.addAll(waitingForCommitEnd);
        waitingForCommitEnd.clear();
        if (running != null && running.commitRequested) {
            commit(running);
        }
        for (Runnable r : w) {
            r.run();
        }
    }

    // ------------------------------------------------------------------ log space and checkpoint

    /** __log_space_left: free journal blocks less 32, times 7/8. */
    long spaceLeft() {
        cleanupCheckpoints();
        long free = ring - (head - tail);
        return Math.max(0, (free - 32) * 7 / 8);
    }

    /** __journal_clean_checkpoint_list: transactions whose buffers are all home (or re-logged) leave; the tail moves. */
    private boolean cleanupCheckpoints() {
        boolean moved = false;
        while (!checkpointList.isEmpty() && !needsCheckpoint(checkpointList.peekFirst())) {
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
     * log_do_checkpoint: the oldest transaction's buffers still dirty are written (the caller is
     * blocked until they complete), the tail advances and the journal super block is rewritten.
     */
    private void checkpoint(int pid, Runnable then) {
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
        int[] pending = {1};
        Runnable one = () -> {
            if (--pending[0] == 0) {
                cleanupCheckpoints();
                // journal_update_superblock: the new tail, written synchronously
                io.writeBlock(journalPhysical[0], pid, Flags.META, then);
            }
        };
        for (long b : t.metadata) {
            if (owner.get(b) != t) {
                continue;
            }
            Page p = cache.find(bdev, b);
            if (p == null) {
                continue;
            }
            if (p.dirty() && !p.underWriteback()) {
                cache.writePage(p, pid, Flags.META);
            }
            if (p.underWriteback()) {
                pending[0]++;
                p.waitIo(one);
            }
        }
        one.run();
    }

    long commits() {
        return commits;
    }

    long journalBlocksWritten() {
        return journalBlocksWritten;
    }

    long commitNsTotal() {
        return commitNsTotal;
    }

    long commitNsMax() {
        return commitNsMax;
    }

    long checkpoints() {
        return checkpoints;
    }

    /** Per commit: start ns, end ns, metadata blocks, ordered pages, journal blocks. */
    List<long[]> commitLog() {
        return commitLog;
    }

    boolean idle() {
        return running == null && committing == null;
    }
}
