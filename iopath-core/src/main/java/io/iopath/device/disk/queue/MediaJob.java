package io.iopath.device.disk.queue;

import io.iopath.request.Request;

/**
 * One piece of media work the drive has to do: a host command that needs the media (read miss,
 * write-through or FUA write) or the destage of one dirty extent. The physical target is
 * computed once, on arrival, so SPTF only does arithmetic. Pooled by the drive and reused: a
 * plain mutable holder, its fields read and set by the controller and the scheduler.
 */
public final class MediaJob {
    /** What the media work is for. */
    public enum Kind {
        /** A host read the buffer could not serve. */
        READ,
        /** A host write that goes to the media before it completes (write-through or FUA). */
        WRITE,
        /** A dirty extent of the write-back buffer going to the media. */
        DESTAGE
    }

    public Kind kind;
    public long lba;
    public int sectors;
    /** Host command served by this job; null for a destage. */
    public Request request;
    /**
     * The write this job carries to the media (media writes and destages): the drive's write-log
     * entry, opaque here (the queue sits below the drive and does not know the log).
     */
    public Object record;
    /**
     * A dirty run's further writes, appended after {@link #record} (a write continuing the run
     * in its segment); {@link #moreRecords} of them. Reused with the job, so it grows once.
     */
    public Object[] more = new Object[0];
    /** The sectors of each appended write, in order: the run is its first write's, then theirs. */
    public int[] moreSectors = new int[0];
    public int moreRecords;
    /** Sectors of the run's first write (set when a write is first appended). */
    public int firstSectors;
    /**
     * A run that writes joined while it was being written: its writes already on the media and
     * out of the buffer (the first {@code retired} of record, more[0], more[1], …), and their
     * sectors, from {@link #lba} on.
     */
    public int retired;
    public int retiredSectors;
    public boolean fua;
    /** A HEAD OF QUEUE command's media work: served before everything else that may run. */
    public boolean headOfQueue;
    public long arrivalNs;
    /**
     * A host read that arrived while the mechanism was on work that could not be stopped (a
     * media job, or the read-ahead serving a command): DiskSim gives such a request no segment
     * at arrival and looks the buffer up again when it activates it ({@code disk_activate_read},
     * {@code disk_check_prefetch_swap}), so it may then join the read-ahead its predecessor left
     * running. A read that found the mechanism free or stoppable was classified for good.
     */
    public boolean arrivedBusy;
    /**
     * A host job: the command the drive processed before this one was a write. Set at arrival,
     * where DiskSim picks the overhead matrix's column ({@code lastflags} in {@code
     * disk_read_arrive} / {@code disk_write_arrive}); a drive timed DiskSim's way uses it for a
     * command that waited for the mechanism.
     */
    public boolean afterWrite;
    /**
     * A host write under write-back that arrived while the mechanism was on work it could not
     * stop, on a drive timed DiskSim's way: DiskSim's {@code disk_write_arrive} then disconnects
     * without taking the data, and the write waits in the queue like any command, its data
     * taken when the scheduler picks it and acknowledged once in, its media write following at
     * once. Its completion to the host comes before its media write ends.
     */
    public boolean writeBack;
    /**
     * A dirty extent: when the oldest acknowledged data it stands for entered the buffer — its
     * arrival, or that of an extent it overwrote in the buffer (the dirty-age limit's clock).
     */
    public long dirtySinceNs;
    /** A dirty run: the write segments it is charged for in the write-back buffer. */
    public int segments;
    /** Arrival order among all jobs, for FCFS and for write ordering. */
    public long seq;
    public int cylinder;
    public int surface;
    public double angle;
    /** {@link #angle} as the spindle's position in ps ({@code Spindle.targetPs}), for SPTF's keys. */
    public long targetPs;
    /** Media time of the command at its first track's density (SATF's transfer term). */
    public long mediaNs;
    /** Older, overlapping, not yet finished jobs this one must wait for (a write is involved). */
    public int blockedBy;
    /** Index in the pending list it sits in (for O(1) removal). */
    int index = -1;
    public boolean active;

    public boolean writes() {
        return kind != Kind.READ;
    }

    public boolean overlaps(long otherLba, int otherSectors) {
        return lba < otherLba + otherSectors && otherLba < lba + sectors;
    }

    public long endLba() {
        return lba + sectors;
    }

    /** Whether this job and {@code b} touch a common sector and one of them writes. */
    public boolean conflicts(MediaJob b) {
        return (writes() || b.writes()) && overlaps(b.lba, b.sectors);
    }

    /** Appends a write to this dirty run: its sectors follow the run's end. */
    public void append(Object writeRecord, int addedSectors) {
        if (moreRecords == 0) {
            firstSectors = sectors;
        }
        if (moreRecords == more.length) {
            more = java.util.Arrays.copyOf(more, Math.max(4, 2 * more.length));
            moreSectors = java.util.Arrays.copyOf(moreSectors, more.length);
        }
        moreSectors[moreRecords] = addedSectors;
        more[moreRecords++] = writeRecord;
        sectors += addedSectors;
    }

    /** Sectors of write {@code i} of the run: 0 its first, i ≥ 1 the (i−1)-th appended. */
    public int recordSectors(int i) {
        return i == 0 ? (moreRecords == 0 ? sectors : firstSectors) : moreSectors[i - 1];
    }

    /** Write {@code i} of the run's log record: 0 {@link #record}, i ≥ 1 {@code more[i−1]}. */
    public Object recordOf(int i) {
        return i == 0 ? record : more[i - 1];
    }

    public void clear() {
        request = null;
        record = null;
        for (int i = 0; i < moreRecords; i++) {
            more[i] = null;
        }
        moreRecords = 0;
        firstSectors = 0;
        retired = 0;
        retiredSectors = 0;
        fua = false;
        headOfQueue = false;
        arrivedBusy = false;
        writeBack = false;
        blockedBy = 0;
        segments = 0;
        index = -1;
        active = false;
    }
}
