package io.iopath.block;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.block.CfqFairnessTest.DiskTimeMeter;
import io.iopath.driver.QueueFullHandling;
import io.iopath.request.Bio;
import io.iopath.request.IoPrio;
import io.iopath.request.Op;
import io.iopath.request.Request;
import io.iopath.sim.Simulator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * I/O priorities (ionice) under the schedulers that honour them. Readers share the tests'
 * disk-like device (one arm, FIFO, a seek costs 1 ms + 10 ms·√(d/256 GiB) plus half a
 * revolution, 0.3 ms overhead); each test states what the kernel code says should happen and
 * checks it on disk time (CfqFairnessTest.DiskTimeMeter) or bytes. Reader 1 works at 100 M
 * sectors, reader 2 at 200 M; sequential readers read 4 KiB after 4 KiB, random ones anywhere in
 * a 10 GiB region. Runs are 10 simulated seconds; nr_requests is 128 so the scheduler, not the
 * request pool, decides who goes next.
 */
class IoPriorityTest {
    static final long RUN_NS = 10_000_000_000L;
    static final int NONE = IoPrio.NONE;
    static final int IDLE = IoPrio.of(IoPrio.CLASS_IDLE, 0);
    static final int RT = IoPrio.of(IoPrio.CLASS_RT, 4);
    static final int OFF = -1;

    /** One reader: its I/O priority (OFF: not run), bios in flight, random or sequential. */
    record Reader(int ioprio, int depth, boolean random) {
    }

    /** A reader's results: disk time (ns), bytes and its bios. */
    record Share(long diskNs, long bytes, List<Bio> bios) {
    }

    static Share[] run(String scheduler, Map<String, String> tunables, long seed, int queueDepth, Reader... readers) {
        Simulator sim = new Simulator(seed);
        DiskTimeMeter[] meter = new DiskTimeMeter[1];
        QueueSettings d = Rig.settings(scheduler);
        QueueSettings settings = QueueSettings.defaults().withNrRequests(128).withMaxSectors(d.maxSectors())
                .withPlugging(d.plugging()).withHz(d.hz());
        Rig rig = new Rig(sim, scheduler, tunables, settings, queueDepth, QueueFullHandling.MIDLAYER,
                s -> meter[0] = new DiskTimeMeter(s));
        Rig.Proc[] procs = new Rig.Proc[readers.length];
        for (int i = 0; i < readers.length; i++) {
            Reader r = readers[i];
            if (r.ioprio() == OFF) {
                continue;
            }
            int pid = i + 1;
            long base = pid * 100_000_000L;
            var rnd = sim.randoms().stream("reader" + pid);
            procs[i] = rig.proc(pid, "reader" + pid, r.depth(), (p, id) -> {
                long sector = r.random() ? base + (rnd.nextLong(20_000_000L) & ~7L) : base + p.cursor;
                p.cursor += 8;
                return p.bio(id, Op.READ, sector, 8, 0);
            });
            procs[i].ioprio = r.ioprio();
        }
        rig.run(RUN_NS);
        Share[] out = new Share[readers.length];
        long issued = 0;
        for (int i = 0; i < readers.length; i++) {
            Rig.Proc p = procs[i];
            out[i] = p == null ? new Share(0, 0, List.of())
                    : new Share(meter[0].diskTimeNs.getOrDefault(i + 1, 0L), p.bytesDone, p.bios);
            issued += p == null ? 0 : p.issued;
        }
        // every request completes exactly once, whatever the priorities
        assertThat(rig.completions).isEqualTo(issued);
        for (Share s : out) {
            assertThat(s.bios()).allMatch(Bio::isCompleted);
        }
        assertThat(rig.queue.hasPending()).isFalse();
        return out;
    }

