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
 * Zero-latency access (DiskSim's {@code Immediate buffer read} / {@code Immediate buffer write},
 * set on the Atlas 10K): arriving inside the run it must transfer on a track, the head starts at
 * the next sector boundary, transfers to the run's end, comes round to the run's start and
 * transfers up to where it began.
 */
class ZeroLatencyAccessTest {
    private static final DriveSpec ATLAS = DrivePresets.find("atlas10k").orElseThrow();
    private static final long TOLERANCE_NS = 4; // ns rounding of a few rotation pieces

    private static DiskMechanics mechanics(double startAngle, boolean reads, boolean writes) {
        return new DiskMechanics(ATLAS.geometry(), ATLAS.readSeek(), ATLAS.writeSeek(), ATLAS.writeSettleNs(),
                ATLAS.headSwitchNs(), new Spindle(ATLAS.effectiveRpm(), startAngle), reads, writes);
    }

    private static TrackCursor locate(long lba) {
        TrackCursor c = new TrackCursor();
        ATLAS.geometry().locate(lba, c);
        return c;
    }

    /** The first LBA of a track whose sectors all hold consecutive LBAs (no slip or spare on it). */
    private static long fullTrackStart(SplittableRandom rnd) {
        while (true) {
            long lba = rnd.nextLong(ATLAS.capacitySectors() - 1000);
            TrackCursor c = locate(lba);
            long start = lba - c.sector;
            TrackCursor s = locate(start);
            if (s.sector == 0 && s.run == s.sectorsPerTrack) {
                return start;
            }
        }
    }

    /**
     * A start time from which positioning to {@code c} brings the head {@code past} sectors into
     * the run (past its first sector's start), no earlier than {@code notBefore}.
     */
    private static long startArrivingAt(DiskMechanics m, TrackCursor c, double past, boolean write, long notBefore) {
        long move = m.positionNs(c.cylinder, c.surface, write);
        double target = c.angle + past / c.sectorsPerTrack;
        target -= Math.floor(target);
        return notBefore + m.spindle().waitForAngleNs(notBefore + move, target);
    }

    static IntStream seeds() {
        return IntStream.range(0, 60);
    }

    @Test
    void anImportedDriveHasNoZeroLatencyAccessWhateverItsImmediateBufferFlags() {
        // D7: DiskSim's Immediate buffer read / write have no effect (disk_buffer_seekdone starts
        // at the requested sector), so an imported drive behaves as DiskSim; zero-latency access
        // stays iopath's own option (DriveSpec.withZeroLatency)
        assertThat(ATLAS.cache().readOnArrival() || ATLAS.cache().writeOnArrival()).isFalse();
        DriveSpec rz26 = DrivePresets.find("dec_rz26").orElseThrow();
        assertThat(rz26.cache().readOnArrival() || rz26.cache().writeOnArrival()).isFalse();
        assertThat(ATLAS.withZeroLatency(true, true).cache().readOnArrival()).isTrue();
        DriveSpec hp = DrivePresets.find("hp_c2247a").orElseThrow();
        assertThat(hp.cache().readOnArrival() || hp.cache().writeOnArrival()).isFalse();
        DriveSpec laptop = DrivePresets.find(DrivePresets.DEFAULT).orElseThrow();
        assertThat(laptop.cache().readOnArrival() || laptop.cache().writeOnArrival()).isFalse();
    }

