package io.iopath.block;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.driver.QueueFullHandling;
import io.iopath.metrics.blktrace.BlkEvent;
import io.iopath.request.Op;
import io.iopath.sim.Simulator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** noop's order and deadline's read bound and writes_starved, observed in the blktrace stream. */
class DeadlineTest {
    static final long SERVICE_NS = 2_000_000L;

    /** Random readers and a random writer on a 2 ms-per-command device at queue depth 1. */
    static Rig mixed(String scheduler, Map<String, String> tunables, long runNs) {
        Simulator sim = new Simulator(3);
        Rig rig = new Rig(sim, scheduler, tunables, Rig.settings(scheduler), 1, QueueFullHandling.MIDLAYER,
                s -> new TestDevice(s, 64, c -> SERVICE_NS));
        var rnd = sim.randoms().stream("test");
        for (int p = 1; p <= 4; p++) {
            rig.proc(p, "reader" + p, 4, (proc, id) -> proc.bio(id, Op.READ, rnd.nextLong(1L << 30) & ~7L, 8, 0));
        }
        rig.proc(9, "writer", 32, (proc, id) -> proc.bio(id, Op.WRITE, rnd.nextLong(1L << 30) & ~7L, 8, 0));
        rig.run(runNs);
        return rig;
    }

    /** Requests in the order they were first issued (D) and inserted (I), as "sector+n". */
    static List<String> order(Rig rig, BlkAction action) {
        Map<String, Boolean> seen = new HashMap<>();
        return rig.trace.events().stream()
                .filter(e -> e.action() == action)
                .map(e -> e.sector() + "+" + e.sectors() + e.rwbs())
                .filter(k -> seen.putIfAbsent(k, true) == null)
                .toList();
    }

    @Test
    void noopIssuesInArrivalOrder() {
        Rig rig = mixed("noop", Map.of(), 1_000_000_000L);
        List<String> inserted = order(rig, BlkAction.I);
        List<String> issued = order(rig, BlkAction.D);
        assertThat(issued).hasSizeGreaterThan(100);
        assertThat(issued).isEqualTo(inserted.subList(0, issued.size()));
    }

    @Test
    void noReadWaitsPastReadExpirePlusOneBatchWhileTheDriveKeepsUp() {
        // Reads expire after read_expire; the expired head is served when the running batch ends
        // (≤ fifo_batch requests). If the read-direction choices already used up writes_starved,
        // one write batch goes first: at most two batches after expiry, plus the one in service.
        Rig rig = mixed("deadline", Map.of("read_expire", "100"), 4_000_000_000L);
        long bound = 100_000_000L + (2 * 16 + 1) * SERVICE_NS;
        Map<String, Long> insertedAt = new HashMap<>();
        long worst = 0;
        int reads = 0;
        for (BlkEvent e : rig.trace.events()) {
            if (!e.rwbs().startsWith("R")) {
                continue;
            }
            String k = e.sector() + "+" + e.pid();
            if (e.action() == BlkAction.I) {
                insertedAt.put(k, e.timeNs());
            } else if (e.action() == BlkAction.D && insertedAt.containsKey(k)) {
                worst = Math.max(worst, e.timeNs() - insertedAt.remove(k));
                reads++;
            }
        }
        assertThat(reads).isGreaterThan(1000);
        assertThat(worst).as("longest read wait %d ns", worst).isLessThanOrEqualTo(bound);
        assertThat(worst).as("the bound is reached: reads do expire under this load").isGreaterThan(100_000_000L);
    }

    @ParameterizedTest(name = "writes_starved {0}")
    @ValueSource(ints = {1, 2, 4})
    void writesStarvedBoundsTheReadRunsBetweenWriteBatches(int writesStarved) {
        Rig rig = mixed("deadline", Map.of("writes_starved", String.valueOf(writesStarved)), 2_000_000_000L);
        int longest = 0;
        int run = 0;
        boolean writesSeen = false; // at the start the readers submit before the writer: no writes wait yet
        for (BlkEvent e : rig.trace.events()) {
            if (e.action() != BlkAction.D) {
                continue;
            }
            if (e.rwbs().startsWith("R")) {
                run++;
                if (writesSeen) {
                    longest = Math.max(longest, run);
                }
            } else {
                writesSeen = true;
                run = 0;
            }
        }
        // Writes get a batch after writes_starved read-direction choices. The reads are random, so
        // every 2.6 batch ends after one request (a non-contiguous next request ends the batch):
        // the longest run of reads is exactly writes_starved.
        assertThat(longest).isEqualTo(writesStarved);
    }
}
