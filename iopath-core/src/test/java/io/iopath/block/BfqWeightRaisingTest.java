package io.iopath.block;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.block.CfqFairnessTest.DiskTimeMeter;
import io.iopath.driver.QueueFullHandling;
import io.iopath.metrics.blktrace.BlkEvent;
import io.iopath.request.Bio;
import io.iopath.request.IoPrio;
import io.iopath.request.Op;
import io.iopath.sim.Simulator;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * BFQ weight raising (low_latency = 1, the kernel default), on the tests' disk-like device
 * (TestDevice.seeking: FIFO, 0.3 ms + 10 µs per sector, a seek of 1–11 ms plus half a revolution
 * when not sequential), host queue depth 4: a newcomer is raised × 30 and served before a greedy
 * reader; the raising ends after bfq_wr_duration (10.5 s here) and the shares return to the
 * weight ratio; a soft real-time reader keeps being raised; low_latency 0 is the BFQ iopath had
 * before weight raising, byte for byte.
 */
class BfqWeightRaisingTest {
    static final long MS = 1_000_000L;
    static final long S = 1_000_000_000L;
    static final Map<String, String> LL0 = Map.of("low_latency", "0");
    static final Map<String, String> LL1 = Map.of("low_latency", "1");

    /** A run: the rig, its meter and the processes in creation order. */
    record Run(Rig rig, DiskTimeMeter meter, List<Rig.Proc> procs) {
        /** Mean latency (submission to completion) of a process's bios submitted in [from, to). */
        double meanLatencyMs(int index, long from, long to) {
            long sum = 0;
            int n = 0;
            for (Bio b : procs.get(index).bios) {
                if (b.submittedNs >= from && b.submittedNs < to) {
                    sum += b.completedNs - b.submittedNs;
                    n++;
                }
            }
            assertThat(n).as("bios in the window").isGreaterThan(0);
            return sum / (double) n / MS;
        }
    }

    static Run rig(long seed, Map<String, String> tunables) {
        Simulator sim = new Simulator(seed);
        DiskTimeMeter[] meter = new DiskTimeMeter[1];
        Rig rig = new Rig(sim, "bfq", tunables, Rig.settings("bfq"), 4, QueueFullHandling.MIDLAYER,
                s -> meter[0] = new DiskTimeMeter(s, TestDevice.seeking(s, 32)));
        return new Run(rig, meter[0], new ArrayList<>());
    }

    /** A greedy sequential reader: 64 KiB bios, 2 in flight, from time 0. */
    static Rig.Proc greedy(Run r, int pid) {
        long base = pid * 100_000_000L;
        Rig.Proc p = r.rig().proc(pid, "greedy" + pid, 2, (proc, id) -> {
            long sector = base + proc.cursor;
            proc.cursor += 128;
            return proc.bio(id, Op.READ, sector, 128, 0);
        });
        r.procs().add(p);
        return p;
    }

    /**
     * A process issuing one read, then waiting {@code thinkNs} after its completion before the
     * next one, from {@code startNs}, {@code count} reads at most; random 4 KiB or sequential
     * {@code sectors}.
     */
    static Rig.Proc thinker(Run r, int pid, long startNs, long thinkNs, int count, boolean random, int sectors) {
        Simulator sim = r.rig().sim;
        long base = pid * 100_000_000L;
        var rnd = sim.randoms().stream("thinker" + pid);
        boolean[] ready = {true};
        Rig.Proc p = r.rig().proc(pid, "thinker" + pid, 0, (proc, id) -> {
            if (proc.issued >= count) {
                return null;
            }
            if (!ready[0]) {
                sim.after(thinkNs, () -> {
                    ready[0] = true;
                    proc.issue();
                });
                return null;
            }
            ready[0] = false;
            long sector = random ? base + (rnd.nextLong(20_000_000L) & ~7L) : base + proc.cursor;
            proc.cursor += sectors;
            Bio b = proc.bio(id, Op.READ, sector, sectors, 0);
            b.submittedNs = sim.now();
            return b;
        });
        sim.at(startNs, p::issue);
        r.procs().add(p);
        return p;
    }

    /** A process issuing one sequential read of {@code sectors} every {@code periodNs}, whatever completes. */
    static Rig.Proc periodic(Run r, int pid, long startNs, long periodNs, int sectors) {
        Simulator sim = r.rig().sim;
        long base = pid * 100_000_000L;
        int[] due = {0};
        Rig.Proc p = r.rig().proc(pid, "periodic" + pid, 0, (proc, id) -> {
            if (due[0] == 0) {
                return null;
            }
            due[0]--;
            long sector = base + proc.cursor;
            proc.cursor += sectors;
            Bio b = proc.bio(id, Op.READ, sector, sectors, 0);
            b.submittedNs = sim.now();
            return b;
        });
        Runnable[] tick = new Runnable[1];
        tick[0] = () -> {
            if (sim.now() >= p.stopNs) {
                return;
            }
            due[0]++;
            p.issue();
            sim.after(periodNs, tick[0]);
        };
        sim.at(startNs, tick[0]);
        r.procs().add(p);
        return p;
    }

