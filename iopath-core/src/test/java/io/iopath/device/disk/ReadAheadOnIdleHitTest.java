package io.iopath.device.disk;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.device.disk.bus.Overheads;
import io.iopath.device.disk.presets.DrivePresets;
import io.iopath.request.Op;
import io.iopath.request.Request;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * DiskSim's {@code Read-ahead on idle hit} (set on the HP C2247A): a read served wholly from the
 * buffer starts read-ahead beyond it, so a sequential stream of reads, each arriving after the
 * read-ahead had time to fetch it, stays a stream of full hits — past the 128 sectors the miss
 * that started it read ahead. The HP validation trace has such runs (e.g. four 56-sector reads
 * in a row, each a hit on the real drive). A full hit's response is exact: command overhead,
 * data preparation, the transfer at the bus rate and the completion overhead.
 */
class ReadAheadOnIdleHitTest {
    private static final DriveSpec HP = DrivePresets.find("hp_c2247a").orElseThrow();

    @ParameterizedTest
    @CsvSource({"767841, 56, 6", "88602, 58, 6", "1969324, 56, 6", "881813, 40, 8", "1294448, 102, 4"})
    void sequentialReadsStayFullHitsBeyondTheFirstReadAhead(long start, int sectors, int reads) {
        assertThat((long) sectors * (reads - 1)).isGreaterThan(128 + sectors); // beyond the first read-ahead
        DriveHarness h = new DriveHarness(HP, 11);
        List<Request> done = new ArrayList<>();
        for (int i = 0; i < reads; i++) {
            done.add(h.submit(Op.READ, start + (long) i * sectors, sectors, 0));
            h.sim.run();
            // 30 ms idle: read-ahead (at most 128 sectors, < 30 ms at 56..96 sectors a track) completes
            h.sim.runUntil(h.sim.now() + 30_000_000);
        }
        Overheads o = HP.overheads();
        long hit = o.commandNs(false, true, false) + o.protocol().dataPreparationNs() + o.busNs(false, sectors)
                + o.completionNs(false);
        assertThat(done.get(0).cacheHit).isFalse();
        for (Request r : done.subList(1, reads)) {
            assertThat(r.cacheHit).isTrue();
            assertThat(r.completedNs - r.issuedNs).isEqualTo(hit);
        }
    }
}
