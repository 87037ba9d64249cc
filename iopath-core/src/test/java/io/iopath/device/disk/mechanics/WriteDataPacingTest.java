package io.iopath.device.disk.mechanics;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.device.disk.presets.DrivePresets;
import io.iopath.device.disk.DriveSpec;
import io.iopath.device.disk.geometry.TrackCursor;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A write-through write whose data is still crossing the bus ({@link DiskMechanics#write}): a
 * sector is written only when it passes under the head with its data in the buffer, otherwise a
 * revolution later.
 */
class WriteDataPacingTest {
    private static final DriveSpec HP = DrivePresets.find("hp_c2247a").orElseThrow();

    private static DiskMechanics mechanics(double startAngle) {
        return new DiskMechanics(HP.geometry(), HP.readSeek(), HP.writeSeek(), HP.writeSettleNs(), HP.headSwitchNs(),
                new Spindle(HP.effectiveRpm(), startAngle));
    }

    /** Sectors of the track holding {@code lba} from it to the track's end. */
    private static int run(long lba) {
        TrackCursor c = new TrackCursor();
        HP.geometry().locate(lba, c);
        return c.run;
    }

    @Test
    void dataAlreadyInTheBufferWritesAsAnUnpacedAccess() {
        DiskMechanics a = mechanics(0.3);
        AccessResult aOut = new AccessResult();
        DiskMechanics b = mechanics(0.3);
        AccessResult bOut = new AccessResult();
        long end = a.access(1_000_000, 500_000, 40, true, aOut).endNs();
        long paced = b.write(1_000_000, 500_000, 40, 0, 0, 190_000, bOut).endNs();
        assertThat(paced).isEqualTo(end);
    }

    @Test
    void aFirstSectorWhoseDataArrivesAfterItPassesCostsARevolution() {
        DiskMechanics a = mechanics(0.3);
        AccessResult aOut = new AccessResult();
        DiskMechanics b = mechanics(0.3);
        AccessResult bOut = new AccessResult();
        long lba = 500_000;
        a.placeHeadAt(lba);
        b.placeHeadAt(lba);
        long start = 2_000_000;
        long unpaced = a.access(start, lba, 1, true, aOut).endNs();
        long passes = start + aOut.seekNs() + aOut.rotationNs(); // the sector comes under the head here
        // its data is complete one microsecond too late
        long paced = b.write(start, lba, 1, 0, passes + 1_000 - 190_000, 190_000, bOut).endNs();
        long rev = Math.round(b.spindle().revolutionNs());
        assertThat(paced - unpaced).isBetween(rev - 2, rev + 2);
    }

    /**
     * On one track the bus (0.187 ms a sector, slower than the outer zones' media) can only cost
     * whole revolutions, and the last sector is never written before its data has arrived.
     */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void aSlowBusCostsWholeRevolutionsAndNeverWritesAheadOfItsData(int seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double angle = rnd.nextDouble();
        DiskMechanics a = mechanics(angle);
        AccessResult aOut = new AccessResult();
        DiskMechanics b = mechanics(angle);
        AccessResult bOut = new AccessResult();
        long lba = rnd.nextLong(HP.capacitySectors() - 200);
        int n = 1 + rnd.nextInt(Math.min(64, run(lba)));
        long start = rnd.nextLong(20_000_000);
        long dataStart = start + rnd.nextLong(-2_000_000, 4_000_000);
        long bus = 186_860;
        long unpaced = a.access(start, lba, n, true, aOut).endNs();
        long paced = b.write(start, lba, n, 0, dataStart, bus, bOut).endNs();
        long rev = Math.round(b.spindle().revolutionNs());
        long extra = paced - unpaced;
        assertThat(extra).isGreaterThanOrEqualTo(0);
        long rem = Math.floorMod(extra + n, rev); // rounding: at most a few ns per restart
        assertThat(Math.min(rem, rev - rem)).as("extra %d ns is whole revolutions", extra).isLessThanOrEqualTo(n + 4L);
        long sectorNs = b.mediaNs(lba, 1);
        assertThat(paced).isGreaterThanOrEqualTo(dataStart + n * bus + sectorNs - 2);
    }

    static IntStream seeds() {
        return IntStream.range(0, 40);
    }

    /** A write to the track under the head settles (DiskSim's rule), and waits the minimum move. */
    @Test
    void aWriteToTheTrackUnderTheHeadDoesNotSettleButWaitsTheMinimumMove() {
        DiskMechanics m = mechanics(0.6);
        AccessResult mOut = new AccessResult();
        long lba = 800_000;
        m.placeHeadAt(lba);
        long start = 3_000_000;
        m.write(start, lba, 4, 0, 0, 0, mOut);
        assertThat(mOut.seekNs()).isZero(); // DiskSim settles only a positioning that is not zero
        m.placeHeadAt(lba);
        m.write(start, lba, 4, 1_000_000, 0, 0, mOut);
        assertThat(mOut.seekNs()).isEqualTo(1_000_000);
        m.placeHeadAt(lba);
        m.access(start, lba, 4, false, mOut);
        assertThat(mOut.seekNs()).isZero(); // a read does not settle
    }
}
