package io.iopath.workload.trace.io;

/**
 * A trace line iopath cannot read, reported as {@code FILE:LINE: problem} so editors can jump to
 * it. The command line turns it into one line on standard error and exit status 2.
 */
public final class TraceFormatException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String source;
    private final long line;

    public TraceFormatException(String source, long line, String problem) {
        super((line > 0 ? source + ":" + line : source) + ": " + problem);
        this.source = source;
        this.line = line;
    }

    public String source() {
        return source;
    }

    public long line() {
        return line;
    }
}
