package io.iopath.device.disk.mechanics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ThreePointSeekCurveTest {

    /** Datasheet triples from disk-drive spec §3.5 (ms) and the cylinder counts of §13.2. */
    @ParameterizedTest
    @CsvSource({
        "0.20, 3.4, 6.6, 107500",   // Cheetah 15K.7 read
        "0.44, 3.9, 7.4, 107500",   // Cheetah 15K.7 write
        "0.8, 8.5, 16, 100000",     // Barracuda ES.2
        "1.1, 12, 22, 125200",      // Travelstar 7K320 write
    })
    void reproducesItsThreeDatasheetNumbers(double t1, double avg, double full, int cylinders) {
        var c = new ThreePointSeekCurve(ms(t1), ms(avg), ms(full), cylinders);
        assertThat(c.seekNs(0)).isZero();
        assertThat(c.seekNs(1)).isEqualTo(ms(t1));
        assertThat(c.seekNs(cylinders - 1)).isCloseTo(ms(full), within(1L));
        // The continuous fit matches E[t] exactly; the discrete triangular sum differs by O(1/M).
        assertThat(c.triangularAverageNs()).isCloseTo(ms(avg), within(ms(avg) * 0.002));
    }

    @ParameterizedTest
    @CsvSource({"0.20, 3.4, 6.6, 1.067, 5.333", "0.8, 8.5, 16, 2.03, 13.17"})
    void coefficientsMatchTheSpecTable(double t1, double avg, double full, double aMs, double bMs) {
        var c = new ThreePointSeekCurve(ms(t1), ms(avg), ms(full), 100_000);
        assertThat(c.linearNs() / 1e6).isCloseTo(aMs, within(0.01));
        assertThat(c.sqrtNs() / 1e6).isCloseTo(bMs, within(0.01));
    }

    @ParameterizedTest
    @CsvSource({"1.0, 12, 20"})
    void anInconsistentTripleFallsBackToAPureSquareRoot(double t1, double avg, double full) {
        // Travelstar 7K320 read: A would be negative; the spec clamps A = 0, B = full - t1,
        // which gives a triangular average of 11.1 ms instead of 12.
        var c = new ThreePointSeekCurve(ms(t1), ms(avg), ms(full), 125_200);
        assertThat(c.linearNs()).isZero();
        assertThat(c.sqrtNs()).isEqualTo(ms(full - t1));
        assertThat(c.triangularAverageNs() / 1e6).isCloseTo(1.0 + 19 * 8.0 / 15, within(0.01));
        assertThat(c.seekNs(125_199)).isEqualTo(ms(full));
    }

    private static long ms(double v) {
        return Math.round(v * 1e6);
    }
}
