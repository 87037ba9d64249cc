package io.iopath.block;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.driver.QueueFullHandling;
import io.iopath.request.Op;
import io.iopath.sim.Simulator;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The classic anticipation case (Iyer and Druschel; Documentation/block/as-iosched.txt): one
 * process reads a file sequentially, one 4 KiB read at a time, each issued when the previous one
 * completes; another streams asynchronous writes far away. Deadline sends a write as soon as the
 * reader's read completes, so nearly every read pays two long seeks (on {@link
 * TestDevice#seeking}, a disk-like device of the test's own); AS waits antic_expire for
 * the reader, and CFQ idles slice_idle in the reader's slice, so the reader keeps the head.
 */
class AnticipationTest {
    static final long RUN_NS = 6_000_000_000L;

    /** Reader throughput in bytes per second under {@code scheduler}. */
    static double readerThroughput(String scheduler) {
        return readerThroughput(scheduler, Map.of());
    }

    static double readerThroughput(String scheduler, Map<String, String> tunables) {
        Simulator sim = new Simulator(42);
        Rig rig = new Rig(sim, scheduler, tunables, Rig.settings(scheduler), 4, QueueFullHandling.MIDLAYER,
                s -> TestDevice.seeking(s, 32));
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
    void anticipatoryAndCfqGiveTheDependentReaderSeveralTimesDeadlinesThroughput() {
        double deadline = readerThroughput("deadline");
        double as = readerThroughput("anticipatory");
        double cfq = readerThroughput("cfq");
        assertThat(deadline).isPositive();
        assertThat(as).as("AS %.0f B/s vs deadline %.0f B/s", as, deadline).isGreaterThan(3 * deadline);
        assertThat(cfq).as("CFQ %.0f B/s vs deadline %.0f B/s", cfq, deadline).isGreaterThan(3 * deadline);
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
}
