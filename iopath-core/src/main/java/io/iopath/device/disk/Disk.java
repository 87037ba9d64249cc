package io.iopath.device.disk;

import io.iopath.device.BlockDevice;
import io.iopath.device.CommandCompletion;
import io.iopath.device.DeviceResponse;
import io.iopath.device.Transport;
import io.iopath.device.disk.geometry.TrackCursor;
import io.iopath.device.disk.mechanics.DiskMechanics;
import io.iopath.device.disk.mechanics.Spindle;
import io.iopath.durability.DurabilityLedger;
import io.iopath.durability.PowerLossReport;
import io.iopath.durability.WriteRecord;
import io.iopath.request.Flags;
import io.iopath.request.Op;
import io.iopath.request.Request;
import io.iopath.request.TaskAttribute;
import io.iopath.sim.Simulator;
import io.iopath.sim.Timer;
import java.util.ArrayDeque;

/**
 * A disk drive's controller (disk-drive spec §8–§12): the tagged command queue and its
 * scheduler, the buffer (read segments with read-ahead, write-back with destage), FLUSH and
 * FUA, and completion to the host. The {@link DiskMechanics} answer how long media work takes.
 *
 * <p>One mechanism serves one {@link DriveJob} at a time: a host command that needs the media
 * or the destage of one dirty extent. Write-back writes are acknowledged once their data has
 * crossed the bus; their dirty extents wait in the buffer and are destaged when the drive has
 * nothing else to do, or — above the high-water mark, while a FLUSH waits, while writes wait
 * for buffer space, or while a command waits on overlapping dirty data — chosen by the same
 * scheduler alongside the waiting commands. A write-back write that wholly covers an older,
 * idle dirty extent replaces it in the buffer ({@link #overwriteInCache}); with a dirty-age
 * limit ({@link CacheConfig#maxDirtyAgeNs}) extents older than it are destaged first, oldest
 * first, even with host commands waiting.
 *
 * <p>QUEUE FULL: at the advertised depth; and, with the write cache on, when tagged commands
 * plus dirty extents reach the depth (dirty writes keep their buffer slots until destaged: the
 * "effective queue", §9.4). The second rule applies only while at least one tagged command is
 * outstanding, so the host always gets a completion that lets it retry, and only on SCSI: SATA
 * has no TASK SET FULL, so there a full buffer only holds writes back (they wait for space).
 *
 * <p>SATA NCQ ({@link Transport#SATA_NCQ}): FLUSH CACHE and TRIM are not queued commands. Such a
 * command issued while others are outstanding, or any command issued while one is, is a host
 * bug (a real drive aborts it, Error = ABRT; libata's {@code ata_qc_issue} WARNs on it), so the
 * drive throws {@link IllegalStateException}: the host must drain the link first.
 *
 * <p>Task attributes (SCSI only; {@link TaskGate}): an ORDERED command starts only when every
 * older command has completed, and no younger one starts before it completes; a HEAD OF QUEUE
 * command starts at once and its media work goes next. "Starts" is the task set's view: an
 * ORDERED command is ordered against the host's commands, not against the drive's own
 * destages — an ORDERED write under write-back is acknowledged once its data is in the buffer,
 * like any other, while older dirty data may still be waiting. A FLUSH already waits for every
 * extent dirty when it starts, so an ORDERED FLUSH (which starts after all older writes
 * completed) makes every one of them durable. A task attribute on a SATA NCQ drive is a host
 * bug: NCQ has none.
 */
public final class Disk implements BlockDevice {
    private final Simulator sim;
    private final DriveSpec spec;
    private final DiskMechanics mechanics;
    private final Overheads overheads;
    private final CacheConfig cacheConfig;
    private final boolean writeCache;
    private final ReadCache readCache;
    /** Reads may hit write data in the buffer (DiskSim {@code Allow read hits on write data}). */
    private final boolean hitsOnWriteData;
    /** The active read's segment, and the part of it the media reads (a partial hit's rest). */
    private int activeSegment = -1;
    private long activeFrom;
    private int activeCount;
    /** The last write-back write admitted: its destage may start while its data still crosses the bus. */
    private long admittedSeq = -1;
    private long admittedMediaStartNs;
    private long admittedDataStartNs;
    private final JobList hostJobs = new JobList();
    private final JobList dirty = new JobList();
    private final ArrayDeque<DriveJob> pool = new ArrayDeque<>();
    private final ArrayDeque<Request> spaceWaiters = new ArrayDeque<>();
    private final ArrayDeque<FlushWait> flushes = new ArrayDeque<>();
    private final ArrayDeque<Completion> completions = new ArrayDeque<>();
    private final DurabilityLedger ledger = new DurabilityLedger();
    private final TaskGate gate;
    private DriveObserver observer = DriveObserver.NONE;
    private final TrackCursor cursor = new TrackCursor();
    private final Timer mediaDone;
    private final long capacity;
    private final long dirtyHighWater;
    /** The dirty-age limit; 0 = none. */
    private final long maxDirtyAgeNs;
    /**
     * A lower bound on every dirty extent's {@link DriveJob#dirtySinceNs}, set by each scan of
     * {@link #oldestAged}: it stays one, since an extent that enters the buffer later is dirty
     * since then or since an extent it replaced, and extents that leave only raise the minimum.
     * So until it is older than the limit, no extent is, and the scan can be skipped.
     */
    private long oldestDirtySinceNs = Long.MIN_VALUE;
    private CommandCompletion completion = c -> { };

