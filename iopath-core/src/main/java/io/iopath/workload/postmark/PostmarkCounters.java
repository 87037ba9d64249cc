package io.iopath.workload.postmark;

/**
 * Postmark's counters at the end of a run (the globals under "Counters" in {@code postmark.c}), which its report
 * divides by its timers.
 *
 * @param deletedAlone files removed by the final sweep ({@code files_deleted - delete_base})
 * @param bytesRead    a C {@code float}, as in Postmark, so large totals round as Postmark's do
 * @param outOfFiles   the transactions stopped early ("out of files!"): Postmark prints no report
 */
public record PostmarkCounters(int filesCreated, int filesDeleted, int filesRead, int filesAppended,
                               int deletedAlone, float bytesRead, float bytesWritten, boolean outOfFiles) {
}
