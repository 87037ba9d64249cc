package io.iopath.device.disk.queue;

import io.iopath.device.disk.geometry.TrackCursor;
import io.iopath.device.disk.mechanics.DiskMechanics;
import io.iopath.device.disk.mechanics.Spindle;
import io.iopath.request.TaskAttribute;
import java.util.ArrayDeque;

/**
 * The drive's command scheduler: the media jobs waiting for the mechanism — host commands and
 * the write-back buffer's dirty extents — and which one goes next. It keeps the jobs pooled
 * (a job allocates nothing once the pool is warm), the write-ordering rule (a job waits for
 * every older, overlapping job when a write is involved: the drive never reorders overlapping
 * writes), HEAD OF QUEUE first, the dirty-age limit, and the {@link Policy} key among the rest.
 *
 * <p>When to destage is the buffer's call: the controller says whether it presses
 * ({@code destagePressure}: above the high-water mark, a FLUSH or a write waiting for space);
 * idle dirty extents also compete when no host job may start or one waits on dirty data.
 */
public final class CommandScheduler {
    final DiskMechanics mechanics;
    private final Spindle spindle;
    final long capacity;
    final double agingWeight;
    private final Policy policy;
    /** The dirty-age limit; 0 = none. */
    private final long maxDirtyAgeNs;
    private final JobList hostJobs = new JobList();
    private final JobList dirty = new JobList();
    private final ArrayDeque<MediaJob> pool = new ArrayDeque<>();
    private final TrackCursor cursor = new TrackCursor();
    private long seq;
    /** Jobs that write (media writes and dirty extents), pending or active: overlap checks need them. */
    private int writeJobs;
    /** Pending HEAD OF QUEUE media jobs: while there are any, the scheduler serves them first. */
    private int headOfQueueJobs;
    /**
     * Whether any job, pending or active, host or dirty, other than {@code except} touches
     * [lba, lba+n): a dirty run may grow over sectors only no other job has a claim on (the
     * write-ordering counts would otherwise miss it).
     */
    public boolean anyJobOverlaps(long lba, int n, MediaJob except, MediaJob active) {
        if (active != null && active != except && active.overlaps(lba, n)) {
            return true;
        }
        return overlapsAny(hostJobs, lba, n, except) || overlapsAny(dirty, lba, n, except);
    }

    private static boolean overlapsAny(JobList list, long lba, int n, MediaJob except) {
        MediaJob[] items = list.items;
        for (int i = 0; i < list.end; i++) {
            MediaJob o = items[i];
            if (o != null && o != except && o.overlaps(lba, n)) {
                return true;
            }
        }
        return false;
    }

    /** A dirty run grew: its media time at its first track's density (SATF's term). */
    public void grown(MediaJob j) {
        mechanics.locate(j.lba, cursor);
        j.mediaNs = mechanics.spindle().rotationNs((double) j.sectors / cursor.sectorsPerTrack);
    }

    /** Where the last media access ended (C-LOOK's reference). */
    long headLba;
    /** Command overheads ahead of a read's and a write's positioning, for the keys of one {@link #select}. */
    private long readOverheadNs;
    private long writeOverheadNs;
    /**
     * A lower bound on every dirty extent's {@link MediaJob#dirtySinceNs}, set by each scan of
     * {@link #oldestAged}: it stays one, since an extent that enters the buffer later is dirty
     * since then or since an extent it replaced, and extents that leave only raise the minimum.
     * So until it is older than the limit, no extent is, and the scan can be skipped.
     */
    private long oldestDirtySinceNs = Long.MIN_VALUE;

    /**
     * @param agingWeight   W of aged SPTF and WPTF
     * @param maxDirtyAgeNs the dirty-age limit (0 = none)
     */
    public CommandScheduler(Policy policy, DiskMechanics mechanics, long capacitySectors, double agingWeight,
            long maxDirtyAgeNs) {
        this.policy = policy;
        this.mechanics = mechanics;
        this.spindle = mechanics.spindle();
        this.capacity = capacitySectors;
        this.agingWeight = agingWeight;
        this.maxDirtyAgeNs = maxDirtyAgeNs;
    }