    /**
     * A full-track read with read-on-arrival takes one revolution of media time from arriving on
     * the track, plus the wait for a sector boundary (less than a sector), whatever the arrival
     * angle; without it, the rotational wait for the track's first sector plus one revolution.
     */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void aFullTrackReadTakesOneRevolutionFromArrivalWhateverTheAngle(int seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double angle = rnd.nextDouble();
        long lba = fullTrackStart(rnd);
        TrackCursor c = locate(lba);
        long from = rnd.nextLong(ATLAS.capacitySectors());
        long start = rnd.nextLong(1_000_000_000L);
        DiskMechanics zla = mechanics(angle, true, false);
        AccessResult zlaOut = new AccessResult();
        DiskMechanics plain = mechanics(angle, false, false);
        AccessResult plainOut = new AccessResult();
        zla.placeHeadAt(from);
        plain.placeHeadAt(from);
        long endZla = zla.access(start, lba, c.sectorsPerTrack, false, zlaOut).endNs();
        long endPlain = plain.access(start, lba, c.sectorsPerTrack, false, plainOut).endNs();

        long rev = zla.spindle().rotationNs(1.0);
        long sectorNs = zla.spindle().rotationNs(1.0 / c.sectorsPerTrack);
        assertThat(zlaOut.seekNs()).isEqualTo(plainOut.seekNs());
        long arrived = start + zlaOut.seekNs();
        assertThat(endZla - arrived).isBetween(rev - TOLERANCE_NS, rev + sectorNs + TOLERANCE_NS);
        long wait = plain.spindle().waitForAngleNs(arrived, c.angle);
        assertThat(endPlain - arrived).isBetween(wait + rev - TOLERANCE_NS, wait + rev + TOLERANCE_NS);
        // the split still adds up: positioning, then rotation and transfer on the track
        assertThat(zlaOut.seekNs() + zlaOut.rotationNs() + zlaOut.transferNs()).isEqualTo(endZla - start);
        assertThat(zlaOut.transferNs()).isEqualTo(plainOut.transferNs());
    }

    /**
     * A run the head lands inside (past its first sector's start): the boundary wait, then one
     * revolution; the run's first sector comes under the head when it would have without.
     */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void aRunTheHeadLandsInsideTakesTheBoundaryWaitAndOneRevolution(int seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double angle = rnd.nextDouble();
        long lba = rnd.nextLong(ATLAS.capacitySectors() - 1000);
        TrackCursor c = locate(lba);
        int n = 1 + rnd.nextInt(Math.min(c.run, 120));
        // head lands inside sector i of the run, away from its edges (sub-ns rounding)
        double past = rnd.nextInt(n) + 0.05 + 0.9 * rnd.nextDouble();
        DiskMechanics zla = mechanics(angle, true, false);
        AccessResult zlaOut = new AccessResult();
        DiskMechanics plain = mechanics(angle, false, false);
        AccessResult plainOut = new AccessResult();
        zla.placeHeadAt(lba + 5_000_000 < ATLAS.capacitySectors() ? lba + 5_000_000 : 0);
        plain.placeHeadAt(lba + 5_000_000 < ATLAS.capacitySectors() ? lba + 5_000_000 : 0);
        long start = startArrivingAt(zla, c, past, false, rnd.nextLong(1_000_000_000L));
        long endZla = zla.access(start, lba, n, false, zlaOut).endNs();
        long endPlain = plain.access(start, lba, n, false, plainOut).endNs();

        double sectorNs = zla.spindle().revolutionNs() / c.sectorsPerTrack;
        long rev = zla.spindle().rotationNs(1.0);
        long arrived = start + zlaOut.seekNs();
        long expected = arrived + Math.round((Math.ceil(past) - past) * sectorNs) + rev;
        assertThat(zlaOut.outOfOrder()).isTrue();
        assertThat(endZla).isBetween(expected - TOLERANCE_NS, expected + TOLERANCE_NS);
        // in order the head waits for the run's start (the rest of the revolution) and reads n
        long expectedPlain = arrived + Math.round((c.sectorsPerTrack - past + n) * sectorNs);
        assertThat(endPlain).isBetween(expectedPlain - TOLERANCE_NS, expectedPlain + TOLERANCE_NS);
        assertThat(endZla).isLessThanOrEqualTo(endPlain + TOLERANCE_NS);
        long firstComesRound = arrived + Math.round((c.sectorsPerTrack - past) * sectorNs);
        assertThat(zlaOut.firstSectorNs()).isBetween(firstComesRound - TOLERANCE_NS, firstComesRound + TOLERANCE_NS);
        assertThat(plainOut.firstSectorNs()).isBetween(firstComesRound - TOLERANCE_NS, firstComesRound + TOLERANCE_NS);
    }

