package io.iopath.workload.trace.spc;

import io.iopath.request.Op;
import io.iopath.workload.trace.TraceRecord;
import io.iopath.workload.trace.TraceWriter;
import io.iopath.workload.trace.Tokens;
import java.io.IOException;
import java.io.Writer;

/** Writes SPC records; timestamps in seconds with 9 decimals (exact ns); the device is the ASU. */
public final class SpcWriter implements TraceWriter {
    private final Writer out;
    private long skipped;

    public SpcWriter(Writer out) {
        this.out = out;
    }

    @Override
    public void write(TraceRecord r) throws IOException {
        if (!r.op().transfersData()) {
            skipped++;
            return;
        }
        out.write(r.device() + "," + r.sector() + "," + r.length() + "," + (r.op() == Op.READ ? "r" : "w") + ","
                + Tokens.nsAsDecimal(r.timeNs(), 9) + "\n");
    }

    @Override
    public long skipped() {
        return skipped;
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