    /** A job from the pool, its physical target located once (SPTF then only does arithmetic). */
    public MediaJob job(MediaJob.Kind kind, long lba, int sectors, long nowNs) {
        MediaJob j = pool.pollFirst();
        if (j == null) {
            j = new MediaJob();
        }
        j.kind = kind;
        j.lba = lba;
        j.sectors = sectors;
        j.arrivalNs = nowNs;
        j.dirtySinceNs = j.arrivalNs;
        j.seq = seq++;
        mechanics.locate(lba, cursor);
        j.cylinder = cursor.cylinder;
        j.surface = cursor.surface;
        j.angle = cursor.angle;
        j.targetPs = spindle.targetPs(cursor.angle);
        j.mediaNs = mechanics.spindle().rotationNs((double) sectors / cursor.sectorsPerTrack);
        return j;
    }

    /** The job is done with: back to the pool. */
    public void recycle(MediaJob j) {
        j.clear();
        pool.addLast(j);
    }

    /** The sequence number the next job gets: jobs with a smaller one arrived before now. */
    public long nextSeq() {
        return seq;
    }

    /** A host command's media work; {@code active}: the job the mechanism is on, or null. */
    public void enqueueHost(MediaJob j, MediaJob active) {
        if (j.request.taskAttribute == TaskAttribute.HEAD_OF_QUEUE) {
            j.headOfQueue = true;
            headOfQueueJobs++;
        }
        enqueue(j, hostJobs, active);
    }

    /** A dirty extent entered the buffer. */
    public void enqueueDirty(MediaJob j, MediaJob active) {
        enqueue(j, dirty, active);
    }

    /** Adds a job, counting the older overlapping jobs it must wait for (a write involved). */
    private void enqueue(MediaJob j, JobList list, MediaJob active) {
        if (j.writes()) {
            writeJobs++;
        }
        if (writeJobs == 0) {
            j.blockedBy = 0; // reads never wait for reads
            list.add(j);
            return;
        }
        int blocked = 0;
        if (active != null && j.conflicts(active)) {
            blocked++;
        }
        blocked += countConflicts(j, hostJobs);
        blocked += countConflicts(j, dirty);
        j.blockedBy = blocked;
        if (blocked > 0) {
            blockedJobs++;
        }
        list.add(j);
    }

    static int countConflicts(MediaJob j, JobList list) {
        if (list.isEmpty()) {
            return 0;
        }
        int n = 0;
        MediaJob[] items = list.items;
        if (j.sectors < 1) {
            for (int i = 0, end = list.end; i < end; i++) {
                MediaJob o = items[i];
                if (o != null && o != j && !o.active && j.conflicts(o)) {
                    n++;
                }
            }
            return n;
        }
        // j.conflicts(o) with the overlap first, as one compare: [a, a+m) and [b, b+n) share a
        // sector iff −n < b − a < m, i.e. b − a + n − 1 lies in [0, m + n − 2], one unsigned
        // compare when m + n ≥ 1 (LBAs are far below 2^62: nothing overflows). A random job
        // overlaps no other, so the branch is predicted (two compares, each true half the time
        // in random order, were a misprediction per job), and the kinds are never looked at.
        // Unsigned as signed with both sides offset by 2^63: Long.compareUnsigned's three-way
        // compare (JDK 17) has an equal arm the JIT compiled as never taken, and deoptimised on.
        long from = j.lba;
        int m = j.sectors;
        boolean writes = j.writes();
        for (int i = 0, end = list.end; i < end; i++) {
            MediaJob o = items[i];
            if (o != null && o.lba - from + o.sectors - 1 + Long.MIN_VALUE < m + o.sectors - 1L + Long.MIN_VALUE
                    && o != j && !o.active && (writes || o.writes())) {
                n++;
            }
        }
        return n;
    }

    /**
     * Pending jobs waiting for an older overlapping one ({@code blockedBy > 0}): while there are
     * none, which with random IO is nearly always, a finished job has no waiters to release and
     * the scan is skipped.
     */
    private int blockedJobs;

    private void release(MediaJob done, JobList list) {
        if (list.isEmpty() || blockedJobs == 0) {
            return;
        }
        MediaJob[] items = list.items;
        for (int i = 0; i < list.end; i++) {
            MediaJob o = items[i];
            if (o != null && o.seq > done.seq && o.blockedBy > 0 && o.conflicts(done)) {
                if (--o.blockedBy == 0) {
                    blockedJobs--;
                }
            }
        }
    }

    /** The mechanism takes {@code j} (a host job leaves the waiting ones; a destage stays dirty until done). */
    public void started(MediaJob j) {
        if (j.kind != MediaJob.Kind.DESTAGE) {
            hostJobs.remove(j);
            if (j.headOfQueue) {
                headOfQueueJobs--;
            }
        }
        j.active = true;
    }

