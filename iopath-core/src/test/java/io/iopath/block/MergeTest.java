package io.iopath.block;

import io.iopath.result.BlockStats;
import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.block.sched.Schedulers;
import io.iopath.driver.QueueFullHandling;
import io.iopath.request.Bio;
import io.iopath.request.Op;
import io.iopath.request.Request;
import io.iopath.sim.Simulator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Merging: a request is exactly the union of its bios, contiguous, never above max_sectors. */
class MergeTest {
    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (String s : Schedulers.names()) {
            for (int maxSectors : new int[] {64, 256, 1024}) {
                for (long seed = 1; seed <= 3; seed++) {
                    out.add(Arguments.of(s, maxSectors, seed));
                }
            }
        }
        return out.stream();
    }

    /** Runs writers that submit neighbouring chunks out of order (a, a+2, a+1 ...) so every merge kind happens. */
    static TestDevice run(String scheduler, int maxSectors, long seed, Rig[] rigOut) {
        Simulator sim = new Simulator(seed);
        SplittableRandom r = new SplittableRandom(seed);
        QueueSettings qs = QueueSettings.defaults().withMaxSectors(maxSectors)
                .withPlugging(Rig.settings(scheduler).plugging());
        TestDevice[] dev = new TestDevice[1];
        Rig rig = new Rig(sim, scheduler, Map.of(), qs, 2, QueueFullHandling.MIDLAYER,
                s -> dev[0] = new TestDevice(s, 64, c -> 1_500_000L));
        rigOut[0] = rig;
        int[] pattern = {0, 2, 1, 3, 5, 4};
        for (int p = 1; p <= 3; p++) {
            long base = (long) p << 24;
            int size = 8 << r.nextInt(3);
            Op op = r.nextBoolean() ? Op.WRITE : Op.READ;
            rig.proc(p, "w" + p, 8 + r.nextInt(8), (proc, id) -> {
                long n = proc.issued;
                long chunk = (n / pattern.length) * pattern.length + pattern[(int) (n % pattern.length)];
                return proc.bio(id, op, base + chunk * size, size, 0);
            });
        }
        rig.run(300_000_000L);
        return dev[0];
    }

    @ParameterizedTest(name = "{0} max_sectors {1} seed {2}")
    @MethodSource("cases")
    void mergedRequestIsTheUnionOfItsBiosAndFitsMaxSectors(String scheduler, int maxSectors, long seed) {
        Rig[] rig = new Rig[1];
        TestDevice dev = run(scheduler, maxSectors, seed, rig);
        long biosSeen = 0;
        for (Request rq : dev.accepted) {
            assertThat(rq.sectors()).as("%s", rq).isLessThanOrEqualTo(maxSectors);
            long expect = rq.sector();
            int sum = 0;
            int count = 0;
            for (Bio b = rq.firstBio(); b != null; b = b.nextInRequest()) {
                assertThat(b.sector).as("bio %s in %s", b, rq).isEqualTo(expect);
                assertThat(b.op).isEqualTo(rq.op);
                assertThat(b.request).isSameAs(rq);
                expect = b.endSector();
                sum += b.sectors;
                count++;
            }
            assertThat(expect).isEqualTo(rq.endSector());
            assertThat(sum).isEqualTo(rq.sectors());
            assertThat(count).isEqualTo(rq.bioCount());
            biosSeen += count;
        }
        long issued = rig[0].procs.stream().mapToLong(p -> p.issued).sum();
        assertThat(biosSeen).as("every bio went to the device in exactly one request").isEqualTo(issued);
    }

    @Test
    void outOfOrderNeighboursProduceBackFrontAndRequestMerges() {
        Rig[] rig = new Rig[1];
        run("deadline", 1024, 1, rig);
        BlockStats s = rig[0].queue.stats();
        assertThat(s.backMerges()).isPositive();
        assertThat(s.frontMerges()).isPositive();
        assertThat(s.requestMerges()).isPositive();
    }

    @Test
    void noopFrontMergesOnlyThroughTheOneHitCache() {
        // A bio that fits in front of an older request (not the last one merged or inserted) is not
        // front-merged by noop, which has no merge hook, but is by deadline.
        for (String s : List.of("noop", "deadline")) {
            Simulator sim = new Simulator(1);
            Rig rig = new Rig(sim, s, Map.of(), Rig.settings(s), 1, QueueFullHandling.MIDLAYER,
                    x -> new TestDevice(x, 64, c -> 5_000_000L));
            long[] order = {1000, 5000, 992, 9000};
            rig.proc(1, "w", 4, (proc, id) -> proc.issued < order.length
                    ? proc.bio(id, Op.WRITE, order[(int) proc.issued], 8, 0) : null);
            rig.run(Long.MAX_VALUE);
            long fronts = rig.trace.events().stream().filter(e -> e.action().letters().equals("F")).count();
            assertThat(fronts).as(s).isEqualTo(s.equals("noop") ? 0 : 1);
        }
    }

    /**
     * A request that absorbs an older neighbour takes the neighbour's FIFO place (as_merged_requests,
     * cfq_merged_requests, deadline_merged_requests) and must stay queued: writes at 2, 0 and 1
     * (one block each) make B at 2, then A at 0, then the bio at 1 joins them into A, which is newer
     * than B. Nothing else arrives, so if A were lost from its FIFO the queue would never drain.
     * The legacy schedulers with a sector-sorted former/latter (deadline, anticipatory, cfq) do
     * that request merge; noop's former/latter are its FIFO neighbours and the blk-mq ones merge in
     * the plug list, so there the bio joins one request and the queue must drain all the same.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("schedulers")
    void aRequestThatAbsorbsAnOlderNeighbourIsStillDispatched(String scheduler) {
        Simulator sim = new Simulator(1);
        Rig rig = new Rig(sim, scheduler, Map.of(), Rig.settings(scheduler), 1, QueueFullHandling.MIDLAYER,
                x -> new TestDevice(x, 64, c -> 5_000_000L));
        long[] order = {1016, 1000, 1008};
        rig.proc(1, "w", 3, (proc, id) -> proc.issued < order.length
                ? proc.bio(id, Op.WRITE, order[(int) proc.issued], 8, 0) : null);
        rig.run(Long.MAX_VALUE);
        assertThat(rig.completions).isEqualTo(3);
        boolean sorted = List.of("deadline", "anticipatory", "cfq").contains(scheduler);
        assertThat(rig.queue.stats().requestMerges()).as("A absorbed B").isEqualTo(sorted ? 1 : 0);
        assertThat(rig.queue.hasPending()).isFalse();
        assertThat(rig.queue.allocatedRequests(Op.WRITE)).isZero();
    }

    static Stream<String> schedulers() {
        return Schedulers.names().stream();
    }
}
