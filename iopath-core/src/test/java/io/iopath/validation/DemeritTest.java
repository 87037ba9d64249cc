package io.iopath.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DemeritTest {

    @Test
    void handComputedExample() {
        // a: x(p) = 2p, b: x(p) = 4p, so the horizontal distance is 2p and the RMS over
        // p = k/N is 2·sqrt((N+1)(2N+1)/(6N²)).
        Cdf a = new Cdf(new double[] {0, 1, 2}, new double[] {0, 0.5, 1});
        Cdf b = new Cdf(new double[] {0, 2, 4}, new double[] {0, 0.5, 1});
        double n = Demerit.POINTS;
        double expected = 2 * Math.sqrt((n + 1) * (2 * n + 1) / (6 * n * n));
        assertThat(Demerit.rmsMs(a, b)).isCloseTo(expected, within(1e-12));
        assertThat(expected).isCloseTo(1.1548, within(1e-4));
    }

    @Test
    void xAtInterpolatesWithinTheFirstRowReachingP() {
        Cdf c = new Cdf(new double[] {0, 1, 3, 4}, new double[] {0, 0.25, 0.25, 1});
        assertThat(c.xAt(0.25)).isEqualTo(1.0);
        assertThat(c.xAt(0.5)).isCloseTo(3 + 1.0 / 3, within(1e-12));
        assertThat(c.xAt(1.0)).isEqualTo(4.0);
    }

    @Test
    void histogramEdgesFollowStatdefs() {
        // Edges in µs: 0, 1, …, 100, 102, 104, … (b + 1 + floor(b/100)).
        DiskSimHistogram h = DiskSimHistogram.accessTime();
        h.add(0.0005);  // 0.5 µs: below edge 1
        h.add(0.1005);  // 100.5 µs: below edge 102
        h.add(0.101);   // 101 µs: below edge 102
        h.add(0.102);   // 102 µs: below edge 104
        Cdf c = h.cdf();
        assertThat(c.x(0)).isEqualTo(0.0);
        assertThat(c.cumulative(0)).isEqualTo(0.0);
        assertThat(c.x(1)).isEqualTo(0.001);
        assertThat(c.cumulative(1)).isEqualTo(0.25);
        assertThat(c.x(101)).isEqualTo(0.102);
        assertThat(c.cumulative(101)).isEqualTo(0.75);
        assertThat(c.x(102)).isEqualTo(0.104);
        assertThat(c.cumulative(102)).isEqualTo(1.0);
        assertThat(c.rows()).isEqualTo(103);
    }

    private static double[] sample(long seed, int n, double shift) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = shift + 0.5 + 20 * r.nextDouble() * r.nextDouble();
        }
        return v;
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 42, 1234})
    void zeroForIdenticalAndSymmetric(long seed) {
        double[] a = sample(seed, 5000, 0);
        double[] b = sample(seed + 100, 4000, 0.3);
        assertThat(Demerit.diskSimMs(a, a.clone())).isZero();
        assertThat(Demerit.sampleQuantileMs(a, a.clone())).isZero();
        assertThat(Demerit.diskSimMs(a, b)).isEqualTo(Demerit.diskSimMs(b, a)).isPositive();
        assertThat(Demerit.sampleQuantileMs(a, b)).isEqualTo(Demerit.sampleQuantileMs(b, a)).isPositive();
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.05, 0.25, 1.0, 3.0})
    void aConstantShiftIsTheDemerit(double shift) {
        double[] a = sample(7, 10_000, 0);
        double[] b = a.clone();
        for (int i = 0; i < b.length; i++) {
            b[i] += shift;
        }
        assertThat(Demerit.sampleQuantileMs(b, a)).isCloseTo(shift, within(1e-9));
        // Bucketing to ~1 % of the value blurs the shift by at most about one bucket width.
        assertThat(Demerit.diskSimMs(b, a)).isCloseTo(shift, within(0.01 * 20 + 0.002));
    }
}
