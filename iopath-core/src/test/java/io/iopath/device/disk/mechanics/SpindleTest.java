package io.iopath.device.disk.mechanics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class SpindleTest {

    @Test
    void aRevolutionAt7200RpmTakes8Point33Ms() {
        Spindle s = new Spindle(7200, 0);
        assertThat(s.revolutionNs()).isCloseTo(8_333_333.3, within(1.0));
        assertThat(s.angleAt(0)).isZero();
        assertThat(s.angleAt(4_166_667)).isCloseTo(0.5, within(1e-6));
    }

    @Test
    void theAngleStaysExactAfterHoursOfSimulatedTime() {
        Spindle s = new Spindle(15000, 0.25);
        long tenHours = 36_000_000_000_000L; // an exact number of 4 ms revolutions
        assertThat(s.angleAt(tenHours)).isCloseTo(0.25, within(1e-9));
    }

    @Test
    void waitingForAnAngleEndsWithThatAngleUnderTheHead() {
        Spindle s = new Spindle(10025, 0.3);
        for (long t = 0; t < 50_000_000L; t += 777_777) {
            for (double target : new double[] {0, 0.1, 0.5, 0.99}) {
                long wait = s.waitForAngleNs(t, target);
                assertThat(wait).isBetween(0L, (long) Math.ceil(s.revolutionNs()));
                double arrived = s.angleAt(t + wait);
                double diff = Math.abs(arrived - target);
                assertThat(Math.min(diff, 1 - diff)).isLessThan(1e-6);
            }
        }
    }
}
