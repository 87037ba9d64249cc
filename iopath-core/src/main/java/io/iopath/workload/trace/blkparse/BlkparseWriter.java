package io.iopath.workload.trace.blkparse;

import io.iopath.request.Op;
import io.iopath.request.Rwbs;
import io.iopath.workload.trace.io.TraceRecord;
import io.iopath.workload.trace.io.TraceWriter;
import java.io.IOException;
import java.io.Writer;
import java.util.Locale;

/**
 * Writes blkparse default text. {@link #write} writes the record's {@code D} (issue) event; a
 * run's trace out also writes {@code C} (complete) events with {@link #complete}, so the file
 * can be fed to btt-style D2C analysis as well as replayed. Events must come in time order.
 */
public final class BlkparseWriter implements TraceWriter {
    private final Writer out;
    private long sequence;

    public BlkparseWriter(Writer out) {
        this.out = out;
    }

    @Override
    public void write(TraceRecord r) throws IOException {
        event(r.timeNs(), r, "D", "[" + command(r) + "]");
    }

    /** A C event: the IO of {@code r} completed at {@code timeNs} with status 0. */
    public void complete(TraceRecord r, long timeNs) throws IOException {
        event(timeNs, r, "C", "[0]");
    }

    private void event(long timeNs, TraceRecord r, String action, String end) throws IOException {
        sequence++;
        String rwbs = Rwbs.of(r.op(), r.flags(), r.sectors());
        // as blkparse 1.2 prints an event without data: a completion keeps its sector, D nothing
        String where = r.op() == Op.FLUSH && r.length() == 0 ? (action.equals("C") ? r.sector() + " " : "")
                : r.sector() + " + " + r.sectors() + " ";
        out.write(String.format(Locale.ROOT, "%3d,%-3d %2d %8d %5d.%09d %5d %2s %3s %s%s\n",
                r.device() >>> 20, r.device() & 0xfffff, 0, sequence, timeNs / 1_000_000_000L, timeNs % 1_000_000_000L,
                r.processId(), action, rwbs, where, end));
    }

    private static String command(TraceRecord r) {
        return r.processId() == 0 ? "iopath" : "iopath-" + r.processId();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
