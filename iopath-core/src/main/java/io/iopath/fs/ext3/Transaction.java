package io.iopath.fs.ext3;

import io.iopath.fs.pagecache.Page;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/** One jbd transaction (spec §3.8): its metadata buffers in join order, its ordered data, the blocks it freed. */
final class Transaction {
    enum State { RUNNING, COMMITTING, COMMITTED }

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
    /** Journal positions [startPos, endPos) of its commit record. */
    long startPos;
    long endPos;
    long commitStartNs;

    Transaction(long tid, long startNs) {
        this.tid = tid;
        this.startNs = startNs;
    }

    int buffers() {
        return metadata.size() + journaledData.size();
    }
}
