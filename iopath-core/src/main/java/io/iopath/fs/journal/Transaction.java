package io.iopath.fs.journal;

import io.iopath.fs.pagecache.Page;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * One journal transaction (jbd's {@code transaction_t}, ReiserFS's running transaction and then
 * its {@code reiserfs_journal_list}): its metadata buffers in join order, its ordered data, the
 * blocks it freed, who waits for its commit.
 */
public final class Transaction {
    /** RUNNING takes handles; ENDED is closed to handles but not yet committing (ReiserFS only). */
    enum State { RUNNING, ENDED, COMMITTING, COMMITTED }

    final long tid;
    final long startNs;
    State state = State.RUNNING;
    final LinkedHashSet<Long> metadata = new LinkedHashSet<>();
    /** Data pages to write before the commit record (data=ordered), in attach order. */
    final LinkedHashSet<Page> ordered = new LinkedHashSet<>();
    /** Data blocks journaled as metadata (data=journal): their pages become dirty at home after the commit. */
    final LinkedHashSet<Page> journaledData = new LinkedHashSet<>();
    final List<Long> freed = new ArrayList<>();
    final List<Runnable> commitWaiters = new ArrayList<>();
    boolean commitRequested;
    /** The process the commit's IO is issued as (the journal thread unless a caller commits itself). */
    int commitPid;
    /** Journal positions [startPos, endPos) of its commit record. */
    long startPos;
    long endPos;
    long commitStartNs;
    long commitEndNs;
    /** Its commit block has been submitted: a barrier it carries is ahead of no IO that completes after now. */
    boolean commitBlockSubmitted;

    Transaction(long tid, long startNs, int commitPid) {
        this.tid = tid;
        this.startNs = startNs;
        this.commitPid = commitPid;
    }

    public long tid() {
        return tid;
    }

    public long startNs() {
        return startNs;
    }

    /** Buffers the commit will log (metadata and journaled data). */
    public int buffers() {
        return metadata.size() + journaledData.size();
    }

    public boolean running() {
        return state == State.RUNNING;
    }
}
