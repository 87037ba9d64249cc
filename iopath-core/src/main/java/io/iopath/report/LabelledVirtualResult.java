package io.iopath.report;

import io.iopath.result.VirtualResult;
import java.util.List;

/**
 * One guest-on-a-virtual-disk run among several (a sweep point): the values of the columns that
 * tell it apart, as {@link LabelledResult} has them, and its {@link VirtualResult}.
 */
public record LabelledVirtualResult(List<String> labels, VirtualResult result) {
    public LabelledVirtualResult {
        labels = List.copyOf(labels);
    }

    /** The guest's run with these labels: what a sweep of block-device runs would show of it. */
    public LabelledResult guest() {
        return new LabelledResult(labels, result.guest());
    }
}
