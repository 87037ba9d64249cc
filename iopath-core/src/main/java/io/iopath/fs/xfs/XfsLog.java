package io.iopath.fs.xfs;

import io.iopath.fs.journal.LostWrites;
import io.iopath.fs.pagecache.PageIo;
import io.iopath.fs.pagecache.MetadataIo;
import io.iopath.request.Flags;
import io.iopath.result.JournalConsistency;
import io.iopath.sim.Simulator;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The XFS log ({@code fs/xfs/xfs_log.c}, spec §5.7): transactions commit asynchronously by
 * copying their log items into the current in-core log buffer (iclog, {@code logbsize} bytes with
 * a 512-byte header); an iclog is written when full or when the log is forced (fsync, the 30-s
 * xfssyncd, xfsbufd finding pinned buffers, sync), as one sequential write in the log area rounded
 * to 512 bytes and split in two at the physical end of the log. With barriers (the default) every
 * iclog write is a barrier write, except the first half of a split ({@code xlog_sync}). Up to
 * {@code logbufs} iclogs are in flight; a commit that finds none free waits. Completions are
 * processed in LSN order ({@code xlog_state_do_callback}): the buffers of each record are unpinned
 * into the AIL, busy extents released. When less than a quarter of the log (at least 256 blocks)
 * is free, the AIL is pushed ({@code xlog_grant_push_ail}); a commit that finds less free space
 * than two iclogs waits for the tail to move.
 *
 * <p>LSNs here are byte positions in an endless log; the physical position is LSN modulo the log size.
 */
final class XfsLog {
    static final int HEADER = 512;

    /** One transaction's log items. */
    static final class Tx {
        final List<XfsBuffers.Buf> bufs = new ArrayList<>();
        final List<Long> freed = new ArrayList<>();
        int bytes = 64; // transaction header and commit record
        /** Where its first item went in the log, once copying began. */
        long startLsn = -1;

        /** A logged region of {@code b}: its changed 128-byte chunks and a format header. */
        Tx log(XfsBuffers.Buf b, int regionBytes) {
            if (!bufs.contains(b)) {
                bufs.add(b);
            }
            bytes += 24 + (regionBytes + 127) / 128 * 128;
            return this;
        }
    }

    private static final class Iclog {
        final long startLsn;
        int used = HEADER;
        final List<Tx> txs = new ArrayList<>();
        final List<Long> txEnds = new ArrayList<>();
        final List<Runnable> waiters = new ArrayList<>();
        boolean done;
        long endLsn;

        Iclog(long startLsn) {
            this.startLsn = startLsn;
        }
    }

    private final Simulator sim;
    private final PageIo io;
    private final XfsBuffers buffers;
    private final XfsSpace space;
    private final long logStartSector;
    private final long logBytes;
    private final int logBufs;
    private final int logBsize;
    private final boolean barrier;
    private final int daemonPid;
    private final ArrayDeque<Iclog> inFlight = new ArrayDeque<>();
    private final List<Runnable> waitingForIclog = new ArrayList<>();
    private final List<Runnable> waitingForSpace = new ArrayList<>();
    /** The iclog taking copies, or null while every iclog is in flight. */
    private Iclog active;
    /** Where the next iclog starts. */
    private long nextStart;
    private long writtenLsn;
    private long writes;
    private long bytesWritten;
    private long pushes;
    private final List<long[]> writeLog = new ArrayList<>();
    /** Every transaction's [start, end) LSNs in commit order, for the power-cut check. */
    private final LongPairs txRanges = new LongPairs();
    /**
     * Every log write (an iclog, or one half of a split one) in LSN order: first LSN, end LSN,
     * drive sector, sectors, submitted ns, completed ns (−1 while not).
     */
    private final List<long[]> logWrites = new ArrayList<>();

    XfsLog(Simulator sim, PageIo io, XfsBuffers buffers, XfsSpace space, XfsGeometry geo, int logBufs, int logBsize,
           boolean barrier, int daemonPid) {
        this.sim = sim;
        this.io = io;
        this.buffers = buffers;
        this.space = space;
        this.logStartSector = geo.logStart * 8;
        this.logBytes = geo.logBlocks * 4096;
        this.logBufs = logBufs;
        this.logBsize = logBsize;
        this.barrier = barrier;
        this.daemonPid = daemonPid;
        this.active = new Iclog(0);
        buffers.hooks(() -> force(Long.MAX_VALUE, daemonPid, () -> { }), this::tailMoved);
    }

