package io.iopath.device.disk;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.device.disk.bus.BusProtocol;
import io.iopath.device.disk.bus.Overheads;
import io.iopath.device.disk.geometry.PhysicalAddress;
import io.iopath.request.DriveCommand;
import io.iopath.request.Flags;
import io.iopath.request.Op;
import io.iopath.request.Request;
import org.junit.jupiter.api.Test;

/**
 * The drive's cost of each pass-through command on a hand-made request, against the plain
 * command it differs from, on two drives that start at the same angle.
 */
class DriveCommandTest {
    private static final double ANGLE = 0.25;

    private static DriveSpec writeThrough() {
        return DriveHarness.laptop().withWriteCache(false).withZeroLatency(false, false);
    }

    /** An LBA whose {@code n} sectors lie on one track, near {@code from}. */
    private static long oneTrack(DriveSpec spec, long from, int n) {
        for (long lba = from; ; lba++) {
            PhysicalAddress a = spec.geometry().toPhysical(lba);
            PhysicalAddress b = spec.geometry().toPhysical(lba + n - 1);
            if (a.cylinder() == b.cylinder() && a.head() == b.head() && b.sector() == a.sector() + n - 1) {
                return lba;
            }
        }
    }

    private static Request run(DriveSpec spec, Op op, DriveCommand c, long lba, int n, int flags) {
        DriveHarness h = new DriveHarness(spec, 1, ANGLE);
        Request cmd = commandRequest(h, op, c, lba, n, flags);
        h.submit(cmd);
        h.sim.run();
        return cmd;
    }

    /** A pass-through request of one bio carrying {@code c} (null: the plain READ or WRITE). */
    private static Request commandRequest(DriveHarness h, Op op, DriveCommand c, long lba, int n, int flags) {
        io.iopath.request.Bio b = new io.iopath.request.Bio(99, op, lba, n, flags | Flags.PASSTHROUGH, 1, x -> { });
        b.command = c;
        return new Request(99, b);
    }

    @Test
    void writeAndVerifyCostsTheWriteAndARevolutionForTheReadBack() {
        DriveSpec spec = writeThrough();
        long lba = oneTrack(spec, 20_000_000, 8);
        Request write = run(spec, Op.WRITE, null, lba, 8, 0);
        Request wav = run(spec, Op.WRITE, DriveCommand.WRITE_AND_VERIFY, lba, 8, 0);
        double rev = new io.iopath.device.disk.mechanics.Spindle(spec.effectiveRpm(), 0).revolutionNs();
        long extra = wav.completedNs - write.completedNs;
        // the read-back starts where the write ended: the first sector comes round a revolution
        // after the write began, and reading the 8 sectors ends a revolution after the write ended
        assertThat((double) extra).isBetween(rev - 2_000, rev + 2_000);
        assertThat(wav.seekNs).isEqualTo(write.seekNs); // the read-back needs no seek
        assertThat(wav.cacheHit).isFalse();
    }

    @Test
    void writeAndVerifyGoesToTheMediaWithTheWriteCacheOn() {
        DriveSpec spec = writeThrough().withWriteCache(true);
        Request plain = run(spec, Op.WRITE, null, 30_000_000, 8, 0);
        Request wav = run(spec, Op.WRITE, DriveCommand.WRITE_AND_VERIFY, 30_000_000, 8, 0);
        assertThat(plain.cacheHit).isTrue();
        assertThat(wav.cacheHit).isFalse();
        assertThat(wav.completedNs).isGreaterThan(plain.completedNs + wav.rotationNs);
    }

    @Test
    void verifyIsAMediaReadWithNoDataOnTheBus() {
        DriveSpec spec = writeThrough();
        long lba = oneTrack(spec, 40_000_000, 64);
        DriveHarness h = new DriveHarness(spec, 1, ANGLE);
        Request v = commandRequest(h, Op.WRITE, DriveCommand.VERIFY, lba, 64, 0);
        h.submit(v);
        h.sim.run();
        long mediaEnd = h.disk.mediaAccess().endNs();
        Overheads o = spec.overheads();
        BusProtocol p = o.protocol();
        // status once the media read is done: the drive reselects and completes, no data phase
        assertThat(v.completedNs).isEqualTo(mediaEnd + p.firstReselectNs() + o.completionNs(true));
        // the same media read as a FUA READ, which also moves 64 sectors to the host
        Request read = run(spec, Op.READ, null, lba, 64, Flags.FUA);
        assertThat(v.seekNs + v.rotationNs).isEqualTo(read.seekNs + read.rotationNs);
        // and nothing is kept for the host: a READ afterwards is not a buffer hit
        Request after = h.submit(Op.READ, lba, 8, 0);
        h.sim.run();
        assertThat(after.cacheHit).isFalse();
    }

