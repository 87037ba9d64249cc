package io.iopath.workload.trace.disksim;

import io.iopath.request.Flags;
import io.iopath.request.Op;
import io.iopath.workload.trace.io.DataRecordWriter;
import io.iopath.workload.trace.io.TraceRecord;
import io.iopath.workload.trace.io.Tokens;
import java.io.IOException;
import java.io.Writer;

/** Writes DiskSim ascii; times as ms with 6 decimals, so nanoseconds survive exactly. */
public final class AsciiWriter extends DataRecordWriter {

    public AsciiWriter(Writer out) {
        super(out);
    }

    @Override
    protected void writeData(TraceRecord r) throws IOException {
        int flags = (r.op() == Op.READ ? AsciiReader.READ_FLAG : 0) | (Flags.has(r.flags(), Flags.SYNC) ? AsciiReader.SYNC_FLAG : 0);
        out.write(Tokens.nsAsDecimal(r.timeNs(), 6) + " " + r.device() + " " + r.sector() + " " + r.sectors() + " "
                + Integer.toHexString(flags) + "\n");
    }
}
