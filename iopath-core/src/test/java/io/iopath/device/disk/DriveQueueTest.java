package io.iopath.device.disk;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.device.DeviceResponse;
import io.iopath.device.Transport;
import io.iopath.request.Op;
import io.iopath.request.Request;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DriveQueueTest {

    /** Keeps {@code depth} random 4 KiB reads queued at the drive; returns the harness when done. */
    static DriveHarness closedLoop(DriveSpec spec, int depth, int total, long seed) {
        DriveHarness h = new DriveHarness(spec, seed);
        SplittableRandom rnd = new SplittableRandom(seed);
        long span = spec.capacitySectors() - 8;
        int[] issued = {0};
        h.onDone = r -> {
            if (issued[0] < total) {
                issued[0]++;
                h.submit(Op.READ, rnd.nextLong(span) & ~7L, 8, 0);
            }
        };
        for (int i = 0; i < depth; i++) {
            issued[0]++;
            h.submit(Op.READ, rnd.nextLong(span) & ~7L, 8, 0);
        }
        h.sim.run();
        assertThat(h.done).hasSize(total);
        return h;
    }

    static double iops(DriveHarness h) {
        return h.done.size() / (h.sim.now() / 1e9);
    }

    static long maxWaitNs(DriveHarness h) {
        long max = 0;
        for (Request r : h.done) {
            max = Math.max(max, r.completedNs - r.issuedNs);
        }
        return max;
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3})
    void sptfAtQueue32BeatsFcfsClearly(long seed) {
        DriveSpec base = DriveHarness.laptop().withWriteCache(false);
        double fcfs = iops(closedLoop(base.withQueue(32, DriveScheduler.FCFS), 32, 4000, seed));
        double sptf = iops(closedLoop(base.withQueue(32, DriveScheduler.SPTF), 32, 4000, seed));
        double sstf = iops(closedLoop(base.withQueue(32, DriveScheduler.SSTF), 32, 4000, seed));
        double clook = iops(closedLoop(base.withQueue(32, DriveScheduler.CLOOK), 32, 4000, seed));
        assertThat(sptf).isGreaterThan(1.8 * fcfs);
        assertThat(sptf).isGreaterThan(sstf);
        assertThat(sstf).isGreaterThan(fcfs);
        assertThat(clook).isGreaterThan(fcfs);
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3})
    void agedSptfBoundsTheMaximumWaitBelowSptfs(long seed) {
        DriveSpec base = DriveHarness.laptop().withWriteCache(false);
        DriveHarness sptf = closedLoop(base.withQueue(32, DriveScheduler.SPTF), 32, 6000, seed);
        DriveHarness aged = closedLoop(base.withQueue(32, DriveScheduler.ASPTF).withAgingWeight(6), 32, 6000, seed);
        assertThat(maxWaitNs(aged)).isLessThan(maxWaitNs(sptf));
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3})
    void weightedSptfBoundsTheMaximumWaitBelowSptfs(long seed) {
        DriveSpec base = DriveHarness.laptop().withWriteCache(false);
        DriveHarness sptf = closedLoop(base.withQueue(32, DriveScheduler.SPTF), 32, 6000, seed);
        // W = 500 ms: a command's positioning cost has shrunk to nothing by the time it is 500 ms old
        DriveHarness weighted = closedLoop(base.withQueue(32, DriveScheduler.WPTF).withAgingWeight(500), 32, 6000, seed);
        assertThat(maxWaitNs(weighted)).isLessThan(maxWaitNs(sptf));
        assertThat(iops(weighted)).isGreaterThan(iops(closedLoop(base.withQueue(32, DriveScheduler.FCFS), 32, 6000, seed)));
    }

    @Test
    void satfServesTheShorterTransferFirstWhereSptfServesTheOlder() {
        for (DriveScheduler policy : new DriveScheduler[] {DriveScheduler.SPTF, DriveScheduler.SATF}) {
            DriveHarness h = new DriveHarness(DriveHarness.laptop().withWriteCache(false).withQueue(4, policy), 1);
            h.submit(Op.READ, 40_000_000, 8, 0); // keeps the mechanism busy while the other two queue
            // same first sector, so the same positioning time; the long one is older
            Request large = h.submit(Op.READ, 7_000_000, 512, 0);
            Request small = h.submit(Op.READ, 7_000_000, 8, 0);
            h.sim.run();
            assertThat(h.done).hasSize(3);
            int largeAt = h.done.indexOf(large);
            int smallAt = h.done.indexOf(small);
            if (policy == DriveScheduler.SATF) {
                assertThat(smallAt).as("SATF counts the transfer").isLessThan(largeAt);
            } else {
                assertThat(largeAt).as("SPTF ties go to the older").isLessThan(smallAt);
            }
        }
    }

    @Test
    void everyPolicyParsesFromItsLabel() {
        for (DriveScheduler s : DriveScheduler.values()) {
            assertThat(DriveScheduler.parse(s.label())).isEqualTo(s);
        }
    }

    @Test
    void queueFullAtTheAdvertisedDepth() {
        DriveHarness h = new DriveHarness(DriveHarness.laptop().withWriteCache(false).withQueue(4, DriveScheduler.SPTF), 1);
        for (int i = 0; i < 4; i++) {
            h.submit(Op.READ, 1000L * i * 1000, 8, 0);
        }
        assertThat(h.submit(h.request(Op.READ, 5, 8, 0))).isEqualTo(DeviceResponse.QUEUE_FULL);
        h.sim.run();
        assertThat(h.done).hasSize(4);
        assertThat(h.submit(h.request(Op.READ, 5, 8, 0))).isEqualTo(DeviceResponse.ACCEPTED);
    }

    /** Six acknowledged, still dirty random writes on a write-back drive of depth 8. */
    static DriveHarness sixDirtyWrites(Transport transport) {
        DriveHarness h = new DriveHarness(DriveHarness.laptop().withTransport(transport).withWriteCache(true)
                .withQueue(8, DriveScheduler.SPTF), 1);
        SplittableRandom rnd = new SplittableRandom(5);
        for (int i = 0; i < 6; i++) {
            h.submit(Op.WRITE, rnd.nextLong(100_000_000) & ~7L, 8, 0);
            h.sim.runUntil(h.sim.now() + 1_100_000); // past the ack, long before the destages end
        }
        assertThat(h.done).hasSize(6);
        assertThat(h.disk.dirtyExtents()).isGreaterThanOrEqualTo(5);
        return h;
    }

    @Test
    void sataHasNoTaskSetFullSoDirtyWritesNeverShrinkItsQueue() {
        DriveHarness h = sixDirtyWrites(Transport.SATA_NCQ);
        for (int i = 0; i < 8; i++) {
            assertThat(h.submit(h.request(Op.READ, 999_000 + i * 64L, 8, 0))).isEqualTo(DeviceResponse.ACCEPTED);
        }
        assertThat(h.disk.queueFullsAnswered()).isZero();
        h.sim.run();
        assertThat(h.done).hasSize(14);
    }

    @Test
    void dirtyWritesShrinkTheEffectiveQueueBelowTheAdvertisedDepth() {
        DriveHarness h = sixDirtyWrites(Transport.SCSI);
        // a read is accepted (the drive never refuses with nothing tagged) ...
        h.submit(Op.READ, 123_456, 8, 0);
        // ... but with one tagged command and five or more dirty extents the buffer is full at 8
        int accepted = 1;
        while (h.submit(h.request(Op.READ, 999_000 + accepted * 64L, 8, 0)) == DeviceResponse.ACCEPTED) {
            accepted++;
        }
        assertThat(accepted).isLessThan(8);
        assertThat(h.disk.queueFullsAnswered()).isEqualTo(1);
    }
}
