package io.iopath.device.flash;

import io.iopath.device.BlockDevice;
import io.iopath.device.CommandCompletion;
import io.iopath.device.DeviceResponse;
import io.iopath.device.WriteCache;
import io.iopath.request.Flags;
import io.iopath.request.Op;
import io.iopath.request.Request;
import io.iopath.sim.Simulator;

/**
 * A flash drive below the driver: its commands split into page operations, each queued at the
 * package (element) its page lives on, served there one at a time, in order, with the package's
 * page read, program and erase latencies and its pins' transfer time; garbage collection runs
 * in the foreground, before a package serves what waits for it; the host link is one bus,
 * taken a command at a time. The timing is DiskSim ssdmodel's with one parallel unit per
 * package (ssd.c {@code ssd_activate_elem}, {@code ssd_media_access_request_element};
 * ssd_timing.c {@code ssd_issue_overlapped_ios}):
 * <ul>
 * <li>a read page costs the page read and the transfer of a whole page out of the package; a
 *     write page the transfer in and the program, and, when it fills its block, the summary
 *     page (one sector in, one program); a write of part of a mapped page first reads the page
 *     (read-modify-write, iopath's: DiskSim takes only whole pages);</li>
 * <li>a read's data crosses the host link when all its pages are read, a write's before its
 *     pages are queued (DiskSim's bus, "Never disconnect");</li>
 * <li>cleaning a block costs, per valid page, a read and a program (copy-back: no pin transfer),
 *     and the erase (ssd_clean.c {@code ssd_clean_one_page}, {@code _ssd_clean_block_partially}).</li>
 * </ul>
 * TRIM (DISCARD) unmaps every page the range covers whole, in order with the package's other
 * page operations, with no media time; a page only partly covered stays mapped (deallocation is
 * advisory: NVMe's Dataset Management, SCSI UNMAP). Reading an unmapped page costs no flash
 * access (the controller returns zeroes). A write cache of {@code writeCachePages} (optional,
 * volatile) acknowledges a non-FUA write once its data is in and room is left, and FLUSH waits
 * for the buffered pages to be programmed.
 */
public final class FlashDrive implements BlockDevice {
    private static final int READ = 0;
    private static final int WRITE = 1;
    private static final int WRITE_PARTIAL = 2;
    private static final int TRIM = 3;
    /** -EOPNOTSUPP: a command this model does not carry out (NVMe Invalid Command Opcode). */
    static final int EOPNOTSUPP = -95;

    private final Simulator sim;
    private final FlashSpec spec;
    private final PageMappedFtl ftl;
    private CommandCompletion sink = c -> { };

    /** The commands held, by slot. */
    private final Request[] slot;
    private final int[] pagesLeft;
    /** The slot number the write cache's pages carry: they belong to no command. */
    private final int buffered;
    private final int[] freeSlots;
    private int freeSlotCount;
    private int outstanding;

    /** Per package: a ring of page operations (reclaim unit handle << 50 | slot << 34 | kind << 32 | host page). */
    private final long[][] queue;
    private final int[] head;
    private final int[] count;
    private final boolean[] busy;
    private final long[] current;
    private final Runnable[] pageDone;
    private final Runnable[] cleanDone;
    /** Per slot, made once: its command completes; its command's data (or range list) is across the link. */
    private final Runnable[] completeSlot;
    private final Runnable[] busDone;

    private long busFreeNs;
    private int bufferedPages;
    private int flushesWaiting;
    private int[] flushes = new int[4];

    private long busyNs;
    private long busySinceNs;
    private long gcNs;
    private long unmappedReads;
    private long cacheAcks;

    public FlashDrive(Simulator sim, FlashSpec spec) {
        this.sim = sim;
        this.spec = spec;
        this.ftl = new PageMappedFtl(spec);
        int n = spec.maxQueue();
        this.slot = new Request[n];
        this.pagesLeft = new int[n];
        this.buffered = n;
        this.freeSlots = new int[n];
        for (int i = 0; i < n; i++) {
            freeSlots[i] = n - 1 - i;
        }
        this.freeSlotCount = n;
        this.completeSlot = new Runnable[n];
        this.busDone = new Runnable[n];
        for (int i = 0; i < n; i++) {
            int sl = i;
            completeSlot[i] = () -> complete(sl);
            busDone[i] = () -> {
                Request rq = slot[sl];
                if (rq.op == Op.WRITE) {
                    startWrite(sl, rq);
                } else {
                    enqueuePages(sl, rq, TRIM);
                }
            };
        }
        int e = spec.elements();
        this.queue = new long[e][64];
        this.head = new int[e];
        this.count = new int[e];
        this.busy = new boolean[e];
        this.current = new long[e];
        this.pageDone = new Runnable[e];
        this.cleanDone = new Runnable[e];
        for (int i = 0; i < e; i++) {
            int el = i;
            pageDone[i] = () -> pageDone(el);
            cleanDone[i] = () -> {
                busy[el] = false;
                serve(el);
            };
        }
    }