    /** The mechanism finished {@code j} (a destage already left the dirty extents): release its waiters. */
    public void finished(MediaJob j) {
        j.active = false;
        if (j.writes()) {
            writeJobs--;
        }
        // No test of "a write involved" first: with no write pending a read's waiters are none
        // and release returns at once (blockedJobs == 0); the test's rare arm (the queue's
        // last write just finished) made the JIT throw away the compiled completion path
        release(j, hostJobs);
        release(j, dirty);
    }

    /**
     * A dirty extent left the buffer without a destage (a later write replaced it): the jobs
     * that waited on it go on as if it had been destaged.
     */
    public void dropDirty(MediaJob o) {
        dirty.remove(o);
        if (o.blockedBy > 0) {
            blockedJobs--; // it leaves still waiting: no release will count it down
        }
        writeJobs--;
        release(o, hostJobs);
        release(o, dirty);
    }

    /** A destage is done: its extent leaves the dirty ones (then {@link #finished}). */
    public void destaged(MediaJob j) {
        dirty.remove(j);
    }

    /** Where the heads are after an access (or a read-ahead) ended: C-LOOK's reference. */
    public void headAt(long lba) {
        headLba = lba;
    }

    public boolean isIdle() {
        return hostJobs.isEmpty() && dirty.isEmpty();
    }

    public boolean noHostJobs() {
        return hostJobs.isEmpty();
    }

    /** The dirty extents, oldest first (the write-back buffer's contents). */
    public JobList dirty() {
        return dirty;
    }

    /**
     * Positioning of {@code j} from now, with the command overhead ahead of the arm's move:
     * {@code ovh + DiskMechanics.positioningNs(now + ovh, ...)}, the same integer, with the
     * platter's position at {@code now} computed once for all the keys of one choice and the
     * job's target angle once on arrival (the rotational wait is then one division). Every
     * queued job gets its whole key: the choice skipped the rotational wait of a job whose seek
     * alone lost to the best so far until 2026-12-07, and was slower for it (180–212 ns a
     * choice among 16 against 132–174 without, docs/performance.md; likely because each key
     * then waited on the best so far through a branch that goes either way).
     */
    long positioningNs(MediaJob j, long now) {
        long ovh = j.kind == MediaJob.Kind.READ ? readOverheadNs : j.kind == MediaJob.Kind.WRITE ? writeOverheadNs : 0;
        if (now != keyBaseNs) {
            keyBaseNs = now;
            keyBasePositionPs = spindle.positionPsAt(now);
        }
        long later = ovh + mechanics.positionNs(j.cylinder, j.surface, j.writes());
        if (later < 0 || later > Spindle.MAX_LATER_NS) {
            return ovh + mechanics.positioningNs(now + ovh, j.cylinder, j.surface, j.angle, j.writes());
        }
        return later + spindle.waitForTargetNs(keyBasePositionPs, later, j.targetPs);
    }

    /** The time the positioning keys of the current {@link #select} start from. */
    long keyFromNs;

    /** The time whose platter position {@link #keyBasePositionPs} holds (SPTF's keys share it). */
    private long keyBaseNs = Long.MIN_VALUE;
    private long keyBasePositionPs;

