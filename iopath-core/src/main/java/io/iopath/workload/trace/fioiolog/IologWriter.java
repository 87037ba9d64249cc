package io.iopath.workload.trace.fioiolog;

import io.iopath.workload.trace.io.TraceRecord;
import io.iopath.workload.trace.io.TraceWriter;
import java.io.IOException;
import java.io.Writer;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Writes fio iolog v2 or v3, as fio's reader ({@code iolog.c read_iolog}) takes them. Device N is
 * the file {@code /dev/iopathN}, added and opened before its first IO and closed at the end.
 *
 * <p>v3 stamps each line with µs from the start, as fio's {@code log_io_u} does, plus 1: fio's
 * {@code delay_since_ttime} takes a previous timestamp of 0 for "no previous line" and drops the
 * gap after it (a log starting "0 add, 0 open, 0 read, 50000 write" issues the write at once).
 * The first file's add and open lines carry that origin, so the first IO keeps its distance
 * from the start when read back (both readers count from the first line). v2 has no timestamps: a
 * {@code FILE wait MSEC 0} line (milliseconds from the start, all four fields fio's reader
 * requires) goes before an IO whose time, rounded to the ms, is later than the last wait.
 * A flush is written as {@code sync}, a discard as {@code trim}.
 */
public final class IologWriter implements TraceWriter {
    /** The first line's timestamp, 1 µs: see the class comment. */
    private static final long ORIGIN_NS = 1000;
    private final Writer out;
    private final int version;
    private final Set<Integer> open = new LinkedHashSet<>();
    private long lastNs;
    private long lastWaitMs;

    public IologWriter(Writer out, int version) {
        this.out = out;
        this.version = version;
        try {
            out.write("fio version " + version + " iolog\n");
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    public static String fileName(int device) {
        return "/dev/iopath" + device;
    }

    @Override
    public void write(TraceRecord r) throws IOException {
        String file = fileName(r.device());
        long t = Math.max(r.timeNs(), lastNs);
        if (open.add(r.device())) {
            long at = open.size() == 1 ? 0 : t;
            line(at, file + " add");
            line(at, file + " open");
        }
        if (version == 2) {
            long ms = (t + 500_000) / 1_000_000;
            if (ms > lastWaitMs) {
                out.write(file + " wait " + ms + " 0\n");
                lastWaitMs = ms;
            }
        }
        String action = switch (r.op()) {
            case READ -> "read";
            case WRITE -> "write";
            case FLUSH -> "sync";
            case DISCARD -> "trim";
        };
        line(t, file + " " + action + " " + r.offset() + " " + r.length());
        lastNs = t;
    }

    private void line(long ns, String text) throws IOException {
        if (version == 3) {
            out.write((ns + ORIGIN_NS + 500) / 1000 + " " + text + "\n");
        } else {
            out.write(text + "\n");
        }
    }

    @Override
    public void close() throws IOException {
        for (int d : open) {
            line(lastNs, fileName(d) + " close");
        }
        out.close();
    }
}
