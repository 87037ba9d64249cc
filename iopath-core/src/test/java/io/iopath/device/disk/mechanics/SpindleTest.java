package io.iopath.device.disk.mechanics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
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

    /** SPTF's one-division wait is the wait {@link Spindle#waitForAngleNs} gives at the later time. */
    @Test
    void waitForTargetIsWaitForAngleLater() {
        SplittableRandom rnd = new SplittableRandom(5);
        for (double rpm : new double[] {5400, 7200, 10025, 10045, 15_000, 3600.7}) {
            Spindle s = new Spindle(rpm, rnd.nextDouble());
            for (int i = 0; i < 200_000; i++) {
                long base = rnd.nextLong(1L << 50);
                // near whole revolutions too, where the remainder's quotient changes
                long later = i % 10 == 0 ? rnd.nextLong(Spindle.MAX_LATER_NS + 1)
                        : i % 10 == 1 ? Math.max(0, Math.round(rnd.nextInt(50_000) * s.revolutionNs()) + rnd.nextInt(5) - 2)
                        : rnd.nextLong(50_000_000L);
                double angle = rnd.nextDouble();
                assertThat(s.waitForTargetNs(s.positionPsAt(base), later, s.targetPs(angle)))
                        .isEqualTo(s.waitForAngleNs(base + later, angle));
            }
        }
    }
}
