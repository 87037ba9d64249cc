package io.iopath.device.disk.mechanics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class SeekCurveTest {

    /** Datasheet triples of spec §3.5 and §13.2; the fit reproduces all three numbers. */
    @ParameterizedTest(name = "t1 {0} avg {1} full {2} over {3} cylinders")
    @CsvSource({
            "0.20, 3.4, 6.6, 107500",
            "0.44, 3.9, 7.4, 107500",
            "0.8, 8.5, 16, 153352",
            "1.1, 12, 22, 125200",
            "0.526, 4.84, 9.57, 80512",
            "0.831, 5.47, 10.63, 6962"})
    void threePointFitReproducesItsDatasheetNumbers(double t1, double avg, double full, int cylinders) {
        ThreePointSeekCurve c = new ThreePointSeekCurve(ms(t1), ms(avg), ms(full), cylinders);
        assertThat(c.seekNs(1)).isEqualTo(ms(t1));
        // full stroke = the longest seek the drive can make, cylinders − 1
        assertThat(c.seekNs(cylinders - 1) / 1e6).isCloseTo(full, within(1e-6));
        // the triangular-weighted average is the datasheet's "average seek" (spec §3.1)
        assertThat(c.triangularAverageNs() / 1e6).isCloseTo(avg, within(0.01 * avg));
        assertThat(c.seekNs(0)).isZero();
    }

    @Test
    void pureSqrtClampWhenTheFitWouldGoNegative() {
        // Travelstar 7K320 read (spec §3.5): A < 0 -> clamp A = 0, B = full - t1 = 19
        ThreePointSeekCurve c = new ThreePointSeekCurve(ms(1.0), ms(12), ms(20), 125_200);
        assertThat(c.linearNs()).isZero();
        assertThat(c.sqrtNs() / 1e6).isCloseTo(19.0, within(1e-9));
        assertThat(c.triangularAverageNs() / 1e6).isCloseTo(11.13, within(0.05));
    }

    @Test
    void tableIsExactAtItsPointsAndInterpolatesBetween() {
        int[] d = {1, 2, 10, 12, 100, 1000};
        double[] t = {0.831, 1.003, 1.531, 1.515, 2.5, 6.0};
        TableSeekCurve c = new TableSeekCurve(d, t, 2000);
        for (int i = 0; i < d.length; i++) {
            assertThat(c.seekNs(d[i])).isEqualTo(ms(t[i]));
        }
        assertThat(c.seekNs(11) / 1e6).isCloseTo((1.531 + 1.515) / 2, within(1e-6)); // non-monotone
        assertThat(c.seekNs(55) / 1e6).isCloseTo(1.515 + (2.5 - 1.515) * 43 / 88, within(1e-6));
        // extrapolates past the last point along the last segment
        assertThat(c.seekNs(1900) / 1e6).isCloseTo(6.0 + (6.0 - 2.5) * 900 / 900, within(1e-6));
        assertThat(c.seekNs(0)).isZero();
    }

    @Test
    void hplEquationAndFirstTen() {
        double[] v = {300, 3.81, 0.33, 7.75, 0.0059, -1};
        double[] ten = {2.89, 3.68, 3.81, 3.98, 4.27, 4.65, 4.52, 4.65, 4.82, 4.99};
        HplSeekCurve hpl = new HplSeekCurve(v, null, 2051);
        assertThat(hpl.seekNs(100) / 1e6).isCloseTo(3.81 + 0.33 * 10, within(1e-6));
        assertThat(hpl.seekNs(1000) / 1e6).isCloseTo(7.75 + 5.9, within(1e-6));
        HplSeekCurve plus = new HplSeekCurve(v, ten, 2051);
        for (int i = 1; i <= 10; i++) {
            assertThat(plus.seekNs(i)).isEqualTo(ms(ten[i - 1]));
        }
        assertThat(plus.seekNs(11)).isEqualTo(hpl.seekNs(11));
        double[] withSingle = {300, 3.81, 0.33, 7.75, 0.0059, 1.5};
        assertThat(new HplSeekCurve(withSingle, null, 2051).seekNs(1)).isEqualTo(ms(1.5));
    }

    private static long ms(double ms) {
        return Math.round(ms * 1e6);
    }
}
