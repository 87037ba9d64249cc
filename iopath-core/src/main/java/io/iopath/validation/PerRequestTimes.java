package io.iopath.validation;

import io.iopath.files.AtomicFiles;
import io.iopath.workload.trace.io.TraceFormatException;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * A per-request response file, the format of DiskSim's own per-request output for a validate
 * trace ({@code atlas10k.disksim-sim.txt}): plain ASCII, LF line ends, no header, one line per
 * trace line in trace order, each holding one response time in ms with six decimals.
 */
public final class PerRequestTimes {
    private PerRequestTimes() {
    }

    /** Writes one line per response, {@code %.6f} ms; atomically (readers never see a partial file). */
    public static void write(Path file, double[] responsesMs) throws IOException {
        StringBuilder sb = new StringBuilder(responsesMs.length * 11);
        for (double v : responsesMs) {
            sb.append(String.format(Locale.ROOT, "%.6f", v)).append('\n');
        }
        AtomicFiles.writeString(file, sb.toString());
    }

    /**
     * Reads a per-request file that must hold exactly {@code expectedLines} responses. A line
     * that is not a non-negative decimal number, or a count that differs, throws
     * {@link TraceFormatException} naming the file and the line.
     */
    public static double[] read(Path file, int expectedLines) throws IOException {
        double[] out = new double[Math.max(16, expectedLines)];
        int n = 0;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.US_ASCII)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                String s = line.strip();
                if (n == expectedLines) {
                    throw new TraceFormatException(file.toString(), n + 1L, "more lines than the trace's "
                            + expectedLines + " requests");
                }
                out[n] = parse(file, n + 1L, s);
                n++;
            }
        } catch (java.nio.charset.MalformedInputException e) {
            throw new TraceFormatException(file.toString(), n + 1L, "not ASCII text");
        }
        if (n != expectedLines) {
            throw new TraceFormatException(file.toString(), n + 1L, "ends after " + n + " lines; the trace has "
                    + expectedLines + " requests");
        }
        return Arrays.copyOf(out, n);
    }

    private static double parse(Path file, long line, String s) {
        if (s.isEmpty() || !s.matches("[0-9]+(\\.[0-9]*)?|\\.[0-9]+")) {
            throw new TraceFormatException(file.toString(), line,
                    "response (ms): expected a non-negative decimal number, got '" + s + "'");
        }
        return Double.parseDouble(s);
    }
}
