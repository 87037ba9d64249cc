package io.iopath.metrics;

import org.HdrHistogram.AbstractHistogram;

/**
 * Many percentiles of one histogram in a single walk of its counts. HdrHistogram's
 * {@code getValueAtPercentile} walks the counts array from the start on every call (tens of
 * thousands of buckets for an hour at three digits), so a 30-point CDF per direction cost more
 * than a short run's simulation, in start-up code not yet compiled. The values are exactly
 * HdrHistogram 2.2's ({@code AbstractHistogram.getValueAtPercentile}): the count a percentile
 * asks for is {@code max(1, ceil(p' · total / 100))} with p' the percentile just below p,
 * clamped to [0, 100]; the value is the highest equivalent value of the first bucket at which
 * the running count reaches it (the lowest equivalent value for percentile 0), 0 if none does.
 * The first such bucket always has a count (the running count only grows at one), so walking
 * the recorded values alone finds it.
 */
final class HistogramQuantiles {
    private HistogramQuantiles() {
    }

    /** The values at {@code percentiles}, which must be in ascending order. */
    static long[] valuesAt(AbstractHistogram h, double... percentiles) {
        return RecordedBuckets.of(h).valuesAt(percentiles);
    }

    /** The running count each percentile asks for, as HdrHistogram 2.2's {@code getValueAtPercentile}. */
    static long[] countsWanted(long total, double... percentiles) {
        int n = percentiles.length;
        long[] wanted = new long[n];
        for (int i = 0; i < n; i++) {
            if (i > 0 && percentiles[i] < percentiles[i - 1]) {
                throw new IllegalArgumentException("percentiles must be ascending");
            }
            double p = Math.min(Math.max(Math.nextAfter(percentiles[i], Double.NEGATIVE_INFINITY), 0.0D), 100.0D);
            wanted[i] = Math.max(1, (long) Math.ceil(p * total / 100.0D));
        }
        return wanted;
    }
}
