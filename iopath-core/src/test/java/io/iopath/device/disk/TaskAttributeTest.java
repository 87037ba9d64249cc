package io.iopath.device.disk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.iopath.device.DeviceResponse;
import io.iopath.device.Transport;
import io.iopath.device.disk.cache.CacheConfig;
import io.iopath.device.disk.cache.ReadAhead;
import io.iopath.device.disk.presets.DrivePresets;
import io.iopath.durability.WriteRecord;
import io.iopath.request.Flags;
import io.iopath.request.Op;
import io.iopath.request.Request;
import io.iopath.request.TaskAttribute;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The drive's task set honours SCSI task attributes (disk-drive spec §9.2): an ORDERED command
 * starts only when every older command has completed and no younger one (but HEAD OF QUEUE)
 * starts before it completes; a HEAD OF QUEUE command's media work goes next. Checked by a
 * monitor on the drive's own decisions over seeded random mixes of reads, writes, FUA and
 * flushes at queue depths up to 64 on SCSI presets, with and without the write cache.
 */
class TaskAttributeTest {
    static LongStream seeds() {
        return LongStream.rangeClosed(1, 40);
    }

    static final List<String> SCSI_PRESETS = DrivePresets.names().stream()
            .filter(n -> DrivePresets.find(n).orElseThrow().transport() == Transport.SCSI)
            .toList();

    /** What the monitor knows of one accepted command. */
    static final class Task {
        final Request r;
        final long arrival;
        boolean started;
        boolean mediaStarted;

        Task(Request r, long arrival) {
            this.r = r;
            this.arrival = arrival;
        }
    }

    /** Watches the drive: task starts, media starts, completions. */
    static final class Monitor implements DriveObserver {
        final Map<Long, Task> byId = new HashMap<>();
        final TreeMap<Long, Task> outstanding = new TreeMap<>();
        final TreeSet<Long> orderedOutstanding = new TreeSet<>();
        /** HEAD OF QUEUE commands that must use the media, started and waiting for it (arrival order). */
        final TreeMap<Long, Task> headOfQueueWaiting = new TreeMap<>();
        final List<String> violations = new ArrayList<>();
        final boolean checkHeadOfQueue;
        long arrivals;
        long orderedStarts;
        long orderedStartsWithYoungerWaiting;
        long headOfQueueServed;

        Monitor(boolean checkHeadOfQueue) {
            this.checkHeadOfQueue = checkHeadOfQueue;
        }

        /** Called just before submit; undone if the drive refuses. */
        Task arriving(Request r) {
            Task t = new Task(r, arrivals++);
            byId.put(r.id, t);
            outstanding.put(t.arrival, t);
            if (r.taskAttribute == TaskAttribute.ORDERED) {
                orderedOutstanding.add(t.arrival);
            }
            return t;
        }

        void refused(Task t) {
            byId.remove(t.r.id);
            outstanding.remove(t.arrival);
            orderedOutstanding.remove(t.arrival);
        }

        @Override
        public void taskStarted(Request r, long nowNs) {
            Task t = byId.get(r.id);
            if (t == null || t.started) {
                violations.add(r + " started twice or unknown");
                return;
            }
            t.started = true;
            if (r.taskAttribute == TaskAttribute.ORDERED) {
                orderedStarts++;
                Long older = outstanding.firstKey();
                if (older < t.arrival) {
                    violations.add("ORDERED " + r + " started at " + nowNs + " while older " + outstanding.get(older).r
                            + " was pending");
                }
                if (outstanding.lastKey() > t.arrival) {
                    orderedStartsWithYoungerWaiting++;
                }
            }
            if (r.taskAttribute != TaskAttribute.HEAD_OF_QUEUE) {
                Long olderOrdered = orderedOutstanding.lower(t.arrival);
                if (olderOrdered != null) {
                    violations.add(r + " started at " + nowNs + " before older ORDERED " + outstanding.get(olderOrdered).r
                            + " completed");
                }
            }
            if (checkHeadOfQueue && r.taskAttribute == TaskAttribute.HEAD_OF_QUEUE && needsMedia(r)) {
                headOfQueueWaiting.put(t.arrival, t);
            }
        }