    @Override
    public DeviceResponse submit(Request rq) {
        if (freeSlotCount == 0) {
            return DeviceResponse.QUEUE_FULL;
        }
        int s = freeSlots[--freeSlotCount];
        slot[s] = rq;
        if (outstanding++ == 0) {
            busySinceNs = sim.now();
        }
        if (rq.command != null) {
            // VERIFY, WRITE SAME, Write Zeroes, Write Uncorrectable, Zone Append: not in this model
            rq.error = EOPNOTSUPP;
            sim.after(0, completeSlot[s]);
            return DeviceResponse.ACCEPTED;
        }
        switch (rq.op) {
            case READ -> startRead(s, rq);
            case WRITE -> {
                long at = takeBus(rq.sectors());
                sim.at(at, busDone[s]);
            }
            case DISCARD -> {
                // its range list (16 bytes a range) crosses the link in the order commands came,
                // so a trim takes effect after the writes sent before it, and before later ones
                long at = takeBus(0);
                sim.at(at, busDone[s]);
            }
            case FLUSH -> {
                if (bufferedPages == 0) {
                    sim.after(0, completeSlot[s]);
                } else {
                    waitForDrain(s);
                }
            }
        }
        return DeviceResponse.ACCEPTED;
    }

    private void startRead(int s, Request rq) {
        enqueuePages(s, rq, READ);
    }

    private void startWrite(int s, Request rq) {
        int pages = pageSpan(rq);
        if (spec.writeCachePages() > 0 && !Flags.has(rq.flags(), Flags.FUA)
                && bufferedPages + pages <= spec.writeCachePages()) {
            // acknowledged from the buffer: the command is done for the host, its pages are the buffer's
            bufferedPages += pages;
            cacheAcks++;
            enqueuePages(buffered, rq, WRITE);
            complete(s);
            return;
        }
        enqueuePages(s, rq, WRITE);
    }

    private int pageSpan(Request rq) {
        int sp = spec.sectorsPerPage();
        long first = rq.sector() / sp;
        long last = (rq.endSector() - 1) / sp;
        return (int) (last - first + 1);
    }

    /** Splits the command into its pages, each queued at its package; a multi-range trim, each of its ranges. */
    private void enqueuePages(int s, Request rq, int kind) {
        long[] ranges = kind == TRIM && rq.bioCount() == 1 ? rq.firstBio().ranges : null;
        int queued = 0;
        if (ranges == null) {
            queued = enqueueRange(s, rq.sector(), rq.endSector(), kind, kind == WRITE ? handle(rq) : 0);
        } else {
            for (int i = 0; i < ranges.length; i += 2) {
                queued += enqueueRange(s, ranges[i], ranges[i] + ranges[i + 1], kind, 0);
            }
        }
        if (queued == 0 && s != buffered) {
            mediaDone(s);
            return;
        }
        for (int e = 0; e < spec.elements(); e++) {
            if (!busy[e] && count[e] > 0) {
                serve(e);
            }
        }
    }

    /**
     * The reclaim unit handle a write's data goes to: with flexible data placement, the placement
     * handle its placement identifier names (DTYPE 2h, DSPEC; one reclaim group, so the identifier
     * is the handle); a write without the directive, or with an identifier the drive does not
     * have, goes to placement handle 0, as QEMU's NVMe controller places it (hw/nvme/ctrl.c
     * {@code nvme_do_write_fdp}). Without FDP, 0: the plane's one active block.
     */
    private int handle(Request rq) {
        if (!spec.fdp() || rq.bioCount() != 1) {
            return 0; // only a pass-through command, never merged, carries a placement identifier
        }
        int pid = rq.firstBio().placementId;
        return pid >= 0 && pid < spec.fdpHandles() ? pid : 0;
    }

    /** Queues the page operations of sectors [start, end) (a write's through reclaim unit handle {@code handle}); returns how many. */
    private int enqueueRange(int s, long start, long end, int kind, int handle) {
        int sp = spec.sectorsPerPage();
        boolean own = s != buffered;
        int queued = 0;
        for (long page = start / sp; page * sp < end; page++) {
            long pageStart = page * sp;
            boolean whole = pageStart >= start && pageStart + sp <= end;
            int k = kind;
            if (kind == READ && !ftl.isMapped(page)) {
                unmappedReads++;
                continue; // nothing on flash: no package time
            }
            if (kind == TRIM && !whole) {
                continue; // a partial page stays mapped
            }
            if (kind == WRITE && !whole && ftl.isMapped(page)) {
                k = WRITE_PARTIAL;
            }
            if (own) {
                pagesLeft[s]++;
            }
            queued++;
            push(ftl.element(page), (long) handle << 50 | (long) s << 34 | (long) k << 32 | page);
        }
        return queued;
    }

    private void push(int e, long op) {
        long[] q = queue[e];
        if (count[e] == q.length) {
            long[] bigger = new long[q.length * 2];
            for (int i = 0; i < count[e]; i++) {
                bigger[i] = q[(head[e] + i) % q.length];
            }
            queue[e] = bigger;
            head[e] = 0;
            q = bigger;
        }
        q[(head[e] + count[e]) % q.length] = op;
        count[e]++;
    }

