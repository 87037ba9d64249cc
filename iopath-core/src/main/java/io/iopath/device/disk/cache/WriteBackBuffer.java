package io.iopath.device.disk.cache;

import io.iopath.device.disk.queue.CommandScheduler;
import io.iopath.device.disk.queue.JobList;
import io.iopath.device.disk.queue.MediaJob;
import io.iopath.device.disk.queue.TaskSet;
import io.iopath.request.Request;

/**
 * The write-back buffer (disksim-controller.md §9.3, disk-drive spec §8.2): the dirty runs
 * acknowledged writes left in the buffer's write segments, as destage jobs on the
 * {@link CommandScheduler}'s dirty list. A write that continues an idle dirty run in its segment
 * joins it, and so does one that continues the run being written, while its segment has room
 * ({@link #joinable}; the controller continues the media write); otherwise it needs segments of
 * its own, at most {@link CacheConfig#maxWriteSegments}
 * holding dirty data at once, and waits here for a destage to free one. Above the high-water
 * mark, or while writes wait for space, destages are due alongside host commands. A run on the
 * media leaves its segments CLEAN (if the drive keeps write data readable) or EMPTY in the
 * {@link ReadCache}, and its writes are on the media in the {@link WriteLog}.
 *
 * <p>The bus timing of an admitted write and its completion are the controller's; this class
 * keeps only which data is dirty where. Allocation-free: jobs come from the scheduler's pool.
 */
public final class WriteBackBuffer {
    private final CacheConfig cacheConfig;
    private final CommandScheduler scheduler;
    /** The dirty runs (the scheduler's list). */
    private final JobList dirty;
    private final TaskSet tasks;
    private final ReadCache readCache;
    private final WriteLog writeLog;
    /** A destaged run's data stays readable (CLEAN) rather than leaving the buffer (EMPTY). */
    private final boolean keepWrittenData;
    /**
     * Writes waiting for a write segment (or, on a drive timed DiskSim's way, for a media write
     * they cannot join), in order (a HEAD OF QUEUE write first), each with when it arrived and
     * whether the command processed before it was a write: a ring, so waiting allocates nothing.
     */
    private Request[] waiting = new Request[8];
    private long[] waitingSinceNs = new long[8];
    private boolean[] waitingAfterWrite = new boolean[8];
    private int waitHead;
    private int waitCount;
    /** Segments that may hold dirty data at once (DiskSim {@code Maximum number of write segments}). */
    private final int maxWriteSegments;
    /** Write segments above which destages compete with waiting commands. */
    private final long dirtyHighWater;
    /** Write segments the dirty runs occupy. */
    private long dirtySegments;
    private long dirtySectors;
    /** Sectors the run of the last {@link #admit} held before it (0: a run of its own). */
    private long priorSectors;
    private long overwrittenInCache;

    /** @param keepWrittenData destaged data stays readable in its segment */
    public WriteBackBuffer(CacheConfig cacheConfig, CommandScheduler scheduler, TaskSet tasks, ReadCache readCache,
            WriteLog writeLog, boolean keepWrittenData) {
        this.cacheConfig = cacheConfig;
        this.scheduler = scheduler;
        this.dirty = scheduler.dirty();
        this.tasks = tasks;
        this.readCache = readCache;
        this.writeLog = writeLog;
        this.keepWrittenData = keepWrittenData;
        this.maxWriteSegments = Math.max(1, cacheConfig.maxWriteSegments());
        this.dirtyHighWater = (long) (cacheConfig.highWater() * maxWriteSegments);
    }

