package io.iopath.device.disk;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.device.disk.bus.Overheads;
import io.iopath.device.disk.cache.CacheConfig;
import io.iopath.device.disk.cache.ReadAhead;
import io.iopath.request.Flags;
import io.iopath.request.Op;
import io.iopath.request.Request;
import org.junit.jupiter.api.Test;

class WriteCacheTest {

    @Test
    void writeBackCompletesAfterItsBusTransfer() {
        DriveSpec spec = DriveHarness.laptop().withWriteCache(true);
        DriveHarness h = new DriveHarness(spec, 1);
        h.sim.runUntil(5_000_000);
        Request w = h.submit(Op.WRITE, 1_000_000, 256, 0);
        h.sim.run();
        Overheads o = spec.overheads();
        long expected = 5_000_000 + o.commandNs(true, true, false) + o.busNs(true, 256) + o.completionNs(true);
        assertThat(w.completedNs).isEqualTo(expected);
        assertThat(h.ledger.volatileCount()).isZero(); // destaged while idle
        assertThat(h.disk.destages()).isEqualTo(1);
    }

    @Test
    void writeThroughCompletesOnlyOnTheMedia() {
        DriveSpec spec = DriveHarness.laptop().withWriteCache(false);
        DriveHarness h = new DriveHarness(spec, 1);
        Request w = h.submit(Op.WRITE, 50_000_000, 8, 0);
        h.sim.run();
        assertThat(w.completedNs - w.issuedNs).isGreaterThan(spec.overheads().commandNs(true, false, false)
                + w.seekNs);
        assertThat(w.cacheHit).isFalse();
        assertThat(h.disk.destages()).isZero();
    }

    @Test
    void flushCompletesOnlyAfterAllDirtyDataIsOnTheMedia() {
        DriveHarness h = new DriveHarness(DriveHarness.laptop().withWriteCache(true), 3);
        for (int i = 0; i < 12; i++) { // 12 of the laptop drive's 16 write segments
            h.submit(Op.WRITE, 7_000_000L * i + 64, 8, 0);
            h.sim.runUntil(h.sim.now() + 1_100_000); // acknowledged; most stay dirty
        }
        assertThat(h.disk.dirtyExtents()).isGreaterThan(8);
        Request flush = h.submit(Op.FLUSH, 0, 0, 0);
        long[] dirtyAtFlush = {-1};
        h.onDone = r -> {
            if (r == flush) {
                dirtyAtFlush[0] = h.disk.dirtySectors();
            }
        };
        h.sim.run();
        assertThat(dirtyAtFlush[0]).isZero();
        assertThat(h.disk.destages()).isEqualTo(12);
        assertThat(h.ledger.volatileCount()).isZero();
    }

    @Test
    void fuaWriteGoesToTheMediaEvenWithTheCacheOn() {
        DriveHarness h = new DriveHarness(DriveHarness.laptop().withWriteCache(true), 3);
        Request fua = h.submit(Op.WRITE, 90_000_000, 8, Flags.FUA);
        h.sim.run();
        assertThat(fua.cacheHit).isFalse();
        assertThat(fua.seekNs + fua.rotationNs).isPositive();
        assertThat(h.disk.destages()).isZero();
    }

    @Test
    void sequentialReadsHitTheReadAhead() {
        DriveHarness h = new DriveHarness(DriveHarness.laptop(), 3);
        long lba = 4_000_000;
        for (int i = 0; i < 50; i++) {
            h.submit(Op.READ, lba, 8, 0);
            h.sim.run();
            lba += 8;
            h.sim.runUntil(h.sim.now() + 200_000); // host think time lets read-ahead run
        }
        assertThat(h.disk.cacheHits()).isGreaterThanOrEqualTo(45);
    }

    @Test
    void readOfDirtyDataIsAHit() {
        DriveHarness h = new DriveHarness(DriveHarness.laptop().withWriteCache(true), 3);
        h.submit(Op.WRITE, 300_000_000, 64, 0);
        Request r = h.submit(Op.READ, 300_000_008, 8, 0);
        h.sim.run();
        assertThat(r.cacheHit).isTrue();
    }

    @Test
    void aFullBufferHoldsTheWriteUntilADestageMakesRoom() {
        DriveSpec base = DriveHarness.laptop().withWriteCache(true);
        CacheConfig small = CacheConfig.of(4, 1024, ReadAhead.OFF, 0, true, 1, 0.5, true, true); // one write segment
        DriveSpec spec = new DriveSpec(base.name(), base.description(), base.geometry(), base.readSeek(),
                base.writeSeek(), base.writeSettleNs(), base.headSwitchNs(), base.rpm(), base.rpmErrorPercent(),
                base.overheads(), small, 32, DriveScheduler.SPTF, 6, base.cacheBytes(), base.averageSeekMs());
        DriveHarness h = new DriveHarness(spec, 9);
        Request first = h.submit(Op.WRITE, 10_000_000, 16, 0);  // takes the only write segment
        Request second = h.submit(Op.WRITE, 90_000_000, 8, 0);  // must wait for room
        h.sim.runUntil(first.issuedNs + 2_000_000);
        assertThat(first.completedNs).isPositive();
        assertThat(second.completedNs).isNegative();
        h.sim.run();
        assertThat(second.completedNs - second.issuedNs).isGreaterThan(5_000_000); // waited for a destage
        assertThat(second.cacheHit).isTrue(); // then acknowledged from the buffer
        assertThat(h.disk.destages()).isEqualTo(2);
    }
}
