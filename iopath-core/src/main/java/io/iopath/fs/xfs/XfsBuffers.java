package io.iopath.fs.xfs;

import io.iopath.fs.pagecache.PageIo;
import io.iopath.request.Flags;
import io.iopath.sim.Simulator;
import io.iopath.sim.Timer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * XFS's metadata buffer cache ({@code fs/xfs/linux-2.6/xfs_buf.c}; spec §5.6): AG headers,
 * B+tree blocks, directory blocks and 8 KiB inode clusters, each read synchronously the first time
 * it is needed and then kept. A logged buffer is pinned until the log record holding its change is
 * on disk; then it sits in the AIL (by the LSN of its last commit) and on the delayed-write queue,
 * which {@code xfsbufd} writes home once a buffer is 15 s old ({@code age_buffer_centisecs}),
 * scanning every second ({@code xfsbufd_centisecs}); a push of the AIL writes the oldest ones
 * when the log runs short of space. A written buffer leaves the AIL, which moves the log tail.
 */
final class XfsBuffers {
    static final class Buf {
        final long sector;
        final int sectors;
        boolean uptodate;
        List<Runnable> waiters;
        /** The LSN whose log write unpins it (-1: not pinned). */
        long pinLsn = -1;
        /** The LSN of its last commit while in the AIL (-1: not in the AIL). */
        long ailLsn = -1;
        long queuedNs = -1;
        boolean writing;

        Buf(long sector, int sectors) {
            this.sector = sector;
            this.sectors = sectors;
        }

        @Override
        public String toString() {
            return "buf@" + sector + "+" + sectors;
        }
    }

    private final Simulator sim;
    private final PageIo io;
    private final int daemonPid;
    private final long ageNs;
    private final Map<Long, Buf> bufs = new HashMap<>();
    private final TreeMap<Long, LinkedHashSet<Buf>> ail = new TreeMap<>();
    private final LinkedHashSet<Buf> delwri = new LinkedHashSet<>();
    private final Timer xfsbufd;
    private final long scanNs;
    private Runnable pinnedOld = () -> { };
    private Runnable tailMoved = () -> { };
    private long reads;
    private long homeWrites;

    XfsBuffers(Simulator sim, PageIo io, int daemonPid, long scanNs, long ageNs) {
        this.sim = sim;
        this.io = io;
        this.daemonPid = daemonPid;
        this.scanNs = scanNs;
        this.ageNs = ageNs;
        this.xfsbufd = sim.timer("xfsbufd", this::xfsbufd);
    }

    /** @param pinnedOld xfsbufd found an old buffer still pinned (it forces the log); @param tailMoved a home write moved the AIL */
    void hooks(Runnable pinnedOld, Runnable tailMoved) {
        this.pinnedOld = pinnedOld;
        this.tailMoved = tailMoved;
    }

    void start() {
        xfsbufd.scheduleAfter(scanNs);
    }

    void stop() {
        xfsbufd.cancel();
    }

    Buf get(long sector, int sectors) {
        return bufs.computeIfAbsent(sector, s -> new Buf(s, sectors));
    }

    Buf block(long block, int blocks) {
        return get(block * 8, blocks * 8);
    }

    /** A buffer made from nothing (a new inode chunk, a new directory block): up to date without a read. */
    Buf fresh(long block, int blocks) {
        Buf b = block(block, blocks);
        if (b.waiters == null) {
            b.uptodate = true;
        }
        return b;
    }

    /** xfs_buf_read: {@code b} is up to date, or a read is started; waits are collected in {@code waits}. */
    void need(Buf b, int pid, List<Buf> waits) {
        if (b.uptodate) {
            return;
        }
        if (b.waiters == null) {
            b.waiters = new ArrayList<>();
            reads++;
            io.readSectors(b.sector, b.sectors, pid, Flags.META, () -> {
                b.uptodate = true;
                List<Runnable> w = b.waiters;
                b.waiters = null;
                for (Runnable r : w) {
                    r.run();
                }
            });
        }
        waits.add(b);
    }

    /** Runs {@code then} when every buffer of {@code waits} is up to date. */
    static void whenUptodate(List<Buf> waits, Runnable then) {
        int[] left = {1};
        Runnable one = () -> {
            if (--left[0] == 0) {
                then.run();
            }
        };
        for (Buf b : waits) {
            if (!b.uptodate) {
                left[0]++;
                b.waiters.add(one);
            }
        }
        one.run();
    }

