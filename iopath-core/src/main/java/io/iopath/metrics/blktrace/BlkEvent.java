package io.iopath.metrics.blktrace;

import io.iopath.block.BlkAction;

/**
 * One blktrace event as blkparse shows it.
 *
 * @param timeNs   simulated time of the event
 * @param cpu      the CPU that logged it (iopath simulates one: 0)
 * @param seq      sequence number, from 1, in emission order
 * @param pid      process id ({@code 0} for kernel context such as completions)
 * @param action   what happened
 * @param rwbs     blk_fill_rwbs: e.g. {@code R}, {@code WS}, {@code FWFS}, {@code N}
 * @param sector   first sector (unused for P, U, UT)
 * @param sectors  sector count (unused for P, U, UT)
 * @param payload  U / UT: requests queued; C / R: error code; otherwise 0
 * @param command  process name (blkparse's [command])
 */
public record BlkEvent(long timeNs, int cpu, long seq, int pid, BlkAction action, String rwbs,
                       long sector, int sectors, long payload, String command) {

    /** The same event with its time shifted by {@code -originNs} (blkparse times are relative). */
    public BlkEvent relativeTo(long originNs) {
        return new BlkEvent(timeNs - originNs, cpu, seq, pid, action, rwbs, sector, sectors, payload, command);
    }
}
