package io.iopath.device.disk;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.device.disk.presets.DrivePresets;
import io.iopath.request.Op;
import io.iopath.request.Request;
import org.junit.jupiter.api.Test;

/**
 * DiskSim's SCSI protocol on the HP C2247A (the one validation drive that sets it): each command's
 * response time is its command overhead, the media work the mechanics report, and the protocol
 * steps DiskSim sequences around them (BusProtocol).
 */
class BusProtocolTest {
    private static final DriveSpec HP = DrivePresets.find("hp_c2247a").orElseThrow();
    private static final Overheads O = HP.overheads();
    private static final BusProtocol P = O.protocol();
    private static final long FAR = 1_500_000;
    private static final long NEAR = 200_000;

    private static long response(Request r) {
        return r.completedNs - r.issuedNs;
    }

    private static long media(Request r) {
        return r.seekNs + r.rotationNs + r.transferNs;
    }

    @Test
    void theImporterCarriesTheHpProtocol() {
        assertThat(P.firstReselectNs()).isEqualTo(162_490);
        assertThat(P.otherReselectNs()).isEqualTo(128_830);
        assertThat(P.dataPreparationNs()).isEqualTo(25_190);
        assertThat(P.writeDisconnectNs()).isEqualTo(165_650);
        assertThat(P.minimumSeekDelayNs()).isEqualTo(600_000);
        assertThat(P.extraDisconnect()).isEqualTo(new BusProtocol.ExtraDisconnect(642_440, 45_510, 428_850, 134_370,
                250_000));
        assertThat(DrivePresets.find("atlas10k").orElseThrow().overheads().protocol().hasExtraDisconnect()).isFalse();
    }

    /** A read hit keeps the bus: command, data preparation, transfer at the bus rate, completion. */
    @Test
    void aReadHitKeepsTheBus() {
        DriveHarness h = new DriveHarness(HP, 5);
        h.submit(Op.READ, FAR, 8, 0);
        h.sim.run();
        h.sim.runUntil(h.sim.now() + 60_000_000); // read-ahead fills the segment meanwhile
        Request hit = h.submit(Op.READ, FAR + 16, 8, 0);
        h.sim.run();
        assertThat(hit.cacheHit).isTrue();
        assertThat(response(hit)).isEqualTo(O.commandNs(false, true, false) + P.dataPreparationNs()
                + O.busNs(false, 8) + O.completionNs(false));
    }

    /**
     * A read miss disconnects, and reselects once the high-water mark is in the buffer: 0.75 of
     * the request, truncated as DiskSim's C conversion does — 3 of 4 sectors, 3 of 5, 1 of 2.
     */
    @Test
    void aReadMissReselectsAtTheHighWaterMark() {
        assertThat(O.readReconnectSectors(4, 256)).isEqualTo(3);
        assertThat(O.readReconnectSectors(5, 256)).isEqualTo(3);
        assertThat(O.readReconnectSectors(2, 256)).isEqualTo(1);
        assertThat(O.readReconnectSectors(1, 256)).isZero();
        DriveHarness h = new DriveHarness(HP, 6);
        Request r = h.submit(Op.READ, FAR, 4, 0); // on one track
        h.sim.run();
        long command = O.commandNs(false, false, false);
        long mediaStart = command + r.seekNs + r.rotationNs;
        long reconnect = mediaStart + r.transferNs * 3 / 4;
        long lastSector = mediaStart + r.transferNs + O.busNsPerSector(false);
        long streamed = reconnect + P.firstReselectNs() + P.dataPreparationNs() + O.busNs(false, 4);
        assertThat(streamed).isGreaterThan(lastSector); // the bus, slower than the media, ends it
        assertThat(response(r)).isEqualTo(streamed + O.completionNs(false));
    }

