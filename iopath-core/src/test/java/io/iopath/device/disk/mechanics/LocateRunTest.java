package io.iopath.device.disk.mechanics;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.device.disk.DriveSpec;
import io.iopath.device.disk.geometry.TrackCursor;
import io.iopath.device.disk.presets.DrivePresets;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link DiskMechanics#locate} of an LBA a little past the last one located (a read's end, where
 * its read-ahead starts) is derived from that one's answer ({@code ZonedGeometry.locateAhead}):
 * every field is still the geometry's own, for ends inside the last LBA's run, at its last LBA,
 * just past it (the next track, a slip) and far beyond, on every preset.
 */
class LocateRunTest {

    static Stream<DriveSpec> presets() {
        return DrivePresets.all().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("presets")
    void anLbaPastTheLastOneGetsTheGeometrysAnswer(DriveSpec d) {
        DiskMechanics m = new DiskMechanics(d.geometry(), d.readSeek(), d.writeSeek(), d.writeSettleNs(),
                d.headSwitchNs(), new Spindle(d.effectiveRpm(), 0));
        SplittableRandom rnd = new SplittableRandom(16);
        TrackCursor start = new TrackCursor();
        TrackCursor got = new TrackCursor();
        TrackCursor direct = new TrackCursor();
        long capacity = d.capacitySectors();
        int inRun = 0;
        for (int i = 0; i < 20_000; i++) {
            long lba = rnd.nextLong(capacity);
            m.locate(lba, start);
            long end = switch (rnd.nextInt(5)) {
                case 0 -> lba + rnd.nextInt(start.run);           // inside the run (or lba itself)
                case 1 -> lba + start.run - 1;                     // its last LBA
                case 2 -> lba + start.run;                         // the first past it
                case 3 -> lba + start.run + rnd.nextInt(4);
                default -> lba + rnd.nextInt(4 * start.sectorsPerTrack);
            };
            end = Math.min(end, capacity - 1);
            m.locate(end, got);
            d.geometry().locate(end, direct);
            assertThat(new long[] {got.cylinder, got.surface, got.sector, got.sectorsPerTrack, got.run,
                    got.zoneIndex, Double.doubleToLongBits(got.angle), got.physical})
                    .as("%s LBA %d after %d", d.name(), end, lba)
                    .containsExactly(direct.cylinder, direct.surface, direct.sector, direct.sectorsPerTrack,
                            direct.run, direct.zoneIndex, Double.doubleToLongBits(direct.angle), direct.physical);
            if (end > lba && end - lba < start.run) {
                inRun++;
            }
        }
        assertThat(inRun).as("ends inside the last LBA's run").isGreaterThan(5_000);
    }
}