    private DriveJob active;
    private long activeCompleteNs;
    /** When a stopped read-ahead leaves the mechanism free (Long.MIN_VALUE: at once). */
    private long mechanismFreeNs = Long.MIN_VALUE;
    /** When the active job's media transfer began and when it ends (torn writes at power loss). */
    private long activeMediaStartNs;
    private long activeMediaEndNs;
    private long seq;
    private int tagged;
    /** Non-queued commands outstanding (SATA NCQ: FLUSH CACHE, TRIM); at most one, and alone. */
    private int nonQueued;
    private long dirtySectors;
    private boolean lastWasWrite;
    /** End LBA of the last host write: a write starting there continues it (sequential). */
    private long lastWriteEnd = -1;
    private long headLba;
    private boolean failed;
    /** Jobs that write (media writes and dirty extents), pending or active: overlap checks need them. */
    private int writeJobs;
    /** Pending HEAD OF QUEUE media jobs: while there are any, the scheduler serves them first. */
    private int headOfQueueJobs;
    /** Command overheads ahead of a read's and a write's positioning, set by {@link #select} for its keys. */
    private long readOverheadNs;
    private long writeOverheadNs;

    private long busyNs;
    private long queueFullsAnswered;
    private long destages;
    private long overwrittenInCache;
    private long cacheHits;
    private long partialHits;
    private long occupancyT;
    private double taggedArea;
    private double effectiveArea;
    private int maxTagged;
    private int maxEffective;

    private record FlushWait(Request request, long seqLimit, long epoch) {
    }

    public Disk(Simulator sim, DriveSpec spec) {
        // A drive does not power on at a known angle: the starting angle is drawn from the run's seed.
        this(sim, spec, sim.randoms().stream("drive.spindle").nextDouble());
    }

    /**
     * A drive whose platter is at {@code startAngle} (a fraction of a revolution) at t = 0: a
     * validation replay starts at angle 0, as DiskSim does ({@code dm_rotate_g1}).
     */
    public Disk(Simulator sim, DriveSpec spec, double startAngle) {
        this.sim = sim;
        this.spec = spec;
        Spindle spindle = new Spindle(spec.effectiveRpm(), startAngle);
        this.mechanics = new DiskMechanics(spec.geometry(), spec.readSeek(), spec.writeSeek(), spec.writeSettleNs(),
                spec.headSwitchNs(), spindle, spec.cache().readOnArrival(), spec.cache().writeOnArrival());
        this.overheads = spec.overheads();
        this.cacheConfig = spec.cache();
        this.writeCache = cacheConfig.writeCache() && cacheConfig.dirtyLimitSectors() > 0;
        this.hitsOnWriteData = cacheConfig.readHitsOnDirty() || cacheConfig.writeSegments() == 0;
        this.readCache = new ReadCache(cacheConfig.segments(), cacheConfig.segmentSectors(),
                cacheConfig.writeSegments(), hitsOnWriteData, cacheConfig.maxWriteSegments(), mechanics);
        this.capacity = spec.capacitySectors();
        this.dirtyHighWater = (long) (cacheConfig.highWater() * cacheConfig.dirtyLimitSectors());
        this.maxDirtyAgeNs = writeCache ? cacheConfig.maxDirtyAgeNs() : 0;
        this.mediaDone = sim.timer("drive.media", this::finishActive);
        this.gate = new TaskGate(spec.maxQueueDepth());
    }

    @Override
    public DeviceResponse submit(Request r) {
        if (failed) {
            return DeviceResponse.BUSY;
        }
        if (r.op.transfersData() && (r.sector() < 0 || r.endSector() > capacity)) {
            throw new IllegalArgumentException(r + " beyond the drive's " + capacity + " sectors");
        }
        checkLink(r);
        int depth = spec.maxQueueDepth();
        if (tagged >= depth || (writeCache && spec.transport().hasTaskSetFull() && tagged >= 1
                && tagged + dirty.size() >= depth)) {
            queueFullsAnswered++;
            return DeviceResponse.QUEUE_FULL;
        }
        account();
        boolean start = gate.admit(r, tagged);
        tagged++;
        if (!spec.transport().queued(r.op)) {
            nonQueued++;
        }
        maxTagged = Math.max(maxTagged, tagged);
        maxEffective = Math.max(maxEffective, tagged + dirty.size());
        if (start) {
            start(r);
        }
        kick();
        return DeviceResponse.ACCEPTED;
    }

    /** The command passed the task set's ordering rules: the drive processes it. */
    private void start(Request r) {
        observer.taskStarted(r, sim.now());
        switch (r.op) {
            case READ -> read(r);
            case WRITE -> write(r);
            case FLUSH -> flush(r);
            default -> completeAt(r, sim.now() + overheads.commandNs(true, true, lastWasWrite));
        }
    }

    /** Starts the held-back commands an ORDERED one's completion (or an older one's) released. */
    private void startReleased() {
        boolean any = false;
        for (Request r = gate.next(); r != null; r = gate.next()) {
            start(r);
            any = true;
        }
        if (any) {
            kick();
        }
    }

    /** SATA NCQ: a non-queued command must have the link to itself (spec §9.2). */
    private void checkLink(Request r) {
        Transport t = spec.transport();
        if (r.taskAttribute != TaskAttribute.SIMPLE && !t.hasTaskAttributes()) {
            throw new IllegalStateException(r + " carries the " + r.taskAttribute + " task attribute to a " + t.label()
                    + " drive, which has no task attributes: the host must order by draining");
        }
        if (nonQueued > 0) {
            throw new IllegalStateException(r + " issued while a non-queued command is outstanding on a " + t.label()
                    + " drive: the host must wait for it");
        }
        if (tagged > 0 && !t.queued(r.op)) {
            throw new IllegalStateException(r + " is not a queued command on a " + t.label() + " drive, issued with "
                    + tagged + " commands outstanding: the host must drain first");
        }
    }

