package io.iopath.workload.trace.io;

import io.iopath.request.Op;

/**
 * One IO of a block trace, in the units every reader converts to: nanoseconds and bytes. Each
 * reader documents how its file's fields map here (time origin and unit, offset and size unit,
 * op encoding), so any trace runs through the same replay, statistics and writers.
 *
 * @param timeNs     when the IO was issued, ns from the trace's time origin (see the reader)
 * @param device     the trace's device number (blkparse: {@code major << 20 | minor})
 * @param op         read, write, flush or discard
 * @param offset     first byte on the device
 * @param length     bytes (0 for a flush)
 * @param flags      {@link io.iopath.request.Flags} bits the trace records (SYNC, FUA, PREFLUSH)
 * @param processId  the issuing process, or 0 when the format has none
 * @param serviceNs  measured response time, or -1 when the format has none
 * @param idleNs     think time after this IO completes (DiskSim validate), or -1
 */
public record TraceRecord(long timeNs, int device, Op op, long offset, long length, int flags, int processId,
                          long serviceNs, long idleNs) {
    public static final int SECTOR = 512;

    /** A record with only the fields every format carries. */
    public static TraceRecord of(long timeNs, int device, Op op, long offset, long length) {
        return new TraceRecord(timeNs, device, op, offset, length, 0, 0, -1, -1);
    }

    public long sector() {
        return offset / SECTOR;
    }

    /** Sectors touched, rounding a partial first or last sector up. */
    public long sectors() {
        if (length == 0) {
            return 0;
        }
        long end = offset + length;
        return (end + SECTOR - 1) / SECTOR - offset / SECTOR;
    }

    /** The fields a replay uses: time, device, op, offset, length. */
    public TraceRecord replayView() {
        return of(timeNs, device, op, offset, length);
    }
}
