package io.iopath.workload.trace.disksim;

import io.iopath.request.Flags;
import io.iopath.request.Op;
import io.iopath.workload.trace.io.LineSource;
import io.iopath.workload.trace.io.RecordPerLineReader;
import io.iopath.workload.trace.io.TraceRecord;
import io.iopath.workload.trace.io.Tokens;

/**
 * DiskSim 4.0 "ascii" traces ({@code disksim_iotrace.c}, scanned as {@code "%lf %d %d %d %x"}):
 * {@code arrival_ms devno blkno bcount flags_hex}.
 *
 * <p>Time: absolute, in ms from the start of the simulation, non-decreasing (DiskSim stops
 * with "out of time order" otherwise, and so does this reader). Offsets and sizes: 512-byte
 * blocks. Op: flags bit 0 = read, else write; 0x80 (SYNC) becomes {@link Flags#SYNC}.
 */
public final class AsciiReader extends RecordPerLineReader {
    static final int READ_FLAG = 0x1;
    static final int SYNC_FLAG = 0x80;
    private long lastNs;

    public AsciiReader(LineSource src) {
        super(src);
    }

    @Override
    protected TraceRecord parse(String line) {
        String[] w = Tokens.words(line);
        if (w.length != 5) {
            throw src.error("expected 5 fields (arrival_ms devno blkno bcount flags_hex), got " + w.length);
        }
        long t = Tokens.decimalToNs(src, "arrival time (ms)", w[0], 6);
        if (t < lastNs) {
            throw src.error("arrival time " + w[0] + " ms is before the previous request's: out of time order");
        }
        lastNs = t;
        int dev = Tokens.smallInt(src, "devno", w[1], Integer.MAX_VALUE);
        long blkno = Tokens.sectors(src, "blkno", w[2]);
        long bcount = Tokens.sectors(src, "bcount", w[3]);
        if (bcount == 0) {
            throw src.expected("bcount", "at least 1 block", w[3]);
        }
        long flags = Tokens.hex(src, "flags", w[4]);
        Op op = (flags & READ_FLAG) != 0 ? Op.READ : Op.WRITE;
        int f = (flags & SYNC_FLAG) != 0 ? Flags.SYNC : 0;
        return new TraceRecord(t, dev, op, blkno * 512, bcount * 512, f, 0, -1, -1);
    }

    @Override
    public String formatId() {
        return "ascii";
    }
}
