package io.iopath.device.disk;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.device.disk.bus.Overheads;
import io.iopath.request.Op;
import io.iopath.request.Request;
import org.junit.jupiter.api.Test;

/**
 * A read that joined the running read-ahead owns it until its last sector is in: DiskSim's
 * access stops being background (stoppable) only then ({@code disk_buffer_attempt_access_swap},
 * {@code disk_buffer_stopable_access}). Before, a command arriving behind a joined read stopped
 * the stream at once, and the joined read completed with sectors the heads never read.
 */
class ReadAheadServingTest {
    private static final int SECTORS = 256;

    @Test
    void aCommandArrivingWhileTheStreamServesAJoinedReadWaitsForItsLastSector() {
        DriveSpec spec = DriveHarness.laptop();
        DriveHarness h = new DriveHarness(spec, 1);
        long lba = spec.capacitySectors() / 10;
        Request[] joined = new Request[1];
        Request[] random = new Request[1];
        long[] randomMediaStart = {-1};
        h.disk.setObserver(new DriveObserver() {
            @Override
            public void mediaStarted(Request command, long nowNs) {
                if (command != null && command == random[0]) {
                    randomMediaStart[0] = nowNs;
                }
            }
        });
        h.onDone = r -> {
            if (r.sector() == lba) {
                // the read-ahead runs past the first read's end: the next read joins it (a partial
                // hit), and a read far away arrives at the same instant
                joined[0] = h.submit(Op.READ, lba + SECTORS, SECTORS, 0);
                random[0] = h.submit(Op.READ, 8, 8, 0);
            }
        };
        h.submit(Op.READ, lba, SECTORS, 0);
        h.sim.run();

        assertThat(joined[0].cacheHit).as("served by the stream, not a miss").isFalse();
        assertThat(joined[0].rotationNs + joined[0].seekNs).as("no positioning of its own").isZero();
        // the joined read's last byte crossed the bus one sector's bus time after its last sector
        // was read (the SATA bus is faster than the media), and its status one completion
        // overhead later: the far read may not take the heads before that sector is in
        Overheads o = spec.overheads();
        long lastSectorIn = joined[0].completedNs - o.completionNs(false) - o.busNsPerSector(false);
        assertThat(randomMediaStart[0]).isGreaterThanOrEqualTo(lastSectorIn);
    }

    @Test
    void aQueuedSequentialReadJoinsTheStreamItsPredecessorLeft() {
        DriveSpec spec = DriveHarness.laptop();
        DriveHarness h = new DriveHarness(spec, 1);
        long lba = spec.capacitySectors() / 10;
        Request first = h.submit(Op.READ, lba, SECTORS, 0);
        Request second = h.submit(Op.READ, lba + SECTORS, SECTORS, 0); // queued behind the first's media read
        h.sim.run();

        assertThat(second.rotationNs + second.seekNs).as("no rotational wait: it joined the read-ahead").isZero();
        // the second's sectors pass under the head right after the first's: it completes one
        // media time of its sectors after the first, not a revolution later
        long revolution = Math.round(60e9 / spec.effectiveRpm());
        assertThat(second.completedNs - first.completedNs).isLessThan(revolution);
    }
}