    private void read(Request r) {
        long now = sim.now();
        boolean fua = Flags.has(r.flags(), Flags.FUA);
        // the hit type is decided once, at arrival (disksim-controller.md §3, §9.5)
        int covered = fua || !readCache.enabled() ? 0 : readCache.lookup(r.sector(), r.sectors(), now);
        int seg = readCache.lastSegment();
        if (!fua && (covered == r.sectors()
                || (cacheConfig.readHitsOnDirty() && dirtyCovers(r.sector(), r.sectors())))) {
            r.cacheHit = true;
            cacheHits++;
            // a hit keeps the bus: command, data preparation, transfer, completion
            long processed = now + overheads.commandNs(false, true, lastWasWrite);
            long missProcessed = now + overheads.commandNs(false, false, lastWasWrite);
            long t = processed + overheads.protocol().dataPreparationNs()
                    + overheads.busNs(false, r.sectors()) + overheads.completionNs(false);
            lastWasWrite = false;
            if (covered == r.sectors()) {
                if (readCache.readingAt(seg, now)) {
                    // the hit takes over the running read-ahead: its limit is only raised (§8.4)
                    readCache.raiseReadAheadLimit(readAheadLimit(seg, r.sector(), r.endSector()));
                } else if (cacheConfig.readAheadOnIdleHit() && active == null && hostJobs.isEmpty()
                        && dirty.isEmpty()) {
                    readAheadOnIdleHit(seg, r.sector(), r.endSector(), now, missProcessed);
                }
            }
            completeAt(r, t);
            return;
        }
        if (covered > 0 && readCache.readingAt(seg, now) && readCache.stream().limit() >= r.endSector()
                && readAheadLimit(seg, r.sector(), r.endSector()) >= r.endSector()) {
            mergePartialHit(r, seg, covered, now);
            return;
        }
        DriveJob j = job(DriveJob.READ, r.sector(), r.sectors());
        j.request = r;
        j.fua = fua;
        enqueueHost(j);
    }

    /**
     * A partial hit on the segment being read ahead (disksim-controller.md §4.4, §8.4; {@code
     * disk_buffer_attempt_access_swap}): the read-ahead goes on as this request's media access,
     * with no new seek and no rotational wait, its limit raised; the drive stays on the bus
     * (read-hit overhead + data preparation), sends the cached sectors, then each one as the
     * stream brings it in.
     */
    private void mergePartialHit(Request r, int seg, int covered, long now) {
        BusProtocol p = overheads.protocol();
        readCache.raiseReadAheadLimit(readAheadLimit(seg, r.sector(), r.endSector()));
        ReadAheadStream stream = readCache.stream();
        long connected = now + overheads.commandNs(false, true, lastWasWrite) + p.dataPreparationNs();
        long offset = r.sector() + covered - stream.firstLba();
        long busEnd = ReadBusTiming.busEndNs(stream, covered, r.sectors(), connected, Long.MIN_VALUE,
                overheads.readReconnectSectors(r.sectors(), cacheConfig.segmentSectors()), p,
                overheads.busNsPerSector(false), p.readDisconnectNs(lastWasWrite), offset);
        lastWasWrite = false;
        partialHits++;
        completeAt(r, busEnd + overheads.completionNs(false));
    }

    /**
     * Where read-ahead for a read of [lba, end) into segment {@code seg} stops, by the drive's
     * mode (disksim-controller.md §8.1, {@code disk_buffer_get_max_readahead}).
     */
    private long readAheadLimit(int seg, long lba, long end) {
        int max = cacheConfig.maxReadAheadSectors();
        long limit;
        switch (cacheConfig.readAhead()) {
            case OFF -> limit = end;
            case TRACK_END -> {
                mechanics.geometry().locate(Math.min(end, capacity - 1), cursor);
                long trackEnd = end + cursor.run;
                long trackStart = end - (cursor.sectorsPerTrack - cursor.run);
                limit = trackEnd;
                if (seg >= 0 && readCache.startOf(seg) < trackStart) {
                    mechanics.geometry().locate(lba, cursor);
                    limit += cursor.sectorsPerTrack;
                }
            }
            default -> limit = end + (max > 0 ? max : cacheConfig.segmentSectors());
        }
        return Math.min(limit, capacity);
    }

    /** Whether read-ahead in this mode may cross tracks (0), not leave the track (1) or the cylinder (2). */
    private int readAheadStay() {
        return switch (cacheConfig.readAhead()) {
            case TRACK -> 1;
            case CYLINDER -> 2;
            default -> 0;
        };
    }

    private boolean dirtyCovers(long lba, int n) {
        if (dirty.isEmpty()) {
            return false;
        }
        DriveJob[] items = dirty.items;
        for (int i = 0; i < dirty.end; i++) {
            DriveJob d = items[i];
            if (d != null && d.lba <= lba && lba + n <= d.endLba()) {
                return true;
            }
        }
        return false;
    }

    private void write(Request r) {
        WriteRecord rec = ledger.accepted(r.sector(), r.sectors());
        r.owner = rec;
        // the write claims its segment at arrival, emptying clean data it overlaps (§9.3, D5, D6);
        // a read-ahead that has finished left its segment CLEAN
        if (!readCache.readingAt(readCache.prefetching(), sim.now())) {
            stopReadAhead(sim.now());
        }
        if (readCache.claimWrite(r.sector(), r.sectors(), sim.now()) < 0) {
            readCache.invalidate(r.sector(), r.sectors(), sim.now());
        }
        boolean fua = Flags.has(r.flags(), Flags.FUA);
        if (writeCache && !fua) {
            if (spaceWaiters.isEmpty() && fits(r.sectors())) {
                admitDirty(r, rec);
            } else if (r.taskAttribute == TaskAttribute.HEAD_OF_QUEUE) {
                spaceWaiters.addFirst(r); // first in line for buffer space
            } else {
                spaceWaiters.addLast(r);
            }
            return;
        }
        DriveJob j = job(DriveJob.WRITE, r.sector(), r.sectors());
        j.request = r;
        j.record = rec;
        j.fua = fua;
        enqueueHost(j);
    }

    private boolean fits(int sectors) {
        // A write larger than the whole buffer is let in when the buffer is empty, so it can pass.
        return dirtySectors + sectors <= cacheConfig.dirtyLimitSectors() || dirtySectors == 0;
    }

