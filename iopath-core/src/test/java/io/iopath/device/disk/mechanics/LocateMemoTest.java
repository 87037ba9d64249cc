package io.iopath.device.disk.mechanics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.iopath.device.disk.DriveSpec;
import io.iopath.device.disk.geometry.TrackCursor;
import io.iopath.device.disk.presets.DrivePresets;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link DiskMechanics#locate} remembers recent answers: whatever the order of look-ups (repeats,
 * neighbours, LBAs that share a slot of the memo), every field it gives is the geometry's own.
 */
class LocateMemoTest {

    static Stream<DriveSpec> presets() {
        return DrivePresets.all().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("presets")
    void givesTheGeometrysAnswerForAnyOrderOfLookUps(DriveSpec d) {
        DiskMechanics m = new DiskMechanics(d.geometry(), d.readSeek(), d.writeSeek(), d.writeSettleNs(),
                d.headSwitchNs(), new Spindle(d.effectiveRpm(), 0));
        SplittableRandom rnd = new SplittableRandom(5);
        long[] recent = new long[600]; // more than the memo holds, so slots are reused and collide
        for (int i = 0; i < recent.length; i++) {
            recent[i] = rnd.nextLong(d.capacitySectors());
        }
        TrackCursor memo = new TrackCursor();
        TrackCursor direct = new TrackCursor();
        for (int i = 0; i < 20_000; i++) {
            long lba = switch (rnd.nextInt(3)) {
                case 0 -> recent[rnd.nextInt(recent.length)];
                case 1 -> Math.min(d.capacitySectors() - 1, recent[rnd.nextInt(recent.length)] + rnd.nextInt(64));
                default -> rnd.nextLong(d.capacitySectors());
            };
            m.locate(lba, memo);
            d.geometry().locate(lba, direct);
            assertThat(new long[] {memo.cylinder, memo.surface, memo.sector, memo.sectorsPerTrack, memo.run,
                    memo.zoneIndex, Double.doubleToLongBits(memo.angle), memo.physical})
                    .as("%s LBA %d", d.name(), lba)
                    .containsExactly(direct.cylinder, direct.surface, direct.sector, direct.sectorsPerTrack,
                            direct.run, direct.zoneIndex, Double.doubleToLongBits(direct.angle), direct.physical);
        }
        TrackCursor c = new TrackCursor();
        assertThatThrownBy(() -> m.locate(-1, c)).isInstanceOf(RuntimeException.class);
        assertThatThrownBy(() -> m.locate(d.capacitySectors(), c)).isInstanceOf(RuntimeException.class);
    }
}