    /**
     * Every write on the HP takes the extra disconnect (a switch on the drive in DiskSim), after a
     * read as after a write: the shorter command overhead, the arm leaves the seek delta later,
     * and the final reselect is the request's second.
     */
    @Test
    void everyWriteDisconnectsBeforeItsData() {
        DriveHarness h = new DriveHarness(HP, 7);
        h.submit(Op.READ, NEAR, 4, 0);
        h.sim.run();
        h.sim.runUntil(h.sim.now() + 20_000_000);
        Request afterRead = h.submit(Op.WRITE, FAR, 4, 0);
        h.sim.run();
        h.sim.runUntil(h.sim.now() + 20_000_000);
        Request afterWrite = h.submit(Op.WRITE, NEAR, 4, 0);
        h.sim.run();
        BusProtocol.ExtraDisconnect x = P.extraDisconnect();
        long dataDone = x.commandNs() + x.disconnectNs() + x.interDisconnectNs() + P.firstReselectNs()
                + P.dataPreparationNs() + O.busNs(true, 4) + x.secondDisconnectNs();
        for (Request w : new Request[] {afterRead, afterWrite}) {
            assertThat(w.seekNs).isGreaterThan(dataDone); // a long seek: the data is in long before
            assertThat(response(w)).isEqualTo(x.commandNs() + x.seekDeltaNs() + media(w) + P.otherReselectNs()
                    + O.completionNs(true));
        }
    }

    /**
     * Without the extra disconnect a write keeps the bus after its command overhead, takes its
     * data and disconnects; the arm leaves when the command is processed; the first reselect
     * reports completion.
     */
    @Test
    void aPlainWriteTakesItsDataAtOnce() {
        BusProtocol plain = new BusProtocol(P.firstReselectNs(), P.otherReselectNs(), P.dataPreparationNs(),
                P.readDisconnectAfterReadNs(), P.readDisconnectAfterWriteNs(), P.writeDisconnectNs(), null,
                P.minimumSeekDelayNs());
        DriveHarness h = new DriveHarness(withProtocol(plain), 7);
        Request w = h.submit(Op.WRITE, FAR, 4, 0);
        h.sim.run();
        long command = O.commandNs(true, false, false);
        assertThat(w.seekNs).isGreaterThan(P.dataPreparationNs() + O.busNs(true, 4) + P.writeDisconnectNs());
        assertThat(response(w)).isEqualTo(command + media(w) + P.firstReselectNs() + O.completionNs(true));
    }

    /**
     * A write continuing the previous write positions for the write settle only; one elsewhere on
     * the same track for at least the minimum seek delay (1 ms here, above the HP's 0.65 ms
     * settle, so that it shows).
     */
    @Test
    void theMinimumSeekDelayHoldsOffOnlyNonSequentialWrites() {
        BusProtocol slow = new BusProtocol(P.firstReselectNs(), P.otherReselectNs(), P.dataPreparationNs(),
                P.readDisconnectAfterReadNs(), P.readDisconnectAfterWriteNs(), P.writeDisconnectNs(),
                P.extraDisconnect(), 1_000_000);
        DriveHarness h = new DriveHarness(withProtocol(slow), 9);
        h.submit(Op.WRITE, FAR, 4, 0);
        h.sim.run();
        h.sim.runUntil(h.sim.now() + 20_000_000);
        Request seq = h.submit(Op.WRITE, FAR + 4, 4, 0);
        h.sim.run();
        assertThat(seq.seekNs).isEqualTo(HP.writeSettleNs());
        BusProtocol.ExtraDisconnect x = P.extraDisconnect();
        long dataDone = x.commandNs() + x.disconnectNs() + x.interDisconnectNs() + P.firstReselectNs()
                + P.dataPreparationNs() + O.busNs(true, 4) + x.secondDisconnectNs();
        assertThat(response(seq)).isEqualTo(Math.max(x.commandNs() + x.seekDeltaNs() + media(seq), dataDone)
                + P.otherReselectNs() + O.completionNs(true));
        h.sim.runUntil(h.sim.now() + 20_000_000);
        Request back = h.submit(Op.WRITE, FAR + 1, 2, 0); // same track, not sequential
        h.sim.run();
        assertThat(back.seekNs).isEqualTo(1_000_000);
    }

    private static DriveSpec withProtocol(BusProtocol p) {
        return new DriveSpec(HP.name(), HP.description(), HP.geometry(), HP.readSeek(), HP.writeSeek(),
                HP.writeSettleNs(), HP.headSwitchNs(), HP.rpm(), HP.rpmErrorPercent(), O.withProtocol(p), HP.cache(), 1,
                DriveScheduler.FCFS, 0, HP.cacheBytes(), HP.averageSeekMs());
    }
}
