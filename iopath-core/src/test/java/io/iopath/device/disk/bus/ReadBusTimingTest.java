package io.iopath.device.disk.bus;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.device.disk.DriveSpec;
import io.iopath.device.disk.mechanics.AccessResult;
import io.iopath.device.disk.mechanics.DiskMechanics;
import io.iopath.device.disk.mechanics.SectorSchedule;
import io.iopath.device.disk.mechanics.Spindle;
import io.iopath.device.disk.presets.DrivePresets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link ReadBusTiming#busEndNs} takes a track run at a time where the run's sector time
 * decides the outcome; it must give exactly the nanoseconds of DiskSim's rule applied sector by
 * sector ({@link #bySector}, the loop it replaced), for real media reads of every kind of drive
 * and for made-up schedules whose sector time is close to the bus's (where the run bound does
 * not apply and it must fall back to single sectors), held bus or not, with and without
 * buffered sectors ahead.
 */
class ReadBusTimingTest {

    /** DiskSim's rule sector by sector: the reference. */
    private static long bySector(SectorSchedule m, int covered, int n, long connectedNs, long disconnectedNs,
            long watermark, BusProtocol p, long busNsPerSector, long redisconnectNs, long offset) {
        long reconnectNs = p.firstReselectNs() + p.dataPreparationNs();
        long e;
        int k = 0;
        if (connectedNs != Long.MIN_VALUE) {
            e = connectedNs;
        } else {
            e = Math.max(disconnectedNs, ready(m, covered, offset, (int) Math.min(watermark, n) - 1)) + reconnectNs;
        }
        while (k < n) {
            long r = ready(m, covered, offset, k);
            if (r > e) {
                if (p.holdBusEntireRead()) {
                    e = r;
                } else {
                    long w = Math.min(watermark, n - k);
                    e = Math.max(e + redisconnectNs, ready(m, covered, offset, k + (int) w - 1)) + reconnectNs;
                }
            }
            e += busNsPerSector;
            k++;
        }
        return e;
    }

    private static long ready(SectorSchedule m, int covered, long offset, int k) {
        return k < covered ? Long.MIN_VALUE : m.sectorEndNs(k - covered + offset);
    }

    private static BusProtocol protocol(SplittableRandom rnd, boolean hold) {
        return new BusProtocol(rnd.nextLong(200_000), rnd.nextLong(100_000), rnd.nextLong(100_000),
                rnd.nextLong(100_000), rnd.nextLong(100_000), rnd.nextLong(100_000), null, 0, hold, true);
    }

    /** Checks one read, with a random bus protocol and buffered prefix, against the reference. */
    private static void check(SplittableRandom rnd, SectorSchedule m, int n, long offset, long bus, long startNs) {
        boolean hold = rnd.nextBoolean();
        BusProtocol p = protocol(rnd, hold);
        int covered = rnd.nextInt(4) == 0 ? rnd.nextInt(n) : 0;
        long connected = covered > 0 && rnd.nextBoolean() ? startNs + rnd.nextLong(2_000_000) : Long.MIN_VALUE;
        long disconnected = startNs + rnd.nextLong(3_000_000);
        long watermark = 1 + rnd.nextInt(n);
        long redisconnect = rnd.nextLong(300_000);
        long expected = bySector(m, covered, n, connected, disconnected, watermark, p, bus, redisconnect, offset);
        long actual = ReadBusTiming.busEndNs(m, covered, n, connected, disconnected, watermark, p, bus, redisconnect,
                offset);
        assertThat(actual).as("n=%d covered=%d hold=%b bus=%d watermark=%d", n, covered, hold, bus, watermark)
                .isEqualTo(expected);
    }

    @Test
    void sameNanosecondsAsSectorBySectorOnRealReads() {
        SplittableRandom rnd = new SplittableRandom(10);
        String[] drives = {"laptop-7200-250g", "cheetah9LP", "atlas10k", "hp_c2247a", "cheetah-15k5-300g"};
        int multiSectorRuns = 0;
        for (String name : drives) {
            DriveSpec spec = DrivePresets.find(name).orElseThrow();
            DiskMechanics mech = new DiskMechanics(spec.geometry(), spec.readSeek(), spec.writeSeek(),
                    spec.writeSettleNs(), spec.headSwitchNs(), new Spindle(spec.effectiveRpm(), rnd.nextDouble()),
                    false, false);
            AccessResult a = new AccessResult();
            long now = 0;
            for (int i = 0; i < 4000; i++) {
                int n = rnd.nextInt(4) == 0 ? 1 + rnd.nextInt(2048) : 1 + rnd.nextInt(128);
                long lba = rnd.nextLong(spec.capacitySectors() - n);
                now += rnd.nextLong(20_000_000);
                // the bus from far faster than the media to slower than it (Ultra160 … 5 MB/s)
                long bus = 3_000 + rnd.nextLong(100_000);
                mech.read(now, lba, n, 1, bus, a);
                if (a.outOfOrder()) {
                    continue; // such reads are timed otherwise (BusTiming.readDoneNs)
                }
                if (a.runLast(0) > 0) {
                    multiSectorRuns++;
                }
                check(rnd, a, n, 0, bus, now);
                now = a.endNs();
            }
        }
        assertThat(multiSectorRuns).isGreaterThan(10_000);
    }

    /**
     * Runs of random length and density, sector time close to the bus time in some, gaps between
     * them as track switches leave; a schedule kept as {@link AccessResult} and the read-ahead
     * stream keep theirs.
     */
    private static final class MadeUp implements SectorSchedule {
        final long[] start;
        final long[] first;
        final int[] count;
        final int[] spt;
        final Spindle spindle;

        MadeUp(SplittableRandom rnd, Spindle spindle, long startNs, long bus, int runs) {
            this.spindle = spindle;
            start = new long[runs];
            first = new long[runs];
            count = new int[runs];
            spt = new int[runs];
            long t = startNs;
            long f = 0;
            for (int r = 0; r < runs; r++) {
                // sectors per track around revolution / bus, so that the sector time is near the bus's
                int near = (int) Math.max(1, Math.round(spindle.revolutionNs() / bus));
                spt[r] = rnd.nextBoolean() ? Math.max(1, near + rnd.nextInt(7) - 3) : 50 + rnd.nextInt(1500);
                count[r] = 1 + rnd.nextInt(Math.min(spt[r], 300));
                t += rnd.nextInt(3) == 0 ? 0 : rnd.nextLong(2_000_000);
                start[r] = t;
                first[r] = f;
                t += spindle.rotationNs((double) count[r] / spt[r]);
                f += count[r];
            }
        }

        long sectors() {
            return first[first.length - 1] + count[count.length - 1];
        }

        private int runOf(long k) {
            int r = start.length - 1;
            while (r > 0 && first[r] > k) {
                r--;
            }
            return r;
        }

        @Override
        public long sectorEndNs(long k) {
            int r = runOf(k);
            return start[r] + spindle.rotationNs((double) (k - first[r] + 1) / spt[r]);
        }

        @Override
        public long runLast(long k) {
            int r = runOf(k);
            return first[r] + count[r] - 1;
        }

        @Override
        public double sectorNs(long k) {
            return spindle.revolutionNs() / spt[runOf(k)];
        }
    }

    @Test
    void sameNanosecondsAsSectorBySectorWhereTheSectorTimeIsNearTheBusTime() {
        SplittableRandom rnd = new SplittableRandom(16);
        for (int i = 0; i < 20_000; i++) {
            Spindle spindle = new Spindle(4_000 + rnd.nextInt(12_000), rnd.nextDouble());
            long bus = 1 + rnd.nextLong(60_000);
            long now = rnd.nextLong(1L << 40);
            MadeUp m = new MadeUp(rnd, spindle, now + rnd.nextLong(5_000_000), bus, 1 + rnd.nextInt(5));
            long total = m.sectors();
            long offset = rnd.nextInt(3) == 0 ? rnd.nextLong(total) : 0;
            int n = (int) Math.min(total - offset, 1 + rnd.nextInt(600));
            check(rnd, m, n, offset, bus, now);
        }
    }
}
