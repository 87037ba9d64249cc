package io.iopath.result;

/**
 * What one Postmark run counted and when its phases began, in simulated time: what Postmark's own report
 * is computed from (the "Counters" globals and the four timers of {@code cli_run} in Postmark 1.53).
 *
 * @param transactions        transactions configured ({@code set transactions}; the rate divides this, not those done)
 * @param simultaneous        files in the initial pool ({@code set number})
 * @param filesCreated        files created, initial pool included
 * @param filesDeleted        files deleted, final sweep included
 * @param filesRead           whole-file reads
 * @param filesAppended       appends
 * @param deletedAlone        files removed by the final sweep
 * @param bytesRead           bytes read, summed in a C {@code float} as Postmark does
 * @param bytesWritten        bytes written, summed in a C {@code float}
 * @param outOfFiles          the transactions stopped because no file was left; Postmark prints no report then
 * @param terse               {@code set report terse}
 * @param startNs             {@code start_time}: before the first file is created
 * @param transactionsStartNs {@code t_start_time}
 * @param transactionsEndNs   {@code t_end_time}
 * @param endNs               {@code end_time}: after the last file is deleted (before the subdirectories go)
 */
public record PostmarkResult(int transactions, int simultaneous, int filesCreated, int filesDeleted, int filesRead,
                             int filesAppended, int deletedAlone, float bytesRead, float bytesWritten,
                             boolean outOfFiles, boolean terse, long startNs, long transactionsStartNs,
                             long transactionsEndNs, long endNs) {

    /** Transactions per second of simulated transaction time (Riska et al.'s metric). */
    public double transactionsPerSecond() {
        long ns = transactionsEndNs - transactionsStartNs;
        return ns > 0 ? transactions * 1e9 / ns : Double.POSITIVE_INFINITY;
    }
}
