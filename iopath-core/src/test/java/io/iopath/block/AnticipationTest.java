package io.iopath.block;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.driver.QueueFullHandling;
import io.iopath.request.Op;
import io.iopath.sim.Simulator;
import io.iopath.device.BlockDevice;
import io.iopath.device.disk.Disk;
import io.iopath.device.disk.presets.DrivePresets;
import io.iopath.device.disk.DriveSpec;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The classic anticipation case (Iyer and Druschel; Documentation/block/as-iosched.txt): one
 * process reads a file sequentially, one 4 KiB read at a time, each issued when the previous one
 * completes; another streams asynchronous writes far away. Deadline sends a write as soon as the
 * reader's read completes, so nearly every read pays two long seeks (on {@link
 * TestDevice#seeking}, a disk-like device of the test's own); AS waits antic_expire for
 * the reader, and CFQ and BFQ idle slice_idle for its next request, so the reader keeps the head.
 */
class AnticipationTest {
    static final long RUN_NS = 6_000_000_000L;

    /** Reader throughput in bytes per second under {@code scheduler}. */
    static double readerThroughput(String scheduler) {
        return readerThroughput(scheduler, Map.of());
    }

    static double readerThroughput(String scheduler, Map<String, String> tunables) {
        return readerThroughput(scheduler, tunables, s -> TestDevice.seeking(s, 32));
    }

    /** The laptop preset (7200 rpm, 8 MB buffer with read-ahead, NCQ 32 served SPTF), write cache as given. */
    static Function<Simulator, BlockDevice> laptop(boolean wce) {
        DriveSpec spec = DrivePresets.find("laptop-7200-250g").orElseThrow().withWriteCache(wce);
        return s -> new Disk(s, spec);
    }

    static double readerThroughput(String scheduler, Map<String, String> tunables, Function<Simulator, BlockDevice> device) {
        Simulator sim = new Simulator(42);
        Rig rig = new Rig(sim, scheduler, tunables, Rig.settings(scheduler), 4, QueueFullHandling.MIDLAYER, device);
        Rig.Proc reader = rig.proc(1, "reader", 1, (p, id) -> {
            long sector = 1_000_000L + p.cursor;
            p.cursor += 8;
            return p.bio(id, Op.READ, sector, 8, 0);
        });
        rig.proc(2, "writer", 16, (p, id) -> {
            long sector = 300_000_000L + p.cursor;
            p.cursor += 128;
            return p.bio(id, Op.WRITE, sector, 128, 0); // buffered write-back: async
        });
        rig.run(RUN_NS);
        return reader.bytesDone / (RUN_NS / 1e9);
    }

    @Test
    void anticipatoryCfqAndBfqGiveTheDependentReaderSeveralTimesDeadlinesThroughput() {
        double deadline = readerThroughput("deadline");
        double as = readerThroughput("anticipatory");
        double cfq = readerThroughput("cfq");
        double bfq = readerThroughput("bfq");
        assertThat(deadline).isPositive();
        assertThat(as).as("AS %.0f B/s vs deadline %.0f B/s", as, deadline).isGreaterThan(3 * deadline);
        assertThat(cfq).as("CFQ %.0f B/s vs deadline %.0f B/s", cfq, deadline).isGreaterThan(3 * deadline);
        assertThat(bfq).as("BFQ %.0f B/s vs deadline %.0f B/s", bfq, deadline).isGreaterThan(3 * deadline);
    }

    @Test
    void withoutAnticipationOrIdlingTheAdvantageIsGone() {
        // antic_expire = 0 turns AS into a deadline-like batcher; slice_idle = 0 stops CFQ idling.
        double deadline = readerThroughput("deadline");
        double as = readerThroughput("anticipatory", Map.of("antic_expire", "0"));
        double cfq = readerThroughput("cfq", Map.of("slice_idle", "0"));
        assertThat(as).as("AS without anticipation %.0f B/s vs deadline %.0f B/s", as, deadline).isLessThan(2 * deadline);
        assertThat(cfq).as("CFQ without idling %.0f B/s vs deadline %.0f B/s", cfq, deadline).isLessThan(2 * deadline);
    }

    /**
     * The same case on the laptop preset, write-through and write-back. Deadline fares even worse
     * than on the test device: the drive serves its queue SPTF, and the writer's next sequential
     * write is always closer than the reader's read, so a read dispatched among writes waits in the
     * drive (WCE off: 13 KB/s; WCE on, destages compete too: 1.4 KB/s). AS (3.5 MB/s) and CFQ
     * (2.3 MB/s write-through, 115 KB/s write-back, where destages the host cannot see compete
     * with the reader inside the drive) keep the writer's requests out of the drive while the
     * reader thinks; without anticipation or idling that is lost.
     */
    @org.junit.jupiter.params.ParameterizedTest(name = "write cache {0}")
    @org.junit.jupiter.params.provider.ValueSource(booleans = {false, true})
    void onTheRealDriveTooAnticipationIsWhatHelpsTheReader(boolean wce) {
        double deadline = readerThroughput("deadline", Map.of(), laptop(wce));
        double as = readerThroughput("anticipatory", Map.of(), laptop(wce));
        double cfq = readerThroughput("cfq", Map.of(), laptop(wce));
        double as0 = readerThroughput("anticipatory", Map.of("antic_expire", "0"), laptop(wce));
        double cfq0 = readerThroughput("cfq", Map.of("slice_idle", "0"), laptop(wce));
        assertThat(deadline).isPositive();
        assertThat(as).as("AS %.0f B/s vs deadline %.0f B/s", as, deadline).isGreaterThan(3 * deadline);
        assertThat(cfq).as("CFQ %.0f B/s vs deadline %.0f B/s", cfq, deadline).isGreaterThan(3 * deadline);
        assertThat(as).as("AS %.0f B/s vs AS without anticipation %.0f B/s", as, as0).isGreaterThan(3 * as0);
        assertThat(cfq).as("CFQ %.0f B/s vs CFQ without idling %.0f B/s", cfq, cfq0).isGreaterThan(3 * cfq0);
    }
}
