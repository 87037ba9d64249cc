package io.iopath.fs.pagecache;

import io.iopath.block.BioSink;
import io.iopath.request.Op;
import io.iopath.sim.Simulator;
import io.iopath.sim.Timer;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns dirty pages into write IO, as 2.6.18 does (spec §2.2–2.5): writers throttled in
 * {@code balance_dirty_pages}, pdflush's {@code background_writeout} above the background
 * threshold, the periodic {@code wb_kupdate} pass for inodes dirty longer than
 * {@code dirty_expire_centisecs}, all through {@code writeback_inodes} (oldest {@code dirtied_when}
 * first, each inode's pages in ascending order from where the last pass stopped). One write-back
 * stream per queue ({@code writeback_acquire}): background and kupdate never run together.
 */
public final class Writeback {
    /** MAX_WRITEBACK_PAGES. */
    public static final int MAX_WRITEBACK_PAGES = 1024;
    /** congestion_wait(WRITE, HZ/10). */
    static final long CONGESTION_WAIT_NS = 100_000_000L;
    /** The kupdate timer is re-armed no sooner than this after a pass ends. */
    private static final long KUPDATE_MIN_REARM_NS = 1_000_000_000L;

    private final Simulator sim;
    private final PageCache cache;
    private final BioSink sink;
    private final VmSysctls vm;
    private final DirtyLimits limits;
    private final int pdflushPid;
    private final Timer kupdateTimer;
    private final List<Runnable> congestionWaiters = new ArrayList<>();
    /** writeback_acquire(bdi): a pdflush thread owns the queue. */
    private boolean pdflushBusy;
    /** Unmounted: a pass still in progress (a ReiserFS commit in sync_supers) does not re-arm the timer. */
    private boolean stopped;
    /** dirty_exceeded: balance_dirty_pages is being called every 8 pages instead of every ratelimit. */
    private boolean dirtyExceeded;
    private long ratelimitCounter;
    private long kupdateStartNs;
    private long kupdatePasses;
    private long backgroundRuns;
    private long throttledCalls;
    private long throttledNs;
    private long firstThrottleAtPages = -1;

    /** Hooks the file system adds to a kupdate pass ({@code sync_supers}) and to sync(). */
    public interface SuperOps {
        /**
         * ->write_super of a dirty super block at each kupdate pass, as pdflush, which goes on
         * with the pass's file write-back when {@code then} runs (ReiserFS commits here);
         * nothing by default.
         */
        default void writeSuper(int pdflushPid, Runnable then) {
            then.run();
        }

        /**
         * __sync_single_inode under WB_SYNC_NONE (pdflush, or a writer in balance_dirty_pages):
         * the file of {@code m} had its pages written, and its inode's I_DIRTY bits were cleared
         * with them; ->write_inode ran without waiting. Nothing by default.
         */
        default void inodeWritten(Mapping m) {
        }
    }

    private SuperOps superOps = new SuperOps() { };

    public Writeback(Simulator sim, PageCache cache, BioSink sink, VmSysctls vm, int pdflushPid) {
        this.sim = sim;
        this.cache = cache;
        this.sink = sink;
        this.vm = vm;
        this.limits = new DirtyLimits(vm);
        this.pdflushPid = pdflushPid;
        this.kupdateTimer = sim.timer("pdflush.kupdate", this::kupdate);
        cache.onWriteDone(this::writeCompleted);
    }

    public void setSuperOps(SuperOps ops) {
        this.superOps = ops;
    }

    /** Arms the periodic kupdate timer (at mount). */
    public void start() {
        if (vm.dirtyWritebackCentisecs() > 0) {
            kupdateTimer.scheduleAfter(vm.dirtyWritebackNs());
        }
    }

    /** Stops the timers so that a finished run ends (unmount). */
    public void stop() {
        stopped = true;
        kupdateTimer.cancel();
    }

    public DirtyLimits limits() {
        return limits;
    }

    // ------------------------------------------------------------------ balance_dirty_pages

    /**
     * balance_dirty_pages_ratelimited_nr: {@code pages} were newly dirtied by {@code pid}'s
     * write(); every ratelimit pages (8 while the limit is exceeded) the writer balances, and
     * {@code then} runs when it may go on.
     */
    public void pagesDirtied(int pid, int pages, Runnable then) {
        ratelimitCounter += pages;
        long threshold = dirtyExceeded ? 8 : limits.ratelimit;
        if (ratelimitCounter < threshold) {
            then.run();
            return;
        }
        ratelimitCounter = 0;
        new Balance(pid, then).loop();
    }

    private final class Balance {
        final int pid;
        final Runnable then;
        final long startNs = sim.now();
        long written;
        boolean blocked;

        Balance(int pid, Runnable then) {
            this.pid = pid;
            this.then = then;
        }

        void loop() {
            if (overLimit()) {
                if (!blocked) {
                    blocked = true;
                    throttledCalls++;
                    if (firstThrottleAtPages < 0) {
                        firstThrottleAtPages = cache.nrDirty() + cache.nrWriteback();
                    }
                }
                dirtyExceeded = true;
                if (cache.nrDirty() > 0) {
                    // the writer itself writes, blocking (not nonblocking): WB_SYNC_NONE, range_cyclic
                    Wbc wbc = new Wbc(limits.writeChunk - (int) Math.min(written, limits.writeChunk), false, false, -1);
                    written += writebackInodes(wbc, pid);
                    if (!overLimit() || written >= limits.writeChunk) {
                        finish();
                        return;
                    }
                }
                congestionWait(this::loop);
                return;
            }
            finish();
        }

        void finish() {
            if (!overLimit()) {
                dirtyExceeded = false;
            }
            if (!pdflushBusy && cache.nrDirty() > limits.background) {
                startBackground();
            }
            if (blocked) {
                throttledNs += sim.now() - startNs;
            }
            then.run();
        }
    }

    private boolean overLimit() {
        return cache.nrDirty() + cache.nrWriteback() > limits.dirty;
    }

    // ------------------------------------------------------------------ congestion_wait

    /** Sleeps until a write completes on an uncongested queue, or 100 ms. */
    void congestionWait(Runnable then) {
        Runnable[] once = new Runnable[1];
        Timer t = sim.after(CONGESTION_WAIT_NS, () -> {
            if (congestionWaiters.remove(once[0])) {
                then.run();
            }
        });
        once[0] = () -> {
            t.cancel();
            then.run();
        };
        congestionWaiters.add(once[0]);
    }

    /** A page-cache write finished: wake the congestion waiters if the queue has room. */
    public void writeCompleted() {
        if (congestionWaiters.isEmpty() || sink.congested(Op.WRITE)) {
            return;
        }
        List<Runnable> w = new ArrayList<>(congestionWaiters);
        congestionWaiters.clear();
        for (Runnable r : w) {
            sim.after(0, r); // after the completion path has finished
        }
    }

    // ------------------------------------------------------------------ pdflush: background

    /** pdflush_operation(background_writeout): unless a pdflush already owns the queue. */
    public void startBackground() {
        if (pdflushBusy) {
            return;
        }
        pdflushBusy = true;
        backgroundRuns++;
        backgroundPass();
    }

    private void backgroundPass() {
        if (cache.nrDirty() < limits.background) {
            pdflushBusy = false;
            return;
        }
        Wbc wbc = new Wbc(MAX_WRITEBACK_PAGES, true, false, -1);
        int written = writebackInodes(wbc, pdflushPid);
        if (written < MAX_WRITEBACK_PAGES || wbc.congested) {
            boolean congested = wbc.congested;
            congestionWait(() -> {
                if (!congested) {
                    pdflushBusy = false; // nothing more to write right now
                } else {
                    backgroundPass();
                }
            });
            return;
        }
        sim.after(0, this::backgroundPass);
    }

    // ------------------------------------------------------------------ pdflush: kupdate

    private long kupdateLeft;
    private long kupdateOldest;

    private void kupdate() {
        if (pdflushBusy) {
            kupdateTimer.scheduleAfter(KUPDATE_MIN_REARM_NS); // no idle thread for the queue: retry in 1 s
            return;
        }
        pdflushBusy = true;
        kupdatePasses++;
        // wb_kupdate: sync_supers first, then the pass's start, age limit and page count
        superOps.writeSuper(pdflushPid, () -> {
            kupdateStartNs = sim.now();
            kupdateOldest = sim.now() - vm.dirtyExpireNs();
            kupdateLeft = cache.nrDirty() + cache.dirtyInodes().size();
            kupdatePass();
        });
    }

    private void kupdatePass() {
        Wbc wbc = new Wbc(MAX_WRITEBACK_PAGES, true, true, kupdateOldest);
        int written = writebackInodes(wbc, pdflushPid);
        kupdateLeft -= written;
        if (kupdateLeft > 0 && written >= MAX_WRITEBACK_PAGES) {
            sim.after(0, this::kupdatePass);
            return;
        }
        if (kupdateLeft > 0 && wbc.congested) {
            congestionWait(this::kupdatePass);
            return;
        }
        pdflushBusy = false;
        long next = Math.max(kupdateStartNs + vm.dirtyWritebackNs(), sim.now() + KUPDATE_MIN_REARM_NS);
        if (vm.dirtyWritebackCentisecs() > 0 && !stopped) {
            kupdateTimer.scheduleAt(next);
        }
    }

    // ------------------------------------------------------------------ writeback_inodes

    /** struct writeback_control. */
    static final class Wbc {
        int nrToWrite;
        final boolean nonblocking;
        final boolean forKupdate;
        /** older_than_this (kupdate only). */
        final long olderThan;
        boolean congested;

        Wbc(int nrToWrite, boolean nonblocking, boolean forKupdate, long olderThan) {
            this.nrToWrite = nrToWrite;
            this.nonblocking = nonblocking;
            this.forKupdate = forKupdate;
            this.olderThan = olderThan;
        }
    }

    /** sync_sb_inodes over the dirty inode list; returns the pages written. */
    int writebackInodes(Wbc wbc, int pid) {
        long passStart = sim.now();
        int written = 0;
        for (Mapping m : cache.dirtyInodes()) {
            if (wbc.nrToWrite <= 0) {
                break;
            }
            if (wbc.nonblocking && sink.congested(Op.WRITE)) {
                wbc.congested = true;
                break;
            }
            if (m.dirtiedWhen > passStart) {
                break; // livelock guard
            }
            if (wbc.forKupdate && m.dirtiedWhen > wbc.olderThan) {
                break; // kupdate: too young
            }
            written += writepages(m, wbc, pid, m.bdev ? MetadataIo.FLAGS : 0);
            if (!m.bdev) {
                superOps.inodeWritten(m);
            }
            if (m.dirtyPages > 0 && !wbc.forKupdate) {
                cache.requeueYoung(m);
            }
        }
        return written;
    }

    /**
     * generic_writepages with range_cyclic: dirty pages in index order from writeback_index,
     * wrapping. Each of the two passes walks the dirty tag over the pages cached when it began.
     */
    private int writepages(Mapping m, Wbc wbc, int pid, int flags) {
        int written = 0;
        long start = m.writebackIndex;
        for (int pass = 0; pass < 2 && wbc.nrToWrite > 0; pass++) {
            long end = pass == 0 ? Long.MAX_VALUE : start;
            long cachedBy = m.insertions();
            for (Page p = m.nextDirty(pass == 0 ? start : 0, cachedBy); p != null && p.index < end; p = m.nextDirty(p.index + 1, cachedBy)) {
                if (wbc.nrToWrite <= 0) {
                    break;
                }
                if (p.writeback) {
                    continue;
                }
                if (wbc.nonblocking && sink.congested(Op.WRITE)) {
                    wbc.congested = true;
                    return written;
                }
                cache.writePage(p, pid, flags);
                wbc.nrToWrite--;
                written++;
                m.writebackIndex = p.index + 1;
            }
            if (pass == 0 && wbc.nrToWrite > 0) {
                m.writebackIndex = 0;
            }
        }
        return written;
    }

    // ------------------------------------------------------------------ fsync and sync

    /**
     * filemap_fdatawrite + filemap_fdatawait (WB_SYNC_ALL): writes every dirty page of {@code m}
     * as {@code pid} and runs {@code then} when no page of it is under write-back.
     */
    public void writeAndWait(Mapping m, int pid, int flags, Runnable then) {
        writeDirty(m, pid, flags);
        waitWriteback(m, then);
    }

    /**
     * Before an O_DIRECT read or write of a file with cached pages (2.6.18 mm/filemap.c
     * {@code generic_file_direct_IO}; XFS's {@code xfs_flushinval_pages}): its dirty pages are
     * written (a delayed extent allocated on the way) and waited for, then its clean pages are
     * dropped ({@code invalidate_inode_pages2}), so the direct IO finds every block mapped and a
     * later buffered read goes to the device. With nothing cached, {@code then} runs at once.
     */
    public void flushForDirectIo(Mapping m, int pid, Runnable then) {
        if (m.cachedPages() == 0) {
            then.run();
            return;
        }
        writeAndWait(m, pid, 0, () -> {
            cache.invalidateClean(m);
            then.run();
        });
    }

    /**
     * filemap_fdatawrite (WB_SYNC_ALL): starts the write of every dirty page of {@code m} not
     * already under write-back, in index order, as {@code pid}; a page cached meanwhile (by a
     * waiter a finished write woke) waits for the next call.
     */
    public void writeDirty(Mapping m, int pid, int flags) {
        long cachedBy = m.insertions();
        for (Page p = m.nextDirty(0, cachedBy); p != null; p = m.nextDirty(p.index + 1, cachedBy)) {
            if (!p.writeback) {
                cache.writePage(p, pid, flags);
            }
        }
    }

    /** filemap_fdatawait: {@code then} runs when no page of {@code m} is under write-back. */
    public void waitWriteback(Mapping m, Runnable then) {
        List<Page> busy = new ArrayList<>();
        for (Page p = m.nextUnderWriteback(0); p != null; p = m.nextUnderWriteback(p.index + 1)) {
            busy.add(p);
        }
        if (busy.isEmpty()) {
            then.run();
            return;
        }
        int[] left = {busy.size()};
        for (Page p : busy) {
            p.waitIo(() -> {
                if (--left[0] == 0) {
                    then.run();
                }
            });
        }
    }

    /** {@code then} runs when no page of any of {@code ms} is under write-back (sync's wait over every inode). */
    public void waitWriteback(java.util.Collection<Mapping> ms, Runnable then) {
        int[] left = {1};
        Runnable one = () -> {
            if (--left[0] == 0) {
                then.run();
            }
        };
        for (Mapping m : ms) {
            for (Page p = m.nextUnderWriteback(0); p != null; p = m.nextUnderWriteback(p.index + 1)) {
                left[0]++;
                p.waitIo(one);
            }
        }
        one.run();
    }

    /** The first half of sync(): write-back of every dirty inode with no age limit (WB_SYNC_ALL). */
    public void writeAll(int pid) {
        for (Mapping m : cache.dirtyInodes()) {
            writeDirty(m, pid, 0);
        }
    }

    public long kupdatePasses() {
        return kupdatePasses;
    }

    public long backgroundRuns() {
        return backgroundRuns;
    }

    /** balance_dirty_pages calls that found the limit exceeded (the writer blocked). */
    public long throttledCalls() {
        return throttledCalls;
    }

    public long throttledNs() {
        return throttledNs;
    }

    /** NR_FILE_DIRTY + NR_WRITEBACK when a writer first blocked (-1: never). */
    public long firstThrottleAtPages() {
        return firstThrottleAtPages;
    }

    public boolean dirtyExceeded() {
        return dirtyExceeded;
    }
}