    /** The LSN up to which the log is on disk. */
    long writtenLsn() {
        return writtenLsn;
    }

    private long headLsn() {
        return active != null ? active.startLsn + active.used : nextStart;
    }

    private long tailLsn() {
        long t = buffers.ailTail();
        return t < 0 ? writtenLsn : Math.min(t, writtenLsn);
    }

    private long freeBytes() {
        return logBytes - (headLsn() - tailLsn());
    }

    /**
     * xfs_trans_commit: {@code tx}'s items go into the current iclog as {@code pid}; {@code then}
     * gets the LSN of its commit record once it is copied (later if it had to wait for an iclog
     * or for log space).
     */
    void commit(Tx tx, int pid, java.util.function.LongConsumer then) {
        if (freeBytes() < 2L * logBsize + tx.bytes) {
            pushAil(pid);
            waitingForSpace.add(() -> commit(tx, pid, then));
            // pinned items cannot be pushed: the push forces the log first (xfsaild's log force)
            force(Long.MAX_VALUE, daemonPid, () -> { });
            return;
        }
        copy(tx, tx.bytes, pid, then);
    }

    private void copy(Tx tx, int left, int pid, java.util.function.LongConsumer then) {
        Iclog last = null;
        long lsn = 0;
        while (left > 0) {
            if (active == null) {
                int rest = left;
                waitingForIclog.add(() -> copy(tx, rest, pid, then)); // every iclog is in flight
                return;
            }
            if (tx.startLsn < 0) {
                tx.startLsn = active.startLsn + active.used;
            }
            int take = Math.min(left, logBsize - active.used);
            active.used += take;
            left -= take;
            last = active;
            lsn = active.startLsn + active.used;
            if (active.used >= logBsize) {
                syncActive(pid);
            }
        }
        last.txs.add(tx);
        last.txEnds.add(lsn);
        txRanges.add(tx.startLsn, lsn);
        for (XfsBuffers.Buf b : tx.bufs) {
            buffers.pin(b, lsn);
        }
        if (freeBytes() < Math.max(logBytes / 4, 256L * 4096)) {
            pushAil(pid);
        }
        then.accept(lsn);
    }

    private void syncActive(int pid) {
        Iclog ic = active;
        sync(ic, pid);
        nextStart = ic.endLsn;
        active = inFlight.size() < logBufs ? new Iclog(nextStart) : null;
    }

    /** xfs_log_force: {@code then} runs when the log is on disk up to {@code lsn} (everything copied so far for MAX_VALUE). */
    void force(long lsn, int pid, Runnable then) {
        if (lsn <= writtenLsn) {
            then.run();
            return;
        }
        for (Iclog ic : inFlight) {
            if (lsn <= ic.endLsn) {
                ic.waiters.add(then);
                return;
            }
        }
        if (active != null && active.used > HEADER) {
            active.waiters.add(then);
            syncActive(pid);
            return;
        }
        Iclog last = inFlight.peekLast();
        if (last == null) {
            then.run();
        } else {
            last.waiters.add(then);
        }
    }

    /** xlog_sync: the iclog goes to disk, rounded to 512 bytes, split at the end of the log. */
    private void sync(Iclog ic, int pid) {
        int size = (ic.used + 511) / 512 * 512;
        ic.endLsn = ic.startLsn + size;
        inFlight.add(ic);
        writes++;
        bytesWritten += size;
        long pos = ic.startLsn % logBytes;
        int flags = MetadataIo.FLAGS | Flags.SYNC | (barrier ? Flags.PREFLUSH | Flags.FUA : 0);
        int[] pending = {1};
        Runnable one = () -> {
            if (--pending[0] == 0) {
                ic.done = true;
                writeLog.add(new long[] {sim.now(), ic.startLsn, size});
                completions();
            }
        };
        if (pos + size > logBytes) {
            int first = (int) (logBytes - pos);
            pending[0] += 2;
            logWrite(ic.startLsn, ic.startLsn + first, logStartSector + pos / 512, first / 512, pid, MetadataIo.FLAGS | Flags.SYNC, one);
            logWrite(ic.startLsn + first, ic.endLsn, logStartSector, (size - first) / 512, pid, flags, one);
        } else {
            pending[0]++;
            logWrite(ic.startLsn, ic.endLsn, logStartSector + pos / 512, size / 512, pid, flags, one);
        }
        one.run();
    }

