package io.iopath.workload.trace.io;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * Lines of a text trace with their numbers. Blank lines and lines starting with {@code #} are
 * skipped (no format iopath reads uses them for data), and errors name the file and line.
 *
 * <p>A last line without a line end is how a trace cut short (a copy interrupted, a tracer
 * killed) looks: an error on that line says so, and when it parses {@link #warnings} still
 * points at it, since a cut can leave a valid-looking but wrong record ({@code 4096} cut to
 * {@code 40}).
 */
public final class LineSource {
    private final BufferedReader in;
    private final EndWatcher end;
    private final String source;
    private long lineNumber;
    /** The line number of the last line when it has no line end; 0 if none (yet). */
    private long unterminatedLine;

    public LineSource(BufferedReader in, String source) {
        this(in, null, source);
    }

    /**
     * @param end the reader under {@code in}, which sees the file's last character; null when the
     *            caller cannot tell (no truncation check then)
     */
    public LineSource(BufferedReader in, EndWatcher end, String source) {
        this.in = in;
        this.end = end;
        this.source = source;
    }

    /**
     * Sits under the {@link BufferedReader} and remembers whether the input has ended and with
     * which character: once it has and the buffer is empty, the line just read was the last, and
     * it had a line end only if that character was one.
     */
    public static final class EndWatcher extends java.io.FilterReader {
        private boolean ended;
        private int lastChar = '\n';

        public EndWatcher(java.io.Reader in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int c = in.read();
            if (c < 0) {
                ended = true;
            } else {
                lastChar = c;
            }
            return c;
        }

        @Override
        public int read(char[] cbuf, int off, int len) throws IOException {
            int n = in.read(cbuf, off, len);
            if (n < 0) {
                ended = true;
            } else if (n > 0) {
                lastChar = cbuf[off + n - 1];
            }
            return n;
        }

        boolean endsWithoutLineEnd() {
            return ended && lastChar != '\n' && lastChar != '\r';
        }
    }

    /** The next line holding data, trimmed, or null at the end. */
    public String nextDataLine() {
        try {
            String line;
            while ((line = in.readLine()) != null) {
                lineNumber++;
                if (end != null && end.endsWithoutLineEnd() && !in.ready()) {
                    unterminatedLine = lineNumber;
                }
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
        if (unterminatedLine > 0 && unterminatedLine == lineNumber) {
            problem += " (the file ends inside this line, without a line end: is the trace truncated?)";
        }
        return new TraceFormatException(source, lineNumber, problem);
    }

    /** What the reader should be told though the trace read: a last line without a line end. */
    public List<String> warnings() {
        if (unterminatedLine == 0) {
            return List.of();
        }
        return List.of(source + ":" + unterminatedLine + ": the last line has no line end; if the trace was cut short,"
                + " its last record may be wrong");
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