    /** A run the head lands outside of (beyond its end, or at its very start) is read as before. */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void aRunTheHeadLandsOutsideOfIsUnaffected(int seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double angle = rnd.nextDouble();
        long lba = rnd.nextLong(ATLAS.capacitySectors() - 1000);
        TrackCursor c = locate(lba);
        int n = 1 + rnd.nextInt(Math.min(c.run, c.sectorsPerTrack - 2));
        double past = seed % 6 == 0 ? 0 : n + 0.05 + (c.sectorsPerTrack - n - 0.1) * rnd.nextDouble();
        DiskMechanics zla = mechanics(angle, true, true);
        AccessResult zlaOut = new AccessResult();
        DiskMechanics plain = mechanics(angle, false, false);
        AccessResult plainOut = new AccessResult();
        boolean write = seed % 2 == 1;
        long start = startArrivingAt(zla, c, past, write, rnd.nextLong(1_000_000_000L));
        long endZla = zla.access(start, lba, n, write, zlaOut).endNs();
        long endPlain = plain.access(start, lba, n, write, plainOut).endNs();
        assertThat(zlaOut.outOfOrder()).isFalse();
        assertThat(endZla).isEqualTo(endPlain);
        assertThat(zlaOut.rotationNs()).isEqualTo(plainOut.rotationNs());
    }

    /** Each direction has its own switch: read-on-arrival alone leaves writes in order, and back. */
    @Test
    void eachDirectionHasItsOwnSwitch() {
        long lba = 2_000_000;
        TrackCursor c = locate(lba);
        int n = Math.min(c.run, 40);
        for (boolean write : new boolean[] {false, true}) {
            DiskMechanics other = mechanics(0.2, write ? true : false, write ? false : true);
            AccessResult otherOut = new AccessResult();
            DiskMechanics same = mechanics(0.2, !write, write);
            AccessResult sameOut = new AccessResult();
            long start = startArrivingAt(other, c, n / 2.0 + 0.5, write, 5_000_000);
            other.access(start, lba, n, write, otherOut);
            same.access(start, lba, n, write, sameOut);
            assertThat(otherOut.outOfOrder()).as("write=%s, other direction's switch", write).isFalse();
            assertThat(sameOut.outOfOrder()).as("write=%s, own switch", write).isTrue();
        }
    }

    /**
     * Write-on-arrival with the data still crossing the bus never writes a sector before its data
     * is in the buffer: a track run is written out of order only when all of its data is there as
     * the head arrives (then: the boundary wait and one revolution); otherwise it is written in
     * order, exactly as without write-on-arrival (WriteDataPacingTest: in order, each sector
     * waits for its data).
     */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void writeOnArrivalNeverWritesASectorBeforeItsData(int seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double angle = rnd.nextDouble();
        long lba = rnd.nextLong(ATLAS.capacitySectors() - 1000);
        TrackCursor c = locate(lba);
        int n = 1 + rnd.nextInt(Math.min(c.run, 64));
        double past = rnd.nextInt(n) + 0.05 + 0.9 * rnd.nextDouble();
        DiskMechanics zla = mechanics(angle, false, true);
        AccessResult zlaOut = new AccessResult();
        DiskMechanics plain = mechanics(angle, false, false);
        AccessResult plainOut = new AccessResult();
        long start = startArrivingAt(zla, c, past, true, 10_000_000 + rnd.nextLong(1_000_000_000L));
        long bus = rnd.nextBoolean() ? 99_000 : 5_000; // slower and faster than the media
        long arrived = start + zla.positionNs(c.cylinder, c.surface, true);
        // the last sector's data arrives up to 3 ms either side of the head's arrival
        long dataStart = arrived - n * bus + rnd.nextLong(-3_000_000, 3_000_000);
        long endZla = zla.write(start, lba, n, 0, dataStart, bus, zlaOut).endNs();
        long endPlain = plain.write(start, lba, n, 0, dataStart, bus, plainOut).endNs();

        long allData = dataStart + n * bus;
        long sectorNs = zla.spindle().rotationNs(1.0 / c.sectorsPerTrack);
        if (allData <= arrived) {
            double s = zla.spindle().revolutionNs() / c.sectorsPerTrack;
            long expected = arrived + Math.round((Math.ceil(past) - past) * s) + zla.spindle().rotationNs(1.0);
            assertThat(zlaOut.outOfOrder()).isTrue();
            assertThat(endZla).isBetween(expected - TOLERANCE_NS, expected + TOLERANCE_NS);
        } else {
            assertThat(zlaOut.outOfOrder()).isFalse();
            assertThat(endZla).isEqualTo(endPlain);
        }
        // the sector whose data comes last is written after it: the media ends at least a sector later
        assertThat(endZla).isGreaterThanOrEqualTo(allData + sectorNs - 2);
    }