    /** The package is free: clean if a plane needs it (foreground, as ssd_activate_elem), else serve the next page. */
    private void serve(int e) {
        while (!busy[e] && count[e] > 0) {
            if (ftl.needsCleaning(e)) {
                long work = ftl.clean(e);
                if (work != 0) {
                    long moved = work & 0xffff_ffffL;
                    long summaries = (work >>> 32) & 0xffff;
                    long cost = moved * (spec.pageReadNs() + spec.pageProgramNs())
                            + summaries * (spec.pageProgramNs() + spec.xferNs(1)) + spec.blockEraseNs();
                    gcNs += cost;
                    busy[e] = true;
                    sim.after(cost, cleanDone[e]);
                    return;
                }
            }
            long op = queue[e][head[e]];
            head[e] = (head[e] + 1) % queue[e].length;
            count[e]--;
            int kind = (int) (op >>> 32) & 3;
            long page = op & 0xffff_ffffL;
            long cost;
            switch (kind) {
                case READ -> cost = spec.pageReadNs() + spec.pageXferNs();
                case TRIM -> {
                    ftl.trim(page);
                    pageFinished((int) (op >>> 34) & 0xffff); // a trim's pages are always its command's
                    continue;
                }
                default -> {
                    int programs = ftl.write(page, (int) (op >>> 50));
                    cost = spec.pageXferNs() + spec.pageProgramNs();
                    if (programs == 2) {
                        cost += spec.xferNs(1) + spec.pageProgramNs();
                    }
                    if (kind == WRITE_PARTIAL) {
                        cost += spec.pageReadNs() + spec.pageXferNs();
                    }
                }
            }
            busy[e] = true;
            current[e] = op;
            sim.after(cost, pageDone[e]);
        }
    }

    private void pageDone(int e) {
        busy[e] = false;
        long op = current[e];
        int s = (int) (op >>> 34) & 0xffff;
        int kind = (int) (op >>> 32) & 3;
        if (s == buffered) {
            bufferedPages--;
        } else {
            pageFinished(s);
        }
        if (bufferedPages == 0 && flushesWaiting > 0) {
            drained();
        }
        serve(e);
    }

    private void pageFinished(int s) {
        if (--pagesLeft[s] == 0) {
            mediaDone(s);
        }
    }

    private void mediaDone(int s) {
        Request rq = slot[s];
        if (rq.op == Op.READ) {
            sim.at(takeBus(rq.sectors()), completeSlot[s]);
        } else {
            complete(s);
        }
    }

    /** The host link: one command's data at a time, in the order asked; returns when this one's ends. */
    private long takeBus(long sectors) {
        long start = Math.max(sim.now(), busFreeNs);
        busFreeNs = start + spec.busNs(sectors);
        return busFreeNs;
    }

    /** A FLUSH waits, holding its slot, until every buffered page is programmed. */
    private void waitForDrain(int s) {
        if (flushesWaiting == flushes.length) {
            flushes = java.util.Arrays.copyOf(flushes, flushes.length * 2);
        }
        flushes[flushesWaiting++] = s;
    }

    private void drained() {
        int n = flushesWaiting;
        flushesWaiting = 0;
        for (int i = 0; i < n; i++) {
            complete(flushes[i]);
        }
    }

    private void complete(int s) {
        Request rq = slot[s];
        release(s);
        sink.commandDone(rq);
    }

    private void release(int s) {
        slot[s] = null;
        freeSlots[freeSlotCount++] = s;
        endOutstanding();
    }

    private void endOutstanding() {
        if (--outstanding == 0) {
            busyNs += sim.now() - busySinceNs;
        }
    }

    @Override
    public void setCompletionSink(CommandCompletion sink) {
        this.sink = sink;
    }

    @Override
    public long capacitySectors() {
        return spec.capacitySectors();
    }

    /** Time with at least one command outstanding (the kernel's io_ticks). */
    @Override
    public long busyNs() {
        return outstanding > 0 ? busyNs + sim.now() - busySinceNs : busyNs;
    }

    @Override
    public String name() {
        return spec.name();
    }

    @Override
    public WriteCache writeCache() {
        return spec.writeCachePages() > 0 ? new WriteCache(true, true) : WriteCache.WRITE_THROUGH;
    }

    @Override
    public boolean discards() {
        return true;
    }

    /** Commands held now (accepted, not completed). */
    public int outstanding() {
        return outstanding;
    }

    /** Pages in the write cache not yet programmed. */
    public int bufferedPages() {
        return bufferedPages;
    }

    public FlashSpec spec() {
        return spec;
    }

    /** What the flash did so far. */
    public FlashStats stats() {
        return new FlashStats(ftl.hostPagesWritten(), ftl.gcPagesCopied(), ftl.summaryPagesWritten(), ftl.blocksErased(),
                ftl.pagesTrimmed(), unmappedReads, ftl.mappedPages(), ftl.logicalPages(), gcNs, cacheAcks,
                spec.fdp() ? java.util.Arrays.stream(ftl.gcPagesByHandle()).boxed().toList() : java.util.List.of());
    }

    /** The translation layer, for tests that check its consistency. */
    PageMappedFtl ftl() {
        return ftl;
    }
}