        @Override
        public void mediaStarted(Request r, long nowNs) {
            Task t = r == null ? null : byId.get(r.id);
            if (r != null && (t == null || !t.started || t.mediaStarted)) {
                violations.add(r + " used the media without having started, or twice");
                return;
            }
            if (t != null) {
                t.mediaStarted = true;
            }
            if (!headOfQueueWaiting.isEmpty()) {
                Task first = headOfQueueWaiting.lastEntry().getValue(); // the youngest: last in, first out
                if (first != t) {
                    violations.add((r == null ? "a destage" : r.toString()) + " went to the media at " + nowNs
                            + " while HEAD OF QUEUE " + first.r + " waited");
                } else {
                    headOfQueueServed++;
                }
            }
            if (t != null) {
                headOfQueueWaiting.remove(t.arrival);
            }
        }

        @Override
        public void taskCompleted(Request r, long nowNs) {
            Task t = byId.get(r.id);
            if (t == null || !t.started || outstanding.remove(t.arrival) == null) {
                violations.add(r + " completed twice, or without having started");
                return;
            }
            orderedOutstanding.remove(t.arrival);
        }

        /** FUA reads bypass the cache and FUA writes go to the media: both always need the mechanism. */
        static boolean needsMedia(Request r) {
            return (r.op == Op.READ || r.op == Op.WRITE) && Flags.has(r.flags(), Flags.FUA);
        }
    }

    record Outcome(Monitor monitor, long accepted, long completed, long flushedThenLost, int tagged, int held,
                   int dirty) {
    }

