package io.iopath.workload.trace.io;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Lines of a text trace with their numbers. Blank lines and lines starting with {@code #} are
 * skipped (no format iopath reads uses them for data), and errors name the file and line.
 */
public final class LineSource {
    private final BufferedReader in;
    private final String source;
    private long lineNumber;

    public LineSource(BufferedReader in, String source) {
        this.in = in;
        this.source = source;
    }

    /** The next line holding data, trimmed, or null at the end. */
    public String nextDataLine() {
        try {
            String line;
            while ((line = in.readLine()) != null) {
                lineNumber++;
                String t = line.strip();
                if (!t.isEmpty() && t.charAt(0) != '#') {
                    return t;
                }
            }
            return null;
        } catch (IOException e) {
            throw new TraceFormatException(source, lineNumber + 1, "cannot read: " + e.getMessage());
        }
    }

    public long lineNumber() {
        return lineNumber;
    }

    public String source() {
        return source;
    }

    public TraceFormatException error(String problem) {
        return new TraceFormatException(source, lineNumber, problem);
    }

    /** {@code expected X, got 'text'}, for the common case. */
    public TraceFormatException expected(String field, String expected, String got) {
        return error(field + ": expected " + expected + ", got '" + abbreviate(got) + "'");
    }

    public void close() {
        try {
            in.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String abbreviate(String s) {
        return s.length() > 60 ? s.substring(0, 57) + "..." : s;
    }
}
