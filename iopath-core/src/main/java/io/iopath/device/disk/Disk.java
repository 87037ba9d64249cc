package io.iopath.device.disk;

import io.iopath.device.BlockDevice;
import io.iopath.device.CommandCompletion;
import io.iopath.device.DeviceResponse;
import io.iopath.device.Transport;
import io.iopath.device.WriteCache;
import io.iopath.device.disk.bus.BusProtocol;
import io.iopath.device.disk.bus.Overheads;
import io.iopath.device.disk.bus.ReadBusTiming;
import io.iopath.device.disk.cache.CacheConfig;
import io.iopath.device.disk.cache.ReadAhead;
import io.iopath.device.disk.cache.ReadAheadStream;
import io.iopath.device.disk.cache.ReadCache;
import io.iopath.device.disk.cache.WriteLog;
import io.iopath.device.disk.geometry.TrackCursor;
import io.iopath.device.disk.mechanics.AccessResult;
import io.iopath.device.disk.mechanics.DiskMechanics;
import io.iopath.device.disk.mechanics.Spindle;
import io.iopath.device.disk.queue.CommandScheduler;
import io.iopath.device.disk.queue.JobList;
import io.iopath.device.disk.queue.MediaJob;
import io.iopath.device.disk.queue.TaskSet;
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
 * <p>The buffer and the bus follow DiskSim 4.0's disk controller (disksim-controller.md,
 * disksim-differences.md D1–D12): the hit type is decided at a command's arrival; the segments
 * ({@link ReadCache}) are claimed by read misses and by writes at arrival; read-ahead is a
 * sector-by-sector stream ({@link ReadAheadStream}) stopped when the next command arrives; a
 * read's data crosses the bus as DiskSim reconnects and sends it ({@link ReadBusTiming}); HP's
 * extra write disconnect, media-write threshold and minimum seek delay as DiskSim applies them.
 * At queue depth 1 an imported DiskSim drive reproduces DiskSim's response of every request.
 *
 * <p>One mechanism serves one {@link MediaJob} at a time: a host command that needs the media
 * or the destage of one dirty extent. Write-back writes are acknowledged once their data has
 * crossed the bus; their dirty extents wait in the buffer and are destaged when the drive has
 * nothing else to do, or — above the high-water mark, while a FLUSH waits, while writes wait
 * for buffer space, or while a command waits on overlapping dirty data — chosen by the same
 * scheduler alongside the waiting commands. A write-back write that wholly covers an older,
 * idle dirty extent replaces it in the buffer ({@link #overwriteInCache}); with a dirty-age
 * limit ({@link CacheConfig#maxDirtyAgeNs}) extents older than it are destaged first, oldest
 * first, even with host commands waiting.
 *
 * <p>The task set ({@link TaskSet}) answers QUEUE FULL — at the advertised depth, and with the
 * write cache on when tagged commands plus dirty extents reach it (the "effective queue",
 * §9.4) — and enforces SATA NCQ's link rule (FLUSH CACHE and TRIM are not queued commands: the
 * host must drain the link first). The {@link CommandScheduler} holds the media jobs and picks
 * the next by its policy's key.
 *
 * <p>Task attributes (SCSI only; the task set's gate): an ORDERED command starts only when every
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
    /** The accepted commands: QUEUE FULL, link rules, task attributes, occupancy. */
    private final TaskSet tasks;
    /** The media jobs waiting for the mechanism and the choice among them. */
    private final CommandScheduler scheduler;
    /** The write-back buffer's dirty extents (the scheduler's list). */
    private final JobList dirty;
    private final ArrayDeque<Request> spaceWaiters = new ArrayDeque<>();
    private final ArrayDeque<FlushWait> flushes = new ArrayDeque<>();
    private final ArrayDeque<Completion> completions = new ArrayDeque<>();
    private final WriteLog writeLog;
    private DriveObserver observer = DriveObserver.NONE;
    private final TrackCursor cursor = new TrackCursor();
    /** The media access under way (or last done): one, reused, so an access allocates nothing. */
    private final AccessResult access = new AccessResult();
    private final Timer mediaDone;
    private final long capacity;
    /** Write segments above which destages compete with waiting commands. */
    private final long dirtyHighWater;
    /** Segments that may hold dirty data at once (DiskSim {@code Maximum number of write segments}). */
    private final int maxWriteSegments;
    /** Write segments the dirty runs occupy. */
    private long dirtySegments;
    private CommandCompletion completion = c -> { };

    private MediaJob active;
    private long activeCompleteNs;
    /** When a stopped read-ahead leaves the mechanism free (Long.MIN_VALUE: at once). */
    private long mechanismFreeNs = Long.MIN_VALUE;
    /** When the active job's media transfer began and when it ends (torn writes at power loss). */
    private long activeMediaStartNs;
    private long activeMediaEndNs;
    private long dirtySectors;
    private boolean lastWasWrite;
    /** End LBA of the last host write: a write starting there continues it (sequential). */
    private long lastWriteEnd = -1;
    private boolean failed;

    private long busyNs;
    private long destages;
    private long overwrittenInCache;
    private long cacheHits;
    private long partialHits;

    private record FlushWait(Request request, long seqLimit, long epoch) {
    }

    /** A drive whose writes nobody tracks ({@link WriteLog#NONE}). */
    public Disk(Simulator sim, DriveSpec spec) {
        this(sim, spec, WriteLog.NONE);
    }

    /** @param writeLog told of every write's progress from acceptance to the media */
    public Disk(Simulator sim, DriveSpec spec, WriteLog writeLog) {
        // A drive does not power on at a known angle: the starting angle is drawn from the run's seed.
        this(sim, spec, writeLog, sim.randoms().stream("drive.spindle").nextDouble());
    }

    /**
     * A drive whose platter is at {@code startAngle} (a fraction of a revolution) at t = 0: a
     * validation replay starts at angle 0, as DiskSim does ({@code dm_rotate_g1}).
     */
    public Disk(Simulator sim, DriveSpec spec, double startAngle) {
        this(sim, spec, WriteLog.NONE, startAngle);
    }

    public Disk(Simulator sim, DriveSpec spec, WriteLog writeLog, double startAngle) {
        this.sim = sim;
        this.writeLog = writeLog;
        this.spec = spec;
        Spindle spindle = new Spindle(spec.effectiveRpm(), startAngle);
        this.mechanics = new DiskMechanics(spec.geometry(), spec.readSeek(), spec.writeSeek(), spec.writeSettleNs(),
                spec.headSwitchNs(), spindle, spec.cache().readOnArrival(), spec.cache().writeOnArrival());
        this.overheads = spec.overheads();
        this.cacheConfig = spec.cache();
        this.maxWriteSegments = Math.max(1, cacheConfig.maxWriteSegments());
        this.writeCache = cacheConfig.writeCache() && cacheConfig.segments() > 0 && cacheConfig.segmentSectors() > 0;
        this.hitsOnWriteData = cacheConfig.readHitsOnDirty() || cacheConfig.writeSegments() == 0;
        this.readCache = new ReadCache(cacheConfig.segments(), cacheConfig.segmentSectors(),
                cacheConfig.writeSegments(), hitsOnWriteData, cacheConfig.maxWriteSegments(),
                cacheConfig.almostReadHits(), mechanics);
        this.capacity = spec.capacitySectors();
        this.dirtyHighWater = (long) (cacheConfig.highWater() * maxWriteSegments);
        this.mediaDone = sim.timer("drive.media", this::finishActive);
        this.tasks = new TaskSet(spec.transport(), spec.maxQueueDepth(), writeCache);
        this.scheduler = new CommandScheduler(spec.scheduler().policy(), mechanics, capacity, spec.agingWeight(),
                writeCache ? cacheConfig.maxDirtyAgeNs() : 0);
        this.dirty = scheduler.dirty();
    }

    @Override
    public DeviceResponse submit(Request r) {
        if (failed) {
            return DeviceResponse.BUSY;
        }
        if (r.op.transfersData() && (r.sector() < 0 || r.endSector() > capacity)) {
            throw new IllegalArgumentException(r + " beyond the drive's " + capacity + " sectors");
        }
        tasks.checkLink(r);
        if (tasks.refuses(dirty.size())) {
            return DeviceResponse.QUEUE_FULL;
        }
        boolean start = tasks.accept(r, sim.now(), dirty.size());
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
        for (Request r = tasks.nextReleased(); r != null; r = tasks.nextReleased()) {
            start(r);
            any = true;
        }
        if (any) {
            kick();
        }
    }

    private void read(Request r) {
        long now = sim.now();
        boolean fua = Flags.has(r.flags(), Flags.FUA);
        // the hit type is decided once, at arrival (disksim-controller.md §3, §9.5)
        int covered = fua || !readCache.enabled() ? 0 : readCache.lookup(r.sector(), r.sectors(), now);
        int seg = readCache.lastSegment();
        boolean hit = !fua && (covered == r.sectors()
                || (cacheConfig.readHitsOnDirty() && dirtyCovers(r.sector(), r.sectors())));
        if (hit && !overheads.protocol().sneakyReadHits() && active != null && active.writes()) {
            // DiskSim without sneaky hits: a hit cannot stop a media write under way, so it takes
            // the miss path and is served from the buffer once the write is done (§4.1)
            hit = false;
        }
        if (hit) {
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
                } else if (cacheConfig.readAheadOnIdleHit() && active == null && scheduler.isIdle()) {
                    readAheadOnIdleHit(seg, r.sector(), r.endSector(), now, missProcessed);
                }
            }
            completeAt(r, t);
            return;
        }
        if ((covered > 0 || readCache.lastAlmostHit()) && readCache.readingAt(seg, now)) {
            // a partial hit takes over the running read-ahead, raising its limit (§8.4); if the
            // stream still cannot reach the request's end (a mode that stays on its track), the
            // rest is read by a media access of its own
            readCache.raiseReadAheadLimit(readAheadLimit(seg, r.sector(), r.endSector()));
            if (readCache.stream().limit() >= r.endSector()) {
                mergePartialHit(r, seg, covered, now);
                return;
            }
        }
        MediaJob j = scheduler.job(MediaJob.Kind.READ, r.sector(), r.sectors(), sim.now());
        j.request = r;
        j.fua = fua;
        scheduler.enqueueHost(j, active);
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
        MediaJob[] items = dirty.items;
        for (int i = 0; i < dirty.end; i++) {
            MediaJob d = items[i];
            if (d != null && d.lba <= lba && lba + n <= d.endLba()) {
                return true;
            }
        }
        return false;
    }

    private void write(Request r) {
        WriteLog.Entry rec = writeLog.accepted(r.sector(), r.sectors());
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
            if (!spaceWaiters.isEmpty() || !admitDirty(r, rec)) {
                // no write segment free: the write waits for a destage to free one (its data
                // stays on the host side; the command keeps its tag)
                if (r.taskAttribute == TaskAttribute.HEAD_OF_QUEUE) {
                    spaceWaiters.addFirst(r);
                } else {
                    spaceWaiters.addLast(r);
                }
            }
            return;
        }
        MediaJob j = scheduler.job(MediaJob.Kind.WRITE, r.sector(), r.sectors(), sim.now());
        j.request = r;
        j.record = rec;
        j.fua = fua;
        scheduler.enqueueHost(j, active);
    }

    /** Write segments a dirty run of {@code sectors} occupies (a write longer than a segment spans several). */
    private long segmentsFor(long sectors) {
        int seg = Math.max(1, cacheConfig.segmentSectors());
        return Math.max(1, (sectors + seg - 1) / seg);
    }

    /**
     * The idle dirty run this write continues in its segment (DiskSim's APPEND, {@code
     * disk_buffer_select_write_segment}, disksim-controller.md §9.3): the write starts at the
     * run's end and the run with it still fits its segment; no other job has a claim on the
     * sectors it adds. Null if none.
     */
    private MediaJob appendable(long lba, int n) {
        if (!cacheConfig.combineSequentialWrites() || dirty.isEmpty()) {
            return null;
        }
        MediaJob[] items = dirty.items;
        for (int i = 0; i < dirty.end; i++) {
            MediaJob d = items[i];
            if (d != null && !d.active && d.endLba() == lba && d.sectors + n <= cacheConfig.segmentSectors()
                    && !scheduler.anyJobOverlaps(lba, n, d, active)) {
                return d;
            }
        }
        return null;
    }

    /**
     * The write's data goes into a write segment: appended to the dirty run it continues, or
     * into segments of its own if that many are free (at most {@code Maximum number of write
     * segments} hold dirty data; a write longer than all of them is let in when none is dirty,
     * and streams through). Acknowledged after its bus transfer, destaged later. Returns false
     * (nothing done) if no segment is free.
     */
    private boolean admitDirty(Request r, WriteLog.Entry rec) {
        MediaJob d = appendable(r.sector(), r.sectors());
        long prior = 0;
        if (d != null) {
            prior = d.sectors;
            dirtySegments -= segmentsFor(d.sectors);
            d.append(rec, r.sectors());
            dirtySegments += segmentsFor(d.sectors);
            scheduler.grown(d);
        } else {
            long need = segmentsFor(r.sectors());
            if (dirtySegments + need > maxWriteSegments && dirtySegments > 0) {
                return false;
            }
            long dirtySince = cacheConfig.overwriteInCache() ? overwriteInCache(r.sector(), r.endSector(), rec)
                    : Long.MAX_VALUE;
            d = scheduler.job(MediaJob.Kind.DESTAGE, r.sector(), r.sectors(), sim.now());
            d.record = rec;
            d.dirtySinceNs = Math.min(d.dirtySinceNs, dirtySince);
            scheduler.enqueueDirty(d, active);
            dirtySegments += need;
        }
        dirtySectors += r.sectors();
        tasks.noteEffective(dirty.size());
        r.cacheHit = true;
        cacheHits++;
        // the media write may start once the command is processed, each sector once its data is in
        // (disksim-controller.md §6.5; disk_check_hda_pending, disk_buffer_block_available); an
        // appended run's earlier sectors are in already
        long bus = overheads.busNsPerSector(true);
        admittedSeq = d.seq;
        admittedMediaStartNs = sim.now() + overheads.commandNs(true, true, lastWasWrite);
        admittedDataStartNs = admittedMediaStartNs + overheads.protocol().dataPreparationNs() - prior * bus;
        long t = sim.now() + overheads.commandNs(true, true, lastWasWrite) + overheads.protocol().dataPreparationNs()
                + overheads.busNs(true, r.sectors()) + overheads.completionNs(true);
        r.transferNs += overheads.busNs(true, r.sectors());
        lastWasWrite = true;
        completeAt(r, t);
        return true;
    }

    /**
     * Overwrite in cache (spec §8.2): the buffer holds one copy of each sector, so a write that
     * wholly covers an older dirty extent replaces it, and the older version never reaches the
     * media. Only whole coverage of an extent that is not being destaged: a partial overlap
     * stays a second extent, destaged after the first (blockedBy), as does an extent under way.
     * A dropped extent counts as done for the jobs that waited on it. Its write stays in the
     * log until {@code by} is on the media ({@link WriteLog#superseded}).
     *
     * <p>FLUSH: an extent a waiting FLUSH needs (older than the newest waiting flush's limit) is
     * never replaced. The flush would otherwise see its sectors leave the dirty list while only
     * a younger write — which the flush does not wait for — holds them, and complete with a
     * write it promised still volatile. Keeping the extent costs one destage, only while a flush
     * waits; the rule needs no bookkeeping (flushes wait in FIFO order with growing limits).
     *
     * <p>O(dirty extents), allocation-free. Returns the oldest {@link MediaJob#dirtySinceNs}
     * among the replaced extents (Long.MAX_VALUE if none), which the new extent inherits.
     */
    private long overwriteInCache(long from, long to, WriteLog.Entry by) {
        long dirtySince = Long.MAX_VALUE;
        if (dirty.isEmpty()) {
            return dirtySince;
        }
        long keepBelow = flushes.isEmpty() ? Long.MIN_VALUE : flushes.peekLast().seqLimit();
        MediaJob[] items = dirty.items;
        for (int i = 0, n = dirty.end; i < n; i++) {
            MediaJob o = items[i];
            if (o == null || o.active || o.lba < from || o.endLba() > to || o.seq < keepBelow) {
                continue;
            }
            dirtySince = Math.min(dirtySince, o.dirtySinceNs);
            account();
            // the jobs that waited on it (younger, overlapping) go on as if it had been destaged
            scheduler.dropDirty(o);
            dirtySectors -= o.sectors;
            dirtySegments -= segmentsFor(o.sectors);
            writeLog.superseded((WriteLog.Entry) o.record, by);
            for (int k = 0; k < o.moreRecords; k++) {
                writeLog.superseded((WriteLog.Entry) o.more[k], by);
            }
            overwrittenInCache++;
            scheduler.recycle(o);
        }
        return dirtySince;
    }

    private void flush(Request r) {
        long epoch = writeLog.flushIssued();
        if (dirty.isEmpty()) {
            writeLog.flushCompleted(epoch);
            completeAt(r, sim.now() + overheads.commandNs(true, true, lastWasWrite));
            return;
        }
        flushes.addLast(new FlushWait(r, scheduler.nextSeq(), epoch));
    }

    private void kick() {
        if (active != null || failed) {
            return;
        }
        if (scheduler.isIdle()) {
            return;
        }
        startNext();
    }

    private void startNext() {
        if (scheduler.isIdle()) {
            return; // idle: read-ahead, if any, keeps running
        }
        long now = sim.now();
        MediaJob j = select(now);
        if (j == null) {
            return;
        }
        scheduler.started(j);
        active = j;
        observer.mediaStarted(j.request, now);
        boolean extra = j.kind == MediaJob.Kind.WRITE && takesExtraDisconnect(j);
        long ovh = j.kind == MediaJob.Kind.DESTAGE ? 0
                : extra ? overheads.protocol().extraDisconnect().commandNs()
                : overheads.commandNs(j.kind == MediaJob.Kind.WRITE, false, lastWasWrite);
        long t0 = now + ovh;
        // read-ahead stops when the command arrives, not when its overhead is over (§8.3, D9);
        // the new seek may not start before the mechanism is free
        stopReadAhead(now);
        long free = mechanismFreeNs;
        long end;
        switch (j.kind) {
            case READ -> {
                BusProtocol p = overheads.protocol();
                long readDisconnect = p.readDisconnectNs(lastWasWrite);
                long disconnected = t0 + readDisconnect;
                long hitProcessed = now + overheads.commandNs(false, true, lastWasWrite);
                boolean afterWrite = lastWasWrite;
                lastWasWrite = false;
                int covered = j.fua || !readCache.enabled() ? 0 : readCache.lookup(j.lba, j.sectors, now);
                int seg = readCache.lastSegment();
                if (covered == j.sectors) {
                    // the data is in the buffer and the command waited for the mechanism: it
                    // disconnected at arrival (read-miss overhead + read disconnect) and now
                    // reconnects (first reselect + data preparation) to send it (§4.1)
                    j.request.cacheHit = true;
                    cacheHits++;
                    end = now;
                    activeSegment = -1;
                    long waited = Math.max(now, j.arrivalNs + overheads.commandNs(false, false, afterWrite)
                            + readDisconnect);
                    activeCompleteNs = waited + p.firstReselectNs() + p.dataPreparationNs()
                            + overheads.busNs(false, j.sectors) + overheads.completionNs(false);
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
                end = mechanics.read(seekStart, from, n, wm, bus, access).endNs();
                long busEnd;
                if (!access.outOfOrder()) {
                    long connected = covered > 0 ? hitProcessed + p.dataPreparationNs() : Long.MIN_VALUE;
                    busEnd = ReadBusTiming.busEndNs(access, covered, j.sectors, connected, disconnected, wmAll, p,
                            bus, readDisconnect, 0);
                } else {
                    // Zero-latency access read a track run out of order: its first sector comes
                    // round after the rest of the run, which joins the LBA-order stream only then;
                    // the mechanics give those runs' constraints.
                    long firstReady = access.firstSectorNs();
                    long dataStart;
                    if (covered > 0 && wm == 0) {
                        dataStart = hitProcessed + p.dataPreparationNs(); // enough is buffered: no disconnect
                    } else {
                        long ready = Math.max(firstReady + (end - firstReady) * Math.max(1, wm) / n,
                                access.watermarkNs());
                        dataStart = Math.max(disconnected, ready) + p.firstReselectNs() + p.dataPreparationNs();
                    }
                    busEnd = Math.max(Math.max(end + bus, dataStart + overheads.busNs(false, j.sectors)),
                            access.inOrderBusEndNs());
                }
                activeCompleteNs = busEnd + overheads.completionNs(false);
                note(j.request);
                t0 = seekStart;
            }
            case WRITE -> {
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
                            overheads.busNsPerSector(true), access).endNs();
                } else {
                    t0 = afterStop(now, now, free);
                    end = mechanics.access(t0, j.lba, j.sectors, true, access).endNs();
                }
                activeCompleteNs = end;
                destages++;
            }
        }
        scheduler.headAt(j.endLba());
        busyNs += end - now;
        activeMediaStartNs = t0 + access.seekNs() + access.rotationNs();
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
     * Every write positions for at least the minimum seek delay. Returns when the mechanism is
     * free; the completion time is left in
     * {@code activeCompleteNs}.
     */
    private long startWrite(MediaJob j, long now, long commandDone, boolean extra, long mechanismFree) {
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
                p.hasExtraDisconnect() ? mediaWriteThreshold(j.sectors) : 1, access).endNs();
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
    private boolean takesExtraDisconnect(MediaJob j) {
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
        r.seekNs += access.seekNs();
        r.rotationNs += access.rotationNs();
        r.transferNs += access.transferNs();
    }

    /**
     * The scheduler's pick: best eligible host job, or a destage when destaging is due. The
     * buffer presses for destages above the high-water mark, while a FLUSH waits and while
     * writes wait for buffer space; the keys count the command overhead ahead of positioning.
     */
    private MediaJob select(long now) {
        long readOverheadNs = overheads.commandNs(false, false, lastWasWrite);
        BusProtocol.ExtraDisconnect x = overheads.protocol().extraDisconnect();
        // with the extra write disconnect the arm leaves the seek delta after its own command overhead
        long writeOverheadNs = x == null ? overheads.commandNs(true, false, lastWasWrite)
                : Math.max(0, x.commandNs() + x.seekDeltaNs());
        boolean pressure = dirtySegments > dirtyHighWater || !flushes.isEmpty() || !spaceWaiters.isEmpty();
        return scheduler.select(now, readOverheadNs, writeOverheadNs, pressure, active);
    }

    private void finishActive() {
        MediaJob j = active;
        if (j == null || failed) {
            return;
        }
        active = null;
        long now = sim.now();
        Request host = j.request;
        long completeNs = activeCompleteNs;
        switch (j.kind) {
            case READ -> {
                if (activeSegment >= 0) {
                    readCache.readDone(activeSegment, activeFrom, activeCount);
                    startReadAhead(activeSegment, j, now);
                    activeSegment = -1;
                }
            }
            case WRITE -> {
                writeLog.onMedia((WriteLog.Entry) j.record, now);
                readCache.writeDone(j.lba, j.sectors, cacheConfig.cacheWriteData() && hitsOnWriteData);
            }
            default -> {
                writtenBack(j);
                scheduler.destaged(j);
                dirtySectors -= j.sectors;
                dirtySegments -= segmentsFor(j.sectors);
                writeLog.onMedia((WriteLog.Entry) j.record, now);
                for (int k = 0; k < j.moreRecords; k++) {
                    writeLog.onMedia((WriteLog.Entry) j.more[k], now);
                }
                account();
            }
        }
        scheduler.finished(j);
        if (j.kind == MediaJob.Kind.DESTAGE) {
            admitWaiters();
            completeFlushes();
        }
        scheduler.recycle(j);
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
    private void startReadAhead(int seg, MediaJob j, long now) {
        if (seg < 0 || !readAheadOn()) {
            return;
        }
        readCache.startReadAhead(seg, readAheadLimit(seg, j.lba, j.endLba()), now, mechanics.headCylinder(),
                mechanics.headSurface(), readAheadStay());
    }

    /**
     * A dirty run is on the media: each of its writes' data leaves the buffer's dirty segments
     * (CLEAN if the drive caches write data, else EMPTY), write by write, as each write claimed
     * or appended to a segment when it arrived.
     */
    private void writtenBack(MediaJob j) {
        boolean keep = cacheConfig.cacheWriteData() && hitsOnWriteData;
        int appended = 0;
        for (int k = 0; k < j.moreRecords; k++) {
            appended += j.moreSectors[k];
        }
        long lba = j.lba;
        int first = j.sectors - appended;
        readCache.writeDone(lba, first, keep);
        lba += first;
        for (int k = 0; k < j.moreRecords; k++) {
            readCache.writeDone(lba, j.moreSectors[k], keep);
            lba += j.moreSectors[k];
        }
    }

    /** A destage freed write segments: the writes waiting for one go in, in order. */
    private void admitWaiters() {
        while (!spaceWaiters.isEmpty() && admitDirty(spaceWaiters.peekFirst(), (WriteLog.Entry) spaceWaiters.peekFirst().owner)) {
            spaceWaiters.pollFirst();
        }
    }

    private void completeFlushes() {
        while (!flushes.isEmpty()) {
            FlushWait f = flushes.peekFirst();
            MediaJob oldest = dirty.first();
            if (oldest != null && oldest.seq < f.seqLimit()) {
                return;
            }
            flushes.pollFirst();
            writeLog.flushCompleted(f.epoch());
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
        if (r.owner instanceof WriteLog.Entry rec) {
            writeLog.acknowledged(rec, sim.now(), Flags.has(r.flags(), Flags.FUA));
            r.owner = null;
        }
        tasks.completed(r, sim.now(), dirty.size());
        observer.taskCompleted(r, sim.now());
        tasks.releaseOrdering(r);
        if (tasks.holding()) {
            startReleased();
        }
        completion.commandDone(r);
    }

    private void account() {
        tasks.account(sim.now(), dirty.size());
    }

    /**
     * Power fails now: the buffer's dirty data and everything queued is gone; the drive answers
     * BUSY to everything afterwards. What was lost is the {@link WriteLog}'s to count. Returns the
     * writes torn on the media: a media write under way is torn at a sector boundary, its first
     * sectors on the platter (0 or 1).
     */
    public int powerFail() {
        failed = true;
        mediaDone.cancel();
        long now = sim.now();
        boolean torn = active != null && active.writes() && now > activeMediaStartNs && now < activeMediaEndNs;
        return torn ? 1 : 0;
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

    /**
     * WCE is set when writes are acknowledged from a volatile buffer (a write cache with room for
     * dirty data); DPOFUA always, since every drive model honours FUA (a FUA write goes to the
     * media, a FUA read bypasses the cache).
     */
    @Override
    public WriteCache writeCache() {
        return new WriteCache(writeCache, true);
    }

    public DiskMechanics mechanics() {
        return mechanics;
    }

    /** The media access under way, or the last one done (tests, tools); the drive reuses it. */
    public AccessResult mediaAccess() {
        return access;
    }

    public long dirtySectors() {
        return dirtySectors;
    }

    public int dirtyExtents() {
        return dirty.size();
    }

    public int tagged() {
        return tasks.tagged();
    }

    /** Accepted commands an ORDERED one holds back (they count as tagged). */
    public int heldByOrdered() {
        return tasks.held();
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
        return tasks.linkAllows(op);
    }

    public long queueFullsAnswered() {
        return tasks.queueFullsAnswered();
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
        return tasks.meanTagged();
    }

    /** Time-averaged effective queue: tagged commands plus dirty extents awaiting destage. */
    public double meanEffectiveQueue() {
        account();
        return tasks.meanEffective();
    }

    public int maxTaggedQueue() {
        return tasks.maxTagged();
    }

    public int maxEffectiveQueue() {
        return tasks.maxEffective();
    }

}