    private void logWrite(long fromLsn, long toLsn, long sector, int sectors, int pid, int flags, Runnable one) {
        long[] w = {fromLsn, toLsn, io.sectorOf(0) + sector, sectors, sim.now(), -1};
        logWrites.add(w);
        io.writeSectors(sector, sectors, pid, flags, () -> {
            w[5] = sim.now();
            one.run();
        });
    }

    /**
     * At a power cut: the committed transactions incomplete on the media — the log write holding
     * a transaction's commit record (its last byte) completed and is not among the {@code lost}
     * ones, while an earlier log write holding part of it was lost or never completed (a
     * transaction across iclogs, or across the split at the end of the log). Each is named by
     * the LSN of its end.
     */
    JournalConsistency consistencyAt(LostWrites lost) {
        JournalConsistency c = JournalConsistency.NONE;
        for (int i = 0; i < txRanges.size(); i++) {
            long start = txRanges.first(i);
            long end = txRanges.second(i);
            int last = writeHolding(end - 1);
            int first = writeHolding(start);
            if (last < 0 || first < 0 || first == last) {
                continue; // not written yet, or in one write (whole or lost together)
            }
            long[] commit = logWrites.get(last);
            if (commit[5] < 0 || lost.lost(commit[2], (int) commit[3], commit[4], commit[5])) {
                continue; // its commit record is not on the media: recovery stops before it
            }
            for (int k = first; k < last; k++) {
                long[] w = logWrites.get(k);
                if (w[5] < 0 || lost.lost(w[2], (int) w[3], w[4], w[5])) {
                    c = c.plus(end, commit[5]);
                    break;
                }
            }
        }
        return c;
    }

    /** The log write holding byte {@code lsn}, or −1. */
    private int writeHolding(long lsn) {
        int lo = 0;
        int hi = logWrites.size() - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            long[] w = logWrites.get(mid);
            if (lsn < w[0]) {
                hi = mid - 1;
            } else if (lsn >= w[1]) {
                lo = mid + 1;
            } else {
                return mid;
            }
        }
        return -1;
    }

    /** Pairs of longs in one growing array (no object per transaction). */
    private static final class LongPairs {
        private long[] a = new long[64];
        private int n;

        void add(long x, long y) {
            if (2 * n + 2 > a.length) {
                a = java.util.Arrays.copyOf(a, a.length * 2);
            }
            a[2 * n] = x;
            a[2 * n + 1] = y;
            n++;
        }

        int size() {
            return n;
        }

        long first(int i) {
            return a[2 * i];
        }

        long second(int i) {
            return a[2 * i + 1];
        }
    }

    /** xlog_state_do_callback: iclogs complete in LSN order; their records' buffers unpin, busy extents free. */
    private void completions() {
        List<Runnable> run = new ArrayList<>();
        while (!inFlight.isEmpty() && inFlight.peekFirst().done) {
            Iclog ic = inFlight.pollFirst();
            writtenLsn = ic.endLsn;
            for (int i = 0; i < ic.txs.size(); i++) {
                Tx tx = ic.txs.get(i);
                long lsn = ic.txEnds.get(i);
                for (XfsBuffers.Buf b : tx.bufs) {
                    buffers.unpin(b, writtenLsn, lsn);
                }
                space.unbusy(tx.freed);
            }
            run.addAll(ic.waiters);
        }
        if (active == null && inFlight.size() < logBufs) {
            active = new Iclog(nextStart);
            run.addAll(waitingForIclog);
            waitingForIclog.clear();
        }
        for (Runnable r : run) {
            r.run();
        }
        tailMoved();
    }

    private void pushAil(int pid) {
        pushes++;
        // push towards a tail that leaves a quarter of the log free
        long target = headLsn() - logBytes * 3 / 4;
        buffers.pushAil(Math.max(target, tailLsn() + 1), daemonPid);
    }

    private void tailMoved() {
        if (waitingForSpace.isEmpty()) {
            return;
        }
        List<Runnable> w = new ArrayList<>(waitingForSpace);
        waitingForSpace.clear();
        for (Runnable r : w) {
            r.run();
        }
    }

    long writes() {
        return writes;
    }

    long bytesWritten() {
        return bytesWritten;
    }

    long pushes() {
        return pushes;
    }

    /** Per iclog write, at its completion: ns, start LSN, bytes. */
    List<long[]> writeLog() {
        return writeLog;
    }
}
