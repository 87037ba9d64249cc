package io.iopath.workload.trace.io;

import java.io.FilterReader;
import java.io.IOException;
import java.io.Reader;

/**
 * Sits under a trace's {@link java.io.BufferedReader} and stops a line longer than {@link #MAX_CHARS}:
 * no trace format has lines of more than a few hundred characters, and {@code readLine} would
 * otherwise hold a file without line ends (binary data, a one-line JSON, a trace whose line
 * ends were lost) in memory whole, until the heap ran out. The reader of the line reports it
 * with the file and line ({@link LineSource#nextDataLine}).
 */
public final class LineLengthLimit extends FilterReader {
    public static final int MAX_CHARS = 1 << 16;
    private int run; // characters since the last line end

    public LineLengthLimit(Reader in) {
        super(in);
    }

    @Override
    public int read() throws IOException {
        int c = in.read();
        if (c >= 0) {
            count((char) c);
        }
        return c;
    }

    /**
     * Reads at most {@link #MAX_CHARS} characters, so a line that both starts and ends in the chunk
     * is within the limit; only the line the chunk continues (up to its first line end) and the
     * one it leaves open (after its last) need counting: a few characters each, not the chunk.
     */
    @Override
    public int read(char[] cbuf, int off, int len) throws IOException {
        int n = in.read(cbuf, off, Math.min(len, MAX_CHARS));
        if (n <= 0) {
            return n;
        }
        int end = off + n;
        int first = off;
        while (first < end && !lineEnd(cbuf[first])) {
            first++;
        }
        if (first == end) { // no line end: the open line goes on
            grow(n);
            return n;
        }
        grow(first - off);
        int last = end - 1;
        while (!lineEnd(cbuf[last])) {
            last--;
        }
        run = end - 1 - last;
        return n;
    }

    private static boolean lineEnd(char c) {
        return c == '\n' || c == '\r';
    }

    private void count(char c) throws IOException {
        if (lineEnd(c)) {
            run = 0;
        } else {
            grow(1);
        }
    }

    private void grow(int chars) throws IOException {
        run += chars;
        if (run > MAX_CHARS) {
            throw new IOException("a line longer than " + MAX_CHARS + " characters: not a text trace"
                    + " (binary data, or a file without line ends?)");
        }
    }
}
