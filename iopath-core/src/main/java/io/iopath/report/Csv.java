package io.iopath.report;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** RFC 4180 text with LF line ends: a header, then rows; numbers are written as Java prints them. */
final class Csv {
    private final List<String> labelColumns;
    private final int columns;
    private final StringBuilder text = new StringBuilder();

    /**
     * A table of runs: each row starts with the run's labels (the values of {@code labelColumns},
     * the varied parameters of a sweep; none for a single run), then {@code columns}.
     */
    Csv(List<String> labelColumns, List<String> columns) {
        this.labelColumns = List.copyOf(labelColumns);
        List<String> header = new ArrayList<>(this.labelColumns);
        header.addAll(columns);
        Set<String> seen = new HashSet<>();
        for (String h : header) {
            if (!seen.add(h)) {
                throw new IllegalArgumentException("duplicate CSV column '" + h + "'");
            }
        }
        this.columns = header.size();
        row(header);
    }

    /** Fails unless {@code labels} has one value per label column. */
    void checkLabels(List<String> labels) {
        if (labels.size() != labelColumns.size()) {
            throw new IllegalArgumentException("expected labels for " + labelColumns + ", got " + labels);
        }
    }

    /** A row of one run: its labels, then {@code cells}. */
    void row(List<String> labels, List<String> cells) {
        List<String> all = new ArrayList<>(labels);
        all.addAll(cells);
        row(all);
    }

    private void row(List<String> cells) {
        if (cells.size() != columns) {
            throw new IllegalArgumentException("expected " + columns + " CSV cells, got " + cells.size());
        }
        text.append(line(cells));
    }

    /** One line: the cells escaped, separated by commas, ending in LF. */
    static String line(List<String> cells) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(escape(cells.get(i)));
        }
        return sb.append('\n').toString();
    }

    /** The same digits results.json has: Jackson writes doubles and longs as Java's toString does. */
    static String num(double v) {
        return Double.toString(v);
    }

    static String num(long v) {
        return Long.toString(v);
    }

    static String escape(String cell) {
        if (cell.indexOf(',') < 0 && cell.indexOf('"') < 0 && cell.indexOf('\n') < 0 && cell.indexOf('\r') < 0) {
            return cell;
        }
        return '"' + cell.replace("\"", "\"\"") + '"';
    }

    String text() {
        return text.toString();
    }
}