    /**
     * A random mix on a random SCSI preset: up to 64 closed-loop streams, commands with random
     * attributes (mostly SIMPLE), each to its own sectors ({@code distinct}; HEAD OF QUEUE then
     * only on FUA commands, so the monitor knows they need the media) or crowded into a small
     * region where they overlap.
     */
    static Outcome run(long seed, boolean distinct) {
        SplittableRandom rnd = new SplittableRandom(seed * 7919 + (distinct ? 1 : 0));
        DriveSpec spec = DrivePresets.find(SCSI_PRESETS.get(rnd.nextInt(SCSI_PRESETS.size()))).orElseThrow()
                .withWriteCache(rnd.nextInt(3) != 0)
                .withQueue(1 + rnd.nextInt(64), DriveScheduler.values()[rnd.nextInt(DriveScheduler.values().length)]);
        DriveHarness h = new DriveHarness(spec, seed);
        Monitor m = new Monitor(distinct);
        h.disk.setObserver(m);
        ArrayDeque<Request> retry = new ArrayDeque<>();
        int total = 300 + rnd.nextInt(300);
        int orderedPct = 2 + rnd.nextInt(15);
        int hoqPct = 2 + rnd.nextInt(15);
        long[] made = {0};
        long[] accepted = {0};
        long[] flushedThenLost = {0};
        Map<Long, Long> writeArrivalBySector = new HashMap<>();
        long slots = 1_000_003L;
        long stride = 1 + rnd.nextLong(slots - 1);
        long span = Math.min(spec.capacitySectors() / 512, slots);
        Runnable[] issue = new Runnable[1];
        issue[0] = () -> {
            Request r = retry.pollFirst();
            if (r == null) {
                if (made[0] >= total) {
                    return;
                }
                long n = made[0]++;
                int k = rnd.nextInt(20);
                Op op = k < 9 ? Op.READ : k < 18 ? Op.WRITE : Op.FLUSH;
                int flags = op != Op.FLUSH && rnd.nextInt(6) == 0 ? Flags.FUA : 0;
                long lba = distinct ? (n * stride % slots) % span * 512 : rnd.nextLong(2000);
                int sectors = distinct ? 1 + rnd.nextInt(256) : 1 + rnd.nextInt(64);
                r = h.request(op, op == Op.FLUSH ? 0 : lba, op == Op.FLUSH ? 0 : sectors, flags);
                int a = rnd.nextInt(100);
                r.taskAttribute = a < orderedPct ? TaskAttribute.ORDERED
                        : a < orderedPct + hoqPct && (!distinct || Monitor.needsMedia(r)) ? TaskAttribute.HEAD_OF_QUEUE
                        : TaskAttribute.SIMPLE;
            }
            Task t = m.arriving(r);
            if (h.submit(r) != DeviceResponse.ACCEPTED) {
                m.refused(t);
                retry.addFirst(r);
                return;
            }
            accepted[0]++;
            if (r.op == Op.WRITE && distinct) {
                writeArrivalBySector.put(r.sector(), t.arrival);
            }
        };
        h.onDone = r -> {
            if (distinct && r.op == Op.FLUSH && r.taskAttribute == TaskAttribute.ORDERED) {
                // every write older than an ORDERED flush is on the media when it completes
                long flushArrival = m.byId.get(r.id).arrival;
                for (WriteRecord w : h.ledger.volatileWrites()) {
                    Long arrival = writeArrivalBySector.get(w.sector);
                    if (arrival != null && arrival < flushArrival) {
                        flushedThenLost[0]++;
                    }
                }
            }
            h.sim.after(rnd.nextInt(2_000_000), issue[0]);
        };
        int streams = 1 + rnd.nextInt(64);
        for (int i = 0; i < streams; i++) {
            h.sim.after(rnd.nextInt(1_000_000), issue[0]);
        }
        h.sim.run();
        assertThat(retry).isEmpty();
        return new Outcome(m, accepted[0], h.done.size(), flushedThenLost[0], h.disk.tagged(), h.disk.heldByOrdered(),
                h.disk.dirtyExtents());
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void orderedAndHeadOfQueueAreHonouredAndEveryCommandCompletesOnce(long seed) {
        for (boolean distinct : new boolean[] {true, false}) {
            Outcome o = run(seed, distinct);
            assertThat(o.monitor().violations).as("distinct=%s", distinct).isEmpty();
            assertThat(o.completed()).isEqualTo(o.accepted());
            assertThat(o.monitor().outstanding).isEmpty();
            assertThat(o.tagged()).isZero();
            assertThat(o.held()).isZero();
            assertThat(o.dirty()).isZero();
            assertThat(o.flushedThenLost()).as("writes older than a completed ORDERED flush still volatile").isZero();
        }
    }

    @Test
    void theMixesExerciseTheRules() {
        // otherwise the monitor above could pass without ever seeing an ORDERED command wait
        long waited = 0;
        long served = 0;
        for (long seed = 1; seed <= 10; seed++) {
            Outcome o = run(seed, true);
            waited += o.monitor().orderedStartsWithYoungerWaiting;
            served += o.monitor().headOfQueueServed;
        }
        assertThat(waited).as("ORDERED commands that started with younger ones held behind them").isPositive();
        assertThat(served).as("media starts taken by a waiting HEAD OF QUEUE command").isPositive();
    }

    @Test
    void headOfQueueJumpsAQueueOfReadsAndConsecutiveOnesGoLastInFirstOut() {
        DriveSpec spec = DrivePresets.find("cheetah-15k5-146g").orElseThrow().withWriteCache(false)
                .withQueue(64, DriveScheduler.FCFS);
        DriveHarness h = new DriveHarness(spec, 3);
        List<Request> mediaOrder = new ArrayList<>();
        h.disk.setObserver(new DriveObserver() {
            @Override
            public void mediaStarted(Request command, long nowNs) {
                mediaOrder.add(command);
            }
        });
        List<Request> simple = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            simple.add(h.submit(Op.READ, 1_000_000L * (i + 1), 8, 0));
        }
        Request a = h.request(Op.READ, 50_000_000L, 8, 0);
        a.taskAttribute = TaskAttribute.HEAD_OF_QUEUE;
        Request b = h.request(Op.READ, 60_000_000L, 8, 0);
        b.taskAttribute = TaskAttribute.HEAD_OF_QUEUE;
        h.submit(a);
        h.submit(b);
        h.sim.run();
        // the first read had the mechanism already; then b (the younger), a, and the rest in FCFS order
        assertThat(mediaOrder.subList(0, 3)).containsExactly(simple.get(0), b, a);
        assertThat(mediaOrder.subList(3, 12)).containsExactlyElementsOf(simple.subList(1, 10));
    }

