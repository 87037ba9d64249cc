package io.iopath.device.disk;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.device.disk.presets.DrivePresets;
import io.iopath.durability.WriteRecord;
import io.iopath.request.Op;
import io.iopath.request.Request;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The dirty-age limit (disk-drive spec §8.2, "optional age limit"): eight closed-loop random
 * readers keep the drive busy, so below the high-water mark dirty data would wait; one writer
 * adds a random 4 KiB write every 50 ms. With the limit L, every acknowledged write is on the
 * media (or replaced by a write that is) within L plus the media access under way when it aged
 * plus its own destage (extents that aged before it would add theirs, but at one write per
 * 50 ms and well under 50 ms per access there are none), so within L + 2 × 50 ms, 50 ms bounding
 * one media access on both drives (full-stroke seek, one revolution, command overhead). Measured:
 * L + 20–24 ms on the laptop drive, L + 10–13 ms on the Cheetah. Without the limit, writes sit
 * dirty for seconds (2–4 s: the write segments bound the dirty runs).
 */
class DirtyAgeLimitTest {
    private static final long MS = 1_000_000L;
    private static final long RUN_NS = 8_000 * MS;
    private static final long ACCESS_BOUND_NS = 50 * MS;

    record Ages(long maxDirtyNs, long writes, long overwritten) {
    }

    /** {@code hotSlots} > 0: the writes go to that many 4 KiB slots (overwrites in cache). */
    @SuppressWarnings("unchecked")
    static Ages run(String preset, long limitNs, int hotSlots, long seed) {
        DriveSpec spec = DrivePresets.find(preset).orElseThrow().withWriteCache(true).withMaxDirtyAge(limitNs);
        DriveHarness h = new DriveHarness(spec, seed);
        SplittableRandom rnd = new SplittableRandom(seed);
        long span = Math.min(spec.capacitySectors(), 100_000_000L) - 8;
        List<WriteRecord> writes = new ArrayList<>();
        // a host that retries QUEUE FULL a millisecond later (SCSI: dirty extents fill the queue)
        java.util.function.Consumer<Request>[] offer = new java.util.function.Consumer[1];
        offer[0] = r -> {
            if (h.submit(r) != io.iopath.device.DeviceResponse.ACCEPTED) {
                h.sim.after(MS, () -> offer[0].accept(r));
            } else if (r.op == Op.WRITE) {
                writes.add((WriteRecord) r.owner);
            }
        };
        h.onDone = r -> {
            if (r.op == Op.READ && h.sim.now() < RUN_NS) {
                offer[0].accept(h.request(Op.READ, rnd.nextLong(span) & ~7L, 8, 0));
            }
        };
        for (int i = 0; i < 8; i++) {
            offer[0].accept(h.request(Op.READ, rnd.nextLong(span) & ~7L, 8, 0));
        }
        Runnable[] write = new Runnable[1];
        write[0] = () -> {
            long lba = hotSlots > 0 ? rnd.nextInt(hotSlots) * 8L : rnd.nextLong(span) & ~7L;
            offer[0].accept(h.request(Op.WRITE, lba, 8, 0));
            if (h.sim.now() + 50 * MS < RUN_NS) {
                h.sim.after(50 * MS, write[0]);
            }
        };
        h.sim.after(10 * MS, write[0]);
        h.sim.runUntil(RUN_NS);
        long max = 0;
        for (WriteRecord w : writes) {
            assertThat(w.acknowledged()).isTrue();
            long until = w.durableNs() >= 0 ? w.durableNs() : RUN_NS; // still dirty: at least this long
            max = Math.max(max, until - w.ackNs());
        }
        return new Ages(max, writes.size(), h.disk.overwrittenInCache());
    }

    @ParameterizedTest(name = "{0}, limit {1} ms, hot slots {2}")
    @CsvSource({
        "laptop-7200-250g, 500, 0",
        "laptop-7200-250g, 200, 0",
        "laptop-7200-250g, 500, 4",
        "cheetah-15k5-146g, 500, 0",
        "cheetah-15k5-146g, 100, 0",
        "cheetah-15k5-146g, 500, 4",
    })
    void noAcknowledgedWriteStaysDirtyMuchLongerThanTheLimit(String preset, long limitMs, int hotSlots) {
        for (long seed = 1; seed <= 3; seed++) {
            Ages a = run(preset, limitMs * MS, hotSlots, seed);
            assertThat(a.writes()).isGreaterThan(150);
            assertThat(a.maxDirtyNs()).as("seed %d", seed).isLessThanOrEqualTo(limitMs * MS + 2 * ACCESS_BOUND_NS);
            // the readers do keep the drive busy: it is the limit that destages, not idle time
            assertThat(a.maxDirtyNs()).as("seed %d", seed).isGreaterThan(limitMs * MS);
            if (hotSlots > 0) {
                // a slot rewritten every ~200 ms would never age on its own: the replacing
                // extent inherits the replaced one's age, so the chain is destaged in time
                assertThat(a.overwritten()).isPositive();
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"laptop-7200-250g", "cheetah-15k5-146g"})
    void withoutTheLimitWritesWaitForAnIdleDrive(String preset) {
        // The threshold only has to exceed what the limit test allows at its largest limit
        // (500 ms + 2 × 50 ms = 600 ms) for the contrast to mean something; 1.5 s is what follows
        // from the buffer's rule. The 8 readers never let the drive idle, so a run is destaged
        // only above the high-water mark (half the 16 write segments): about 9 runs stay dirty,
        // and in the steady state one leaves per arriving write, every 50 ms. The drive picks it
        // by position (SPTF among the runs and the readers' commands), which for random sectors is
        // an arbitrary one of the 9: a run survives m destages with probability (8/9)^m, so the
        // oldest of the ~160 writes of the run survives about ln 160 / ln(9/8) = 43 destages
        // (2.2 s), and all 160 leave within 30 destages (1.5 s) with probability
        // (1 − (8/9)^30)^160 ≈ 1 %. Measured, seeds 1–6: 1.7–4.9 s on the laptop drive, 1.6–3.8 s
        // on the Cheetah.
        Ages a = run(preset, 0, 0, 1);
        assertThat(a.maxDirtyNs()).isGreaterThan(1_500 * MS);
    }

    @Test
    void theLimitIsOffByDefault() {
        for (String name : DrivePresets.names()) {
            assertThat(DrivePresets.find(name).orElseThrow().cache().maxDirtyAgeNs()).as(name).isZero();
        }
    }
}