    @Test
    void verifyWithByteCheckWaitsForTheHostsDataToo() {
        DriveSpec spec = writeThrough();
        long lba = oneTrack(spec, 40_000_000, 8);
        DriveHarness h = new DriveHarness(spec, 1, ANGLE);
        Request v = commandRequest(h, Op.WRITE, DriveCommand.VERIFY_COMPARE, lba, 8, 0);
        h.submit(v);
        h.sim.run();
        long mediaEnd = h.disk.mediaAccess().endNs();
        Overheads o = spec.overheads();
        BusProtocol p = o.protocol();
        long commandDone = o.commandNs(false, false, false);
        long dataDone = commandDone + p.dataPreparationNs() + 8 * o.busNsPerSector(true) + p.writeDisconnectNs();
        assertThat(v.completedNs).isEqualTo(Math.max(mediaEnd, dataDone) + p.firstReselectNs() + o.completionNs(true));
        Request plain = run(spec, Op.WRITE, DriveCommand.VERIFY, lba, 8, 0);
        assertThat(v.completedNs).isGreaterThanOrEqualTo(plain.completedNs);
    }

    @Test
    void writeSameAndWriteZeroesWriteTheRangeWithLittleOrNoData() {
        DriveSpec spec = writeThrough().withWriteCache(true);
        Request write = run(spec, Op.WRITE, null, 50_000_000, 2048, Flags.FUA);
        Request same = run(spec, Op.WRITE, DriveCommand.WRITE_SAME, 50_000_000, 2048, 0);
        Request zeroes = run(spec, Op.WRITE, DriveCommand.WRITE_ZEROES, 50_000_000, 2048, 0);
        // all three write 1 MiB to the media before they complete (no write-back for WRITE SAME)
        assertThat(same.cacheHit).isFalse();
        assertThat(zeroes.cacheHit).isFalse();
        // WRITE's completion waits for 2048 sectors over the bus; WRITE SAME's for one, Write Zeroes' for none
        Overheads o = spec.overheads();
        assertThat(write.completedNs).isGreaterThanOrEqualTo(same.completedNs);
        assertThat(same.completedNs).isGreaterThanOrEqualTo(zeroes.completedNs);
        assertThat(same.completedNs - zeroes.completedNs).isLessThanOrEqualTo(o.busNsPerSector(true));
    }

    @Test
    void aReadOfAnUncorrectableSectorFailsUntilItIsWritten() {
        DriveHarness h = new DriveHarness(writeThrough(), 1, ANGLE);
        Request uncor = commandRequest(h, Op.WRITE, DriveCommand.WRITE_UNCORRECTABLE, 1_000, 8, 0);
        h.submit(uncor);
        h.sim.run();
        assertThat(uncor.error).isZero();
        assertThat(uncor.seekNs + uncor.rotationNs + uncor.transferNs).isPositive(); // a media write on a disk
        Request bad = h.submit(Op.READ, 1_004, 8, 0);
        Request good = h.submit(Op.READ, 1_008, 8, 0);
        h.sim.run();
        assertThat(bad.error).isEqualTo(-5);
        assertThat(good.error).isZero();
        h.submit(Op.WRITE, 1_000, 6, 0); // clears 1000..1005; 1006 and 1007 stay marked
        h.sim.run();
        Request cleared = h.submit(Op.READ, 1_000, 6, 0);
        Request still = h.submit(Op.READ, 1_006, 1, 0);
        h.sim.run();
        assertThat(cleared.error).isZero();
        assertThat(still.error).isEqualTo(-5);
    }
}