    /**
     * An idle-class reader next to a best-effort one that always has requests queued (4 in
     * flight, queue depth 1): CFQ serves the idle class only after 100 ms without other
     * completions, so never; BFQ once per BFQ_CL_IDLE_TIMEOUT (200 ms), one request. The
     * best-effort reader keeps ≥ 90 % of what it reads alone, and the idle one gets ≤ 5 % of its
     * disk time — where, at best effort, the same second reader takes over a third.
     */
    @ParameterizedTest(name = "{0} seed {1}")
    @CsvSource({"cfq,1", "cfq,2", "cfq,3", "bfq,1", "bfq,2", "bfq,3"})
    void anIdleClassReaderGetsLittleAndTheBestEffortOneKeepsItsThroughput(String scheduler, long seed) {
        Reader be = new Reader(NONE, 4, false);
        Share[] alone = run(scheduler, Map.of(), seed, 1, be, new Reader(OFF, 4, true));
        Share[] idle = run(scheduler, Map.of(), seed, 1, be, new Reader(IDLE, 4, true));
        Share[] both = run(scheduler, Map.of(), seed, 1, be, new Reader(NONE, 4, true));
        assertThat((double) idle[0].bytes()).as("best effort with an idle neighbour vs alone")
                .isGreaterThanOrEqualTo(0.90 * alone[0].bytes());
        assertThat((double) idle[1].diskNs()).as("idle class disk time").isLessThanOrEqualTo(0.05 * idle[0].diskNs());
        assertThat((double) both[1].diskNs()).as("the same reader at best effort").isGreaterThan(0.33 * both[0].diskNs());
    }

    /**
     * CFQ 2.6.20: a dependent best-effort reader (one read at a time) ends its slice with nothing
     * queued; set_active_queue then finds only the idle class, arms the 100 ms grace timer and
     * leaves the disk idle, and nothing restarts the queue when the reader's next read arrives
     * (the elevator is not empty, so the queue is not plugged, so the sync unplug does nothing)
     * until the timer fires. The reader gets slice / (slice + grace) of the disk; the idle class
     * still gets nothing.
     */
    @ParameterizedTest(name = "slice_sync {0} ms")
    @CsvSource({"100", "300", "40"})
    void cfqLeavesTheDiskIdleForTheGracePeriodAfterEachSliceOfADependentReader(long sliceMs) {
        Share[] s = run("cfq", Map.of("slice_sync", Long.toString(sliceMs)), 1, 4,
                new Reader(NONE, 1, false), new Reader(IDLE, 1, false));
        double expected = (double) sliceMs / (sliceMs + 100);
        assertThat((double) s[0].diskNs() / RUN_NS).isCloseTo(expected, org.assertj.core.data.Offset.offset(0.05 * expected));
        assertThat(s[1].diskNs()).isLessThan(RUN_NS / 100);
    }

    /**
     * A real-time reader with requests always queued (8 in flight, queue depth 1) against a
     * best-effort one alike: CFQ puts RT queues straight into cur_rr, so no best-effort level is
     * spliced in while the RT queue has requests; BFQ serves the RT service tree first. The
     * best-effort reader gets ≤ 2 % of the RT one's disk time (its requests queued when the RT
     * reader stops, at 10 s, are served then) — at equal class they share within a factor 2.
     */
    @ParameterizedTest(name = "{0} seed {1}")
    @CsvSource({"cfq,1", "cfq,2", "cfq,3", "bfq,1", "bfq,2", "bfq,3"})
    void realTimeIsServedBeforeBestEffort(String scheduler, long seed) {
        Share[] rt = run(scheduler, Map.of(), seed, 1, new Reader(RT, 8, true), new Reader(NONE, 8, true));
        Share[] be = run(scheduler, Map.of(), seed, 1, new Reader(NONE, 8, true), new Reader(NONE, 8, true));
        assertThat((double) rt[1].diskNs()).isLessThanOrEqualTo(0.02 * rt[0].diskNs());
        assertThat((double) be[1].diskNs() / be[0].diskNs()).isBetween(0.5, 2.0);
    }

