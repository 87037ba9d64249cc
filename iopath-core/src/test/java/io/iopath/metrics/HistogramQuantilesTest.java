package io.iopath.metrics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.iopath.result.LatencyCdf;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class HistogramQuantilesTest {
    private static final double[] PS = LatencyCdf.PERCENTILES.stream().mapToDouble(Double::doubleValue).toArray();

    private static long[] oneByOne(Histogram h, double[] ps) {
        long[] out = new long[ps.length];
        for (int i = 0; i < ps.length; i++) {
            out[i] = h.getValueAtPercentile(ps[i]);
        }
        return out;
    }

    @Test
    void oneWalkGivesHdrHistogramsValuesAtEveryPercentile() {
        SplittableRandom rnd = new SplittableRandom(7);
        for (int trial = 0; trial < 200; trial++) {
            Histogram h = new Histogram(1, 3_600_000_000_000L, 3);
            int n = 1 + rnd.nextInt(trial < 20 ? 5 : 20_000); // few values too: percentiles share buckets
            for (int i = 0; i < n; i++) {
                long v = trial % 2 == 0 ? 1 + rnd.nextLong(50_000_000L) : (long) (1e6 * -Math.log(1 - rnd.nextDouble())) + 1;
                h.recordValue(v);
            }
            assertArrayEquals(oneByOne(h, PS), HistogramQuantiles.valuesAt(h, PS), "trial " + trial);
            double[] summary = {50, 95, 99, 99.9};
            assertArrayEquals(oneByOne(h, summary), HistogramQuantiles.valuesAt(h, summary), "trial " + trial);
        }
    }

    @Test
    void anEmptyHistogramGivesZeros() {
        Histogram h = new Histogram(1, 3_600_000_000_000L, 3);
        assertArrayEquals(oneByOne(h, PS), HistogramQuantiles.valuesAt(h, PS));
        assertEquals(0, HistogramQuantiles.valuesAt(h, 50)[0]);
    }
}