    @Test
    void anOrderedCommandWaitsForOlderOnesAndHoldsBackYoungerOnes() {
        DriveSpec spec = DrivePresets.find("cheetah-15k5-146g").orElseThrow().withWriteCache(false)
                .withQueue(64, DriveScheduler.SPTF);
        DriveHarness h = new DriveHarness(spec, 5);
        List<Request> older = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            older.add(h.submit(Op.READ, 7_000_000L * (i + 1), 8, 0));
        }
        Request ordered = h.request(Op.WRITE, 123_456L, 8, 0);
        ordered.taskAttribute = TaskAttribute.ORDERED;
        h.submit(ordered);
        List<Request> younger = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            younger.add(h.submit(Op.READ, 5_000_000L * (i + 1) + 3, 8, 0));
        }
        assertThat(h.disk.heldByOrdered()).isEqualTo(9);
        h.sim.run();
        for (Request r : older) {
            assertThat(r.completedNs).isLessThanOrEqualTo(ordered.completedNs);
        }
        // younger reads were issued to the drive before the write, yet none completed before it
        for (Request r : younger) {
            assertThat(r.completedNs).isGreaterThan(ordered.completedNs);
        }
    }

    @ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.EnumSource(value = TaskAttribute.class, names = {"SIMPLE", "ORDERED"})
    void anOrderedFlushCoversAWriteStillWaitingForBufferSpaceWhenItArrived(TaskAttribute flushAttribute) {
        // one write segment: the second write waits for it. A SIMPLE flush arriving then owes it
        // nothing (it was not in the buffer yet); an ORDERED one starts only after it was taken in.
        DriveSpec base = DrivePresets.find("cheetah-15k5-146g").orElseThrow();
        CacheConfig small = CacheConfig.of(4, 1024, ReadAhead.OFF, 0, true, 1, 0.5, true, true); // one write segment
        DriveSpec spec = new DriveSpec(base.name(), base.description(), base.geometry(), base.readSeek(),
                base.writeSeek(), base.writeSettleNs(), base.headSwitchNs(), base.rpm(), base.rpmErrorPercent(),
                base.overheads(), small, 64, DriveScheduler.SPTF, 6, base.cacheBytes(), base.averageSeekMs());
        DriveHarness h = new DriveHarness(spec, 1);
        h.submit(Op.WRITE, 10_000_000, 16, 0);
        Request second = h.submit(Op.WRITE, 90_000_000, 8, 0);
        Request flush = h.request(Op.FLUSH, 0, 0, 0);
        flush.taskAttribute = flushAttribute;
        int[] volatileAtFlush = {-1};
        h.onDone = r -> {
            if (r == flush) {
                volatileAtFlush[0] = h.ledger.volatileCount();
            }
        };
        h.submit(flush);
        h.sim.run();
        if (flushAttribute == TaskAttribute.ORDERED) {
            assertThat(second.completedNs).isLessThan(flush.completedNs);
            assertThat(volatileAtFlush[0]).as("writes still volatile when the ORDERED flush completed").isZero();
        } else {
            assertThat(volatileAtFlush[0]).as("the SIMPLE flush did not wait for the write it never saw").isEqualTo(1);
        }
    }

    @Test
    void manyOrderedCommandsOneAtATimeThenOneThatMustWait() {
        // the epoch counters are a ring of depth + 2: a long run of ORDERED commands that never
        // wait must not leave stale bookkeeping behind for the first one that does
        DriveSpec spec = DrivePresets.find("cheetah-15k5-146g").orElseThrow().withWriteCache(false)
                .withQueue(4, DriveScheduler.SPTF);
        DriveHarness h = new DriveHarness(spec, 2);
        for (int i = 0; i < 23; i++) {
            Request r = h.request(Op.READ, 1_000_000L * (i + 1), 8, 0);
            r.taskAttribute = TaskAttribute.ORDERED;
            h.submit(r);
            h.sim.run();
        }
        Request older = h.submit(Op.READ, 77_000_000L, 8, 0);
        Request ordered = h.request(Op.READ, 5_000L, 8, 0);
        ordered.taskAttribute = TaskAttribute.ORDERED;
        h.submit(ordered);
        Request younger = h.submit(Op.READ, 3_000_000L, 8, 0);
        h.sim.run();
        assertThat(ordered.completedNs).isPositive().isGreaterThanOrEqualTo(older.completedNs);
        assertThat(younger.completedNs).isGreaterThan(ordered.completedNs);
        assertThat(h.disk.tagged()).isZero();
    }

    @Test
    void aSataNcqDriveHasNoTaskAttributes() {
        DriveHarness h = new DriveHarness(DriveHarness.laptop(), 1);
        Request r = h.request(Op.WRITE, 0, 8, 0);
        r.taskAttribute = TaskAttribute.ORDERED;
        assertThatThrownBy(() -> h.submit(r)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no task attributes");
    }
}
