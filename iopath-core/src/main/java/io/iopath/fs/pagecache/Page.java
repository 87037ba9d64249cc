package io.iopath.fs.pagecache;

import java.util.ArrayList;
import java.util.List;

/**
 * One cached 4 KiB page of a file, or of the block device for metadata (one buffer per page: the
 * file systems here use 4 KiB blocks). Its flags are the kernel's page flags: {@code uptodate}
 * false is "locked for read" (IO in flight), {@code dirty} is PG_dirty, {@code writeback} is
 * PG_writeback; a page may be dirty again while still under write-back, as in Linux.
 */
public final class Page {
    public final Mapping mapping;
    public final long index;
    /** The file-system block holding the page (partition-relative), or -1 while unmapped. */
    public long block = -1;
    boolean uptodate;
    boolean dirty;
    boolean writeback;
    /**
     * ext3 data=ordered: the buffer is dirty and the running transaction will write it at commit
     * (jbd's ordered-data list); the page stays PG_dirty after that write until pdflush visits it
     * and finds clean buffers (spec §3.11).
     */
    public boolean bufferDirty;
    /** A journaled metadata buffer still in a transaction: jbd refuses to release it. */
    public boolean pinned;
    /**
     * The journal transaction (tid) that last took this metadata buffer into its log (0: none),
     * so that a block logged again by the same transaction is recognised without a set lookup.
     */
    public long loggedTid;
    boolean referenced;
    boolean active;
    boolean removed;
    /** The page's number among those its mapping has held (1 for the first): see {@link Mapping#insertions()}. */
    long insertion;
    /** The simulated time the page was last marked dirty (kept for the invariants and reports). */
    long dirtiedNs;
    Page prev;
    Page next;
    private List<Runnable> waiters;

    Page(Mapping mapping, long index) {
        this.mapping = mapping;
        this.index = index;
    }

    public boolean uptodate() {
        return uptodate;
    }

    public boolean dirty() {
        return dirty;
    }

    public boolean underWriteback() {
        return writeback;
    }

    public boolean active() {
        return active;
    }

    public boolean referenced() {
        return referenced;
    }

    /** Whether the page is still in its mapping (false after truncate / unlink / eviction). */
    public boolean cached() {
        return !removed;
    }

    /** wait_on_page_locked / wait_on_page_writeback: {@code then} runs when the IO in flight ends. */
    public void waitIo(Runnable then) {
        if (waiters == null) {
            waiters = new ArrayList<>(2);
        }
        waiters.add(then);
    }

    boolean hasIo() {
        return !uptodate || writeback;
    }

    void wakeWaiters() {
        if (waiters == null || waiters.isEmpty()) {
            return;
        }
        List<Runnable> w = waiters;
        waiters = null;
        for (Runnable r : w) {
            r.run();
        }
    }

    @Override
    public String toString() {
        return mapping.name + "[" + index + "]@" + block + (dirty ? " D" : "") + (writeback ? " WB" : "") + (uptodate ? "" : " R");
    }
}