    /** xfs_trans_log_buf at commit: pinned until the log write of {@code lsn}. */
    void pin(Buf b, long lsn) {
        b.pinLsn = Math.max(b.pinLsn, lsn);
        b.uptodate = true;
    }

    /** The log is on disk up to {@code lsn}: the buffer is unpinned into the AIL at {@code commitLsn} and queued for delayed write. */
    void unpin(Buf b, long lsn, long commitLsn) {
        if (b.pinLsn > lsn) {
            return; // pinned again by a later commit
        }
        b.pinLsn = -1;
        if (b.ailLsn >= 0) {
            ail.get(b.ailLsn).remove(b);
            if (ail.get(b.ailLsn).isEmpty()) {
                ail.remove(b.ailLsn);
            }
        }
        b.ailLsn = commitLsn;
        ail.computeIfAbsent(commitLsn, k -> new LinkedHashSet<>()).add(b);
        // xfs_buf_delwri_queue: (re)queued at the tail with a new time
        delwri.remove(b);
        delwri.add(b);
        b.queuedNs = sim.now();
    }

    /** The LSN of the oldest buffer in the AIL, or -1 when it is empty. */
    long ailTail() {
        return ail.isEmpty() ? -1 : ail.firstKey();
    }

    boolean delayedWritePending() {
        return !delwri.isEmpty();
    }

    private void xfsbufd() {
        boolean forceLog = false;
        for (Buf b : new ArrayList<>(delwri)) {
            if (sim.now() - b.queuedNs < ageNs) {
                break;
            }
            if (b.pinLsn >= 0) {
                forceLog = true;
                continue;
            }
            writeHome(b, daemonPid);
        }
        if (forceLog) {
            pinnedOld.run();
        }
        xfsbufd.scheduleAfter(scanNs);
    }

    /** xfs_bdwrite's flush and xfsaild's push: the buffers of the AIL older than {@code lsn} (unpinned ones) go home. */
    void pushAil(long lsn, int pid) {
        for (Map.Entry<Long, LinkedHashSet<Buf>> e : new ArrayList<>(ail.headMap(lsn, false).entrySet())) {
            for (Buf b : new ArrayList<>(e.getValue())) {
                if (b.pinLsn < 0 && !b.writing) {
                    writeHome(b, pid);
                }
            }
        }
    }

    /** Every delayed-write buffer that is not pinned goes home (sync, unmount); {@code then} runs when they are written. */
    void flushAll(int pid, Runnable then) {
        int[] left = {1};
        Runnable one = () -> {
            if (--left[0] == 0) {
                then.run();
            }
        };
        for (Buf b : new ArrayList<>(delwri)) {
            if (b.pinLsn < 0 && !b.writing) {
                left[0]++;
                writeHome(b, pid, one);
            }
        }
        one.run();
    }

    private void writeHome(Buf b, int pid) {
        writeHome(b, pid, () -> { });
    }

    private void writeHome(Buf b, int pid, Runnable after) {
        delwri.remove(b);
        b.writing = true;
        long lsnAtWrite = b.ailLsn;
        homeWrites++;
        io.writeSectors(b.sector, b.sectors, pid, Flags.META, () -> {
            b.writing = false;
            if (b.ailLsn == lsnAtWrite && b.ailLsn >= 0 && b.pinLsn < 0) {
                LinkedHashSet<Buf> at = ail.get(b.ailLsn);
                at.remove(b);
                if (at.isEmpty()) {
                    ail.remove(b.ailLsn);
                }
                b.ailLsn = -1;
            }
            tailMoved.run();
            after.run();
        });
    }

    long reads() {
        return reads;
    }

    long homeWrites() {
        return homeWrites;
    }

    /** The buffers in use (for the invariants): start sector → sectors. */
    Map<Long, Integer> extents() {
        Map<Long, Integer> out = new TreeMap<>();
        for (Buf b : bufs.values()) {
            out.put(b.sector, b.sectors);
        }
        return out;
    }

    void forget(Buf b) {
        delwri.remove(b);
        if (b.ailLsn >= 0 && b.pinLsn < 0 && !b.writing) {
            LinkedHashSet<Buf> at = ail.get(b.ailLsn);
            at.remove(b);
            if (at.isEmpty()) {
                ail.remove(b.ailLsn);
            }
            b.ailLsn = -1;
        }
    }
}