    /**
     * The job to start now: a HEAD OF QUEUE one, else an aged dirty extent, else the oldest
     * eligible read queued behind busy work ({@link MediaJob#arrivedBusy}) that starts in
     * [{@code joinFrom}, {@code joinTo}], where it joins the running read-ahead, else the best
     * eligible host job by the policy's key — or a destage when destaging is due. Null if none
     * may start. A joining read is served by the stream with no positioning at all, so a
     * positioning key that counted the buffer would rank it first (DiskSim's does: {@code
     * disk_buffer_estimate_servtime} gives a hit on the segment being read its constant {@code
     * reading_buffer_*_servtime}); FCFS keeps arrival order instead. The joining read is looked
     * for in the same walk of the queue as the keys.
     *
     * @param keyFromNs       the time the positioning keys start from: {@code now}, or for a drive
     *                        timed DiskSim's way the time of the mechanism's last recorded state
     *                        (DiskSim keys from it, {@code disk_buffer_estimate_servtime})
     * @param readOverheadNs  command overhead ahead of a read's positioning (the keys count it)
     * @param writeOverheadNs the same for a write
     * @param destagePressure the buffer presses for destages (high water, a FLUSH, a write waiting for space)
     * @param active          the job the mechanism is on, or null
     * @param joinFrom        with {@code joinTo}: the sectors at which a queued read would join the
     *                        running read-ahead; joinTo &lt; joinFrom if none runs
     */
    public MediaJob select(long now, long keyFromNs, long readOverheadNs, long writeOverheadNs,
            boolean destagePressure, MediaJob active, long joinFrom, long joinTo) {
        this.keyFromNs = keyFromNs;
        if (headOfQueueJobs > 0) {
            MediaJob first = youngestHeadOfQueue();
            if (first != null) {
                return first;
            }
        }
        if (maxDirtyAgeNs > 0 && !dirty.isEmpty()) {
            MediaJob aged = oldestAged(now);
            if (aged != null) {
                return aged;
            }
        }
        if (policy == Policy.FCFS) {
            joinTo = joinFrom - 1; // FCFS keeps arrival order: no read joins ahead of its turn
        }
        this.readOverheadNs = readOverheadNs;
        this.writeOverheadNs = writeOverheadNs;
        Policy p = policy;
        MediaJob best = null;
        double bestKey = Double.POSITIVE_INFINITY;
        int eligible = 0;
        boolean blockedHost = false;
        MediaJob joiner = null;
        // joinFrom <= lba <= joinTo as one unsigned compare (predicted: a queued read rarely
        // falls in the window) when the window is not empty
        long joinWindow = joinTo - joinFrom;
        MediaJob[] items = hostJobs.items;
        for (int i = 0, n = hostJobs.end; i < n; i++) {
            MediaJob j = items[i];
            if (j == null) {
                continue;
            }
            if (j.blockedBy > 0) {
                blockedHost = true;
                continue;
            }
            eligible++;
            if (joinWindow >= 0 && j.lba - joinFrom + Long.MIN_VALUE <= joinWindow + Long.MIN_VALUE && j.arrivedBusy && !j.fua && (joiner == null || j.seq < joiner.seq)) {
                joiner = j; // in the same pass as the keys: one walk of the queue per choice
            }
            double key = p.key(this, j, now);
            if (key < bestKey || (key == bestKey && best != null && j.seq < best.seq)) {
                bestKey = key;
                best = j;
            }
        }
        if (joiner != null) {
            return joiner;
        }
        int idleDirty = dirty.size() - (active != null && active.kind == MediaJob.Kind.DESTAGE ? 1 : 0);
        boolean destageDue = idleDirty > 0 && (eligible == 0 || blockedHost || destagePressure);
        if (destageDue) {
            items = dirty.items;
            for (int i = 0, n = dirty.end; i < n; i++) {
                MediaJob j = items[i];
                if (j == null || j.active || j.blockedBy > 0) {
                    continue;
                }
                double key = p.key(this, j, now);
                if (key < bestKey || (key == bestKey && best != null && j.seq < best.seq)) {
                    bestKey = key;
                    best = j;
                }
            }
        }
        return best;
    }

    /**
     * The dirty-age limit (spec §8.2): the dirty extent that has been dirty longest, if that is
     * longer than the limit and it may be destaged now; else null. Aged extents go oldest first,
     * ahead of host commands (HEAD OF QUEUE aside), so an aged write waits at most for the media
     * access under way and the destages of the extents that aged before it — a bound that holds
     * whatever the positioning, which an SPTF choice among the aged ones would not give.
     * O(dirty extents), allocation-free.
     */
    private MediaJob oldestAged(long now) {
        long limit = now - maxDirtyAgeNs;
        if (oldestDirtySinceNs >= limit) {
            return null; // nothing can have aged yet: skip the scan
        }
        MediaJob oldest = null;
        long min = Long.MAX_VALUE;
        MediaJob[] items = dirty.items;
        for (int i = 0, n = dirty.end; i < n; i++) {
            MediaJob j = items[i];
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
    private MediaJob youngestHeadOfQueue() {
        MediaJob first = null;
        MediaJob[] items = hostJobs.items;
        for (int i = 0, n = hostJobs.end; i < n; i++) {
            MediaJob j = items[i];
            if (j != null && j.headOfQueue && j.blockedBy == 0 && (first == null || j.seq > first.seq)) {
                first = j;
            }
        }
        return first;
    }
}