    /** The write's data is in the buffer: acknowledge after the bus transfer, destage later. */
    private void admitDirty(Request r, WriteRecord rec) {
        long dirtySince = overwriteInCache(r.sector(), r.endSector(), rec);
        DriveJob d = job(DriveJob.DESTAGE, r.sector(), r.sectors());
        d.record = rec;
        d.dirtySinceNs = Math.min(d.dirtySinceNs, dirtySince);
        enqueue(d, dirty);
        dirtySectors += r.sectors();
        maxEffective = Math.max(maxEffective, tagged + dirty.size());
        r.cacheHit = true;
        cacheHits++;
        // the media write may start once the command is processed, each sector once its data is in
        // (disksim-controller.md §6.5; disk_check_hda_pending, disk_buffer_block_available)
        admittedSeq = d.seq;
        admittedMediaStartNs = sim.now() + overheads.commandNs(true, true, lastWasWrite);
        admittedDataStartNs = admittedMediaStartNs + overheads.protocol().dataPreparationNs();
        long t = sim.now() + overheads.commandNs(true, true, lastWasWrite) + overheads.protocol().dataPreparationNs()
                + overheads.busNs(true, r.sectors()) + overheads.completionNs(true);
        r.transferNs += overheads.busNs(true, r.sectors());
        lastWasWrite = true;
        completeAt(r, t);
    }

    /**
     * Overwrite in cache (spec §8.2): the buffer holds one copy of each sector, so a write that
     * wholly covers an older dirty extent replaces it, and the older version never reaches the
     * media. Only whole coverage of an extent that is not being destaged: a partial overlap
     * stays a second extent, destaged after the first (blockedBy), as does an extent under way.
     * A dropped extent counts as done for the jobs that waited on it. Its write stays in the
     * ledger until {@code by} is on the media ({@link DurabilityLedger#superseded}).
     *
     * <p>FLUSH: an extent a waiting FLUSH needs (older than the newest waiting flush's limit) is
     * never replaced. The flush would otherwise see its sectors leave the dirty list while only
     * a younger write — which the flush does not wait for — holds them, and complete with a
     * write it promised still volatile. Keeping the extent costs one destage, only while a flush
     * waits; the rule needs no bookkeeping (flushes wait in FIFO order with growing limits).
     *
     * <p>O(dirty extents), allocation-free. Returns the oldest {@link DriveJob#dirtySinceNs}
     * among the replaced extents (Long.MAX_VALUE if none), which the new extent inherits.
     */
    private long overwriteInCache(long from, long to, WriteRecord by) {
        long dirtySince = Long.MAX_VALUE;
        if (dirty.isEmpty()) {
            return dirtySince;
        }
        long keepBelow = flushes.isEmpty() ? Long.MIN_VALUE : flushes.peekLast().seqLimit();
        DriveJob[] items = dirty.items;
        for (int i = 0, n = dirty.end; i < n; i++) {
            DriveJob o = items[i];
            if (o == null || o.active || o.lba < from || o.endLba() > to || o.seq < keepBelow) {
                continue;
            }
            dirtySince = Math.min(dirtySince, o.dirtySinceNs);
            account();
            dirty.remove(o);
            dirtySectors -= o.sectors;
            writeJobs--;
            // the jobs that waited on it (younger, overlapping) go on as if it had been destaged
            release(o, hostJobs);
            release(o, dirty);
            ledger.superseded(o.record, by);
            overwrittenInCache++;
            o.clear();
            pool.addLast(o);
        }
        return dirtySince;
    }

    private void flush(Request r) {
        long epoch = ledger.flushIssued();
        if (dirty.isEmpty()) {
            ledger.flushCompleted(epoch);
            completeAt(r, sim.now() + overheads.commandNs(true, true, lastWasWrite));
            return;
        }
        flushes.addLast(new FlushWait(r, seq, epoch));
    }

    private DriveJob job(int kind, long lba, int sectors) {
        DriveJob j = pool.pollFirst();
        if (j == null) {
            j = new DriveJob();
        }
        j.kind = kind;
        j.lba = lba;
        j.sectors = sectors;
        j.arrivalNs = sim.now();
        j.dirtySinceNs = j.arrivalNs;
        j.seq = seq++;
        mechanics.geometry().locate(lba, cursor);
        j.cylinder = cursor.cylinder;
        j.surface = cursor.surface;
        j.angle = cursor.angle;
        j.mediaNs = mechanics.spindle().rotationNs((double) sectors / cursor.sectorsPerTrack);
        return j;
    }

    private void enqueueHost(DriveJob j) {
        if (j.request.taskAttribute == TaskAttribute.HEAD_OF_QUEUE) {
            j.headOfQueue = true;
            headOfQueueJobs++;
        }
        enqueue(j, hostJobs);
    }

    /** Adds a job, counting the older overlapping jobs it must wait for (a write involved). */
    private void enqueue(DriveJob j, JobList list) {
        if (j.writes()) {
            writeJobs++;
        }
        if (writeJobs == 0) {
            j.blockedBy = 0; // reads never wait for reads
            list.add(j);
            return;
        }
        int blocked = 0;
        if (active != null && conflicts(j, active)) {
            blocked++;
        }
        blocked += countConflicts(j, hostJobs);
        blocked += countConflicts(j, dirty);
        j.blockedBy = blocked;
        list.add(j);
    }

    private static boolean conflicts(DriveJob a, DriveJob b) {
        return (a.writes() || b.writes()) && a.overlaps(b.lba, b.sectors);
    }

    private static int countConflicts(DriveJob j, JobList list) {
        if (list.isEmpty()) {
            return 0;
        }
        int n = 0;
        DriveJob[] items = list.items;
        for (int i = 0; i < list.end; i++) {
            DriveJob o = items[i];
            if (o != null && o != j && !o.active && conflicts(j, o)) {
                n++;
            }
        }
        return n;
    }

    private static void release(DriveJob done, JobList list) {
        if (list.isEmpty()) {
            return;
        }
        DriveJob[] items = list.items;
        for (int i = 0; i < list.end; i++) {
            DriveJob o = items[i];
            if (o != null && o.seq > done.seq && o.blockedBy > 0 && conflicts(o, done)) {
                o.blockedBy--;
            }
        }
    }

