package io.iopath.device.disk.mechanics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.iopath.device.disk.DrivePresets;
import io.iopath.device.disk.DriveSpec;
import io.iopath.device.disk.geometry.TrackCursor;
import io.iopath.device.disk.geometry.Zone;
import io.iopath.device.disk.geometry.ZonedGeometry;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class RotationAndSkewTest {

    static Stream<DriveSpec> presets() {
        return DrivePresets.all().stream();
    }

    private static DiskMechanics mechanics(DriveSpec d, double startAngle) {
        return new DiskMechanics(d.geometry(), d.readSeek(), d.writeSeek(), d.writeSettleNs(), d.headSwitchNs(),
                new Spindle(d.effectiveRpm(), startAngle));
    }

    /** Random reads one at a time: mean rotational latency is half a revolution ± 2 %. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("presets")
    void meanRotationalLatencyIsHalfARevolution(DriveSpec d) {
        DiskMechanics m = mechanics(d, 0.37);
        SplittableRandom rnd = new SplittableRandom(11);
        long t = 0;
        double sum = 0;
        int n = 20_000;
        for (int i = 0; i < n; i++) {
            long lba = rnd.nextLong(d.capacitySectors() - 8);
            t += 1_000_000 + rnd.nextInt(1_000_000); // controller overhead and host think time
            t = m.access(t, lba, 8, false);
            sum += m.lastRotationNs;
        }
        double half = m.spindle().revolutionNs() / 2;
        assertThat(sum / n).isCloseTo(half, within(0.02 * half));
    }

    /** After a head switch the next track's first sector arrives within one sector. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("presets")
    void skewPlacesTheNextTracksFirstSectorWhereTheHeadArrives(DriveSpec d) {
        ZonedGeometry g = d.geometry();
        DiskMechanics m = mechanics(d, 0.0);
        TrackCursor c = new TrackCursor();
        for (Zone z : g.zones()) {
            // the last sector of surface 0 of the zone's first cylinder, and the track after it
            long lastOfTrack = z.firstLba() + z.sectorsPerTrack() - 1;
            g.locate(lastOfTrack + 1, c);
            assertThat(c.surface).isEqualTo(1);
            assertThat(c.sector).isZero();
            long t = m.access(1_000_000_000L, lastOfTrack, 1, false);
            long end = m.access(t, lastOfTrack + 1, 1, false);
            double sectorNs = m.spindle().revolutionNs() / z.sectorsPerTrack();
            long wait = m.lastRotationNs;
            assertThat(m.lastSeekNs).isEqualTo(d.headSwitchNs());
            assertThat((double) wait).as("zone at cylinder %d", z.firstCylinder()).isLessThan(sectorNs + 1);
            assertThat(end - t).isLessThan(d.headSwitchNs() + (long) (2 * sectorNs) + 2);
        }
    }

    @Test
    void spindleAngleIsContinuousAndRpmErrorChangesTheRevolution() {
        Spindle s = new Spindle(10_000, 0.25);
        assertThat(s.revolutionNs()).isCloseTo(6_000_000, within(0.001));
        assertThat(s.angleAt(0)).isCloseTo(0.25, within(1e-9));
        assertThat(s.angleAt(1_500_000)).isCloseTo(0.5, within(1e-6));
        assertThat(s.waitForAngleNs(0, 0.75)).isEqualTo(3_000_000);
        Spindle fast = new Spindle(10_000 * (1 + 0.5 / 100), 0);
        assertThat(fast.revolutionNs()).isLessThan(s.revolutionNs());
    }
}
