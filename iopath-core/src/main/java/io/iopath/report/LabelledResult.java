package io.iopath.report;

import io.iopath.result.Result;
import java.util.List;

/**
 * One run among several (a sweep point, a reproduced figure's bar): the values of the columns
 * that tell it apart, in the order of the report's label columns, and its {@link Result}.
 */
public record LabelledResult(List<String> labels, Result result) {
    public LabelledResult {
        labels = List.copyOf(labels);
    }

    /**
     * The labels as a chart's category text: the value alone for one label column, else one
     * {@code name=value} line per column.
     */
    public String chartCaption(List<String> labelColumns) {
        if (labels.size() != labelColumns.size()) {
            throw new IllegalArgumentException("expected " + labelColumns.size() + " labels " + labelColumns + ", got " + labels);
        }
        if (labels.size() == 1) {
            return labels.get(0);
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < labels.size(); i++) {
            sb.append(i == 0 ? "" : "\n").append(labelColumns.get(i)).append('=').append(labels.get(i));
        }
        return sb.toString();
    }
}
