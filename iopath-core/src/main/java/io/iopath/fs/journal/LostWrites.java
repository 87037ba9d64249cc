package io.iopath.fs.journal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The writes a power cut took from the drive's volatile cache, by sector, with the time the
 * drive had acknowledged each (durability-and-virtualization.md §6.1): what a journal asks to
 * tell whether one of its own writes reached the media. A file system knows when each of its
 * writes was submitted and completed; a lost drive write covering its sectors and acknowledged
 * in that span is that write (or a request it was merged into). A later write to the same
 * sectors (the log ring reused) is acknowledged after it, an earlier one before it was submitted.
 */
public final class LostWrites {
    /** {sector, sectors, ackNs}, by first sector. */
    private final long[][] bySector;
    private final long longest;
    private final long earliestAckNs;

    /** @param lost {@code {sector, sectors, ackNs}} per lost write (ackNs −1: never acknowledged), drive sectors */
    public LostWrites(List<long[]> lost) {
        List<long[]> acked = new ArrayList<>();
        long len = 0;
        long earliest = Long.MAX_VALUE;
        for (long[] w : lost) {
            if (w.length >= 3 && w[2] >= 0) {
                acked.add(w);
                len = Math.max(len, w[1]);
                earliest = Math.min(earliest, w[2]);
            }
        }
        acked.sort(Comparator.comparingLong(w -> w[0]));
        this.bySector = acked.toArray(new long[0][]);
        this.longest = len;
        this.earliestAckNs = earliest;
    }

    /** The earliest acknowledgement among the lost writes (Long.MAX_VALUE when none): anything completed before it is on the media. */
    public long earliestAckNs() {
        return earliestAckNs;
    }

    /**
     * Whether the write of drive sectors [sector, sector + sectors) that was submitted at
     * {@code submittedNs} and completed at {@code completedNs} is lost: a lost write overlapping
     * it was acknowledged in that span.
     */
    public boolean lost(long sector, int sectors, long submittedNs, long completedNs) {
        // the first lost write that might overlap: it starts no more than `longest` sectors before
        int lo = 0;
        int hi = bySector.length;
        long from = sector - longest;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (bySector[mid][0] < from) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        for (int i = lo; i < bySector.length && bySector[i][0] < sector + sectors; i++) {
            long[] w = bySector[i];
            if (w[0] + w[1] > sector && w[2] >= submittedNs && w[2] <= completedNs) {
                return true;
            }
        }
        return false;
    }
}