    /**
     * Dependent readers (one read at a time, queue depth 4): BFQ's RT queue preempts the
     * best-effort one whenever it becomes busy and takes ≥ 98 % of the disk; CFQ 2.6.20 has no
     * RT-over-BE preemption (should_preempt: only a sync request against an async queue, or
     * anything against the idle class; the RT rule came with 2.6.35), so the RT reader, whose
     * queue is empty when its slice ends, alternates slices with the best-effort one: equal
     * disk time within 10 %.
     */
    @ParameterizedTest(name = "seed {0}")
    @CsvSource({"1", "2", "3"})
    void dependentReadersRealTimeAgainstBestEffort(long seed) {
        Share[] bfq = run("bfq", Map.of(), seed, 4, new Reader(RT, 1, true), new Reader(NONE, 1, true));
        assertThat((double) bfq[0].diskNs() / (bfq[0].diskNs() + bfq[1].diskNs())).isGreaterThanOrEqualTo(0.98);
        Share[] cfq = run("cfq", Map.of(), seed, 4, new Reader(RT, 1, true), new Reader(NONE, 1, true));
        assertThat((double) Math.abs(cfq[0].diskNs() - cfq[1].diskNs()) / Math.max(cfq[0].diskNs(), cfq[1].diskNs()))
                .isLessThanOrEqualTo(0.10);
    }

    /**
     * CFQ, two best-effort dependent sequential readers at different levels: slices are
     * {@code base + base/5·(4 − prio)} (100 ms sync base: level 0 180 ms, 7 40 ms), the two
     * alternate, so their disk times stand in the ratio of their slices, within 5 %.
     */
    @ParameterizedTest(name = "levels {0} and {1}")
    @CsvSource({"0,7", "2,6", "3,4", "4,4", "1,5"})
    void cfqServiceFollowsTheSliceLengthOfEachLevel(int a, int b) {
        Share[] s = run("cfq", Map.of(), 1, 4, new Reader(IoPrio.of(IoPrio.CLASS_BE, a), 1, false),
                new Reader(IoPrio.of(IoPrio.CLASS_BE, b), 1, false));
        double slice = (100 + 20 * (4 - a)) / (double) (100 + 20 * (4 - b));
        assertThat((double) s[0].diskNs() / s[1].diskNs()).isCloseTo(slice, org.assertj.core.data.Offset.offset(0.05 * slice));
    }

    /**
     * BFQ, two best-effort readers at different levels: weights {@code (8 − level)·10}; B-WF2Q+
     * shares service in proportion to weight (in sectors for sequential readers, in time for the
     * slow, seeky ones it charges by time): the ratio of bytes (sequential) or disk time
     * (random) is the weight ratio within 20 %. Measured (seed 1): sequential 0 : 7 → 7.47,
     * 2 : 6 → 2.77, 3 : 5 → 1.63; random 0 : 7 → 6.74, 2 : 6 → 2.70 (weight ratios 8, 3, 1.67):
     * always a little below, because a slow queue is charged budget · elapsed / timeout and the
     * budgets of the two queues evolve differently.
     */
    @ParameterizedTest(name = "levels {0} and {1}, random {2}")
    @CsvSource({"0,7,false", "2,6,false", "3,5,false", "4,4,false", "0,7,true", "2,6,true", "4,4,true"})
    void bfqServiceFollowsTheWeightOfEachLevel(int a, int b, boolean random) {
        Share[] s = run("bfq", Map.of(), 1, 4, new Reader(IoPrio.of(IoPrio.CLASS_BE, a), 1, random),
                new Reader(IoPrio.of(IoPrio.CLASS_BE, b), 1, random));
        double weights = (8.0 - a) / (8.0 - b);
        double measured = random ? (double) s[0].diskNs() / s[1].diskNs() : (double) s[0].bytes() / s[1].bytes();
        assertThat(measured).isCloseTo(weights, org.assertj.core.data.Offset.offset(0.20 * weights));
    }

    /**
     * mq-deadline with priority levels: while a best-effort reader keeps 16 requests queued
     * (queue depth 1), every read of a real-time reader goes to the device next — no best-effort
     * request is issued between its insertion and its issue. deadline (2.6, no priorities) gives
     * no such guarantee: there the RT reader's reads wait behind best-effort ones.
     */
    @ParameterizedTest(name = "{0} seed {1}")
    @CsvSource({"mq-deadline,1", "mq-deadline,2", "mq-deadline,3", "deadline,1"})
    void mqDeadlineDispatchesARealTimeReadBeforeQueuedBestEffortRequests(String scheduler, long seed) {
        Share[] s = run(scheduler, Map.of(), seed, 1, new Reader(NONE, 16, true), new Reader(RT, 1, true));
        List<Request> be = requests(s[0]);
        int overtaken = 0;
        for (Request rt : requests(s[1])) {
            for (Request b : be) {
                if (b.issuedNs > rt.insertedNs && b.issuedNs < rt.issuedNs) {
                    overtaken++;
                }
            }
        }
        if (scheduler.equals("mq-deadline")) {
            assertThat(requests(s[1])).hasSizeGreaterThan(100);
            assertThat(overtaken).isZero();
        } else {
            assertThat(overtaken).isGreaterThan(requests(s[1]).size());
        }
    }