    /** Whether dirty data wholly holds [lba, lba + n). */
    public boolean covers(long lba, int n) {
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
    private MediaJob appendable(long lba, int n, MediaJob active) {
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
     * and streams through). Returns the run now holding it, or null (nothing done) if no segment
     * is free; {@link #priorSectors} says how much of the run was there before.
     *
     * @param keepBelow runs older than this sequence number a waiting FLUSH needs: never replaced
     *                  ({@link #overwriteInCache}); Long.MIN_VALUE if no flush waits
     */
    public MediaJob admit(Request r, WriteLog.Entry rec, long nowNs, MediaJob active, long keepBelow) {
        MediaJob d = appendable(r.sector(), r.sectors(), active);
        long prior = 0;
        if (d != null) {
            prior = d.sectors;
            d.append(rec, r.sectors());
            charge(d, segmentsFor(d.sectors));
            scheduler.grown(d);
        } else {
            long need = segmentsFor(r.sectors());
            if (dirtySegments + need > maxWriteSegments && dirtySegments > 0) {
                return null;
            }
            long dirtySince = cacheConfig.overwriteInCache()
                    ? overwriteInCache(r.sector(), r.endSector(), rec, nowNs, keepBelow)
                    : Long.MAX_VALUE;
            d = scheduler.job(MediaJob.Kind.DESTAGE, r.sector(), r.sectors(), nowNs);
            d.record = rec;
            d.dirtySinceNs = Math.min(d.dirtySinceNs, dirtySince);
            scheduler.enqueueDirty(d, active);
            charge(d, need);
        }
        dirtySectors += r.sectors();
        tasks.noteEffective(dirty.size());
        priorSectors = prior;
        return d;
    }

    /** The run {@code d} now occupies {@code segments} write segments. */
    private void charge(MediaJob d, long segments) {
        dirtySegments += segments - d.segments;
        d.segments = (int) segments;
    }

    /**
     * Whether a write of [lba, lba + n) may join the dirty run {@code writing} whose media write
     * is under way (DiskSim's APPEND to a segment being written, value 7 in {@code
     * disk_buffer_select_write_segment}, disksim-controller.md §9.3; {@code
     * disk_buffer_stopable_access} lets such a write in while the media write runs): the drive
     * combines sequential writes, the write starts at the run's end, no other job has a claim on
     * its sectors, and its segment can hold {@code roomSectors} at once — what of the run is not
     * yet on the media plus what the write brings in before the media takes it (the
     * controller's reckoning). One segment, as in DiskSim, whose segments are the unit a write
     * appends to: a run spanning several segments is iopath's way of letting in a write longer
     * than one, and a sequential writer whose data outruns the media keeps taking runs of its
     * own behind the one being written, as before.
     */
    public boolean joinable(MediaJob writing, long lba, int n, long roomSectors) {
        if (!cacheConfig.combineSequentialWrites() || writing.endLba() != lba || roomSectors > cacheConfig.segmentSectors()
                || scheduler.anyJobOverlaps(lba, n, writing, writing)) {
            return false;
        }
        return dirtySegments - writing.segments + 1 <= maxWriteSegments;
    }

    /**
     * The write joins the run being written ({@link #joinable} said it may): its sectors follow
     * the run's, and the run is now charged for {@code roomSectors}.
     */
    public void join(MediaJob writing, Request r, WriteLog.Entry rec, long roomSectors) {
        writing.append(rec, r.sectors());
        charge(writing, segmentsFor(roomSectors));
        joinedRun = writing;
        scheduler.grown(writing);
        dirtySectors += r.sectors();
        tasks.noteEffective(dirty.size());
        priorSectors = writing.sectors - r.sectors();
        joined++;
    }

    /**
     * The run being written that writes joined, or null: it is charged for what of it is not yet
     * on the media ({@link #writingHolds}), not for its length, which grows with every join.
     */
    public MediaJob joinedRun() {
        return joinedRun;
    }

    /**
     * The joined run's media write has put its first {@code onMediaSectors} on the media by
     * {@code nowNs}: each of its writes wholly among them is on the media and leaves the buffer
     * (the log and the segments learn it now, as they would at the end of a destage of its own:
     * a stream of joins would otherwise keep written data counted volatile until the stream
     * pauses), and the run holds only the segments the rest takes (at least one).
     */
    public void writingHolds(long onMediaSectors, long nowNs) {
        MediaJob j = joinedRun;
        if (j == null) {
            return;
        }
        int records = 1 + j.moreRecords;
        while (j.retired < records) {
            int n = j.recordSectors(j.retired);
            if (j.retiredSectors + n > onMediaSectors) {
                break;
            }
            readCache.writeDone(j.lba + j.retiredSectors, n, keepWrittenData);
            writeLog.onMedia((WriteLog.Entry) j.recordOf(j.retired), nowNs);
            if (j.retired > 0) {
                j.more[j.retired - 1] = null; // the log's entry is done with
            }
            dirtySectors -= n;
            j.retired++;
            j.retiredSectors += n;
        }
        charge(j, segmentsFor(j.sectors - onMediaSectors));
    }

    private MediaJob joinedRun;

    /** Writes that joined a run whose media write was under way ({@link #join}). */
    public long joined() {
        return joined;
    }

    private long joined;

    /** Sectors the run of the last {@link #admit} held before the write joined it (0: a run of its own). */
    public long priorSectors() {
        return priorSectors;
    }

    /**
     * Overwrite in cache (spec §8.2): the buffer holds one copy of each sector, so a write that
     * wholly covers an older dirty extent replaces it, and the older version never reaches the
     * media. Only whole coverage of an extent that is not being destaged: a partial overlap
     * stays a second extent, destaged after the first (blockedBy), as does an extent under way.
     * A dropped extent counts as done for the jobs that waited on it. Its write stays in the
     * log until {@code by} is on the media ({@link WriteLog#superseded}).
     *
     * <p>FLUSH: an extent a waiting FLUSH needs (older than the newest waiting flush's limit,
     * {@code keepBelow}) is never replaced. The flush would otherwise see its sectors leave the
     * dirty list while only a younger write — which the flush does not wait for — holds them,
     * and complete with a write it promised still volatile. Keeping the extent costs one
     * destage, only while a flush waits; the rule needs no bookkeeping (flushes wait in FIFO
     * order with growing limits).
     *
     * <p>O(dirty extents), allocation-free. Returns the oldest {@link MediaJob#dirtySinceNs}
     * among the replaced extents (Long.MAX_VALUE if none), which the new extent inherits.
     */
    private long overwriteInCache(long from, long to, WriteLog.Entry by, long nowNs, long keepBelow) {
        long dirtySince = Long.MAX_VALUE;
        if (dirty.isEmpty()) {
            return dirtySince;
        }
        MediaJob[] items = dirty.items;
        for (int i = 0, n = dirty.end; i < n; i++) {
            MediaJob o = items[i];
            if (o == null || o.active || o.lba < from || o.endLba() > to || o.seq < keepBelow) {
                continue;
            }
            dirtySince = Math.min(dirtySince, o.dirtySinceNs);
            tasks.account(nowNs, dirty.size());
            // the jobs that waited on it (younger, overlapping) go on as if it had been destaged
            scheduler.dropDirty(o);
            dirtySectors -= o.sectors;
            charge(o, 0);
            writeLog.superseded((WriteLog.Entry) o.record, by);
            for (int k = 0; k < o.moreRecords; k++) {
                writeLog.superseded((WriteLog.Entry) o.more[k], by);
            }
            overwrittenInCache++;
            scheduler.recycle(o);
        }
        return dirtySince;
    }

    /**
     * A dirty run is on the media: each of its writes' data leaves the buffer's dirty segments
     * (CLEAN if the drive caches write data, else EMPTY), write by write, as each write claimed
     * or appended to a segment when it arrived; the writes are on the media in the log.
     */
    public void destaged(MediaJob j, long nowNs) {
        // the occupancy up to now includes this run: integrate before it leaves the buffer
        tasks.account(nowNs, dirty.size());
        scheduler.destaged(j);
        dirtySectors -= j.sectors - j.retiredSectors;
        charge(j, 0);
        if (j == joinedRun) {
            joinedRun = null;
        }
        // each write not already retired (writingHolds) leaves its segment and is on the media
        long lba = j.lba + j.retiredSectors;
        for (int i = j.retired, records = 1 + j.moreRecords; i < records; i++) {
            int n = j.recordSectors(i);
            readCache.writeDone(lba, n, keepWrittenData);
            lba += n;
            writeLog.onMedia((WriteLog.Entry) j.recordOf(i), nowNs);
        }
    }

    /**
     * No write segment is free for {@code r} (or the mechanism is on a media write it cannot
     * join): it waits for a destage (its data stays on the host side; it keeps its tag).
     *
     * @param arrivalNs  when the drive processed the command
     * @param afterWrite the command processed before it was a write (its overheads' column)
     */
    public void waitForSpace(Request r, boolean headOfQueue, long arrivalNs, boolean afterWrite) {
        if (waitCount == waiting.length) {
            grow();
        }
        int i;
        if (headOfQueue) {
            waitHead = (waitHead - 1 + waiting.length) % waiting.length;
            i = waitHead;
        } else {
            i = (waitHead + waitCount) % waiting.length;
        }
        waiting[i] = r;
        waitingSinceNs[i] = arrivalNs;
        waitingAfterWrite[i] = afterWrite;
        waitCount++;
    }

    private void grow() {
        int n = waiting.length;
        Request[] w = new Request[2 * n];
        long[] since = new long[2 * n];
        boolean[] after = new boolean[2 * n];
        for (int k = 0; k < waitCount; k++) {
            int i = (waitHead + k) % n;
            w[k] = waiting[i];
            since[k] = waitingSinceNs[i];
            after[k] = waitingAfterWrite[i];
        }
        waiting = w;
        waitingSinceNs = since;
        waitingAfterWrite = after;
        waitHead = 0;
    }

    /** Whether writes wait for a write segment (a new write then waits behind them). */
    public boolean writesWaiting() {
        return waitCount > 0;
    }

    /** The oldest write waiting for a segment, or null. */
    public Request firstWaiting() {
        return waitCount == 0 ? null : waiting[waitHead];
    }

    /** When the oldest waiting write arrived ({@link #waitForSpace}). */
    public long firstWaitingSinceNs() {
        return waitingSinceNs[waitHead];
    }

    /** Whether the command processed before the oldest waiting write was a write. */
    public boolean firstWaitingAfterWrite() {
        return waitingAfterWrite[waitHead];
    }

    /** The oldest waiting write got its segment. */
    public void removeFirstWaiting() {
        if (waitCount == 0) {
            return;
        }
        waiting[waitHead] = null;
        waitHead = (waitHead + 1) % waiting.length;
        waitCount--;
    }

    /** Whether the buffer presses for destages: above its high-water mark, or writes wait for space. */
    public boolean pressing() {
        return dirtySegments > dirtyHighWater || waitCount > 0;
    }

    public boolean isEmpty() {
        return dirty.isEmpty();
    }

    /** The oldest dirty run, or null. */
    public MediaJob oldest() {
        return dirty.first();
    }

    /** Dirty runs awaiting destage. */
    public int runs() {
        return dirty.size();
    }

    public long dirtySectors() {
        return dirtySectors;
    }

    /** Dirty extents a later write replaced in the buffer before they were destaged. */
    public long overwrittenInCache() {
        return overwrittenInCache;
    }
}
