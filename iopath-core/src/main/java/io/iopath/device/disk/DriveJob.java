package io.iopath.device.disk;

import io.iopath.request.Request;

/**
 * One piece of media work the drive has to do: a host command that needs the media (read miss,
 * write-through or FUA write) or the destage of one dirty extent. The physical target is
 * computed once, on arrival, so SPTF only does arithmetic.
 */
final class DriveJob {
    static final int READ = 0;
    static final int WRITE = 1;
    static final int DESTAGE = 2;

    int kind;
    long lba;
    int sectors;
    /** Host command served by this job; null for a destage. */
    Request request;
    /** The write this job carries to the media (media writes and destages). */
    WriteLog.Entry record;
    boolean fua;
    /** A HEAD OF QUEUE command's media work: served before everything else that may run. */
    boolean headOfQueue;
    long arrivalNs;
    /**
     * A dirty extent: when the oldest acknowledged data it stands for entered the buffer — its
     * arrival, or that of an extent it overwrote in the buffer (the dirty-age limit's clock).
     */
    long dirtySinceNs;
    /** Arrival order among all jobs, for FCFS and for write ordering. */
    long seq;
    int cylinder;
    int surface;
    double angle;
    /** Media time of the command at its first track's density (SATF's transfer term). */
    long mediaNs;
    /** Older, overlapping, not yet finished jobs this one must wait for (a write is involved). */
    int blockedBy;
    /** Index in the pending list it sits in (for O(1) removal). */
    int index = -1;
    boolean active;

    boolean writes() {
        return kind != READ;
    }

    boolean overlaps(long otherLba, int otherSectors) {
        return lba < otherLba + otherSectors && otherLba < lba + sectors;
    }

    long endLba() {
        return lba + sectors;
    }

    void clear() {
        request = null;
        record = null;
        fua = false;
        headOfQueue = false;
        blockedBy = 0;
        index = -1;
        active = false;
    }
}
