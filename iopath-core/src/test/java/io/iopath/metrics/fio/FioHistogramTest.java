package io.iopath.metrics.fio;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FioHistogramTest {
    @Test
    void percentilesOfAKnownSetAreTheBucketMidpointsFioWouldPrint() {
        FioHistogram h = new FioHistogram();
        for (long v = 1; v <= 100; v++) {
            h.record(v); // values below 128 have a bucket each: exact
        }
        long[] p = h.percentiles(new double[] {1, 50, 99, 100});
        assertThat(p).containsExactly(1, 50, 99, 100);
    }

    @Test
    void largeValuesLandWithinFiosRelativeError() {
        for (long v = 200; v < 4_000_000_000L; v = v * 3 + 7) {
            FioHistogram h = new FioHistogram();
            h.record(v);
            long shown = h.percentiles(new double[] {50})[0];
            // 64 buckets per power of two: a midpoint is within 1/128 of any value in the bucket
            assertThat((double) Math.abs(shown - v) / v).as("value %d shown as %d", v, shown).isLessThanOrEqualTo(1.0 / 128);
        }
    }
}