    private void kick() {
        if (active != null || failed) {
            return;
        }
        if (hostJobs.isEmpty() && dirty.isEmpty()) {
            return;
        }
        startNext();
    }

    private void startNext() {
        if (hostJobs.isEmpty() && dirty.isEmpty()) {
            return; // idle: read-ahead, if any, keeps running
        }
        long now = sim.now();
        DriveJob j = select(now);
        if (j == null) {
            return;
        }
        if (j.kind != DriveJob.DESTAGE) {
            hostJobs.remove(j);
            if (j.headOfQueue) {
                headOfQueueJobs--;
            }
        }
        j.active = true;
        active = j;
        observer.mediaStarted(j.request, now);
        boolean extra = j.kind == DriveJob.WRITE && takesExtraDisconnect(j);
        long ovh = j.kind == DriveJob.DESTAGE ? 0
                : extra ? overheads.protocol().extraDisconnect().commandNs()
                : overheads.commandNs(j.kind == DriveJob.WRITE, false, lastWasWrite);
        long t0 = now + ovh;
        // read-ahead stops when the command arrives, not when its overhead is over (§8.3, D9);
        // the new seek may not start before the mechanism is free
        stopReadAhead(now);
        long free = mechanismFreeNs;
        long end;
        switch (j.kind) {
            case DriveJob.READ -> {
                BusProtocol p = overheads.protocol();
                long readDisconnect = p.readDisconnectNs(lastWasWrite);
                long disconnected = t0 + readDisconnect;
                long hitProcessed = now + overheads.commandNs(false, true, lastWasWrite);
                boolean afterWrite = lastWasWrite;
                lastWasWrite = false;
                int covered = j.fua || !readCache.enabled() ? 0 : readCache.lookup(j.lba, j.sectors, now);
                int seg = readCache.lastSegment();
                if (covered == j.sectors) {
                    // the data came in while the command waited: served from the buffer, bus kept
                    j.request.cacheHit = true;
                    cacheHits++;
                    end = now;
                    activeSegment = -1;
                    activeCompleteNs = hitProcessed + p.dataPreparationNs() + overheads.busNs(false, j.sectors)
                            + overheads.completionNs(false);
                    break;
                }
                if (covered > 0) {
                    partialHits++; // the rest from the segment's end, the cached part sent at once (§4.4)
                } else {
                    seg = readCache.claimRead(j.lba);
                }
                activeSegment = seg;
                long from = j.lba + covered;
                int n = j.sectors - covered;
                activeFrom = from;
                activeCount = n;
                // the bus reconnects once the read watermark of data is in the buffer
                long wmAll = overheads.readReconnectSectors(j.sectors, cacheConfig.segmentSectors());
                long wm = Math.max(0, wmAll - covered);
                long bus = overheads.busNsPerSector(false);
                long seekStart = afterStop(t0, now, free);
                end = mechanics.read(seekStart, from, n, wm, bus);
                long busEnd;
                if (!mechanics.lastOutOfOrder) {
                    long connected = covered > 0 ? hitProcessed + p.dataPreparationNs() : Long.MIN_VALUE;
                    busEnd = ReadBusTiming.busEndNs(mechanics, covered, j.sectors, connected, disconnected, wmAll, p,
                            bus, readDisconnect, 0);
                } else {
                    // Zero-latency access read a track run out of order: its first sector comes
                    // round after the rest of the run, which joins the LBA-order stream only then;
                    // the mechanics give those runs' constraints.
                    long firstReady = mechanics.lastFirstSectorNs;
                    long dataStart;
                    if (covered > 0 && wm == 0) {
                        dataStart = hitProcessed + p.dataPreparationNs(); // enough is buffered: no disconnect
                    } else {
                        long ready = Math.max(firstReady + (end - firstReady) * Math.max(1, wm) / n,
                                mechanics.lastWatermarkNs);
                        dataStart = Math.max(disconnected, ready) + p.firstReselectNs() + p.dataPreparationNs();
                    }
                    busEnd = Math.max(Math.max(end + bus, dataStart + overheads.busNs(false, j.sectors)),
                            mechanics.lastInOrderBusEndNs);
                }
                activeCompleteNs = busEnd + overheads.completionNs(false);
                note(j.request);
                t0 = seekStart;
            }
            case DriveJob.WRITE -> {
                end = startWrite(j, now, t0, extra, free);
                note(j.request);
                lastWasWrite = true;
                lastWriteEnd = j.endLba();
            }
            default -> {
                if (j.seq == admittedSeq && now < admittedDataStartNs + overheads.busNs(true, j.sectors)) {
                    // a write-back write's own media write, started while its data still crosses
                    // the bus: from the end of its command overhead, each sector once its data is in
                    t0 = afterStop(Math.max(now, admittedMediaStartNs), now, free);
                    end = mechanics.write(t0, j.lba, j.sectors, 0, admittedDataStartNs,
                            overheads.busNsPerSector(true));
                } else {
                    t0 = afterStop(now, now, free);
                    end = mechanics.access(t0, j.lba, j.sectors, true);
                }
                activeCompleteNs = end;
                destages++;
            }
        }
        headLba = j.endLba();
        busyNs += end - now;
        activeMediaStartNs = t0 + mechanics.lastSeekNs + mechanics.lastRotationNs;
        activeMediaEndNs = end;
        mediaDone.scheduleAt(end);
    }

