package io.iopath.validation;

import io.iopath.scenario.Location;
import io.iopath.scenario.ScenarioException;
import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Streams a DiskSim "validate" trace (workloads-and-traces.md §3.2): one request per line,
 * {@code R|W buffaction blkno bcount service_time_us idle_after_us}, whitespace separated, as
 * DiskSim reads it with {@code "%c %s %d %d %lf %lf"}. Units: times in µs relative to the
 * previous completion (closed loop, see {@link ClosedLoopReplay}); blkno and bcount in 512-B
 * sectors; devno is always 0. Blank lines and {@code #} comments are skipped. Errors read
 * {@code FILE:LINE:COLUMN: FIELD: expected …, got …}.
 */
public final class ValidateTraceReader implements Closeable {
    private final BufferedReader in;
    private final String name;
    private int lineNo;
    private int index;

    public ValidateTraceReader(Reader reader, String name) {
        this.in = reader instanceof BufferedReader b ? b : new BufferedReader(reader);
        this.name = name;
    }

    public static ValidateTraceReader open(Path file) {
        try {
            return new ValidateTraceReader(Files.newBufferedReader(file, StandardCharsets.ISO_8859_1), file.toString());
        } catch (NoSuchFileException e) {
            throw new ScenarioException(new Location(file.toString(), 0, 0), "", "expected a validate trace, got no such file");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Calls {@code action} for every request of the file, in order, without keeping them. */
    public static int forEach(Path file, Consumer<ValidateRequest> action) {
        try (ValidateTraceReader r = open(file)) {
            Optional<ValidateRequest> next;
            while ((next = r.next()).isPresent()) {
                action.accept(next.get());
            }
            return r.index;
        }
    }

    public static List<ValidateRequest> readAll(Path file) {
        List<ValidateRequest> all = new ArrayList<>();
        forEach(file, all::add);
        return all;
    }

    /** The next request, or empty at the end of the trace. */
    public Optional<ValidateRequest> next() {
        try {
            String line;
            while ((line = in.readLine()) != null) {
                lineNo++;
                int hash = line.indexOf('#');
                String body = hash >= 0 ? line.substring(0, hash) : line;
                if (!body.isBlank()) {
                    return Optional.of(parse(body));
                }
            }
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException(name + ":" + lineNo + ": " + e.getMessage(), e);
        }
    }

    private ValidateRequest parse(String line) {
        String[] f = new String[6];
        int[] col = new int[6];
        int n = 0;
        int i = 0;
        while (i < line.length()) {
            while (i < line.length() && Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            if (i == line.length()) {
                break;
            }
            int start = i;
            while (i < line.length() && !Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            if (n == 6) {
                throw error(start + 1, "line", "6 fields (R|W buffaction blkno bcount service_us idle_us)",
                        "more: \"" + line.substring(start, i) + "\"");
            }
            f[n] = line.substring(start, i);
            col[n++] = start + 1;
        }
        if (n < 6) {
            throw error(line.length() + 1, "line", "6 fields (R|W buffaction blkno bcount service_us idle_us)",
                    n + " fields");
        }
        boolean write = switch (f[0]) {
            case "R", "r" -> false;
            case "W", "w" -> true;
            default -> throw error(col[0], "op", "R or W", quote(f[0]));
        };
        long blkno = integer(f[2], col[2], "blkno", 0);
        long sectors = integer(f[3], col[3], "bcount", 1);
        if (sectors > Integer.MAX_VALUE) {
            throw error(col[3], "bcount", "a sector count below 2^31", quote(f[3]));
        }
        long service = micros(f[4], col[4], "service_time_us");
        long idle = micros(f[5], col[5], "idle_after_us");
        return new ValidateRequest(index++, write, f[1], blkno, (int) sectors, service, idle, lineNo);
    }

    private long integer(String text, int column, String field, long min) {
        try {
            long v = Long.parseLong(text);
            if (v >= min) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw error(column, field, "an integer >= " + min, quote(text));
    }

    /** µs with a fraction to ns, rounded to the nearest ns. */
    private long micros(String text, int column, String field) {
        try {
            double us = Double.parseDouble(text);
            if (us >= 0 && us < 1e12 && !text.endsWith("d") && !text.endsWith("f")) {
                return Math.round(us * 1000.0);
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw error(column, field, "a non-negative time in µs", quote(text));
    }

    private ScenarioException error(int column, String field, String expected, String got) {
        return ScenarioException.expected(new Location(name, lineNo, column), field, expected, got);
    }

    private static String quote(String s) {
        return "\"" + s + "\"";
    }

    @Override
    public void close() {
        try {
            in.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
