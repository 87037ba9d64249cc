package io.iopath.workload.trace.msr;

import io.iopath.request.Op;
import io.iopath.workload.trace.io.LineSource;
import io.iopath.workload.trace.io.RecordPerLineReader;
import io.iopath.workload.trace.io.TraceRecord;
import io.iopath.workload.trace.io.Tokens;

/**
 * MSR Cambridge traces (SNIA IOTTA; Narayanan et al., FAST'08):
 * {@code Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime}.
 *
 * <p>Time: Windows FILETIME (100-ns ticks since 1601), made relative to the first record:
 * {@code t_ns = (ts - ts0) * 100}; a later record before the first is rejected. Offset and
 * Size: bytes. Type: {@code Read} or {@code Write}. ResponseTime: 100-ns ticks, kept as the
 * measured service time.
 */
public final class MsrReader extends RecordPerLineReader {
    private long firstTicks = -1;

    public MsrReader(LineSource src) {
        super(src);
    }

    /** The header line some copies of the traces start with. */
    public static final String HEADER = "Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime";

    /** Whether {@code line} is the header, whatever its case and spacing. */
    public static boolean isHeader(String line) {
        return line.replace(" ", "").equalsIgnoreCase(HEADER);
    }

    @Override
    protected TraceRecord parse(String line) {
        if (firstTicks < 0 && isHeader(line)) {
            line = src.nextDataLine(); // a header line names the fields; the records follow
            if (line == null) {
                return null;
            }
        }
        String[] f = line.split(",", -1);
        if (f.length != 7) {
            throw src.error("expected 7 comma-separated fields (Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime), got " + f.length);
        }
        long ticks = Tokens.nonNegativeLong(src, "Timestamp", f[0].strip());
        if (firstTicks < 0) {
            firstTicks = ticks;
        }
        if (ticks < firstTicks) {
            throw src.error("Timestamp " + ticks + " is before the first record's " + firstTicks);
        }
        if ((ticks - firstTicks) > Long.MAX_VALUE / 100) {
            throw src.expected("Timestamp", "a time within 29 000 years of the first record", f[0]);
        }
        if (f[1].isBlank()) {
            throw src.expected("Hostname", "a host name", f[1]);
        }
        int disk = Tokens.smallInt(src, "DiskNumber", f[2].strip(), Integer.MAX_VALUE);
        Op op = switch (f[3].strip()) {
            case "Read", "read", "READ" -> Op.READ;
            case "Write", "write", "WRITE" -> Op.WRITE;
            default -> throw src.expected("Type", "Read or Write", f[3]);
        };
        long offset = Tokens.bytes(src, "Offset", f[4].strip());
        long size = Tokens.bytes(src, "Size", f[5].strip());
        if (size == 0) {
            throw src.expected("Size", "at least 1 byte", f[5]);
        }
        long response = Tokens.nonNegativeLong(src, "ResponseTime", f[6].strip());
        if (response > Long.MAX_VALUE / 100) {
            throw src.expected("ResponseTime", "a shorter time", f[6]);
        }
        return new TraceRecord((ticks - firstTicks) * 100, disk, op, offset, size, 0, 0, response * 100, -1);
    }

    @Override
    public String formatId() {
        return "msr";
    }
}