    /** Runs until {@code untilNs}, then checks that every request completed exactly once. */
    static Run run(Run r, long untilNs) {
        for (Rig.Proc p : r.procs()) {
            p.stopNs = untilNs;
            if (p.depth > 0) {
                p.start();
            }
        }
        r.rig().sim.runUntil(untilNs);
        // let what is in flight finish (no process issues after untilNs)
        r.rig().sim.run();
        long issued = 0;
        for (Rig.Proc p : r.procs()) {
            issued += p.issued;
            assertThat(p.bios).allMatch(Bio::isCompleted);
        }
        assertThat(r.rig().completions).isEqualTo(issued);
        assertThat(r.rig().queue.hasPending()).isFalse();
        return r;
    }

    /**
     * An interactive start-up: 40 scattered 4 KiB reads with 20 ms of think time between them,
     * starting at 3 s beside a greedy sequential reader (whose own start-up raising has ended by
     * then: it exceeded max_service_from_wr). With low_latency 0 each read that comes after a
     * think pause waits for the greedy reader's slot (its budget or timeout_sync, 125 ms); with
     * raising the newcomer's queue, weight 40 · 30, preempts it and is served at once.
     */
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4})
    void aNewlyStartedProcessIsServedWithMuchLowerLatency(long seed) {
        double[] latency = new double[2];
        double[] greedyMBs = new double[2];
        for (int ll = 0; ll <= 1; ll++) {
            Run r = rig(seed, ll == 0 ? LL0 : LL1);
            Rig.Proc g = greedy(r, 1);
            thinker(r, 2, 3 * S + seed * 7 * MS, 20 * MS, 40, true, 8);
            run(r, 12 * S);
            assertThat(r.procs().get(1).done).isEqualTo(40);
            latency[ll] = r.meanLatencyMs(1, 0, 12 * S);
            greedyMBs[ll] = g.bytesDone / 12e6;
        }
        assertThat(latency[1]).as("raised %.1f ms against %.1f ms", latency[1], latency[0])
                .isLessThan(latency[0] / 4);
        // The greedy reader is not starved: the newcomer reads 160 KiB in all.
        assertThat(greedyMBs[1]).isGreaterThan(greedyMBs[0] * 0.8);
    }

    /**
     * A random reader (one 4 KiB read at a time, no think time) starting at 1 s beside the greedy
     * sequential reader: while raised (bfq_wr_duration = 10.5 s, until 11.5 s) it takes nearly
     * all the disk time (weight 1200 against 40, and a raised queue is charged by sectors, not by
     * time); after that, its share is what it is without weight raising (equal weights, both
     * charged by time), within 0.1.
     */
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3})
    void raisingEndsAfterItsDurationAndTheShareReturnsToTheWeightRatio(long seed) {
        double[] during = new double[2];
        double[] after = new double[2];
        for (int ll = 0; ll <= 1; ll++) {
            Run r = rig(seed, ll == 0 ? LL0 : LL1);
            greedy(r, 1);
            thinker(r, 2, 1 * S, 0, Integer.MAX_VALUE, true, 8);
            run(r, 22 * S);
            during[ll] = r.meter().share(2, 3 * S, 11 * S);
            after[ll] = r.meter().share(2, 14 * S, 22 * S);
        }
        assertThat(during[1]).as("raised share %.3f, without raising %.3f", during[1], during[0])
                .isGreaterThan(0.8).isGreaterThan(during[0] + 0.25);
        assertThat(after[1]).as("share after raising %.3f, without raising %.3f", after[1], after[0])
                .isCloseTo(after[0], org.assertj.core.data.Offset.offset(0.1));
    }

    /**
     * A soft real-time reader (a video player: 64 KiB every 40 ms, 3200 sectors/s, under
     * wr_max_softrt_rate = 7000) beside the greedy reader. Measured from 13 s, after its
     * start-up (interactive) raising would have ended: it keeps being raised as soft real-time
     * on each arrival, so its reads are served at once; without weight raising each waits for
     * the greedy reader's slot. A reader that asks for more than wr_max_softrt_rate (64 KiB every
     * 8 ms, 16000 sectors/s) is not soft real-time: after its interactive raising its latency is
     * no better than without weight raising.
     */
    @ParameterizedTest(name = "seed {0}")
    @CsvSource({"1", "2", "3"})
    void aSoftRealTimeReaderKeepsLowLatencyBesideAGreedyReader(long seed) {
        double[] video = new double[2];
        double[] fast = new double[2];
        for (int ll = 0; ll <= 1; ll++) {
            Run r = rig(seed, ll == 0 ? LL0 : LL1);
            greedy(r, 1);
            periodic(r, 2, 500 * MS + seed * MS, 40 * MS, 128);
            run(r, 20 * S);
            video[ll] = r.meanLatencyMs(1, 13 * S, 20 * S);
            Run f = rig(seed, ll == 0 ? LL0 : LL1);
            greedy(f, 1);
            periodic(f, 2, 500 * MS + seed * MS, 8 * MS, 128);
            run(f, 20 * S);
            fast[ll] = f.meanLatencyMs(1, 13 * S, 20 * S);
        }
        assertThat(video[1]).as("soft real-time %.1f ms, without raising %.1f ms", video[1], video[0])
                .isLessThan(video[0] / 4);
        assertThat(fast[1]).as("above the soft real-time rate %.1f ms, without raising %.1f ms", fast[1], fast[0])
                .isGreaterThan(fast[0] * 0.5);
    }

    /**
     * low_latency 0 is the BFQ model as it was before weight raising: seeded mixes (sync and
     * async, sequential and random readers and writers, I/O classes and levels, queue depths 1–32,
     * processes starting late and stopping early) give blktrace event sequences whose SHA-256
     * equals the one recorded with the code before weight raising (commit 6a88ff8).
     */
    @ParameterizedTest(name = "seed {0}")
    @CsvSource({
        "1, 5c7db8d5e81cb02c808303aeed2105e084a071e113f3827116cc5d46a50f702f",
        "2, c8ba15f33fcf795c401ad4d610ad445f8424cb0f1c0d1b5e52da7cf0318d8185",
        "3, 4bc35513d78bdf38ee06e2e3a40d6304fc6dc9884ddbbc3a7fdf49c02c354e82",
        "4, 4d16a14c36d6bb87d9b6ae332721219165cae903a74af6a87faac10f844a9b0e",
        "5, 728118f18f0a947035ce09647fdb2405e93d88428ddfcdbf27bbe9c605b5a3e2",
        "6, 9069e0efb26160c011edfecbc1ed899526267247e42a7a41ec41095093e964b3",
        "7, 05b507cb24a9962efde56bc0a443e525a2ac5f8b998f2ddc3ebaa2861a482a47",
        "8, 676e76605ee99e496e9b8fc0ec8e07e1b5d37bb4fe853297b4ddcd0bf874df52",
        "9, 89ee8d691627e488ef0a06f3e321c85a5d981cd2e4b148e2ff83ab9e4c36af5e",
        "10, 0b0dc99424c05367ce8d8feac06b24d00f8eec68d19df75b6d3208b7192f0598",
        "11, 20319f1f508b0b7acecb66dc3a7d025f68780d2a9ba511827e9f3f328a1c3346",
        "12, ae44c770be8ffd4a96151e78b570617074b15d561e757e6b0408e72e992d8d0c"
    })
    void lowLatencyZeroIsByteIdenticalToTheBfqBeforeWeightRaising(long seed, String expected) {
        assertThat(traceDigest(seed, LL0)).isEqualTo(expected);
    }

    /** A seeded mix under BFQ; the SHA-256 of its blktrace events. */
    static String traceDigest(long seed, Map<String, String> tunables) {
        Simulator sim = new Simulator(seed);
        var rnd = sim.randoms().stream("mix");
        int depth = new int[] {1, 4, 8, 32}[rnd.nextInt(4)];
        Rig rig = new Rig(sim, "bfq", tunables, Rig.settings("bfq"), depth, QueueFullHandling.MIDLAYER,
                s -> TestDevice.seeking(s, 32));
        int nprocs = 2 + rnd.nextInt(4);
        List<Rig.Proc> procs = new ArrayList<>();
        for (int i = 0; i < nprocs; i++) {
            int pid = i + 1;
            boolean random = rnd.nextBoolean();
            boolean write = rnd.nextInt(3) == 0;
            boolean sync = !write || rnd.nextBoolean();
            int sectors = 8 << rnd.nextInt(5);
            int inFlight = 1 + rnd.nextInt(8);
            long base = pid * 50_000_000L;
            var prnd = sim.randoms().stream("proc" + pid);
            Rig.Proc p = rig.proc(pid, "p" + pid, inFlight, (proc, id) -> {
                long sector = random ? base + (prnd.nextLong(10_000_000L) & ~7L) : base + proc.cursor;
                proc.cursor += sectors;
                return proc.bio(id, write ? Op.WRITE : Op.READ, sector, sectors,
                        sync && write ? io.iopath.request.Flags.SYNC : 0);
            });
            int cls = rnd.nextInt(5);
            p.ioprio = cls == 0 ? IoPrio.of(IoPrio.CLASS_RT, rnd.nextInt(8))
                    : cls == 1 ? IoPrio.of(IoPrio.CLASS_IDLE, 0)
                    : cls == 2 ? IoPrio.of(IoPrio.CLASS_BE, rnd.nextInt(8)) : IoPrio.NONE;
            long start = rnd.nextInt(3) == 0 ? rnd.nextLong(3 * S) : 0;
            p.stopNs = start + 1 * S + rnd.nextLong(4 * S);
            sim.at(start, p::start);
            procs.add(p);
        }
        sim.run();
        long issued = 0;
        for (Rig.Proc p : procs) {
            issued += p.issued;
        }
        assertThat(rig.completions).isEqualTo(issued);
        StringBuilder sb = new StringBuilder();
        for (BlkEvent e : rig.trace.events()) {
            sb.append(e).append('\n');
        }
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(sb.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d);
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }
}
