package io.iopath.device.disk;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.device.disk.bus.BusProtocol;
import io.iopath.device.disk.bus.Overheads;
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
     * the request, truncated as DiskSim's C conversion does — 3 of 4 sectors, 3 of 5, 1 of 2 —
     * and never less than one whole sector (D8: DiskSim's bus never starts before the end of
     * the first sector read).
     */
    @Test
    void aReadMissReselectsAtTheHighWaterMark() {
        assertThat(O.readReconnectSectors(4, 256)).isEqualTo(3);
        assertThat(O.readReconnectSectors(5, 256)).isEqualTo(3);
        assertThat(O.readReconnectSectors(2, 256)).isEqualTo(1);
        assertThat(O.readReconnectSectors(1, 256)).isEqualTo(1);
        DriveHarness h = new DriveHarness(HP, 6);
        Request r = h.submit(Op.READ, FAR, 4, 0); // on one track
        h.sim.run();
        long command = O.commandNs(false, false, false);
        long mediaStart = command + r.seekNs + r.rotationNs;
        long reconnect = mediaStart + r.transferNs * 3 / 4;
        long lastSector = mediaStart + r.transferNs + O.busNsPerSector(false);
        long streamed = reconnect + P.firstReselectNs() + P.dataPreparationNs() + O.busNs(false, 4);
        assertThat(streamed).isGreaterThan(lastSector); // the bus, slower than the media, ends it
        assertThat(response(r)).isCloseTo(streamed + O.completionNs(false), org.assertj.core.data.Offset.offset(2L));
    }

    /**
     * DiskSim's extra write disconnect (D2a, {@code disk_buffer_select_segment}): only a write
     * right after a write that it does not continue takes it (the shorter command overhead, the
     * arm leaving the seek delta later, the second reselect at the end); a write after a read
     * and a write continuing the previous one take the plain sequence (write-miss overhead, data
     * at once, first reselect).
     */
    @Test
    void onlyAWriteAfterAWriteItDoesNotContinueDisconnectsBeforeItsData() {
        DriveHarness h = new DriveHarness(HP, 7);
        h.submit(Op.READ, NEAR, 4, 0);
        h.sim.run();
        h.sim.runUntil(h.sim.now() + 20_000_000);
        Request afterRead = h.submit(Op.WRITE, FAR, 4, 0);
        h.sim.run();
        h.sim.runUntil(h.sim.now() + 20_000_000);
        Request afterWrite = h.submit(Op.WRITE, NEAR, 4, 0);
        h.sim.run();
        h.sim.runUntil(h.sim.now() + 20_000_000);
        Request continuing = h.submit(Op.WRITE, NEAR + 4, 4, 0);
        h.sim.run();
        BusProtocol.ExtraDisconnect x = P.extraDisconnect();
        long dataDone = x.commandNs() + x.disconnectNs() + x.interDisconnectNs() + P.firstReselectNs()
                + P.dataPreparationNs() + O.busNs(true, 4) + x.secondDisconnectNs();
        assertThat(afterWrite.seekNs).isGreaterThan(dataDone); // a long seek: the data is in long before
        assertThat(response(afterWrite)).isEqualTo(x.commandNs() + x.seekDeltaNs() + media(afterWrite)
                + P.otherReselectNs() + O.completionNs(true));
        assertThat(afterRead.seekNs).isGreaterThan(P.dataPreparationNs() + O.busNs(true, 4) + P.writeDisconnectNs());
        assertThat(response(afterRead)).isEqualTo(O.commandNs(true, false, false) + media(afterRead)
                + P.firstReselectNs() + O.completionNs(true));
        // continuing on the track under the head: the minimum seek delay, then a revolution less
        // what the command and the delay took, at most
        long plainDataDone = O.commandNs(true, false, true) + P.dataPreparationNs() + O.busNs(true, 4)
                + P.writeDisconnectNs();
        assertThat(response(continuing)).isEqualTo(Math.max(O.commandNs(true, false, true) + media(continuing),
                plainDataDone) + P.firstReselectNs() + O.completionNs(true));
    }

    /**
     * {@code Minimum seek delay} holds off every write (D2c: DiskSim exempts only a write
     * continuing a media write still under way, which write-through never has), and a write to
     * the track under the head positions for exactly that: no settle when the head does not
     * move (D2d, {@code dm_seek_time_g1}).
     */
    @Test
    void theMinimumSeekDelayHoldsOffEveryWrite() {
        DriveHarness h = new DriveHarness(HP, 9);
        h.submit(Op.WRITE, FAR, 4, 0);
        h.sim.run();
        h.sim.runUntil(h.sim.now() + 20_000_000);
        Request seq = h.submit(Op.WRITE, FAR + 4, 4, 0);
        h.sim.run();
        assertThat(seq.seekNs).isEqualTo(P.minimumSeekDelayNs());
        h.sim.runUntil(h.sim.now() + 20_000_000);
        Request back = h.submit(Op.WRITE, FAR + 1, 2, 0); // same track, not sequential
        h.sim.run();
        assertThat(back.seekNs).isEqualTo(P.minimumSeekDelayNs());
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

    private static DriveSpec withProtocol(BusProtocol p) {
        return new DriveSpec(HP.name(), HP.description(), HP.geometry(), HP.readSeek(), HP.writeSeek(),
                HP.writeSettleNs(), HP.headSwitchNs(), HP.rpm(), HP.rpmErrorPercent(), O.withProtocol(p), HP.cache(), 1,
                DriveScheduler.FCFS, 0, HP.cacheBytes(), HP.averageSeekMs());
    }
}
