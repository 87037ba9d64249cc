package io.iopath.report.postmark;

import io.iopath.result.PostmarkResult;

/**
 * Postmark's own report of a run, verbose or terse ({@code verbose_report}, {@code terse_report} and
 * {@code scalef} in Postmark 1.53's {@code postmark.c}; the float timers of the 1.54 derivative in
 * {@code milesd/postmark}), computed from simulated time. Two timer styles:
 * <ul>
 *   <li>{@link Timers#PRECISE} (iopath's default): Postmark 1.54's layout, timers as {@code float} seconds
 *       (microseconds, as {@code gettimeofday} gives them), printed {@code %.4f}, every rate {@code %.2f}.</li>
 *   <li>{@link Timers#SECONDS}: exactly what Postmark 1.53 prints: {@code time()} in whole seconds, an
 *       interval of 0 counted as 1 ({@code diff_time}), the verbose rates C integer divisions, the terse
 *       ones {@code float}. Simulated time 0 is taken as the start of a second.</li>
 * </ul>
 * Kept from Postmark: the data rates divide by the total time, not the transaction time; the transaction
 * rate divides the configured transactions; byte totals are {@code float}s printed in "megabytes" only
 * above 1 MiB (KB = 1024); an out-of-files run prints no report at all (an empty string here).
 */
public final class PostmarkReport {
    /** How the report's intervals are measured. */
    public enum Timers { PRECISE, SECONDS }

    private static final float KILOBYTE = 1024f;
    private static final float MEGABYTE = 1024f * 1024f;

    private PostmarkReport() {
    }

    /** The report Postmark prints at the end of the run: verbose or terse as configured. */
    public static String of(PostmarkResult r, Timers timers) {
        if (r.outOfFiles()) {
            return "";
        }
        return r.terse() ? terse(r, timers) : verbose(r, timers);
    }

    public static String verbose(PostmarkResult r, Timers timers) {
        return timers == Timers.SECONDS ? verboseSeconds(r) : verbosePrecise(r);
    }

    public static String terse(PostmarkResult r, Timers timers) {
        boolean seconds = timers == Timers.SECONDS;
        float elapsed = interval(r.endNs(), r.startNs(), timers);
        float tElapsed = interval(r.transactionsEndNs(), r.transactionsStartNs(), timers);
        float creation = interval(r.transactionsStartNs(), r.startNs(), timers);
        float deletion = interval(r.endNs(), r.transactionsEndNs(), timers);
        StringBuilder b = new StringBuilder();
        if (seconds) {
            b.append((long) elapsed).append(' ').append((long) tElapsed).append(' ');
        } else {
            b.append(f4(elapsed)).append(' ').append(f4(tElapsed)).append(' ');
        }
        b.append(f2((float) r.transactions() / tElapsed)).append(' ');
        b.append(f2((float) r.filesCreated() / elapsed)).append(' ');
        b.append(f2((float) r.simultaneous() / creation)).append(' ');
        b.append(f2((float) (r.filesCreated() - r.simultaneous()) / tElapsed)).append(' ');
        b.append(f2((float) r.filesRead() / tElapsed)).append(' ');
        b.append(f2((float) r.filesAppended() / tElapsed)).append(' ');
        b.append(f2((float) r.filesDeleted() / elapsed)).append(' ');
        b.append(f2((float) r.deletedAlone() / deletion)).append(' ');
        b.append(f2((float) (r.filesDeleted() - r.deletedAlone()) / tElapsed)).append(' ');
        b.append(f2(r.bytesRead() / elapsed)).append(' ');
        b.append(f2(r.bytesWritten() / elapsed)).append('\n');
        return b.toString();
    }

    private static String verboseSeconds(PostmarkResult r) {
        long elapsed = (long) interval(r.endNs(), r.startNs(), Timers.SECONDS);
        long tElapsed = (long) interval(r.transactionsEndNs(), r.transactionsStartNs(), Timers.SECONDS);
        long creation = (long) interval(r.transactionsStartNs(), r.startNs(), Timers.SECONDS);
        long deletion = (long) interval(r.endNs(), r.transactionsEndNs(), Timers.SECONDS);
        int mixedCreated = r.filesCreated() - r.simultaneous();
        int mixedDeleted = r.filesDeleted() - r.deletedAlone();
        return "Time:\n"
                + "\t" + elapsed + " seconds total\n"
                + "\t" + tElapsed + " seconds of transactions (" + r.transactions() / tElapsed + " per second)\n"
                + "\nFiles:\n"
                + "\t" + r.filesCreated() + " created (" + r.filesCreated() / elapsed + " per second)\n"
                + "\t\tCreation alone: " + r.simultaneous() + " files (" + r.simultaneous() / creation + " per second)\n"
                + "\t\tMixed with transactions: " + mixedCreated + " files (" + mixedCreated / tElapsed + " per second)\n"
                + "\t" + r.filesRead() + " read (" + r.filesRead() / tElapsed + " per second)\n"
                + "\t" + r.filesAppended() + " appended (" + r.filesAppended() / tElapsed + " per second)\n"
                + "\t" + r.filesDeleted() + " deleted (" + r.filesDeleted() / elapsed + " per second)\n"
                + "\t\tDeletion alone: " + r.deletedAlone() + " files (" + r.deletedAlone() / deletion + " per second)\n"
                + "\t\tMixed with transactions: " + mixedDeleted + " files (" + mixedDeleted / tElapsed + " per second)\n"
                + data(r, elapsed);
    }

