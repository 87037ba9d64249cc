package io.iopath.block;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.block.CfqFairnessTest.DiskTimeMeter;
import io.iopath.driver.QueueFullHandling;
import io.iopath.request.IoPrio;
import io.iopath.request.Op;
import io.iopath.sim.Simulator;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * I/O priorities (ionice) under the schedulers that honour them. Two readers share the tests'
 * disk-like device (one arm, FIFO, seeks cost 1 ms + 10 ms·√(d/256 GiB) plus half a revolution);
 * each test names what the kernel code says should happen and checks it on disk time or bytes.
 */
class IoPriorityTest {
    static final long RUN_NS = 10_000_000_000L;
    static final int BE = IoPrio.NONE;

    /** A reader's results: disk time (ns) and bytes. */
    record Share(long diskNs, long bytes) {
    }

    /** Two readers, pid 1 and 2, of the given priorities (-1: that reader does not run). */
    static Share[] run(String scheduler, Map<String, String> tunables, long seed, int queueDepth,
                       int prio1, int depth1, boolean random1, int prio2, int depth2, boolean random2) {
        Simulator sim = new Simulator(seed);
        DiskTimeMeter[] meter = new DiskTimeMeter[1];
        QueueSettings d = Rig.settings(scheduler);
        QueueSettings settings = new QueueSettings(128, d.maxSectors(), d.plugging(), d.hz(), d.writeCache(), d.fua());
        Rig rig = new Rig(sim, scheduler, tunables, settings, queueDepth, QueueFullHandling.MIDLAYER,
                s -> meter[0] = new DiskTimeMeter(s));
        int[] prio = {prio1, prio2};
        int[] depth = {depth1, depth2};
        boolean[] random = {random1, random2};
        for (int i = 0; i < 2; i++) {
            if (prio[i] == -1) {
                continue;
            }
            int p = i + 1;
            long base = p * 100_000_000L;
            var rnd = sim.randoms().stream("reader" + p);
            boolean rand = random[i];
            Rig.Proc proc = rig.proc(p, "reader" + p, depth[i], (pr, id) -> {
                long sector = rand ? base + (rnd.nextLong(20_000_000L) & ~7L) : base + pr.cursor;
                pr.cursor += 8;
                return pr.bio(id, Op.READ, sector, 8, 0);
            });
            proc.ioprio = prio[i];
        }
        rig.run(RUN_NS);
        Share[] out = new Share[2];
        for (int i = 0; i < 2; i++) {
            long bytes = 0;
            for (Rig.Proc pr : rig.procs) {
                if (pr.pid == i + 1) {
                    bytes = pr.bytesDone;
                }
            }
            out[i] = new Share(meter[0].diskTimeNs.getOrDefault(i + 1, 0L), bytes);
        }
        return out;
    }

    @ParameterizedTest(name = "{0} seed {1}")
    @CsvSource({"cfq,1", "cfq,2", "cfq,3", "bfq,1", "bfq,2", "bfq,3"})
    void explore(String scheduler, long seed) {
        Share[] alone = run(scheduler, Map.of(), seed, 4, BE, 1, false, -1, 1, true);
        Share[] both = run(scheduler, Map.of(), seed, 4, BE, 1, false, IoPrio.of(IoPrio.CLASS_IDLE, 0), 4, true);
        Share[] same = run(scheduler, Map.of(), seed, 4, BE, 1, false, BE, 4, true);
        System.out.printf("%s %d alone %s | with idle %s %s | with be %s %s%n", scheduler, seed, alone[0], both[0], both[1], same[0], same[1]);
        Share[] rt = run(scheduler, Map.of(), seed, 1, IoPrio.of(IoPrio.CLASS_RT, 4), 8, true, BE, 8, true);
        Share[] rt1 = run(scheduler, Map.of(), seed, 4, IoPrio.of(IoPrio.CLASS_RT, 4), 1, true, BE, 1, true);
        System.out.printf("  rt depth 8 %s %s | rt depth 1 %s %s%n", rt[0], rt[1], rt1[0], rt1[1]);
        Share[] lv = run(scheduler, Map.of(), seed, 4, IoPrio.of(IoPrio.CLASS_BE, 0), 1, false, IoPrio.of(IoPrio.CLASS_BE, 7), 1, false);
        Share[] lv2 = run(scheduler, Map.of(), seed, 4, IoPrio.of(IoPrio.CLASS_BE, 2), 1, true, IoPrio.of(IoPrio.CLASS_BE, 6), 1, true);
        System.out.printf("  0 vs 7 %s %s ratio t %.2f b %.2f | 2 vs 6 ratio t %.2f b %.2f%n", lv[0], lv[1],
                (double) lv[0].diskNs / lv[1].diskNs, (double) lv[0].bytes / lv[1].bytes,
                (double) lv2[0].diskNs / lv2[1].diskNs, (double) lv2[0].bytes / lv2[1].bytes);
    }
}
