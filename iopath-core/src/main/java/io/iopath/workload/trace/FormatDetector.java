package io.iopath.workload.trace;

import io.iopath.workload.trace.io.TraceFormatException;
import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Tells a trace's format from its first data lines. Each format has a shape no other format's
 * line has (field count, separators, keywords), so a match on every sampled line is an answer;
 * anything else asks for {@code --format}.
 */
final class FormatDetector {
    /** Lines sampled; the reader is reset to the start afterwards. */
    static final int SAMPLE_LINES = 20;
    private static final int MARK_LIMIT = 1 << 20;
    private static final Pattern ASCII = Pattern.compile("\\d*\\.?\\d+\\s+\\d+\\s+\\d+\\s+\\d+\\s+(0[xX])?[0-9a-fA-F]+");
    private static final Pattern VALIDATE = Pattern.compile("[RW]\\s+(Hit|Miss|Doub|Trip)\\s+\\d+\\s+\\d+\\s+[\\d.]+\\s+[\\d.]+");
    private static final Pattern MSR = Pattern.compile("\\d+,[^,]+,\\d+,(Read|Write|read|write|READ|WRITE),\\d+,\\d+,\\d+");
    private static final Pattern SPC = Pattern.compile("\\d+,\\d+,\\d+,[RrWw],\\d*\\.?\\d+(,.*)?");

    private FormatDetector() {
    }

    private static boolean shapeOf(TraceFormat f, String line) {
        return switch (f) {
            case DISKSIM_ASCII -> ASCII.matcher(line).matches();
            case DISKSIM_VALIDATE -> VALIDATE.matcher(line).matches();
            case MSR -> MSR.matcher(line.replace(" ", "")).matches();
            case SPC -> SPC.matcher(line.replace(" ", "")).matches();
            default -> false;
        };
    }

    public static TraceFormat detect(BufferedReader in, String source) throws IOException {
        in.mark(MARK_LIMIT);
        List<String> lines = new ArrayList<>();
        String line;
        int read = 0;
        while (lines.size() < SAMPLE_LINES && (line = in.readLine()) != null && read < MARK_LIMIT / 2) {
            read += line.length() + 1;
            String t = line.strip();
            if (!t.isEmpty() && t.charAt(0) != '#') {
                lines.add(t);
            }
        }
        in.reset();
        if (lines.isEmpty()) {
            throw new TraceFormatException(source, 0, "empty trace: no data lines to tell its format from");
        }
        String first = lines.get(0);
        if (first.equals("fio version 2 iolog")) {
            return TraceFormat.IOLOG2;
        }
        if (first.equals("fio version 3 iolog")) {
            return TraceFormat.IOLOG3;
        }
        if (io.iopath.workload.trace.systor.SystorReader.isHeader(first)) {
            return TraceFormat.SYSTOR;
        }
        if (io.iopath.workload.trace.msr.MsrReader.isHeader(first)) {
            return TraceFormat.MSR;
        }
        if (io.iopath.workload.trace.blkparse.BlkparseReader.looksLikeEvent(first)) {
            return TraceFormat.BLKPARSE;
        }
        // The first line decides which formats are possible; later lines narrow that down, but a
        // line no candidate accepts is left for the reader to report with its line number.
        Set<TraceFormat> candidates = EnumSet.noneOf(TraceFormat.class);
        for (TraceFormat f : List.of(TraceFormat.DISKSIM_ASCII, TraceFormat.DISKSIM_VALIDATE, TraceFormat.MSR, TraceFormat.SPC)) {
            if (shapeOf(f, first)) {
                candidates.add(f);
            }
        }
        for (String l : lines.subList(1, lines.size())) {
            Set<TraceFormat> still = EnumSet.noneOf(TraceFormat.class);
            for (TraceFormat f : candidates) {
                if (shapeOf(f, l)) {
                    still.add(f);
                }
            }
            if (!still.isEmpty()) {
                candidates = still;
            }
        }
        if (candidates.size() == 1) {
            return candidates.iterator().next();
        }
        String got = first.length() > 60 ? first.substring(0, 57) + "..." : first;
        throw new TraceFormatException(source, 0, (candidates.isEmpty() ? "cannot tell the trace format" : "the trace format is ambiguous")
                + " from its first lines (e.g. '" + got + "'); give --format " + String.join("|", TraceFormat.ids()));
    }
}