    /**
     * A write-through write, DiskSim's sequence: after the command overhead the drive keeps the
     * bus, prepares the transfer and takes the data at the bus rate, then disconnects; the arm
     * starts moving when the command is processed; a sector is written only once its data is in
     * the buffer ({@link DiskMechanics#write}); with the media written the drive reselects the
     * host and completes. With the extra write disconnect the drive disconnects before the data
     * and reconnects for it while the arm moves ({@link BusProtocol.ExtraDisconnect}).
     * Non-sequential writes (not starting where the previous write ended) position for at least
     * the minimum seek delay. Returns when the mechanism is free; the completion time is left in
     * {@code activeCompleteNs}.
     */
    private long startWrite(DriveJob j, long now, long commandDone, boolean extra, long mechanismFree) {
        BusProtocol p = overheads.protocol();
        long moveStart;
        long dataStart;
        long disconnect;
        long reselect;
        if (extra) {
            BusProtocol.ExtraDisconnect x = p.extraDisconnect();
            moveStart = Math.max(now, commandDone + x.seekDeltaNs());
            dataStart = commandDone + x.disconnectNs() + x.interDisconnectNs() + p.firstReselectNs()
                    + p.dataPreparationNs();
            disconnect = x.secondDisconnectNs();
            reselect = p.otherReselectNs();
        } else {
            moveStart = commandDone;
            dataStart = commandDone + p.dataPreparationNs();
            disconnect = p.writeDisconnectNs();
            reselect = p.firstReselectNs();
        }
        moveStart = afterStop(moveStart, now, mechanismFree);
        long bus = overheads.busNsPerSector(true);
        // DiskSim exempts from the minimum seek delay only a write continuing a media write still
        // under way (disk_check_hda_pending): never a write-through write at this point
        long end = mechanics.write(moveStart, j.lba, j.sectors, p.minimumSeekDelayNs(), dataStart, bus,
                p.hasExtraDisconnect() ? mediaWriteThreshold(j.sectors) : 1);
        long disconnected = dataStart + bus * j.sectors + disconnect;
        activeCompleteNs = Math.max(end, disconnected) + reselect + overheads.completionNs(true);
        return end;
    }

    /**
     * DiskSim's condition for HP's extra write disconnect ({@code disk_buffer_select_segment},
     * disksim-controller.md §6.2): the write's segment is the most recently used one, its last
     * access was a write, and the write does not start at its end. With the drive's dedicated
     * write segment that is a write right after a write that it does not continue; after a read
     * (whose segment is then the most recently used) or continuing the previous write, the
     * write takes the plain sequence.
     */
    private boolean takesExtraDisconnect(DriveJob j) {
        return overheads.protocol().hasExtraDisconnect() && lastWasWrite && j.lba != lastWriteEnd;
    }

    /**
     * The HP media-write threshold ({@code disk_buffer_block_available}, disksim-controller.md
     * §6.3): on a drive with the extra write disconnect a sector is written only once at least
     * min(n, 10) of the request's sectors (15 when n ≥ 45) are in the buffer.
     */
    static int mediaWriteThreshold(int sectors) {
        return sectors >= 45 ? 15 : Math.min(sectors, 10);
    }

    /**
     * Stops the read-ahead stream, if one runs (or has run to its limit), at {@code nowNs}: the
     * heads are left on its track, and {@link #mechanismFreeNs} says when a new seek may start
     * ({@link ReadAheadStream#stop}).
     */
    private void stopReadAhead(long nowNs) {
        mechanismFreeNs = Long.MIN_VALUE;
        if (readCache.stopReadAhead(nowNs, cacheConfig.stopPrefetchInSector())) {
            ReadAheadStream st = readCache.stream();
            mechanics.placeHead(st.stopCylinder, st.stopSurface);
            mechanismFreeNs = st.stopNs;
        }
    }

    /**
     * When a seek may start that could start at {@code readyNs} but for a stopped read-ahead
     * leaving the mechanism free only at {@code freeNs}: DiskSim adds the two delays from now
     * ({@code disk_check_hda}: the command's remaining overhead plus the remaining stop time),
     * it does not take the later of the two.
     */
    private static long afterStop(long readyNs, long nowNs, long freeNs) {
        return freeNs == Long.MIN_VALUE ? readyNs : readyNs + Math.max(0, freeNs - nowNs);
    }

    private void note(Request r) {
        r.seekNs += mechanics.lastSeekNs;
        r.rotationNs += mechanics.lastRotationNs;
        r.transferNs += mechanics.lastTransferNs;
    }

    /** The scheduler: best eligible host job, or a destage when destaging is due. */
    private DriveJob select(long now) {
        DriveScheduler policy = spec.scheduler();
        if (headOfQueueJobs > 0) {
            DriveJob first = youngestHeadOfQueue();
            if (first != null) {
                return first;
            }
        }
        if (maxDirtyAgeNs > 0 && !dirty.isEmpty()) {
            DriveJob aged = oldestAged(now);
            if (aged != null) {
                return aged;
            }
        }
        // command overheads ahead of positioning, for the keys below (the picks above need none)
        readOverheadNs = overheads.commandNs(false, false, lastWasWrite);
        BusProtocol.ExtraDisconnect x = overheads.protocol().extraDisconnect();
        // with the extra write disconnect the arm leaves the seek delta after its own command overhead
        writeOverheadNs = x == null ? overheads.commandNs(true, false, lastWasWrite)
                : Math.max(0, x.commandNs() + x.seekDeltaNs());
        DriveJob best = null;
        double bestKey = Double.POSITIVE_INFINITY;
        int eligible = 0;
        boolean blockedHost = false;
        DriveJob[] items = hostJobs.items;
        for (int i = 0, n = hostJobs.end; i < n; i++) {
            DriveJob j = items[i];
            if (j == null) {
                continue;
            }
            if (j.blockedBy > 0) {
                blockedHost = true;
                continue;
            }
            eligible++;
            double key = key(policy, j, now);
            if (key < bestKey || (key == bestKey && best != null && j.seq < best.seq)) {
                bestKey = key;
                best = j;
            }
        }
        int idleDirty = dirty.size() - (active != null && active.kind == DriveJob.DESTAGE ? 1 : 0);
        boolean destageDue = idleDirty > 0 && (eligible == 0 || blockedHost || dirtySectors > dirtyHighWater
                || !flushes.isEmpty() || !spaceWaiters.isEmpty());
        if (destageDue) {
            items = dirty.items;
            for (int i = 0, n = dirty.end; i < n; i++) {
                DriveJob j = items[i];
                if (j == null || j.active || j.blockedBy > 0) {
                    continue;
                }
                double key = key(policy, j, now);
                if (key < bestKey || (key == bestKey && best != null && j.seq < best.seq)) {
                    bestKey = key;
                    best = j;
                }
            }
        }
        return best;
    }

