package io.iopath.workload.trace.spc;

import io.iopath.request.Op;
import io.iopath.workload.trace.io.LineSource;
import io.iopath.workload.trace.io.RecordPerLineReader;
import io.iopath.workload.trace.io.TraceRecord;
import io.iopath.workload.trace.io.Tokens;

/**
 * SPC trace format (Storage Performance Council rev 1.0.1; the UMass Financial and WebSearch
 * traces): {@code ASU,LBA,Size,Opcode,Timestamp[,optional fields]}.
 *
 * <p>ASU becomes the device. LBA: 512-byte blocks. Size: bytes. Opcode: {@code R}/{@code r}
 * read, {@code W}/{@code w} write (both cases, unlike MQSim's converter). Timestamp: seconds
 * from the start of the trace (a decimal), read exactly to the nanosecond.
 */
public final class SpcReader extends RecordPerLineReader {

    public SpcReader(LineSource src) {
        super(src);
    }

    @Override
    protected TraceRecord parse(String line) {
        String[] f = line.split(",", -1);
        if (f.length < 5) {
            throw src.error("expected at least 5 comma-separated fields (ASU,LBA,Size,Opcode,Timestamp), got " + f.length);
        }
        int asu = Tokens.smallInt(src, "ASU", f[0].strip(), Integer.MAX_VALUE);
        long lba = Tokens.sectors(src, "LBA", f[1].strip());
        long size = Tokens.bytes(src, "Size", f[2].strip());
        if (size == 0) {
            throw src.expected("Size", "at least 1 byte", f[2]);
        }
        Op op = switch (f[3].strip()) {
            case "R", "r" -> Op.READ;
            case "W", "w" -> Op.WRITE;
            default -> throw src.expected("Opcode", "R, r, W or w", f[3]);
        };
        long t = Tokens.decimalToNs(src, "Timestamp (s)", f[4].strip(), 9);
        return new TraceRecord(t, asu, op, lba * 512, size, 0, 0, -1, -1);
    }

    @Override
    public String formatId() {
        return "spc";
    }
}
