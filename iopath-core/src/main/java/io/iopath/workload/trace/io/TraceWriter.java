package io.iopath.workload.trace.io;

import java.io.Closeable;
import java.io.IOException;

/** Writes records in one trace format, in the order given (which must be time order). */
public interface TraceWriter extends Closeable {
    /** Writes one record, or skips it if the format cannot express its op (counted in {@link #skipped}). */
    void write(TraceRecord record) throws IOException;

    /** Records the format could not express (e.g. a flush in a DiskSim trace). */
    default long skipped() {
        return 0;
    }

    /** Writes whatever the format puts after the last record and closes the output. */
    @Override
    void close() throws IOException;
}
