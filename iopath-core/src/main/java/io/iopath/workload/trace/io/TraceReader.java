package io.iopath.workload.trace.io;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * A stream of {@link TraceRecord}s read one at a time, so a trace of any length is read in
 * constant memory. Malformed input throws {@link TraceFormatException} naming file and line.
 */
public interface TraceReader extends Closeable {
    /** The next record, or null at the end of the trace. */
    TraceRecord next();

    /** The id of the format being read (as {@code --format} takes it); a reader that tells its version from a header reads it first. */
    String formatId();

    /**
     * What the user should hear though the trace read, once it has been read to the end (a last
     * line without a line end: a trace cut short?); {@code TraceFiles.open} readers have them.
     */
    default java.util.List<String> warnings() {
        return java.util.List.of();
    }

    @Override
    default void close() {
        try {
            closeSource();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void closeSource() throws IOException;
}