    /**
     * The dirty-age limit (spec §8.2, {@link CacheConfig#maxDirtyAgeNs}): the dirty extent that
     * has been dirty longest, if that is longer than the limit and it may be destaged now; else
     * null. Aged extents go oldest first, ahead of host commands (HEAD OF QUEUE aside), so an
     * aged write waits at most for the media access under way and the destages of the extents
     * that aged before it — a bound that holds whatever the positioning, which an SPTF choice
     * among the aged ones would not give. O(dirty extents), allocation-free.
     */
    private DriveJob oldestAged(long now) {
        long limit = now - maxDirtyAgeNs;
        if (oldestDirtySinceNs >= limit) {
            return null; // nothing can have aged yet: skip the scan
        }
        DriveJob oldest = null;
        long min = Long.MAX_VALUE;
        DriveJob[] items = dirty.items;
        for (int i = 0, n = dirty.end; i < n; i++) {
            DriveJob j = items[i];
            if (j == null) {
                continue;
            }
            min = Math.min(min, j.dirtySinceNs);
            if (!j.active && j.blockedBy == 0 && j.dirtySinceNs < limit
                    && (oldest == null || j.dirtySinceNs < oldest.dirtySinceNs
                        || (j.dirtySinceNs == oldest.dirtySinceNs && j.seq < oldest.seq))) {
                oldest = j;
            }
        }
        oldestDirtySinceNs = min;
        return oldest;
    }

    /**
     * HEAD OF QUEUE is "placed first in the task set", so the one that arrived last is first:
     * consecutive HEAD OF QUEUE commands go last in, first out (SCSI-2 §7.8.2, from memory:
     * unverified). One that overlaps an older pending write waits for it, as every job does
     * (the drive never reorders overlapping writes); null if all of them wait.
     */
    private DriveJob youngestHeadOfQueue() {
        DriveJob first = null;
        DriveJob[] items = hostJobs.items;
        for (int i = 0, n = hostJobs.end; i < n; i++) {
            DriveJob j = items[i];
            if (j != null && j.headOfQueue && j.blockedBy == 0 && (first == null || j.seq > first.seq)) {
                first = j;
            }
        }
        return first;
    }

    private double key(DriveScheduler policy, DriveJob j, long now) {
        switch (policy) {
            case FCFS:
                return j.seq;
            case SSTF:
                return Math.abs(j.cylinder - mechanics.headCylinder());
            case CLOOK:
                return j.lba >= headLba ? j.lba - headLba : (double) capacity + j.lba;
            default:
                long ovh = j.kind == DriveJob.READ ? readOverheadNs : j.kind == DriveJob.WRITE ? writeOverheadNs : 0;
                long pos = ovh + mechanics.positioningNs(now + ovh, j.cylinder, j.surface, j.angle, j.writes());
                return switch (policy) {
                    case ASPTF -> pos - spec.agingWeight() * (now - j.arrivalNs) / 1000.0;
                    // W is the age (ms) at which a command's positioning stops counting against it
                    case WPTF -> spec.agingWeight() == 0 ? pos
                            : pos * (spec.agingWeight() - (now - j.arrivalNs) / 1e6) / spec.agingWeight();
                    case SATF -> pos + j.mediaNs;
                    default -> pos;
                };
        }
    }

    private void finishActive() {
        DriveJob j = active;
        if (j == null || failed) {
            return;
        }
        active = null;
        j.active = false;
        long now = sim.now();
        Request host = j.request;
        long completeNs = activeCompleteNs;
        switch (j.kind) {
            case DriveJob.READ -> {
                if (activeSegment >= 0) {
                    readCache.readDone(activeSegment, activeFrom, activeCount);
                    startReadAhead(activeSegment, j, now);
                    activeSegment = -1;
                }
            }
            case DriveJob.WRITE -> {
                ledger.onMedia(j.record, now);
                readCache.writeDone(j.lba, j.sectors, cacheConfig.cacheWriteData() && hitsOnWriteData);
            }
            default -> {
                readCache.writeDone(j.lba, j.sectors, cacheConfig.cacheWriteData() && hitsOnWriteData);
                dirty.remove(j);
                dirtySectors -= j.sectors;
                ledger.onMedia(j.record, now);
                account();
            }
        }
        if (j.writes()) {
            writeJobs--;
        }
        if (j.writes() || writeJobs > 0) {
            release(j, hostJobs);
            release(j, dirty);
        }
        DriveJob finished = j;
        if (finished.kind == DriveJob.DESTAGE) {
            admitWaiters();
            completeFlushes();
        }
        finished.clear();
        pool.addLast(finished);
        startNext();
        if (host != null) {
            completeAt(host, completeNs);
        }
    }

    /**
     * DiskSim's {@code Read-ahead on idle hit} (disksim-controller.md §8.5, {@code
     * disk_check_hda_pending}): a read served wholly from a segment whose read-ahead has finished,
     * with the drive idle, starts read-ahead again from the segment's end if that is below the
     * limit the hit sets. Its seek starts when the read-miss overhead is over ({@code
     * missProcessedNs}: DiskSim's overhead_done), from where the heads are, and it keeps to the
     * mode's limits (mode 1: the track end).
     */
    private void readAheadOnIdleHit(int seg, long lba, long end, long nowNs, long missProcessedNs) {
        if (seg < 0 || !readAheadOn()) {
            return;
        }
        stopReadAhead(nowNs); // a finished stream: the heads are on its last track
        long limit = readAheadLimit(seg, lba, end);
        if (readCache.endAt(seg, nowNs) >= limit) {
            return;
        }
        readCache.startReadAhead(seg, limit, afterStop(missProcessedNs, nowNs, mechanismFreeNs), mechanics.headCylinder(),
                mechanics.headSurface(), readAheadStay());
    }

