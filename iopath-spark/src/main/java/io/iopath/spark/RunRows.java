package io.iopath.spark;

import io.iopath.report.SplitReplayTable;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * What one task sends back to the driver: the run's place in grid order, its labels, the cells
 * of its {@code results.csv} rows (as {@link io.iopath.report.ResultsCsv#cells} writes them, so
 * the driver's table has the bytes of {@code iopath sweep}'s) and the figures of a split replay's
 * device table.
 */
record RunRows(int index, List<String> labels, List<List<String>> rows, SplitReplayTable.Device device)
        implements Serializable {
    private static final long serialVersionUID = 1L;

    RunRows {
        labels = List.copyOf(labels);
        List<List<String>> copy = new ArrayList<>(rows.size());
        rows.forEach(r -> copy.add(List.copyOf(r)));
        rows = List.copyOf(copy);
    }
}