    /**
     * What a run read out of order does to the host's LBA-order stream, against a sector-by-sector
     * account: each sector is read at its first pass after the head arrives; sector i can go to
     * the host once it and all before it have started to pass; it is in the buffer in order once
     * it and all before it have passed. The watermark time and the bus bound follow.
     */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void inOrderTimesMatchASectorBySectorAccount(int seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double angle = rnd.nextDouble();
        long lba = rnd.nextLong(ATLAS.capacitySectors() - 1000);
        TrackCursor c = locate(lba);
        int n = 2 + rnd.nextInt(Math.max(1, Math.min(c.run, 120) - 1));
        n = Math.min(n, c.run);
        double past = rnd.nextInt(n) + 0.05 + 0.9 * rnd.nextDouble();
        long bus = rnd.nextBoolean() ? 99_000 : 3_000;
        int watermark = 1 + rnd.nextInt(n);
        DiskMechanics m = mechanics(angle, true, false);
        AccessResult mOut = new AccessResult();
        long start = startArrivingAt(m, c, past, false, rnd.nextLong(1_000_000_000L));
        long end = m.read(start, lba, n, watermark, bus, mOut).endNs();
        long arrived = start + mOut.seekNs();

        Spindle sp = m.spindle();
        double s = sp.revolutionNs() / c.sectorsPerTrack;
        long gate = Long.MIN_VALUE;
        long buffered = Long.MIN_VALUE;
        long busBound = Long.MIN_VALUE;
        long mediaEnd = Long.MIN_VALUE;
        long watermarkNs = 0;
        for (int i = 0; i < n; i++) {
            // the head reads sector i when its start next passes after the arrival
            double sectorsAhead = i - past;
            double wait = sectorsAhead > 0 ? sectorsAhead : sectorsAhead + c.sectorsPerTrack;
            long startsAt = arrived + Math.round(wait * s);
            long passedAt = arrived + Math.round((wait + 1) * s);
            gate = Math.max(gate, startsAt);
            buffered = Math.max(buffered, passedAt);
            busBound = Math.max(busBound, gate + (n - i) * bus);
            mediaEnd = Math.max(mediaEnd, passedAt);
            if (i == watermark - 1) {
                watermarkNs = buffered;
            }
        }
        assertThat(mOut.outOfOrder()).isTrue();
        assertThat(end).isBetween(mediaEnd - TOLERANCE_NS, mediaEnd + TOLERANCE_NS);
        assertThat(mOut.watermarkNs()).isBetween(watermarkNs - TOLERANCE_NS, watermarkNs + TOLERANCE_NS);
        assertThat(mOut.inOrderBusEndNs()).isBetween(busBound - TOLERANCE_NS, busBound + TOLERANCE_NS);
    }
}
