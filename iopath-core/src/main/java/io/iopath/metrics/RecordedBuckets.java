package io.iopath.metrics;

import java.util.Arrays;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The buckets of a latency histogram that hold a count, in ascending order, read out of it once:
 * every figure a result gives of a distribution (mean, percentiles, CDF, maximum) is then a walk
 * of these (hundreds to a few thousand) instead of one more walk of HdrHistogram's tens of thousands
 * through its iterator, and reads and writes merge by merging two such lists instead of adding
 * one histogram's whole counts array into a new one. For the short runs of a split replay these
 * walks, in code not yet compiled, cost more than the simulation.
 *
 * <p>The figures are exactly HdrHistogram 2.2.2's for the histogram, or for the histogram that
 * {@code AbstractHistogram.add} would make of two of the same structure: each bucket is the
 * value the recorded-values iterator stops at ({@code getValueIteratedTo}, the bucket's highest
 * equivalent value) with its count; {@code getMean} sums {@code medianEquivalentValue(value) ·
 * count} over them in ascending order and divides by the total count; the sum's maximum is the
 * larger of the two maxima ({@code add}'s {@code updatedMaxValue}); percentiles as
 * {@link HistogramQuantiles} says.
 */
final class RecordedBuckets {
    /** The histogram the buckets came from: the structure that maps a value to its bucket. */
    private final AbstractHistogram structure;
    private final long[] values;
    private final long[] counts;
    private final int size;
    private final long total;
    private final long max;

    private RecordedBuckets(AbstractHistogram structure, long[] values, long[] counts, int size, long total, long max) {
        this.structure = structure;
        this.values = values;
        this.counts = counts;
        this.size = size;
        this.total = total;
        this.max = max;
    }

    /** The recorded buckets of {@code h}, in one walk of its recorded values. */
    static RecordedBuckets of(AbstractHistogram h) {
        long[] values = new long[64];
        long[] counts = new long[64];
        int n = 0;
        for (HistogramIterationValue v : h.recordedValues()) {
            if (n == values.length) {
                values = Arrays.copyOf(values, 2 * n);
                counts = Arrays.copyOf(counts, 2 * n);
            }
            values[n] = v.getValueIteratedTo();
            counts[n] = v.getCountAtValueIteratedTo();
            n++;
        }
        return new RecordedBuckets(h, values, counts, n, h.getTotalCount(), h.getMaxValue());
    }

    /** The buckets of both histograms added, which must have the same structure. */
    static RecordedBuckets merge(RecordedBuckets a, RecordedBuckets b) {
        long[] values = new long[a.size + b.size];
        long[] counts = new long[a.size + b.size];
        int i = 0;
        int j = 0;
        int n = 0;
        while (i < a.size || j < b.size) {
            if (j == b.size || i < a.size && a.values[i] < b.values[j]) {
                values[n] = a.values[i];
                counts[n++] = a.counts[i++];
            } else if (i == a.size || b.values[j] < a.values[i]) {
                values[n] = b.values[j];
                counts[n++] = b.counts[j++];
            } else {
                values[n] = a.values[i];
                counts[n++] = a.counts[i++] + b.counts[j++];
            }
        }
        return new RecordedBuckets(a.structure, values, counts, n, a.total + b.total, Math.max(a.max, b.max));
    }

    long totalCount() {
        return total;
    }

    /** {@code getMaxValue()}: the highest equivalent value of the largest value recorded, 0 if none. */
    long maxValue() {
        return max;
    }

    /** {@code getMean()}, summed in the same order. */
    double mean() {
        if (total == 0) {
            return 0.0;
        }
        double sum = 0;
        for (int i = 0; i < size; i++) {
            sum += structure.medianEquivalentValue(values[i]) * (double) counts[i];
        }
        return (sum * 1.0) / total;
    }

    /** The values at {@code percentiles}, ascending, as {@link HistogramQuantiles#valuesAt}. */
    long[] valuesAt(double... percentiles) {
        int n = percentiles.length;
        long[] wanted = HistogramQuantiles.countsWanted(total, percentiles);
        long[] out = new long[n];
        int k = 0;
        long running = 0;
        for (int i = 0; i < size && k < n; i++) {
            running += counts[i];
            while (k < n && running >= wanted[k]) {
                out[k] = percentiles[k] == 0.0D ? structure.lowestEquivalentValue(values[i]) : values[i];
                k++;
            }
        }
        return out;
    }
}