    /**
     * mq-deadline's prio_aging_expire: a real-time reader keeps the device busy (4 in flight at
     * queue depth 4, so the RT level is never empty and best effort would wait for ever); a
     * dependent best-effort reader's read is dispatched once it waited prio_aging_expire, and
     * completes within 100 ms of that (the RT read in service, then its own).
     */
    @ParameterizedTest(name = "prio_aging_expire {0} ms")
    @CsvSource({"10000", "3000", "1500"})
    void mqDeadlineServesABestEffortRequestOlderThanPrioAgingExpire(long agingMs) {
        Map<String, String> t = agingMs == 10_000 ? Map.of() : Map.of("prio_aging_expire", Long.toString(agingMs));
        Share[] s = run("mq-deadline", t, 1, 4, new Reader(RT, 4, true), new Reader(NONE, 1, true));
        List<Bio> beBios = s[1].bios();
        assertThat(beBios).hasSizeGreaterThanOrEqualTo((int) (RUN_NS / 1_000_000 / agingMs));
        for (Bio b : beBios) {
            if (b.queuedNs + agingMs * 1_000_000 > RUN_NS) {
                continue; // still waiting when the RT reader stopped
            }
            long waited = b.completedNs - b.queuedNs;
            assertThat(waited).as("%s", b).isBetween(agingMs * 1_000_000, agingMs * 1_000_000 + 100_000_000);
        }
    }

    private static List<Request> requests(Share s) {
        List<Request> out = new ArrayList<>();
        for (Bio b : s.bios()) {
            if (b.request != null && b.request.firstBio() == b) {
                out.add(b.request);
            }
        }
        return out;
    }

    /**
     * One process writes two adjacent blocks at the same instant (async, so nothing unplugs)
     * while the device is busy, the first at the idle class and the second real-time (or both
     * best effort): the 2.6 block layer merges them whatever their priorities and the request
     * keeps ioprio_best, RT; blk-mq refuses to merge requests of different priorities
     * (blk_rq_merge_ok, in the plug as in the scheduler) and issues two — one if they agree.
     */
    @ParameterizedTest(name = "{0}, priorities differ {1}")
    @CsvSource({"deadline,true,1", "noop,true,1", "cfq,false,1", "mq-deadline,true,2", "none,true,2", "mq-deadline,false,1",
            "kyber,false,1"})
    void mergingRequestsOfDifferentPriorities(String scheduler, boolean differ, int requests) {
        Simulator sim = new Simulator(1);
        TestDevice[] dev = new TestDevice[1];
        Rig rig = new Rig(sim, scheduler, Map.of(), Rig.settings(scheduler), 1, QueueFullHandling.MIDLAYER,
                s -> dev[0] = new TestDevice(s, 1, c -> 5_000_000L));
        rig.proc(1, "busy", 1, (p, id) -> p.issued > 0 ? null : p.bio(id, Op.READ, 0, 8, 0));
        rig.proc(2, "writer", 2, (p, id) -> {
            if (p.issued > 1) {
                return null;
            }
            p.ioprio = !differ ? NONE : p.issued == 0 ? IDLE : RT;
            return p.bio(id, Op.WRITE, 1000 + 8 * p.issued, 8, 0);
        });
        rig.run(1_000_000_000L);
        List<Request> issued = dev[0].accepted;
        assertThat(issued).hasSize(1 + requests);
        if (requests == 1) {
            assertThat(issued.get(1).sectors()).isEqualTo(16);
            assertThat(IoPrio.describe(issued.get(1).ioprio())).isEqualTo(differ ? "rt/4" : "none");
        }
    }
}
