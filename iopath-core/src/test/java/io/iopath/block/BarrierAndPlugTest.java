package io.iopath.block;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.driver.CacheType;
import io.iopath.driver.QueueFullHandling;
import io.iopath.metrics.blktrace.BlkEvent;
import io.iopath.request.Flags;
import io.iopath.request.Op;
import io.iopath.request.Request;
import io.iopath.sim.Simulator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Barrier / flush sequences, plugging and the request pool, as seen by the device and in the trace. */
class BarrierAndPlugTest {
    static Rig rig(Plugging plugging, boolean wce, boolean fua, int nr, int depth) {
        Simulator sim = new Simulator(1);
        QueueSettings qs = QueueSettings.defaults().withNrRequests(nr).withMaxSectors(1024)
                .withPlugging(plugging);
        return new Rig(sim, "deadline", Map.of(), qs, depth, QueueFullHandling.MIDLAYER, CacheType.forced(wce, fua),
                s -> new TestDevice(s, 64, c -> 1_000_000L));
    }

    static String commands(TestDevice dev) {
        StringBuilder sb = new StringBuilder();
        for (Request r : dev.accepted) {
            sb.append(r.op == Op.FLUSH ? "F" : r.op == Op.WRITE ? (Flags.has(r.flags(), Flags.FUA) ? "W+FUA" : "W") : "R")
                    .append(' ');
        }
        return sb.toString().trim();
    }

    @ParameterizedTest(name = "{0} wce={1} fua={2}")
    @CsvSource({
            "LEGACY, false, true, W W W B W",           // QUEUE_ORDERED_DRAIN: drain, then the write alone
            "LEGACY, true, false, W W W F B F W",       // DRAIN_FLUSH: flush, write, flush
            "LEGACY, true, true, W W W F B+FUA W",      // DRAIN_FUA: flush, FUA write
            // Today nothing drains: the flush machinery bypasses the plug and the scheduler, so the
            // PREFLUSH and FUA write go ahead of the plugged writes; ordering is the file system's job.
            "PER_TASK, true, true, F B+FUA W W W W",
            "PER_TASK, false, true, B W W W W"})        // no cache: flags stripped, bypass insert
    void barrierWriteSequence(Plugging plugging, boolean wce, boolean fua, String expected) {
        Rig rig = rig(plugging, wce, fua, 0, 1);
        TestDevice dev = (TestDevice) rig.device;
        long[] sectors = {100, 5000, 9000, 20000, 30000};
        rig.proc(1, "fs", 5, (p, id) -> {
            if (p.issued >= sectors.length) {
                return null;
            }
            int flags = p.issued == 3 ? Flags.PREFLUSH | Flags.FUA | Flags.SYNC : 0;
            return p.bio(id, Op.WRITE, sectors[(int) p.issued], 8, flags);
        });
        rig.run(Long.MAX_VALUE);
        String got = commands(dev).replace("W+FUA", "B+FUA");
        // the barrier is the write at sector 20000
        StringBuilder sb = new StringBuilder();
        for (Request r : dev.accepted) {
            String c = r.op == Op.FLUSH ? "F" : r.sector() == 20000 ? (Flags.has(r.flags(), Flags.FUA) ? "B+FUA" : "B") : "W";
            sb.append(c).append(' ');
        }
        assertThat(sb.toString().trim()).as(got).isEqualTo(expected);
        if (plugging == Plugging.LEGACY) {
            // drained: the barrier's first command is issued only after everything before it completed
            List<BlkEvent> ev = rig.trace.events();
            long lastEarlierC = ev.stream().filter(e -> e.action() == BlkAction.C && e.sector() != 20000 && e.sector() < 20000 && e.sectors() > 0)
                    .mapToLong(BlkEvent::timeNs).max().orElseThrow();
            long firstOrderedD = ev.stream().filter(e -> e.action() == BlkAction.D && (e.sector() == 20000 || e.sectors() == 0))
                    .mapToLong(BlkEvent::timeNs).min().orElseThrow();
            assertThat(firstOrderedD).isGreaterThanOrEqualTo(lastEarlierC);
        }
    }

    @Test
    void legacyPlugIsReleasedByTheFourthRequestOrTheTimer() {
        // Async writes into an empty queue plug it. Three stay plugged until the 3 ms timer; a fourth
        // request unplugs at once.
        for (int n : new int[] {3, 4}) {
            Rig rig = rig(Plugging.LEGACY, false, true, 0, 4);
            rig.proc(1, "w", n, (p, id) -> p.issued < n ? p.bio(id, Op.WRITE, 1000 + p.issued * 1000, 8, 0) : null);
            rig.run(Long.MAX_VALUE);
            long firstD = rig.trace.events().stream().filter(e -> e.action() == BlkAction.D).mapToLong(BlkEvent::timeNs).min().orElseThrow();
            assertThat(firstD).as("%d requests", n).isEqualTo(n == 3 ? 3_000_000L : 0L);
            assertThat(rig.trace.count(BlkAction.UT)).isEqualTo(n == 3 ? 1 : 0);
        }
    }

    @Test
    void aSyncBioUnplugsAtOnce() {
        Rig rig = rig(Plugging.LEGACY, false, true, 0, 4);
        rig.proc(1, "r", 1, (p, id) -> p.issued < 1 ? p.bio(id, Op.READ, 1000, 8, 0) : null);
        rig.run(Long.MAX_VALUE);
        assertThat(rig.trace.count(BlkAction.P)).isEqualTo(1);
        assertThat(rig.trace.events().stream().filter(e -> e.action() == BlkAction.D).findFirst().orElseThrow().timeNs()).isZero();
    }

    @Test
    void perTaskPlugMergesABatchAndFlushesWithoutATimer() {
        Rig rig = rig(Plugging.PER_TASK, false, true, 0, 4);
        rig.proc(1, "w", 8, (p, id) -> p.issued < 8 ? p.bio(id, Op.WRITE, 1000 + p.issued * 8, 8, 0) : null);
        rig.run(Long.MAX_VALUE);
        TestDevice dev = (TestDevice) rig.device;
        assertThat(dev.accepted).hasSize(1);
        assertThat(dev.accepted.get(0).sectors()).isEqualTo(64);
        assertThat(rig.trace.count(BlkAction.UT)).isZero();
        assertThat(rig.trace.events().stream().filter(e -> e.action() == BlkAction.D).findFirst().orElseThrow().timeNs()).isZero();
    }

    @Test
    void anExhaustedPoolPutsTheSubmitterToSleepUntilARequestIsFreed() {
        // nr_requests 4 per direction: a process with 16 writes in flight sleeps (S) and is woken as
        // requests complete, as a batcher; all 16 complete.
        Rig rig = rig(Plugging.LEGACY, false, true, 4, 1);
        rig.proc(1, "w", 16, (p, id) -> p.issued < 16 ? p.bio(id, Op.WRITE, 1000 + p.issued * 1000, 8, 0) : null);
        rig.run(Long.MAX_VALUE);
        assertThat(rig.trace.count(BlkAction.S)).isPositive();
        assertThat(rig.completions).isEqualTo(16);
        long maxAllocated = 0;
        int live = 0;
        for (BlkEvent e : rig.trace.events()) {
            if (e.action() == BlkAction.G) {
                maxAllocated = Math.max(maxAllocated, ++live);
            } else if (e.action() == BlkAction.C) {
                live--;
            }
        }
        assertThat(maxAllocated).as("at most 3·nr/2 requests with batching").isLessThanOrEqualTo(6);
    }
}
