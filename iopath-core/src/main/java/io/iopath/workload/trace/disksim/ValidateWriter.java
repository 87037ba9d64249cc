package io.iopath.workload.trace.disksim;

import io.iopath.request.Op;
import io.iopath.workload.trace.io.DataRecordWriter;
import io.iopath.workload.trace.io.TraceRecord;
import io.iopath.workload.trace.io.Tokens;
import java.io.IOException;
import java.io.Writer;

/**
 * Writes DiskSim validate. A record without a measured service time gets 0; one without an idle
 * time gets the gap to the next record's issue after its own service, so a timed trace becomes
 * the closed-loop trace that reproduces its issue times on an infinitely fast drive.
 */
public final class ValidateWriter extends DataRecordWriter {
    private TraceRecord pending;

    public ValidateWriter(Writer out) {
        super(out);
    }

    @Override
    protected void writeData(TraceRecord r) throws IOException {
        if (pending != null) {
            emit(pending, r.timeNs());
        }
        pending = r;
    }

    private void emit(TraceRecord r, long nextTimeNs) throws IOException {
        long service = Math.max(0, r.serviceNs());
        long idle = r.idleNs() >= 0 ? r.idleNs() : Math.max(0, nextTimeNs - r.timeNs() - service);
        out.write((r.op() == Op.READ ? "R" : "W") + " Hit " + r.sector() + " " + r.sectors() + " "
                + Tokens.nsAsDecimal(service, 3) + " " + Tokens.nsAsDecimal(idle, 3) + "\n");
    }

    @Override
    public void close() throws IOException {
        if (pending != null) {
            emit(pending, pending.timeNs() + Math.max(0, pending.serviceNs()));
            pending = null;
        }
        super.close();
    }
}
