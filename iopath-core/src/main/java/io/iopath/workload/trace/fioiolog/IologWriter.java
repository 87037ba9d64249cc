package io.iopath.workload.trace.fioiolog;

import io.iopath.workload.trace.io.TraceRecord;
import io.iopath.workload.trace.io.TraceWriter;
import java.io.IOException;
import java.io.Writer;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Writes fio iolog v2 or v3. Device N is the file {@code /dev/iopathN}, added and opened before
 * its first IO and closed at the end. v3 stamps each line with ns from the start; v2 writes
 * {@code wait} lines (µs, rounded) for the gaps.
 */
public final class IologWriter implements TraceWriter {
    private final Writer out;
    private final int version;
    private final Set<Integer> open = new LinkedHashSet<>();
    private long lastNs;
    private long lastIssuedUs;

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
            line(t, file + " add");
            line(t, file + " open");
        }
        if (version == 2) {
            long us = Math.round(t / 1000.0);
            if (us > lastIssuedUs) {
                out.write(file + " wait " + (us - lastIssuedUs) + "\n");
                lastIssuedUs = us;
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

    private void line(long t, String text) throws IOException {
        if (version == 3) {
            out.write(t + " " + text + "\n");
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
