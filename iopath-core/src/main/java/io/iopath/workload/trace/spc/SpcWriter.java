package io.iopath.workload.trace.spc;

import io.iopath.request.Op;
import io.iopath.workload.trace.io.DataRecordWriter;
import io.iopath.workload.trace.io.TraceRecord;
import io.iopath.workload.trace.io.Tokens;
import java.io.IOException;
import java.io.Writer;

/** Writes SPC records; timestamps in seconds with 9 decimals (exact ns); the device is the ASU. */
public final class SpcWriter extends DataRecordWriter {

    public SpcWriter(Writer out) {
        super(out);
    }

    @Override
    protected void writeData(TraceRecord r) throws IOException {
        out.write(r.device() + "," + r.sector() + "," + r.length() + "," + (r.op() == Op.READ ? "r" : "w") + ","
                + Tokens.nsAsDecimal(r.timeNs(), 9) + "\n");
    }
}
