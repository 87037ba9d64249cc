package io.iopath.workload.trace.systor;

import io.iopath.request.Op;
import io.iopath.workload.trace.io.DataRecordWriter;
import io.iopath.workload.trace.io.Tokens;
import io.iopath.workload.trace.io.TraceRecord;
import java.io.IOException;
import java.io.Writer;

/**
 * Writes SYSTOR '17 CSV: the header line, then one line per read or write. Times are seconds
 * from a fixed origin (2017-02-17 00:00 UTC, the traces' week; readers subtract the first),
 * written with 9 decimals so nothing is lost; a record without a measured response gets 0.
 */
public final class SystorWriter extends DataRecordWriter {
    static final long ORIGIN_SECONDS = 1_487_289_600L;
    private boolean headerWritten;

    public SystorWriter(Writer out) {
        super(out);
    }

    @Override
    protected void writeData(TraceRecord r) throws IOException {
        if (!headerWritten) {
            out.write(SystorReader.HEADER + "\n");
            headerWritten = true;
        }
        long t = r.timeNs();
        String time = (ORIGIN_SECONDS + t / 1_000_000_000L) + Tokens.nsAsDecimal(t % 1_000_000_000L, 9).substring(1);
        String response = Tokens.nsAsDecimal(Math.max(0, r.serviceNs()), 9);
        out.write(time + "," + response + "," + (r.op() == Op.READ ? "R" : "W") + "," + r.device() + ","
                + r.offset() + "," + r.length() + "\n");
    }

    @Override
    public void close() throws IOException {
        if (!headerWritten) {
            out.write(SystorReader.HEADER + "\n");
        }
        super.close();
    }
}
