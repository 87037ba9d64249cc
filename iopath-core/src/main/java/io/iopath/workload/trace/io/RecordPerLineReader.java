package io.iopath.workload.trace.io;

/**
 * The scaffold of a format with one record on every data line (DiskSim ascii and validate, MSR,
 * SPC): the subclass parses a line; blank and comment lines are the {@link LineSource}'s.
 */
public abstract class RecordPerLineReader implements TraceReader {
    protected final LineSource src;

    protected RecordPerLineReader(LineSource src) {
        this.src = src;
    }

    @Override
    public final TraceRecord next() {
        String line = src.nextDataLine();
        return line == null ? null : parse(line);
    }

    /** The record on one data line; malformed input throws through {@link #src}'s errors. */
    protected abstract TraceRecord parse(String line);

    @Override
    public final void closeSource() {
        src.close();
    }
}
