package io.iopath.workload.trace.systor;

import io.iopath.request.Op;
import io.iopath.workload.trace.io.LineSource;
import io.iopath.workload.trace.io.RecordPerLineReader;
import io.iopath.workload.trace.io.Tokens;
import io.iopath.workload.trace.io.TraceRecord;
import java.util.Locale;

/**
 * The SYSTOR '17 traces (SNIA IOTTA, "SYSTOR '17 Traces", Lee et al., SYSTOR 2017: the LUNs of
 * an enterprise virtual desktop cluster): CSV {@code Timestamp,Response,IOType,LUN,Offset,Size}
 * after a header line of those names.
 *
 * <p>Timestamp: seconds since the Unix epoch with a fraction (µs in the published files), made
 * relative to the first record. Response: seconds, kept as the measured service time. IOType:
 * {@code R} or {@code W}. LUN: the device. Offset and Size: bytes.
 */
public final class SystorReader extends RecordPerLineReader {
    /** The header line of the published files. */
    public static final String HEADER = "Timestamp,Response,IOType,LUN,Offset,Size";

    private long firstSeconds = -1;
    private long firstFracNs;

    public SystorReader(LineSource src) {
        super(src);
    }

    /** Whether {@code line} is the header, whatever its case and spacing. */
    public static boolean isHeader(String line) {
        return line.replace(" ", "").toLowerCase(Locale.ROOT).equals(HEADER.toLowerCase(Locale.ROOT));
    }

    @Override
    protected TraceRecord parse(String line) {
        if (firstSeconds < 0 && isHeader(line)) {
            line = src.nextDataLine(); // the header names the fields; the records follow
            if (line == null) {
                return null;
            }
        }
        String[] f = line.split(",", -1);
        if (f.length != 6) {
            throw src.error("expected 6 comma-separated fields (" + HEADER + "), got " + f.length);
        }
        String ts = f[0].strip();
        int dot = ts.indexOf('.');
        long seconds = Tokens.nonNegativeLong(src, "Timestamp", dot < 0 ? ts : ts.substring(0, dot));
        // epoch seconds × 1e9 would overflow the exact decimal parser: whole seconds and fraction apart
        long fracNs = dot < 0 ? 0 : Tokens.decimalToNs(src, "Timestamp", "0" + ts.substring(dot), 9);
        if (firstSeconds < 0) {
            firstSeconds = seconds;
            firstFracNs = fracNs;
        }
        long rel = seconds - firstSeconds;
        if (rel < 0 || rel > Long.MAX_VALUE / 1_000_000_000L - 1) {
            throw src.error("Timestamp " + ts + " is before the first record's or too far after it");
        }
        long timeNs = rel * 1_000_000_000L + fracNs - firstFracNs;
        if (timeNs < 0) {
            throw src.error("Timestamp " + ts + " is before the first record's");
        }
        long response = Tokens.decimalToNs(src, "Response", f[1].strip(), 9);
        Op op = switch (f[2].strip()) {
            case "R", "r", "Read", "read" -> Op.READ;
            case "W", "w", "Write", "write" -> Op.WRITE;
            default -> throw src.expected("IOType", "R or W", f[2]);
        };
        int lun = Tokens.smallInt(src, "LUN", f[3].strip(), Integer.MAX_VALUE);
        long offset = Tokens.bytes(src, "Offset", f[4].strip());
        long size = Tokens.bytes(src, "Size", f[5].strip());
        if (size == 0) {
            throw src.expected("Size", "at least 1 byte", f[5]);
        }
        return new TraceRecord(timeNs, lun, op, offset, size, 0, 0, response, -1);
    }

    @Override
    public String formatId() {
        return "systor";
    }
}
