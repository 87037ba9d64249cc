package io.iopath.spark;

import io.iopath.report.SplitReplayTable;
import io.iopath.report.ResultsCsv;
import java.io.Serializable;
import java.util.List;

/**
 * What one task sends back to the driver: the run's place in grid order, its labels and the cells
 * of its {@code results.csv} rows ({@link ResultsCsv#cells}, so the driver's table, made by
 * {@link ResultsCsv#text}, has the bytes of {@code iopath sweep}'s) and the figures of a split
 * replay's device table.
 */
record RunRows(int index, ResultsCsv.RunCells cells, SplitReplayTable.Device device) implements Serializable {
    private static final long serialVersionUID = 1L;

    List<String> labels() {
        return cells.labels();
    }
}
