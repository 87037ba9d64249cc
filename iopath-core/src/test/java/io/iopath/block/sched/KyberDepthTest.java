package io.iopath.block.sched;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.request.Bio;
import io.iopath.request.Op;
import io.iopath.request.Request;
import io.iopath.sim.Simulator;
import io.iopath.sim.Timer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Kyber's latency-driven depth scaling, fed completions of chosen latencies. What is asserted is
 * what block/kyber-iosched.c's {@code kyber_timer_fn} and {@code kyber_resize_domain} imply
 * (4.18+): latencies fall in 8 buckets of target/4 each, bucket 4 and up being over target; a
 * domain's window closes at 500 samples; if any domain's p90 dispatch-to-completion latency is
 * over its target the device is congested, and then every domain with a p99 is resized to
 * {@code depth·(p99 bucket + 1) >> 2} — a domain within its target is throttled, one over it is
 * eased; without congestion only a domain whose p99 total latency is over target is resized (up).
 * Note that a domain over target is never itself throttled: its own bad latency throttles the
 * others.
 */
class KyberDepthTest {
    private static final long MS = 1_000_000L;
    private static final long WINDOW_NS = 100 * MS; // the timer runs 100 ms (HZ/10) after a completion

    private final Simulator sim = new Simulator(1);
    private final Queue q = new Queue(sim);
    private final Kyber kyber = (Kyber) Schedulers.create("kyber", Map.of(), Hz.EXACT); // read 2 ms, write 10 ms
    private long ids;

    KyberDepthTest() {
        kyber.attach(q);
    }

    @Test
    void readsOverTargetAtTheDeviceThrottleWritesWithinTheirs() {
        // reads: 3 ms at the device (bucket 5 of 0.5 ms) against 2 ms; writes: 1 ms (bucket 0 of 2.5 ms) against 10 ms
        complete(Op.READ, 500, 3 * MS, 3 * MS);
        complete(Op.WRITE, 500, MS, MS);
        closeWindow();
        assertThat(kyber.depth(Kyber.WRITE)).isEqualTo(128 * (0 + 1) >> 2); // 32
        assertThat(kyber.depth(Kyber.READ)).isEqualTo(256); // eased (256·6/4), capped at its maximum
    }

    @Test
    void congestionShrinksTheReadDepthAndReadsOverTargetRaiseItAgain() {
        // writes 20 ms at the device against 10 ms: congested; reads 0.8 ms in all against 2 ms (bucket 1)
        complete(Op.WRITE, 500, 20 * MS, 20 * MS);
        complete(Op.READ, 500, 800_000L, 800_000L);
        closeWindow();
        assertThat(kyber.depth(Kyber.READ)).isEqualTo(256 * (1 + 1) >> 2); // 128

        complete(Op.WRITE, 500, 20 * MS, 20 * MS);
        complete(Op.READ, 500, 400_000L, 400_000L); // bucket 0
        closeWindow();
        assertThat(kyber.depth(Kyber.READ)).isEqualTo(128 >> 2); // 32

        // the smaller depth is what dispatch honours: 40 queued reads, 32 tokens
        for (int i = 0; i < 40; i++) {
            kyber.add(request(Op.READ));
        }
        while (kyber.dispatch(false) > 0) {
            // drain what the tokens allow
        }
        assertThat(q.dispatched).hasSize(32);
        for (Request rq : q.dispatched) {
            rq.allocatedNs = sim.now();
            rq.issuedNs = sim.now();
            kyber.completed(rq);
        }
        q.dispatched.clear();
        while (kyber.dispatch(false) > 0) {
            // the 8 left get tokens back
        }
        assertThat(q.dispatched).hasSize(8);
        for (Request rq : q.dispatched) {
            rq.allocatedNs = sim.now();
            rq.issuedNs = sim.now();
            kyber.completed(rq);
        }
        q.dispatched.clear();
        closeWindow(); // too few samples (40 < 500, under 1 s): no resize
        assertThat(kyber.depth(Kyber.READ)).isEqualTo(32);

        // no congestion (device latency 1 ms), but reads wait 3 ms in all (bucket 5): eased by 6/4
        complete(Op.READ, 500, 3 * MS, MS);
        closeWindow();
        assertThat(kyber.depth(Kyber.READ)).isEqualTo(32 * (5 + 1) >> 2); // 48

        // within target and no congestion: left where it is
        complete(Op.READ, 500, 400_000L, 400_000L);
        closeWindow();
        assertThat(kyber.depth(Kyber.READ)).isEqualTo(48);
    }

    @Test
    void withinTargetAndNoCongestionNothingMoves() {
        complete(Op.READ, 500, 400_000L, 400_000L);
        complete(Op.WRITE, 500, MS, MS);
        closeWindow();
        assertThat(kyber.depth(Kyber.READ)).isEqualTo(256);
        assertThat(kyber.depth(Kyber.WRITE)).isEqualTo(128);
    }

    /** {@code n} requests of {@code op} go through kyber and complete now, with the given latencies. */
    private void complete(Op op, int n, long totalNs, long deviceNs) {
        for (int i = 0; i < n; i++) {
            Request rq = request(op);
            kyber.add(rq);
            while (!q.dispatched.contains(rq)) {
                assertThat(kyber.dispatch(false)).isEqualTo(1);
            }
            q.dispatched.remove(rq);
            rq.allocatedNs = sim.now() - totalNs;
            rq.issuedNs = sim.now() - deviceNs;
            kyber.completed(rq);
        }
    }

    private Request request(Op op) {
        long id = ids++;
        return new Request(id, new Bio(id, op, id * 8, 8, 0, 1, b -> { }));
    }

    /** Lets kyber's timer run (it is due 100 ms after the completions). */
    private void closeWindow() {
        sim.runUntil(sim.now() + WINDOW_NS + 1);
    }

    /** The block queue as kyber sees it: the simulator's clock and timers, a dispatch list. */
    private static final class Queue implements ElevatorQueue {
        private final Simulator sim;
        final List<Request> dispatched = new ArrayList<>();

        Queue(Simulator sim) {
            this.sim = sim;
        }

        @Override
        public long now() {
            return sim.now();
        }

        @Override
        public Hz hz() {
            return Hz.EXACT;
        }

        @Override
        public Timer timer(String name, Runnable action) {
            return sim.timer(name, action);
        }

        @Override
        public void kick() {
        }

        @Override
        public void dispatchSort(Request rq) {
            dispatched.add(rq);
        }

        @Override
        public void dispatchAddTail(Request rq) {
            dispatched.add(rq);
        }

        @Override
        public int inFlight() {
            return 0;
        }
    }
}
