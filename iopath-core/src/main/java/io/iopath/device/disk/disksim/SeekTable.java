package io.iopath.device.disk.disksim;

import java.util.ArrayList;
import java.util.List;

/**
 * A measured seek curve from a DiskSim {@code .seek} file: header
 * {@code Seek distances measured: N}, then N lines {@code distance, ms}. The WD fork's dual
 * format ({@code distance, read_ms, stddev, write_ms}) is read too; for single-column tables
 * {@code writeMs == readMs}. Points keep file order (DiskSim tables need not be monotone).
 */
record SeekTable(String file, List<Point> points) {

    public SeekTable {
        points = List.copyOf(points);
    }

    /** One measured distance (cylinders) and its seek times (ms). */
    public record Point(long distance, double readMs, double writeMs) {
    }

    private static final String HEADER = "Seek distances measured:";

    /** Parses the text of a {@code .seek} file; {@code file} names it in messages. */
    public static SeekTable parse(String file, String text) {
        String[] lines = text.split("\r?\n", -1);
        int lineNo = 0;
        while (lineNo < lines.length && lines[lineNo].isBlank()) {
            lineNo++;
        }
        if (lineNo == lines.length || !lines[lineNo].trim().startsWith(HEADER)) {
            throw ParameterFileException.expected(file, lineNo + 1, "Seek distances measured",
                    "a header \"" + HEADER + " N\"", lineNo == lines.length ? "end of file" : quote(lines[lineNo]));
        }
        int count = parseCount(file, lineNo + 1, lines[lineNo].trim().substring(HEADER.length()).trim());
        List<Point> points = new ArrayList<>(count);
        for (int i = lineNo + 1; i < lines.length && points.size() < count; i++) {
            String line = lines[i].trim();
            if (line.isEmpty()) {
                continue;
            }
            points.add(point(file, i + 1, line));
        }
        if (points.size() < count) {
            throw ParameterFileException.expected(file, lines.length, "Seek distances measured",
                    count + " points", String.valueOf(points.size()));
        }
        return new SeekTable(file, points);
    }

    private static int parseCount(String file, int line, String text) {
        try {
            int n = Integer.parseInt(text);
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw ParameterFileException.expected(file, line, "Seek distances measured", "a positive count", quote(text));
    }

    private static Point point(String file, int line, String text) {
        String[] cols = text.split("[,\\s]+");
        if (cols.length != 2 && cols.length != 4) {
            throw ParameterFileException.expected(file, line, "seek point", "\"distance, ms\" or "
                    + "\"distance, read_ms, stddev, write_ms\"", quote(text));
        }
        try {
            long distance = Long.parseLong(cols[0]);
            double read = Double.parseDouble(cols[1]);
            double write = cols.length == 4 ? Double.parseDouble(cols[3]) : read;
            if (distance < 0 || !(read >= 0) || !(write >= 0) || Double.isInfinite(read) || Double.isInfinite(write)) {
                throw new NumberFormatException();
            }
            return new Point(distance, read, write);
        } catch (NumberFormatException e) {
            throw ParameterFileException.expected(file, line, "seek point",
                    "a distance in cylinders and times in ms", quote(text));
        }
    }

    private static String quote(String s) {
        return "\"" + s.trim() + "\"";
    }
}
