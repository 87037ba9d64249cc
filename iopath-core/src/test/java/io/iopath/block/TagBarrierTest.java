package io.iopath.block;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.device.disk.Disk;
import io.iopath.device.disk.presets.DrivePresets;
import io.iopath.device.disk.DriveSpec;
import io.iopath.driver.CacheType;
import io.iopath.driver.QueueFullHandling;
import io.iopath.request.Bio;
import io.iopath.request.Flags;
import io.iopath.request.Op;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * 2.6 barriers ordered by ORDERED tags (QUEUE_ORDERED_TAG, _TAG_FLUSH, _TAG_FUA) instead of by
 * draining: the steps go to the drive at once, and the drive's task set keeps the order.
 * Checked: the barrier's ordering guarantee (everything queued before it completes before it,
 * everything queued after completes after), the power-failure guarantee, that tag mode really
 * does not drain, and what it buys in throughput on the Cheetah 15K.5.
 */
class TagBarrierTest {
    private static final String[] LEGACY = {"noop", "deadline", "anticipatory", "cfq"};

    static Stream<Arguments> powerFailures() {
        List<Arguments> out = new ArrayList<>();
        for (int seed = 1; seed <= 12; seed++) {
            out.add(Arguments.of(seed, LEGACY[seed % 4], seed % 3 != 0, 50_000_000L + 37_000_000L * seed));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "seed {0} {1} fua={2} power fails at {3} ns")
    @MethodSource("powerFailures")
    void tagOrderedBarriersLoseNoWriteACompletedBarrierCovered(long seed, String scheduler, boolean fua, long failNs) {
        WriteCacheBarrierTest.Outcome o = WriteCacheBarrierTest.run(seed, Plugging.LEGACY, scheduler, true, fua, failNs,
                OrderedBy.TAG);
        assertThat(o.barriersDone()).as("barriers completed before the failure").isPositive();
        // TAG_FUA: pre-flush + FUA write; TAG_FLUSH: pre-flush + write + post-flush, all ORDERED
        assertThat(o.ordered()).isGreaterThanOrEqualTo((fua ? 2 : 3) * o.barriersDone());
        assertThat(o.orderedIntoABusyQueue()).as("ORDERED commands sent while others were outstanding: no drain")
                .isPositive();
        if (fua) {
            assertThat(o.fuaWrites()).isGreaterThanOrEqualTo(o.barriersDone());
        } else {
            assertThat(o.fuaWrites()).isZero();
            assertThat(o.flushes()).isGreaterThanOrEqualTo(2 * o.barriersDone());
        }
        assertThat(o.flushedLost()).as("acknowledged writes a completed barrier made durable, lost").isZero();
    }

    @Test
    void drainingSendsNoOrderedTag() {
        WriteCacheBarrierTest.Outcome o = WriteCacheBarrierTest.run(1, Plugging.LEGACY, "deadline", true, true,
                300_000_000L, OrderedBy.DRAIN);
        assertThat(o.barriersDone()).isPositive();
        assertThat(o.ordered()).isZero();
    }

    /** Every bio in submission order, with the barriers marked. */
    record Mix(List<Bio> bios, List<Boolean> barrier, long barriersDone) {
    }

    /**
     * Four processes with random reads and writes (4 to 64 KiB, some overlapping), each write a
     * barrier (PREFLUSH | FUA) with probability 1/8 and an empty barrier (a flush bio) now and
     * then, against the Cheetah 15K.5 at host queue depth 1 to 64 for 300 ms.
     */
    static Mix mix(long seed, OrderedBy orderedBy) {
        SplittableRandom rnd = new SplittableRandom(seed);
        io.iopath.sim.Simulator sim = new io.iopath.sim.Simulator(seed);
        boolean wce = rnd.nextBoolean();
        DriveSpec spec = DrivePresets.find("cheetah-15k5-146g").orElseThrow().withWriteCache(wce);
        QueueSettings qs = QueueSettings.defaults().withOrderedBy(orderedBy);
        CacheType cache = CacheType.forced(wce, rnd.nextBoolean());
        int depth = 1 + rnd.nextInt(64);
        Rig rig = new Rig(sim, LEGACY[rnd.nextInt(4)], Map.of(), qs, depth, QueueFullHandling.MIDLAYER, cache,
                s -> new Disk(s, spec));
        List<Bio> bios = new ArrayList<>();
        List<Boolean> barrier = new ArrayList<>();
        long region = rnd.nextBoolean() ? 4_000 : 200_000_000L;
        for (int pid = 1; pid <= 4; pid++) {
            SplittableRandom pr = rnd.split();
            rig.proc(pid, "p" + pid, 1 + pr.nextInt(8), (p, id) -> {
                int k = pr.nextInt(40);
                Bio b;
                if (k == 0) {
                    b = p.bio(id, Op.FLUSH, 0, 0, Flags.PREFLUSH | Flags.SYNC);
                } else {
                    Op op = k < 20 ? Op.READ : Op.WRITE;
                    boolean bar = op == Op.WRITE && pr.nextInt(8) == 0;
                    b = p.bio(id, op, pr.nextLong(region) / 8 * 8, 8 * (1 + pr.nextInt(16)),
                            bar ? Flags.PREFLUSH | Flags.FUA | Flags.SYNC : op == Op.WRITE ? Flags.SYNC : 0);
                }
                bios.add(b);
                barrier.add(Flags.has(b.flags, Flags.PREFLUSH));
                return b;
            });
        }
        rig.run(300_000_000L);
        long done = 0;
        for (int i = 0; i < bios.size(); i++) {
            if (barrier.get(i) && bios.get(i).isCompleted()) {
                done++;
            }
        }
        return new Mix(bios, barrier, done);
    }

    static Stream<Arguments> mixes() {
        List<Arguments> out = new ArrayList<>();
        for (long seed = 1; seed <= 16; seed++) {
            out.add(Arguments.of(seed, seed % 2 == 0 ? OrderedBy.TAG : OrderedBy.DRAIN));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "seed {0} ordered by {1}")
    @MethodSource("mixes")
    void aBarrierCompletesAfterEverythingQueuedBeforeItAndBeforeEverythingQueuedAfter(long seed, OrderedBy orderedBy) {
        Mix m = mix(seed, orderedBy);
        assertThat(m.barriersDone()).isPositive();
        List<Bio> bios = m.bios();
        for (int i = 0; i < bios.size(); i++) {
            Bio b = bios.get(i);
            assertThat(b.isCompleted()).as("%s completed", b).isTrue();
            if (!m.barrier().get(i)) {
                continue;
            }
            for (int j = 0; j < bios.size(); j++) {
                Bio o = bios.get(j);
                if (j < i) {
                    assertThat(o.completedNs).as("%s queued before barrier %s", o, b).isLessThanOrEqualTo(b.completedNs);
                } else if (j > i) {
                    assertThat(o.completedNs).as("%s queued after barrier %s", o, b).isGreaterThanOrEqualTo(b.completedNs);
                }
            }
        }
    }

    /** Completed IOs per second of four journal-like writers with a barrier write every {@code n} writes. */
    static double barrierWriterIops(OrderedBy orderedBy, boolean wce, int n, long seed) {
        io.iopath.sim.Simulator sim = new io.iopath.sim.Simulator(seed);
        DriveSpec spec = DrivePresets.find("cheetah-15k5-146g").orElseThrow().withWriteCache(wce);
        QueueSettings qs = QueueSettings.defaults().withOrderedBy(orderedBy);
        Rig rig = new Rig(sim, "deadline", Map.of(), qs, 64, QueueFullHandling.MIDLAYER, CacheType.forced(wce, true),
                s -> new Disk(s, spec));
        var rnd = sim.randoms().stream("writers");
        for (int pid = 1; pid <= 4; pid++) {
            rig.proc(pid, "jbd" + pid, 8, (p, id) -> {
                boolean barrier = p.issued % n == n - 1;
                long sector = rnd.nextLong(100L << 21) / 8 * 8; // 4 KiB aligned in the first 100 GiB
                return p.bio(id, Op.WRITE, sector, 8, barrier ? Flags.PREFLUSH | Flags.FUA | Flags.SYNC : Flags.SYNC);
            });
        }
        long runNs = 10_000_000_000L;
        rig.run(runNs);
        return rig.completions / (runNs / 1e9);
    }

    /**
     * Write-through, a barrier every 4 or 16 writes: draining empties the drive's queue at every
     * barrier, ordered tags keep the younger writes queued behind the ORDERED one, so the drive
     * has more to choose from when it completes — a storage engineer expects tags to win here.
     * With the write cache on the direction is not certain (the effective queue — tagged plus
     * dirty — makes the drive answer QUEUE FULL while ORDERED commands hold younger ones, and the
     * mid-layer then waits for the device to drain), so those figures are only reported.
     */
    @Test
    void orderedTagsBuyThroughputOverDrainingOnTheCheetah() {
        // the shape of docs/schedulers.md, "Barriers by ORDERED tags", whose figures come from write_barrier runs
        for (int n : new int[] {4, 16}) {
            for (long seed = 1; seed <= 2; seed++) {
                double drain = barrierWriterIops(OrderedBy.DRAIN, false, n, seed);
                double tag = barrierWriterIops(OrderedBy.TAG, false, n, seed);
                assertThat(tag).as("write-through, a barrier every %d writes, seed %d", n, seed).isGreaterThan(drain);
            }
        }
    }
}
