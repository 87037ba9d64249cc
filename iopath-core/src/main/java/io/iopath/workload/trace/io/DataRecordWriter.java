package io.iopath.workload.trace.io;

import java.io.IOException;
import java.io.Writer;

/**
 * The scaffold of a format that can express only data transfers (DiskSim ascii and validate,
 * MSR, SPC): other ops (flush, discard) are skipped and counted; the subclass writes the rest.
 */
public abstract class DataRecordWriter implements TraceWriter {
    protected final Writer out;
    private long skipped;

    protected DataRecordWriter(Writer out) {
        this.out = out;
    }

    @Override
    public final void write(TraceRecord r) throws IOException {
        if (!r.op().transfersData()) {
            skipped++;
            return;
        }
        writeData(r);
    }

    /** Writes a record whose op transfers data. */
    protected abstract void writeData(TraceRecord r) throws IOException;

    @Override
    public final long skipped() {
        return skipped;
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
