package io.iopath.device.disk;

import io.iopath.device.BlockDevice;
import io.iopath.device.CommandCompletion;
import io.iopath.device.DeviceResponse;
import io.iopath.device.Transport;
import io.iopath.device.WriteCache;
import io.iopath.device.disk.bus.BusTiming;
import io.iopath.device.disk.bus.Preseek;
import io.iopath.device.disk.cache.CacheConfig;
import io.iopath.device.disk.cache.ReadAheadControl;
import io.iopath.device.disk.cache.ReadAheadStream;
import io.iopath.device.disk.cache.ReadCache;
import io.iopath.device.disk.cache.WriteBackBuffer;
import io.iopath.device.disk.cache.WriteLog;
import io.iopath.device.disk.mechanics.AccessResult;
import io.iopath.device.disk.mechanics.DiskMechanics;
import io.iopath.device.disk.mechanics.Spindle;
import io.iopath.device.disk.queue.CommandScheduler;
import io.iopath.device.disk.queue.MediaJob;
import io.iopath.device.disk.queue.TaskSet;
import io.iopath.request.DriveCommand;
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
 * sector-by-sector stream ({@link ReadAheadStream}) started and stopped by the
 * {@link ReadAheadControl}, stopped when the next command arrives; a read's data crosses the bus
 * as DiskSim reconnects and sends it, and every other bus sequence, HP's extra write disconnect
 * and media-write threshold included, is timed by the {@link BusTiming}; the minimum seek delay
 * as DiskSim applies it.
 * At queue depth 1 an imported DiskSim drive reproduces DiskSim's response of every request.
 *
 * <p>One mechanism serves one {@link MediaJob} at a time: a host command that needs the media
 * or the destage of one dirty extent. Write-back writes are acknowledged once their data has
 * crossed the bus; their dirty extents wait in the buffer and are destaged when the drive has
 * nothing else to do, or — above the high-water mark, while a FLUSH waits, while writes wait
 * for buffer space, or while a command waits on overlapping dirty data — chosen by the same
 * scheduler alongside the waiting commands. The dirty extents and the writes waiting for a
 * segment are the {@link WriteBackBuffer}'s. A write-back write that wholly covers an older,
 * idle dirty extent replaces it in the buffer (overwrite in cache); with a dirty-age
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
    /** Every bus and command-overhead sequence's arithmetic. */
    private final BusTiming bus;
    private final CacheConfig cacheConfig;
    private final boolean writeCache;
    private final ReadCache readCache;
    private final ReadAheadControl readAhead;
    /** The dirty extents (the scheduler's dirty list) and the writes waiting for a write segment. */
    private final WriteBackBuffer buffer;
    /** A media write's data stays readable in the buffer (DiskSim {@code Allow read hits on write data}). */
    private final boolean keepWrittenData;
    /**
     * A command that finds the mechanism busy is processed at its arrival, as DiskSim's
     * controller does ({@link io.iopath.device.disk.bus.Overheads#overheadFromArrival}): its
     * overhead runs from there, and a write-back write waits for a media write it cannot join.
     */
    private final boolean fromArrival;
    /** When a queued command may stop the read-ahead after a read (DiskSim's {@code Preseeking level}). */
    private final Preseek preseek;
    /**
     * Until then the mechanism stays on the read-ahead after a read and no queued command starts
     * ({@link #holdForCompletion}); Long.MIN_VALUE: no hold.
     */
    private long preseekUntilNs = Long.MIN_VALUE;
    private final Timer preseekDone;
    /** The active read's segment, and the part of it the media reads (a partial hit's rest). */
    private int activeSegment = -1;
    private long activeFrom;
    private int activeCount;
    /** The accepted commands: QUEUE FULL, link rules, task attributes, occupancy. */
    private final TaskSet tasks;
    /** The media jobs waiting for the mechanism and the choice among them. */
    private final CommandScheduler scheduler;
    private final ArrayDeque<FlushWait> flushes = new ArrayDeque<>();
    private final ArrayDeque<Completion> completions = new ArrayDeque<>();
    private final WriteLog writeLog;
    private DriveObserver observer = DriveObserver.NONE;
    /** The media access under way (or last done): one, reused, so an access allocates nothing. */
    private final AccessResult access = new AccessResult();
    private final Timer mediaDone;
    /** The read-ahead has served the commands that joined it: the mechanism may take other work. */
    private final Timer streamServed;
    private final long capacity;
    private CommandCompletion completion = c -> { };

    private MediaJob active;
    /** The last queued write-back write's acknowledgment, its data's start and sectors ({@link #busTakenByArrival}). */
    private Completion ack;
    private Request ackRequest;
    private long ackDataStartNs;
    private int ackSectors;
    private long activeCompleteNs;
    /** When the active job's media transfer began and when it ends (torn writes at power loss). */
    private long activeMediaStartNs;
    private long activeMediaEndNs;
    /** When the last media access (not a read-ahead) passed its last sector: DiskSim's mechanical state. */
    private long lastSectorEndNs;
    private boolean lastWasWrite;
    /** The last command completed to the host was a write (DiskSim's {@code lastflags}, set in {@code disk_request_complete}). */
    private boolean lastCompletedWrite;
    /** End LBA of the last host write: a write starting there continues it (sequential). */
    private long lastWriteEnd = -1;
    private boolean failed;

    private long busyNs;
    private long destages;
    private final DestageWork destageWork = new DestageWork();
    private long cacheHits;
    private long partialHits;
    /** Sectors a Write Uncorrectable marked: a read of one fails until a write clears it. */
    private final UncorrectableSectors uncorrectable = new UncorrectableSectors();

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
        this.cacheConfig = spec.cache();
        this.bus = new BusTiming(spec.overheads(), cacheConfig.segmentSectors());
        this.writeCache = cacheConfig.writeCache() && cacheConfig.segments() > 0 && cacheConfig.segmentSectors() > 0;
        boolean hitsOnWriteData = cacheConfig.readHitsOnDirty() || cacheConfig.writeSegments() == 0;
        this.keepWrittenData = cacheConfig.cacheWriteData() && hitsOnWriteData;
        this.fromArrival = spec.overheads().overheadFromArrival();
        this.preseek = spec.overheads().preseek();
        this.readCache = new ReadCache(cacheConfig.segments(), cacheConfig.segmentSectors(),
                cacheConfig.writeSegments(), hitsOnWriteData, cacheConfig.maxWriteSegments(),
                cacheConfig.almostReadHits(), mechanics);
        this.capacity = spec.capacitySectors();
        this.readAhead = new ReadAheadControl(cacheConfig, readCache, mechanics, capacity);
        this.mediaDone = sim.timer("drive.media", this::finishActive);
        this.streamServed = sim.timer("drive.stream", this::kick);
        this.preseekDone = sim.timer("drive.preseek", this::kick);
        // DiskSim's Max queue length bounds the commands the host has outstanding (the driver's
        // count, iodriver_check_send_out_request: a write-back write leaves it once
        // acknowledged); dirty data is bounded by the write segments alone. iopath's own drives
        // also count dirty extents against the depth (the effective queue)
        this.tasks = new TaskSet(spec.transport(), spec.maxQueueDepth(), writeCache && !fromArrival);
        this.scheduler = new CommandScheduler(spec.scheduler().policy(), mechanics, capacity, spec.agingWeight(),
                writeCache ? cacheConfig.maxDirtyAgeNs() : 0);
        this.buffer = new WriteBackBuffer(cacheConfig, scheduler, tasks, readCache, writeLog, keepWrittenData);
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
        if (tasks.refuses(buffer.runs())) {
            return DeviceResponse.QUEUE_FULL;
        }
        boolean start = tasks.accept(r, sim.now(), buffer.runs());
        if (fromArrival) {
            busTakenByArrival(r, sim.now());
        }
        if (start) {
            start(r);
        }
        kick();
        return DeviceResponse.ACCEPTED;
    }

    /** The command passed the task set's ordering rules: the drive processes it. */
    private void start(Request r) {
        observer.taskStarted(r, sim.now());
        if (r.command != null && r.command.verifiesOnly()) {
            verify(r);
            return;
        }
        switch (r.op) {
            case READ -> read(r);
            case WRITE -> write(r);
            case FLUSH -> flush(r);
            default -> completeAt(r, bus.noDataDoneNs(sim.now(), lastWasWrite));
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
                || (cacheConfig.readHitsOnDirty() && buffer.covers(r.sector(), r.sectors())));
        if (hit && !bus.protocol().sneakyReadHits() && active != null && active.writes()) {
            // DiskSim without sneaky hits: a hit cannot stop a media write under way, so it takes
            // the miss path and is served from the buffer once the write is done (§4.1)
            hit = false;
        }
        if (hit) {
            r.cacheHit = true;
            cacheHits++;
            long t = bus.readHitDoneNs(now, r.sectors(), arrivalAfterWrite());
            long missProcessed = bus.readMissProcessedNs(now, arrivalAfterWrite());
            lastWasWrite = false;
            if (covered == r.sectors()) {
                if (readCache.readingAt(seg, now)) {
                    // the hit takes over the running read-ahead: its limit is only raised (§8.4)
                    readAhead.raiseLimit(seg, r.sector(), r.endSector());
                } else if (cacheConfig.readAheadOnIdleHit() && active == null && scheduler.isIdle()
                        && !readAhead.serving(now)) {
                    // (a stream serving a joined read is the mechanism's work: the drive is not idle)
                    readAhead.onIdleHit(seg, r.sector(), r.endSector(), now, missProcessed);
                }
            }
            completeAt(r, t);
            return;
        }
        if ((covered > 0 || readCache.lastAlmostHit()) && readCache.readingAt(seg, now)) {
            // a partial hit takes over the running read-ahead, raising its limit (§8.4); if the
            // stream still cannot reach the request's end (a mode that stays on its track), the
            // rest is read by a media access of its own
            readAhead.raiseLimit(seg, r.sector(), r.endSector());
            if (readAhead.stream().limit() >= r.endSector()) {
                mergePartialHit(r, seg, covered, now);
                return;
            }
        }
        MediaJob j = scheduler.job(MediaJob.Kind.READ, r.sector(), r.sectors(), sim.now());
        j.request = r;
        j.fua = fua;
        j.arrivedBusy = active != null || readAhead.serving(now);
        j.afterWrite = arrivalAfterWrite();
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
        ReadAheadStream stream = readAhead.stream();
        long offset = r.sector() + covered - stream.firstLba();
        long t = bus.partialHitDoneNs(stream, offset, covered, r.sectors(), now, lastWasWrite);
        lastWasWrite = false;
        partialHits++;
        busyNs += readAhead.serve(r.endSector(), now);
        completeAt(r, t);
    }

    /**
     * A read that waited for the mechanism starts where the running read-ahead is, or inside
     * its segment: it takes the stream over, as DiskSim's queued request does once it is
     * activated ({@code disk_check_prefetch_swap}, {@code disk_buffer_attempt_access_swap}). The
     * stream goes on as its media access, its limit raised, with no new seek and no rotational
     * wait; a real drive serves a queued sequential read from the stream already under way in
     * the same way. Returns false, having done nothing but raise the limit, if the stream cannot
     * reach the request's end (a mode that stays on its track).
     */
    private boolean joinStream(MediaJob j, long now) {
        int seg = readCache.prefetching();
        readAhead.raiseLimit(seg, j.lba, j.endLba());
        ReadAheadStream stream = readAhead.stream();
        if (stream.limit() < j.endLba()) {
            return false;
        }
        scheduler.started(j);
        observer.mediaStarted(j.request, now);
        long first = stream.firstLba();
        int covered = (int) Math.max(0, Math.min(j.sectors, first - j.lba));
        long t = bus.queuedStreamDoneNs(stream, j.lba + covered - first, covered, j.sectors, j.arrivalNs, now,
                lastWasWrite);
        lastWasWrite = false;
        partialHits++;
        busyNs += readAhead.serve(j.endLba(), now);
        scheduler.headAt(j.endLba());
        Request host = j.request;
        scheduler.finished(j);
        scheduler.recycle(j);
        holdForCompletion(false, t, now); // ahead of the completion: the host's next command comes after the choice
        completeAt(host, t);
        return true;
    }

    /**
     * A VERIFY (SCSI, BYTCHK 0, 1 or 3; NVMe Verify): the media is read and checked, never the
     * buffer, as a FUA read is; what data the host sends crosses the bus meanwhile (the media
     * job's completion, {@link #startNext}).
     */
    private void verify(Request r) {
        MediaJob j = scheduler.job(MediaJob.Kind.READ, r.sector(), r.sectors(), sim.now());
        j.request = r;
        j.fua = true;
        j.arrivedBusy = active != null || readAhead.serving(sim.now());
        scheduler.enqueueHost(j, active);
    }

    private void write(Request r) {
        WriteLog.Entry rec = writeLog.accepted(r.sector(), r.sectors());
        r.owner = rec;
        long now = sim.now();
        // WRITE AND VERIFY, WRITE SAME, Write Zeroes and Write Uncorrectable do their media work
        // before they complete, as a FUA write does; a zone append is a WRITE at the write pointer
        boolean fua = Flags.has(r.flags(), Flags.FUA) || (r.command != null && r.command != DriveCommand.ZONE_APPEND);
        if (r.command == DriveCommand.WRITE_UNCORRECTABLE) {
            uncorrectable.mark(r.sector(), r.sectors());
        } else if (uncorrectable.any()) {
            uncorrectable.clear(r.sector(), r.sectors());
        }
        if (active != null && active == buffer.joinedRun()) {
            // a run that writes joined: its writes on the media leave the buffer
            buffer.writingHolds(access.sectorsDoneBy(now), now);
        }
        long room = writeCache && !fua && !buffer.writesWaiting() ? joinRoom(r, now) : -1;
        boolean appends = active != null && active.writes() && active.endLba() == r.sector();
        if (room < 0 && writeCache && !fua && fromArrival && mechanismBusy(now) && !appends
                && !bus.overheads().writePrebuffering()) {
            // DiskSim's disk_write_arrive: the mechanism is on work it cannot stop (a media access,
            // the read-ahead of a read whose completion the host has not received, or one serving
            // a command), so the write disconnects without its data, gives back the segment it
            // selected (disk_activate_write) and waits in the queue, where the scheduler weighs it
            // against the reads (startQueuedWriteBack). With write prebuffering the drive takes the
            // data at once; a write appending to the media write under way is let in as below
            MediaJob j = scheduler.job(MediaJob.Kind.WRITE, r.sector(), r.sectors(), now);
            j.request = r;
            j.record = rec;
            j.writeBack = true;
            j.afterWrite = arrivalAfterWrite();
            scheduler.enqueueHost(j, active);
            return;
        }
        // the write claims its segment at arrival, emptying clean data it overlaps (§9.3, D5, D6);
        // a read-ahead that has finished left its segment CLEAN
        if (!readCache.readingAt(readCache.prefetching(), now)) {
            readAhead.stop(now);
        }
        if (readCache.claimWrite(r.sector(), r.sectors(), now, room >= 0) < 0) {
            readCache.invalidate(r.sector(), r.sectors(), now);
        }
        if (room >= 0) {
            joinMediaWrite(r, rec, room, now);
            return;
        }
        if (writeCache && !fua) {
            // DiskSim's way, a write that does not append to the media write under way cannot stop
            // it (disk_buffer_stopable_access): it disconnects and waits for it, write segment
            // free or not, unless the drive takes write data ahead of the mechanism
            // (disk_write_arrive: Allow write prebuffering). An appending write that could not
            // join is let in, as before (DiskSim takes its data as the segment frees: Limits)
            boolean held = fromArrival && active != null && active.writes() && active.endLba() != r.sector()
                    && !bus.overheads().writePrebuffering();
            if (held || buffer.writesWaiting() || !admitDirty(r, rec, now, lastWasWrite, false)) {
                // no write segment free (or held): the write waits for a destage to free one
                // (its data stays on the host side; the command keeps its tag)
                buffer.waitForSpace(r, r.taskAttribute == TaskAttribute.HEAD_OF_QUEUE, now, lastWasWrite);
            }
            return;
        }
        MediaJob j = scheduler.job(MediaJob.Kind.WRITE, r.sector(), r.sectors(), sim.now());
        j.request = r;
        j.record = rec;
        j.fua = fua;
        j.afterWrite = lastWasWrite;
        scheduler.enqueueHost(j, active);
    }

    /**
     * The write's data goes into the write-back buffer ({@link WriteBackBuffer#admit}): it is
     * acknowledged after its bus transfer and destaged later. Returns false (nothing done) if no
     * write segment is free.
     *
     * @param arrivalNs  when the drive processed the command
     * @param afterWrite the command processed before it was a write
     * @param waited     it waited ({@link WriteBackBuffer#waitForSpace}): a drive timed DiskSim's
     *                   way counts its overhead from its arrival and reconnects for its data
     */
    private boolean admitDirty(Request r, WriteLog.Entry rec, long arrivalNs, boolean afterWrite, boolean waited) {
        long keepBelow = flushes.isEmpty() ? Long.MIN_VALUE : flushes.peekLast().seqLimit();
        MediaJob d = buffer.admit(r, rec, sim.now(), active, keepBelow);
        if (d == null) {
            return false;
        }
        r.cacheHit = true;
        cacheHits++;
        long t = waited && fromArrival
                ? bus.waitedWriteBackDoneNs(d.seq, buffer.priorSectors(), r.sectors(), arrivalNs, sim.now(), afterWrite)
                : bus.writeBackDoneNs(d.seq, buffer.priorSectors(), r.sectors(), sim.now(), lastWasWrite);
        r.transferNs += bus.busNs(true, r.sectors());
        lastWasWrite = true;
        completeAt(r, t);
        return true;
    }

    /**
     * Whether the write-back write {@code r} joins the destage under way, and if so the sectors
     * its run may then hold at once (at most a segment); −1 if it does not. DiskSim's rule
     * (APPEND to a segment being written, {@code disk_buffer_select_write_segment} value 7, let
     * in while the media write runs by {@code disk_buffer_stopable_access}; disksim-controller.md
     * §6.5, §9.3): the mechanism is writing the dirty run the write continues, its segment has a
     * free sector (what of the run is not yet on the media is less than a segment), and the bus
     * is free — no other command waits for the mechanism (the appending write is the one
     * DiskSim's queue would pick next), no FLUSH waits (a stream of joins must not hold it off),
     * and the run's last write is in the buffer (DiskSim: the segment is not transferring).
     *
     * <p>DiskSim then takes the write's data only as fast as the media frees space in the
     * segment ({@code disk_request_needs_bus}). Where the media is slower than the bus (the
     * datasheet drives, the DEC RZ26, the Seagate ST41601N, a drive without a bus) that
     * throttle holds the data back but never the media, which writes each sector long after its
     * data is in ({@link #joinMediaWrite} times the acknowledgment by it). Where the bus is the
     * slower (most validation drives) the media keeps up with the data and, having caught up,
     * waits a revolution for the sector it missed; iopath joins there only when the segment
     * holds that revolution's worth of data on top of what is not yet written, so that the
     * throttle never binds (a drive whose segment is shorter than a revolution of bus time, the
     * Atlas III, does not join: each write waits for the one before it, as before).
     */
    private long joinRoom(Request r, long now) {
        MediaJob d = active;
        if (d == null || d.kind != MediaJob.Kind.DESTAGE || d.endLba() != r.sector() || now >= activeMediaEndNs
                || !flushes.isEmpty() || !scheduler.noHostJobs() || access.outOfOrder()
                || bus.destageStreamsBehindBus(d.seq, d.sectors, now)) {
            return -1;
        }
        long segment = cacheConfig.segmentSectors();
        long unwritten = d.sectors - access.sectorsDoneBy(now);
        if (unwritten >= segment) {
            return -1;
        }
        long room = unwritten + r.sectors();
        if (busOutrunsMedia(r)) {
            room = Math.min(room, segment);
        } else {
            long busNs = bus.busNsPerSector(true);
            long revNs = (long) Math.ceil(mechanics.spindle().revolutionNs());
            room = Math.min(room, unwritten + (revNs + busNs - 1) / busNs + 1);
        }
        return buffer.joinable(d, r.sector(), r.sectors(), room) ? room : -1;
    }

    /** Whether the bus is no slower than the media on every track of the write (its two ends' zones). */
    private boolean busOutrunsMedia(Request r) {
        long sectorNs = Math.min(mechanics.mediaNs(r.sector(), 1), mechanics.mediaNs(r.endSector() - 1, 1));
        return bus.busNsPerSector(true) <= sectorNs;
    }

    /**
     * The write joins the destage under way ({@link #joinRoom}): the media write goes on into its
     * sectors without a new positioning or the minimum seek delay (DiskSim {@code
     * disk_check_hda_pending}: a write continuing the stream at the instant its last sector is
     * written), each once its data is in ({@link DiskMechanics#continueWrite}). It is
     * acknowledged once its data has crossed the bus (write-hit overhead, data preparation, its
     * sectors) — where the bus outruns the media, no sooner than the media has freed the
     * segment's space for its last sector: that sector's data enters once the sector a segment
     * before it is on the media.
     */
    private void joinMediaWrite(Request r, WriteLog.Entry rec, long room, long now) {
        MediaJob d = active;
        long prior = d.sectors;
        long from = d.endLba();
        boolean throttled = busOutrunsMedia(r);
        buffer.join(d, r, rec, room);
        r.cacheHit = true;
        cacheHits++;
        long t = bus.writeBackDoneNs(d.seq, prior, r.sectors(), now, lastWasWrite);
        r.transferNs += bus.busNs(true, r.sectors());
        lastWasWrite = true;
        long oldEnd = activeMediaEndNs;
        long start = Math.max(oldEnd, bus.admittedMediaStartNs());
        long end = mechanics.continueWrite(start, from, r.sectors(), prior, bus.admittedDataStartNs(),
                bus.busNsPerSector(true), access).endNs();
        long freedFor = d.sectors - 1 - cacheConfig.segmentSectors();
        if (throttled && freedFor >= 0) {
            t = bus.writeBackThrottledNs(t, access.sectorEndNs(freedFor));
        }
        destageWork.extend(end - oldEnd);
        busyNs += end - oldEnd;
        activeMediaEndNs = end;
        activeCompleteNs = end;
        scheduler.headAt(d.endLba());
        mediaDone.scheduleAt(end);
        completeAt(r, t);
    }

    private void flush(Request r) {
        long epoch = writeLog.flushIssued();
        if (buffer.isEmpty() && !(active != null && active.writeBack)) {
            writeLog.flushCompleted(epoch);
            completeAt(r, bus.noDataDoneNs(sim.now(), lastWasWrite));
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
        if (readAhead.serving(now)) {
            streamServed.scheduleAt(readAhead.servingUntilNs()); // nothing may stop the stream yet
            return;
        }
        if (now < preseekUntilNs) {
            return; // the read-ahead after a read is not stoppable yet: preseekDone kicks
        }
        // nothing between the choice and the join check changes the buffer: one window for both
        readAhead.joinWindowAt(now);
        MediaJob j = select(now);
        if (j == null) {
            return;
        }
        if (j.arrivedBusy && !j.fua && j.lba >= readAhead.joinFrom() && j.lba <= readAhead.joinTo()
                && joinStream(j, now)) {
            startNext();
            return;
        }
        scheduler.started(j);
        active = j;
        observer.mediaStarted(j.request, now);
        // a host command that waited for the mechanism, on a drive timed DiskSim's way: its
        // overhead ran from its arrival, in the column of the command before it then
        // (disk_check_hda delays the seek only by what is left of it)
        boolean queued = fromArrival && j.kind != MediaJob.Kind.DESTAGE
                && (j.kind == MediaJob.Kind.READ ? j.arrivedBusy : j.arrivalNs < now);
        boolean afterWrite = queued ? j.afterWrite : lastWasWrite;
        // a queued write never takes HP's extra disconnect (disk_write_arrive clears it)
        boolean extra = j.kind == MediaJob.Kind.WRITE && !queued && takesExtraDisconnect(j);
        long ovh = j.kind == MediaJob.Kind.DESTAGE ? 0 : bus.mediaCommandNs(j.kind == MediaJob.Kind.WRITE, extra, afterWrite);
        long t0 = queued ? Math.max(now, j.arrivalNs + ovh) : now + ovh;
        // read-ahead stops when the command arrives, not when its overhead is over (§8.3, D9);
        // the new seek may not start before the mechanism is free
        readAhead.stop(now);
        long end;
        switch (j.kind) {
            case READ -> {
                lastWasWrite = false;
                int covered = j.fua || !readCache.enabled() ? 0 : readCache.lookup(j.lba, j.sectors, now);
                int seg = readCache.lastSegment();
                if (covered == j.sectors) {
                    // the data is in the buffer and the command waited for the mechanism (§4.1)
                    j.request.cacheHit = true;
                    cacheHits++;
                    end = now;
                    activeSegment = -1;
                    activeCompleteNs = bus.queuedHitDoneNs(j.arrivalNs, now, j.sectors, afterWrite);
                    break;
                }
                if (covered > 0) {
                    partialHits++; // the rest from the segment's end, the cached part sent at once (§4.4)
                } else {
                    // a VERIFY checks the media and keeps nothing for the host: no segment, no read-ahead
                    seg = j.request.command == null ? readCache.claimRead(j.lba) : -1;
                }
                activeSegment = seg;
                long from = j.lba + covered;
                int n = j.sectors - covered;
                activeFrom = from;
                activeCount = n;
                // the bus reconnects once the read watermark of data is in the buffer
                long wm = Math.max(0, bus.readWatermark(j.sectors) - covered);
                long seekStart = readAhead.seekStartNs(t0, now);
                end = mechanics.read(seekStart, from, n, wm, bus.busNsPerSector(false), access).endNs();
                activeCompleteNs = j.request.command != null ? verifyDoneNs(j, t0, end)
                        : queued ? bus.queuedReadDoneNs(access, j.arrivalNs, now, end, covered, j.sectors, afterWrite)
                        : bus.readDoneNs(access, now, t0, end, covered, j.sectors, afterWrite);
                note(j.request);
                t0 = seekStart;
            }
            case WRITE -> {
                end = j.writeBack ? startQueuedWriteBack(j, now)
                        : queued ? startQueuedWrite(j, now) : startWrite(j, now, t0, extra);
                note(j.request);
                lastWasWrite = true;
                lastWriteEnd = j.endLba();
            }
            default -> {
                if (bus.destageStreamsBehindBus(j.seq, j.sectors, now)) {
                    // a write-back write's own media write, started while its data still crosses
                    // the bus: from the end of its command overhead, each sector once its data is in
                    t0 = readAhead.seekStartNs(Math.max(now, bus.admittedMediaStartNs()), now);
                    end = mechanics.write(t0, j.lba, j.sectors, 0, bus.admittedDataStartNs(),
                            bus.busNsPerSector(true), access).endNs();
                } else {
                    t0 = readAhead.seekStartNs(now, now);
                    end = mechanics.access(t0, j.lba, j.sectors, true, access).endNs();
                }
                activeCompleteNs = end;
                destages++;
                destageWork.add(access);
            }
        }
        scheduler.headAt(j.endLba());
        busyNs += end - now;
        activeMediaStartNs = t0 + access.seekNs() + access.rotationNs();
        activeMediaEndNs = end;
        mediaDone.scheduleAt(end);
    }

    /**
     * A write-through write, DiskSim's sequence ({@link BusTiming#writeMoveStartNs}): the arm
     * starts moving when the command is processed (with HP's extra disconnect, the seek delta
     * after it), the data crosses the bus meanwhile, and a sector is written only once its data
     * is in the buffer ({@link DiskMechanics#write}); with the media written the drive reselects
     * the host and completes. Every write positions for at least the minimum seek delay.
     * Returns when the mechanism is free; the completion time is left in
     * {@code activeCompleteNs}.
     */
    private long startWrite(MediaJob j, long now, long commandDone, boolean extra) {
        long moveStart = readAhead.seekStartNs(bus.writeMoveStartNs(now, commandDone, extra), now);
        long dataStart = bus.writeDataStartNs(commandDone, extra);
        return writeFrom(j, moveStart, dataStart, extra);
    }

    /**
     * A write-through write that waited for the mechanism, on a drive timed DiskSim's way
     * ({@link BusTiming#queuedWriteMoveStartNs}): the arm moves once its overhead, counted from
     * its arrival, is over, and the drive reconnects for its data now; otherwise as
     * {@link #startWrite}.
     */
    private long startQueuedWrite(MediaJob j, long now) {
        long moveStart = readAhead.seekStartNs(bus.queuedWriteMoveStartNs(j.arrivalNs, now, j.afterWrite), now);
        long dataStart = bus.queuedWriteDataStartNs(j.arrivalNs, now, j.afterWrite);
        return writeFrom(j, moveStart, dataStart, false);
    }

    /**
     * A write-back write that waited in the queue ({@link MediaJob#writeBack}), picked now: the
     * drive reconnects for its data and acknowledges it once the data is in; the media write
     * follows at once, each sector once its data is in, no sooner than the minimum seek delay
     * ({@code disk_check_hda_pending}). Returns when the mechanism is free; the completion,
     * earlier, is scheduled here.
     */
    private long startQueuedWriteBack(MediaJob j, long now) {
        // the segment it selects now, emptying clean data it overlaps (as at arrival, §9.3)
        if (readCache.claimWrite(j.lba, j.sectors, now, false) < 0) {
            readCache.invalidate(j.lba, j.sectors, now);
        }
        long moveStart = readAhead.seekStartNs(bus.queuedWriteBackMoveStartNs(j.arrivalNs, now, j.afterWrite), now);
        long dataStart = bus.queuedWriteBackDataStartNs(j.arrivalNs, now, j.afterWrite);
        long end = mechanics.write(moveStart, j.lba, j.sectors, bus.protocol().minimumSeekDelayNs(), dataStart,
                bus.busNsPerSector(true), bus.mediaWriteThreshold(j.sectors), access).endNs();
        Request r = j.request;
        r.cacheHit = true;
        cacheHits++;
        r.transferNs += bus.busNs(true, j.sectors);
        activeCompleteNs = bus.queuedWriteBackDoneNs(dataStart, j.sectors);
        ackDataStartNs = dataStart;
        ackSectors = j.sectors;
        ack = completeAt(r, activeCompleteNs);
        ackRequest = r;
        return end;
    }

    /**
     * A command arrives while a queued write-back write waits to reconnect for its data
     * ({@link #startQueuedWriteBack}): the new command holds the bus for its processing first
     * (DiskSim handles the arrival, which the host sent on the completion that let the write
     * start, before the write's reconnection at the same instant), so the write's data and its
     * acknowledgment move after it. Its media write, begun already, is left as it was.
     */
    private void busTakenByArrival(Request r, long now) {
        if (ack == null || ack.request != ackRequest || !ack.timer.isPending() || now > ackDataStartNs) {
            return;
        }
        long busFree = now + bus.arrivalBusNs(r.op == Op.WRITE, arrivalAfterWrite());
        long start = bus.dataStartAfterBusNs(ackDataStartNs, busFree);
        if (start > ackDataStartNs) {
            ackDataStartNs = start;
            ack.timer.scheduleAt(bus.queuedWriteBackDoneNs(start, ackSectors));
        }
    }

    /**
     * Whether the command before one arriving now was a write, for the overhead matrix's column:
     * on a drive timed DiskSim's way the last command completed ({@code lastflags}, which {@code
     * disk_read_arrive} and {@code disk_write_arrive} read; at queue depth 1 the same as the
     * last processed), else the last command the drive processed.
     */
    private boolean arrivalAfterWrite() {
        return fromArrival ? lastCompletedWrite : lastWasWrite;
    }

    /**
     * Whether the mechanism is on work a newly arrived command cannot stop ({@code
     * disk_buffer_stopable_access}): a media job, a read-ahead held for its read's completion
     * ({@link #holdForCompletion}), or one serving a command.
     */
    private boolean mechanismBusy(long now) {
        return active != null || now < preseekUntilNs || readAhead.serving(now);
    }

    /** The media write of {@link #startWrite}, the arm leaving at {@code moveStart}, the data from {@code dataStart}. */
    private long writeFrom(MediaJob j, long moveStart, long dataStart, boolean extra) {
        DriveCommand c = j.request.command;
        int data = c == null ? j.sectors : c.dataOutSectors(j.sectors);
        long end;
        if (data == j.sectors) {
            // DiskSim exempts from the minimum seek delay only a write continuing a media write still
            // under way (disk_check_hda_pending): never a write-through write at this point
            end = mechanics.write(moveStart, j.lba, j.sectors, bus.protocol().minimumSeekDelayNs(), dataStart,
                    bus.busNsPerSector(true), bus.mediaWriteThreshold(j.sectors), access).endNs();
        } else {
            // WRITE SAME's one block, or no data at all (Write Zeroes, Write Uncorrectable): the
            // drive has every sector's data once that block is in, and the media never waits for the bus
            end = mechanics.write(moveStart, j.lba, j.sectors, bus.protocol().minimumSeekDelayNs(),
                    dataStart + data * bus.busNsPerSector(true), 0, 1, access).endNs();
        }
        if (c == DriveCommand.WRITE_AND_VERIFY) {
            // the read-back: the sectors just written come under the head again a revolution
            // after the write began (a track switch or seek first if the write left the track)
            note(j.request);
            end = mechanics.access(end, j.lba, j.sectors, false, access).endNs();
        }
        activeCompleteNs = bus.writeThroughDoneNs(end, dataStart, data, extra);
        return end;
    }

    /**
     * A VERIFY's completion once its media read ends at {@code mediaEndNs}: the host's data (all
     * of it with BYTCHK 01b, one block with 11b, none with 00b or NVMe Verify) crosses the bus
     * after the command is processed ({@code commandDoneNs}), as a write-through write's does;
     * the drive compares as the sectors come in and reports status once both are done.
     */
    private long verifyDoneNs(MediaJob j, long commandDoneNs, long mediaEndNs) {
        int data = j.request.command.dataOutSectors(j.sectors);
        return bus.writeThroughDoneNs(mediaEndNs, bus.writeDataStartNs(commandDoneNs, false), data, false);
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
        return bus.hasExtraDisconnect() && lastWasWrite && j.lba != lastWriteEnd;
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
        boolean pressure = buffer.pressing() || !flushes.isEmpty();
        // A drive timed DiskSim's way ran each queued command's overhead from its arrival, and
        // DiskSim's key is the positioning alone ({@code disk_buffer_estimate_servtime}: seek and
        // rotation from the mechanism's state) plus the disk queue's Read / Write initiation
        // delay, 0 in every shipped parameter file ({@code
        // ioqueue_get_request_from_opt_sptf_queue}); iopath's own drives count the overhead
        // that will run ahead of the seek.
        long readOvh = fromArrival ? 0 : bus.readSelectOverheadNs(lastWasWrite);
        long writeOvh = fromArrival ? 0 : bus.writeSelectOverheadNs(lastWasWrite);
        long keyFrom = fromArrival ? mechanismStateNs(now) : now;
        return scheduler.select(now, keyFrom, readOvh, writeOvh, pressure, active, readAhead.joinFrom(),
                readAhead.joinTo());
    }

    /**
     * DiskSim's mechanical state, which its positioning keys start from ({@code
     * disk_buffer_estimate_servtime} seeks from the disk's track and rotates from its angle at
     * its current time, {@code mech_state} and {@code currtime}): the end of the last sector
     * under the heads — of a read-ahead under way or run to its limit, else of the last media
     * access — however long ago; the heads placed on the track they are on.
     */
    private long mechanismStateNs(long now) {
        long t = readAhead.mechanismStateNs(now);
        return Math.min(now, Math.max(t, lastSectorEndNs));
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
        if (j.kind != MediaJob.Kind.READ || !host.cacheHit) {
            lastSectorEndNs = now; // a queued hit moved nothing
        }
        switch (j.kind) {
            case READ -> {
                if (activeSegment >= 0) {
                    readCache.readDone(activeSegment, activeFrom, activeCount);
                    readAhead.startAfterRead(activeSegment, j.lba, j.endLba(), now);
                    activeSegment = -1;
                }
            }
            case WRITE -> {
                writeLog.onMedia((WriteLog.Entry) j.record, now);
                readCache.writeDone(j.lba, j.sectors, keepWrittenData);
            }
            default -> buffer.destaged(j, now);
        }
        scheduler.finished(j);
        if (j.kind == MediaJob.Kind.DESTAGE) {
            admitWaiters();
            completeFlushes();
        } else if (fromArrival && j.kind == MediaJob.Kind.WRITE) {
            admitWaiters(); // writes held behind this media write
            if (j.writeBack) {
                completeFlushes();
            }
        }
        boolean acknowledged = j.writeBack; // its completion was scheduled when its data went in
        scheduler.recycle(j);
        if (host != null && j.kind != MediaJob.Kind.DESTAGE) {
            holdForCompletion(j.kind == MediaJob.Kind.WRITE, completeNs, now);
        }
        startNext();
        if (host != null && !acknowledged) {
            completeAt(host, completeNs);
        }
    }

    /**
     * A host command's media work is done: the mechanism goes on to the next queued job only
     * from the point the drive's {@link Preseek} names, DiskSim's rule ({@code disk_release_hda}
     * keeps the mechanism for a read until then, for a write until its completion is received
     * unless the level is 2; {@code disk_buffer_stopable_access} refuses to stop the read-ahead
     * after a read before it; {@code disk_completion}, or {@code disk_request_complete} at level
     * 1, then hands the mechanism to the queue's best job): at level 0 once the host has the
     * completion ({@code completeNs}), at level 1 once the drive sends it (before the completion
     * overhead). Meanwhile a read's read-ahead runs on (to its limit, the mechanism then idle),
     * and the queued commands and dirty extents wait. A write-back write's completion has been
     * received long before its media write ends: it holds nothing.
     */
    private void holdForCompletion(boolean write, long completeNs, long now) {
        if (preseek == Preseek.BEFORE_COMPLETION) {
            return;
        }
        long at = preseek == Preseek.AFTER_COMPLETION ? completeNs : completeNs - bus.overheads().completionNs(write);
        if (at > now) {
            preseekUntilNs = at;
            preseekDone.scheduleAt(at);
        }
    }

    /** A destage freed write segments: the writes waiting for one go in, in order. */
    private void admitWaiters() {
        for (Request w = buffer.firstWaiting(); w != null && admitDirty(w, (WriteLog.Entry) w.owner,
                buffer.firstWaitingSinceNs(), buffer.firstWaitingAfterWrite(), true); w = buffer.firstWaiting()) {
            buffer.removeFirstWaiting();
        }
    }

    private void completeFlushes() {
        while (!flushes.isEmpty()) {
            FlushWait f = flushes.peekFirst();
            MediaJob oldest = buffer.oldest();
            if (oldest != null && oldest.seq < f.seqLimit()) {
                return;
            }
            if (active != null && active.writeBack && active.seq < f.seqLimit()) {
                return; // an acknowledged write still on its way to the media
            }
            flushes.pollFirst();
            writeLog.flushCompleted(f.epoch());
            completeAt(f.request(), sim.now());
        }
    }

    /** Completion always goes through an event, so the host never sees it inside its own submit. */
    private Completion completeAt(Request r, long atNs) {
        Completion c = completions.pollFirst();
        if (c == null) {
            c = new Completion();
        }
        c.request = r;
        c.timer.scheduleAt(Math.max(atNs, sim.now()));
        return c;
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
        if (uncorrectable.any() && r.op == Op.READ && uncorrectable.overlaps(r.sector(), r.sectors())) {
            // MEDIUM ERROR, 11h/00h UNRECOVERED READ ERROR (NVMe: Unrecovered Read Error); the kernel fails the bio with -EIO
            r.error = -5;
        }
        if (r.owner instanceof WriteLog.Entry rec) {
            writeLog.acknowledged(rec, sim.now(), Flags.has(r.flags(), Flags.FUA));
            r.owner = null;
        }
        if (r.op == Op.READ || r.op == Op.WRITE) {
            lastCompletedWrite = r.op == Op.WRITE;
        }
        tasks.completed(r, sim.now(), buffer.runs());
        observer.taskCompleted(r, sim.now());
        tasks.releaseOrdering(r);
        if (tasks.holding()) {
            startReleased();
        }
        completion.commandDone(r);
    }

    private void account() {
        tasks.account(sim.now(), buffer.runs());
    }

    /**
     * Power fails now: the buffer's dirty data and everything queued is gone; the drive answers
     * BUSY to everything afterwards. What was lost is the {@link WriteLog}'s to count. Returns the
     * writes torn on the media: a media write under way is torn at a sector boundary, its first
     * sectors on the platter (0 or 1).
     */
    public int powerFail() {
        if (active != null && active == buffer.joinedRun()) {
            // the writes of a joined run already on the media survive
            buffer.writingHolds(access.sectorsDoneBy(sim.now()), sim.now());
        }
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
        return buffer.dirtySectors();
    }

    public int dirtyExtents() {
        return buffer.runs();
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

    /** Mean seek, rotation and media transfer per destage: write-back's media work, which no host command carries. */
    public io.iopath.result.DriveTimeSplit destageTime() {
        return destageWork.split();
    }

    public long cacheHits() {
        return cacheHits;
    }

    /** Reads served partly from the buffer and partly from the media. */
    public long partialHits() {
        return partialHits;
    }

    /** Write-back writes that joined the media write of the run they continue, under way. */
    public long joinedWrites() {
        return buffer.joined();
    }

    /** Dirty extents a later write replaced in the buffer before they were destaged. */
    public long overwrittenInCache() {
        return buffer.overwrittenInCache();
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