    private static String verbosePrecise(PostmarkResult r) {
        float elapsed = interval(r.endNs(), r.startNs(), Timers.PRECISE);
        float tElapsed = interval(r.transactionsEndNs(), r.transactionsStartNs(), Timers.PRECISE);
        float creation = interval(r.transactionsStartNs(), r.startNs(), Timers.PRECISE);
        float deletion = interval(r.endNs(), r.transactionsEndNs(), Timers.PRECISE);
        int mixedCreated = r.filesCreated() - r.simultaneous();
        int mixedDeleted = r.filesDeleted() - r.deletedAlone();
        return "Time:\n"
                + "\t" + f4(elapsed) + " seconds total\n"
                + "\t" + f4(tElapsed) + " seconds of transactions (" + f2(r.transactions() / tElapsed) + " per second)\n"
                + "\nFiles:\n"
                + "\t" + r.filesCreated() + " created (" + f2(r.filesCreated() / elapsed) + " per second)\n"
                + "\t\tCreation alone: " + r.simultaneous() + " files (" + f2(r.simultaneous() / creation) + " per second)\n"
                + "\t\tMixed with transactions: " + mixedCreated + " files (" + f2(mixedCreated / tElapsed) + " per second)\n"
                + "\t" + r.filesRead() + " read (" + f2(r.filesRead() / tElapsed) + " per second)\n"
                + "\t" + r.filesAppended() + " appended (" + f2(r.filesAppended() / tElapsed) + " per second)\n"
                + "\t" + r.filesDeleted() + " deleted (" + f2(r.filesDeleted() / elapsed) + " per second)\n"
                + "\t\tDeletion alone: " + r.deletedAlone() + " files (" + f2(r.deletedAlone() / deletion) + " per second)\n"
                + "\t\tMixed with transactions: " + mixedDeleted + " files (" + f2(mixedDeleted / tElapsed) + " per second)\n"
                + data(r, elapsed);
    }

    private static String data(PostmarkResult r, float elapsed) {
        return "\nData:\n"
                + "\t" + scalef(r.bytesRead()) + " read (" + scalef(r.bytesRead() / elapsed) + " per second)\n"
                + "\t" + scalef(r.bytesWritten()) + " written (" + scalef(r.bytesWritten() / elapsed) + " per second)\n";
    }

    /** {@code scalef}: megabytes strictly above 1 MiB, else kilobytes unless exactly 0, then "%f bytes". */
    static String scalef(float bytes) {
        if (bytes / MEGABYTE > 1) {
            return f2(bytes / MEGABYTE) + " megabytes";
        }
        if (bytes / KILOBYTE != 0) {
            return f2(bytes / KILOBYTE) + " kilobytes";
        }
        return CFormat.fixed(bytes, 6) + " bytes";
    }

    /**
     * One of Postmark's intervals in seconds. SECONDS: {@code time()} differences, 0 counted as 1.
     * PRECISE: {@code (t1.tv_sec - t0.tv_sec) + (float)(t1.tv_usec - t0.tv_usec) / 1000000}.
     */
    static float interval(long t1Ns, long t0Ns, Timers timers) {
        if (timers == Timers.SECONDS) {
            long d = Math.floorDiv(t1Ns, 1_000_000_000L) - Math.floorDiv(t0Ns, 1_000_000_000L);
            return d != 0 ? d : 1;
        }
        long us1 = Math.floorDiv(t1Ns, 1000L);
        long us0 = Math.floorDiv(t0Ns, 1000L);
        long sec = Math.floorDiv(us1, 1_000_000L) - Math.floorDiv(us0, 1_000_000L);
        long usec = Math.floorMod(us1, 1_000_000L) - Math.floorMod(us0, 1_000_000L);
        return sec + (float) usec / 1_000_000;
    }

    private static String f2(float v) {
        return CFormat.fixed(v, 2);
    }

    private static String f4(float v) {
        return CFormat.fixed(v, 4);
    }
}
