package io.iopath.device.disk;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.request.Op;
import io.iopath.request.Request;
import io.iopath.result.PowerLossReport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A power failure while the drive writes a command's sectors tears that write (durability spec §6.1). */
class TornWriteTest {

    private static DriveHarness writeThrough() {
        return new DriveHarness(DriveHarness.laptop().withWriteCache(false), 1);
    }

    /** One 512 KiB write-through write from idle; the cut comes at {@code fraction} of its life. */
    @ParameterizedTest(name = "cut at {0} of the media transfer")
    @ValueSource(doubles = {0.01, 0.25, 0.5, 0.99})
    void aCutDuringTheMediaTransferTearsTheWrite(double fraction) {
        // the same drive and write, run to the end, says when the media transfer ran
        DriveHarness dry = writeThrough();
        Request w = dry.submit(Op.WRITE, 12_345_678, 1024, 0);
        dry.sim.run();
        long mediaStart = w.issuedNs + w.seekNs + w.rotationNs + overheadNs(dry);
        long mediaEnd = mediaStart + w.transferNs;
        assertThat(w.transferNs).isPositive();

        DriveHarness h = writeThrough();
        h.submit(Op.WRITE, 12_345_678, 1024, 0);
        h.sim.runUntil(mediaStart + (long) (fraction * (mediaEnd - mediaStart)));
        PowerLossReport r = h.powerFail();
        assertThat(r.tornWrites()).isEqualTo(1);
        assertThat(r.inFlightLost()).isEqualTo(1); // never acknowledged: the host did not see it complete
        assertThat(r.acknowledgedLost()).isZero();
    }

    @ParameterizedTest(name = "cut {0} ns after the write arrives")
    @ValueSource(longs = {1, 500_000})
    void aCutBeforeTheHeadReachesTheSectorsLosesTheWriteWhole(long afterNs) {
        DriveHarness h = writeThrough();
        h.submit(Op.WRITE, 12_345_678, 1024, 0);
        h.sim.runUntil(afterNs);
        PowerLossReport r = h.powerFail();
        assertThat(r.tornWrites()).isZero();
        assertThat(r.inFlightLost()).isEqualTo(1);
    }

    private static long overheadNs(DriveHarness h) {
        // the write's command overhead, before the arm moves (the drive was idle, the previous command a read)
        return h.disk.spec().overheads().commandNs(true, false, false);
    }
}
