package io.iopath.workload.trace.msr;

import io.iopath.request.Op;
import io.iopath.workload.trace.io.DataRecordWriter;
import io.iopath.workload.trace.io.TraceRecord;
import java.io.IOException;
import java.io.Writer;

/**
 * Writes MSR Cambridge CSV. Times become FILETIME ticks from a fixed origin (the first MSR
 * trace's week, February 2007), rounded to 100 ns; the host is {@code iopath}.
 */
public final class MsrWriter extends DataRecordWriter {
    /** 2007-02-22 00:00 UTC as FILETIME: any fixed origin will do, since readers subtract the first. */
    static final long ORIGIN_TICKS = 128_166_336_000_000_000L;

    public MsrWriter(Writer out) {
        super(out);
    }

    @Override
    protected void writeData(TraceRecord r) throws IOException {
        long ticks = ORIGIN_TICKS + Math.round(r.timeNs() / 100.0);
        long response = r.serviceNs() < 0 ? 0 : Math.round(r.serviceNs() / 100.0);
        out.write(ticks + ",iopath," + r.device() + "," + (r.op() == Op.READ ? "Read" : "Write") + ","
                + r.offset() + "," + r.length() + "," + response + "\n");
    }
}
