package io.iopath.workload.trace.disksim;

import io.iopath.request.Op;
import io.iopath.workload.trace.io.LineSource;
import io.iopath.workload.trace.io.RecordPerLineReader;
import io.iopath.workload.trace.io.TraceRecord;
import io.iopath.workload.trace.io.Tokens;
import java.util.Set;

/**
 * DiskSim 4.0 "validate" traces ({@code iotrace_validate_get_ioreq_event}, scanned as
 * {@code "%c %s %d %d %lf %lf"}): {@code R|W buffaction blkno bcount service_us idle_after_us}.
 *
 * <p>blkno and bcount are 512-byte sectors; both times are µs. These traces are replayed closed
 * loop at queue depth 1 (request i+1 issues {@code idle_after_i} after request i completes), so
 * they carry no arrival times: {@link TraceRecord#timeNs()} is the issue time on the measured
 * drive, reconstructed as the sum of the previous requests' service and idle times. devno is 0.
 *
 * <p>Stricter than DiskSim's {@code sscanf}, which ignores trailing text and takes any op
 * letter but {@code R} as a write: exactly six fields, {@code R} or {@code W}, one of the four
 * buffer actions, unsigned integers and plain decimals (no sign, no exponent). Like every
 * line-oriented trace here, blank lines and lines starting with {@code #} are skipped.
 */
public final class ValidateReader extends RecordPerLineReader {
    static final Set<String> BUFFER_ACTIONS = Set.of("Hit", "Miss", "Doub", "Trip");
    private long issueNs;

    public ValidateReader(LineSource src) {
        super(src);
    }

    @Override
    protected TraceRecord parse(String line) {
        String[] w = Tokens.words(line);
        if (w.length != 6) {
            throw src.error("fields: expected 6 (R|W buffaction blkno bcount service_us idle_after_us), got " + w.length);
        }
        Op op = switch (w[0]) {
            case "R" -> Op.READ;
            case "W" -> Op.WRITE;
            default -> throw src.expected("op", "R or W", w[0]);
        };
        if (!BUFFER_ACTIONS.contains(w[1])) {
            throw src.expected("buffaction", "one of Hit, Miss, Doub, Trip", w[1]);
        }
        long blkno = Tokens.sectors(src, "blkno", w[2]);
        long bcount = Tokens.sectors(src, "bcount", w[3]);
        if (bcount == 0) {
            throw src.expected("bcount", "at least 1 block", w[3]);
        }
        if (bcount > Integer.MAX_VALUE) {
            throw src.expected("bcount", "at most 2147483647 blocks (DiskSim reads an int)", w[3]);
        }
        long service = Tokens.decimalToNs(src, "service time (us)", w[4], 3);
        long idle = Tokens.decimalToNs(src, "idle time (us)", w[5], 3);
        TraceRecord r = new TraceRecord(issueNs, 0, op, blkno * 512, bcount * 512, 0, 0, service, idle);
        issueNs += service + idle;
        return r;
    }

    @Override
    public String formatId() {
        return "validate";
    }
}