    private boolean readAheadOn() {
        return cacheConfig.readAhead() != ReadAhead.OFF
                && (cacheConfig.maxReadAheadSectors() > 0 || cacheConfig.readAhead() == ReadAhead.TRACK_END);
    }

    /** After a read's media access: read-ahead continues from its last sector without a gap (§8.2). */
    private void startReadAhead(int seg, DriveJob j, long now) {
        if (seg < 0 || !readAheadOn()) {
            return;
        }
        readCache.startReadAhead(seg, readAheadLimit(seg, j.lba, j.endLba()), now, mechanics.headCylinder(),
                mechanics.headSurface(), readAheadStay());
    }

    private void admitWaiters() {
        while (!spaceWaiters.isEmpty() && fits(spaceWaiters.peekFirst().sectors())) {
            Request r = spaceWaiters.pollFirst();
            admitDirty(r, (WriteRecord) r.owner);
        }
    }

    private void completeFlushes() {
        while (!flushes.isEmpty()) {
            FlushWait f = flushes.peekFirst();
            DriveJob oldest = dirty.first();
            if (oldest != null && oldest.seq < f.seqLimit()) {
                return;
            }
            flushes.pollFirst();
            ledger.flushCompleted(f.epoch());
            completeAt(f.request(), sim.now());
        }
    }

    /** Completion always goes through an event, so the host never sees it inside its own submit. */
    private void completeAt(Request r, long atNs) {
        Completion c = completions.pollFirst();
        if (c == null) {
            c = new Completion();
        }
        c.request = r;
        c.timer.scheduleAt(Math.max(atNs, sim.now()));
    }

    /**
     * A host completion waiting for its time. Pooled, so that completing a command allocates
     * nothing (a one-shot {@code sim.at} would cost a timer and a closure per command).
     */
    private final class Completion implements Runnable {
        final Timer timer = sim.timer("drive.complete", this);
        Request request;

        @Override
        public void run() {
            Request r = request;
            request = null;
            completions.addLast(this); // free before the host reacts: it may submit at once
            finishHost(r);
        }
    }

    private void finishHost(Request r) {
        if (failed) {
            return;
        }
        if (r.owner instanceof WriteRecord rec) {
            ledger.acknowledged(rec, sim.now(), Flags.has(r.flags(), Flags.FUA));
            r.owner = null;
        }
        account();
        tagged--;
        if (!spec.transport().queued(r.op)) {
            nonQueued--;
        }
        observer.taskCompleted(r, sim.now());
        gate.completed(r);
        if (gate.holding()) {
            startReleased();
        }
        completion.commandDone(r);
    }

    private void account() {
        long now = sim.now();
        long dt = now - occupancyT;
        if (dt > 0) {
            taggedArea += (double) dt * tagged;
            effectiveArea += (double) dt * (tagged + dirty.size());
            occupancyT = now;
        }
    }

    /**
     * Power fails now: the buffer's dirty data and everything queued is gone. Returns what was
     * lost; the drive answers BUSY to everything afterwards.
     */
    public PowerLossReport powerFail() {
        failed = true;
        mediaDone.cancel();
        long now = sim.now();
        // a media write under way is torn at a sector boundary: its first sectors are on the platter
        boolean torn = active != null && active.writes() && now > activeMediaStartNs && now < activeMediaEndNs;
        return ledger.powerFail(now).withTornWrites(torn ? 1 : 0);
    }

    @Override
    public void setCompletionSink(CommandCompletion sink) {
        this.completion = sink;
    }

    @Override
    public long capacitySectors() {
        return capacity;
    }

    @Override
    public long busyNs() {
        return busyNs;
    }

    @Override
    public String name() {
        return spec.name();
    }

    public DriveSpec spec() {
        return spec;
    }

    @Override
    public Transport transport() {
        return spec.transport();
    }

    public DiskMechanics mechanics() {
        return mechanics;
    }

    public DurabilityLedger ledger() {
        return ledger;
    }

    public long dirtySectors() {
        return dirtySectors;
    }

    public int dirtyExtents() {
        return dirty.size();
    }

    public int tagged() {
        return tagged;
    }

    /** Accepted commands an ORDERED one holds back (they count as tagged). */
    public int heldByOrdered() {
        return gate.held();
    }

    /** Watches task starts and media starts (tests, tools); {@link DriveObserver#NONE} by default. */
    public void setObserver(DriveObserver observer) {
        this.observer = observer;
    }

    /**
     * Whether a command of this kind may be issued now without breaking the SATA NCQ link rule
     * (for hosts that drive a {@code Disk} directly, as tests do; the driver keeps its own count).
     */
    public boolean linkAllows(Op op) {
        return nonQueued == 0 && (tagged == 0 || spec.transport().queued(op));
    }

    public long queueFullsAnswered() {
        return queueFullsAnswered;
    }

    public long destages() {
        return destages;
    }

    public long cacheHits() {
        return cacheHits;
    }

    /** Reads served partly from the buffer and partly from the media. */
    public long partialHits() {
        return partialHits;
    }

    /** Dirty extents a later write replaced in the buffer before they were destaged. */
    public long overwrittenInCache() {
        return overwrittenInCache;
    }

    /** Time-averaged tagged commands at the drive, up to now. */
    public double meanTaggedQueue() {
        account();
        return occupancyT == 0 ? 0 : taggedArea / occupancyT;
    }

    /** Time-averaged effective queue: tagged commands plus dirty extents awaiting destage. */
    public double meanEffectiveQueue() {
        account();
        return occupancyT == 0 ? 0 : effectiveArea / occupancyT;
    }

    public int maxTaggedQueue() {
        return maxTagged;
    }

    public int maxEffectiveQueue() {
        return maxEffective;
    }

}
