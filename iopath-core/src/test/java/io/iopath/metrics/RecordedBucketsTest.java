package io.iopath.metrics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.iopath.result.LatencyCdf;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * A histogram's recorded buckets, and two merged, give exactly HdrHistogram 2.2.2's figures for
 * the histogram, or for the one {@code add} makes of the two: mean (to the bit), maximum, and
 * every percentile, on seeded random histograms, empty ones and ones of a single value among
 * them.
 */
class RecordedBucketsTest {
    private static final double[] PS = LatencyCdf.PERCENTILES.stream().mapToDouble(Double::doubleValue).toArray();

    private static Histogram random(SplittableRandom rnd, int trial) {
        Histogram h = new Histogram(1, DirectionRecorder.MAX_TRACKABLE_NS, 3);
        int n = trial % 17 == 0 ? 0 : trial % 13 == 0 ? 1 : 1 + rnd.nextInt(trial < 20 ? 5 : 20_000);
        for (int i = 0; i < n; i++) {
            long v = trial % 2 == 0 ? 1 + rnd.nextLong(50_000_000L) : (long) (1e6 * -Math.log(1 - rnd.nextDouble())) + 1;
            h.recordValue(rnd.nextInt(1000) == 0 ? DirectionRecorder.MAX_TRACKABLE_NS : v);
        }
        return h;
    }

    private static void assertSame(Histogram expected, RecordedBuckets b, String what) {
        assertEquals(expected.getTotalCount(), b.totalCount(), what);
        assertEquals(Double.doubleToLongBits(expected.getMean()), Double.doubleToLongBits(b.mean()), what + " mean");
        assertEquals(expected.getMaxValue(), b.maxValue(), what + " max");
        long[] one = new long[PS.length];
        for (int i = 0; i < PS.length; i++) {
            one[i] = expected.getTotalCount() == 0 ? 0 : expected.getValueAtPercentile(PS[i]);
        }
        assertArrayEquals(one, b.valuesAt(PS), what + " percentiles");
    }

    @Test
    void bucketsAndTheirMergeGiveHdrHistogramsFigures() {
        SplittableRandom rnd = new SplittableRandom(16);
        for (int trial = 0; trial < 150; trial++) {
            Histogram a = random(rnd, trial);
            Histogram b = random(rnd, trial + 1);
            assertSame(a, RecordedBuckets.of(a), "trial " + trial);
            Histogram sum = new Histogram(1, DirectionRecorder.MAX_TRACKABLE_NS, 3);
            sum.add(a);
            sum.add(b);
            assertSame(sum, RecordedBuckets.merge(RecordedBuckets.of(a), RecordedBuckets.of(b)), "trial " + trial + " merged");
        }
    }
}
