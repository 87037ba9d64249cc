package io.iopath.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SimulatorTest {

    @Test
    void eventsAtEqualTimesFireInInsertionOrder() {
        Simulator sim = new Simulator(1);
        List<String> fired = new ArrayList<>();
        for (String name : List.of("a", "b", "c", "d")) {
            sim.at(100, () -> fired.add(name));
        }
        sim.at(50, () -> fired.add("early"));
        sim.run();
        assertThat(fired).containsExactly("early", "a", "b", "c", "d");
        assertThat(sim.now()).isEqualTo(100);
    }

    @Test
    void anEventScheduledForNowFromAnEventFiresAfterTheOthersAlreadyQueuedForNow() {
        Simulator sim = new Simulator(1);
        List<String> fired = new ArrayList<>();
        sim.at(10, () -> {
            fired.add("first");
            sim.at(10, () -> fired.add("scheduled-during-first"));
        });
        sim.at(10, () -> fired.add("second"));
        sim.run();
        assertThat(fired).containsExactly("first", "second", "scheduled-during-first");
    }

    @Test
    void aCancelledTimerNeverFires() {
        Simulator sim = new Simulator(1);
        List<String> fired = new ArrayList<>();
        Timer keep = sim.timer("keep", () -> fired.add("keep"));
        Timer drop = sim.timer("drop", () -> fired.add("drop"));
        keep.scheduleAt(20);
        drop.scheduleAt(10);
        assertThat(drop.isPending()).isTrue();
        drop.cancel();
        assertThat(drop.isPending()).isFalse();
        drop.cancel(); // cancelling twice is harmless
        sim.run();
        assertThat(fired).containsExactly("keep");
    }

    @Test
    void reArmingAPendingTimerMovesIt() {
        Simulator sim = new Simulator(1);
        List<Long> firedAt = new ArrayList<>();
        Timer t = sim.timer("t", () -> firedAt.add(sim.now()));
        t.scheduleAt(100);
        t.scheduleAt(30);
        sim.run();
        assertThat(firedAt).containsExactly(30L);
    }

    @Test
    void schedulingInThePastIsRefused() {
        Simulator sim = new Simulator(1);
        sim.at(100, () -> { });
        sim.run();
        assertThatThrownBy(() -> sim.at(99, () -> { })).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void runUntilStopsAtTheHorizonAndKeepsLaterEvents() {
        Simulator sim = new Simulator(1);
        List<Long> fired = new ArrayList<>();
        sim.at(10, () -> fired.add(10L));
        sim.at(30, () -> fired.add(30L));
        sim.runUntil(20);
        assertThat(fired).containsExactly(10L);
        assertThat(sim.now()).isEqualTo(20);
        assertThat(sim.pendingEvents()).isEqualTo(1);
        sim.run();
        assertThat(fired).containsExactly(10L, 30L);
    }

    /** The heap against a reference: a stable sort by time of whatever was not cancelled. */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20})
    void firesInTimeThenInsertionOrderWithRandomCancellations(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Simulator sim = new Simulator(seed);
        record Planned(int id, long time) { }
        List<Planned> expected = new ArrayList<>();
        List<Integer> fired = new ArrayList<>();
        List<Timer> timers = new ArrayList<>();
        List<Planned> plans = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            int id = i;
            long time = rnd.nextLong(500); // many ties
            Timer t = sim.timer("t" + i, () -> fired.add(id));
            t.scheduleAt(time);
            timers.add(t);
            plans.add(new Planned(id, time));
        }
        for (int i = 0; i < timers.size(); i++) {
            if (rnd.nextInt(4) == 0) {
                timers.get(i).cancel();
            } else {
                expected.add(plans.get(i));
            }
        }
        expected.sort(Comparator.comparingLong(Planned::time)); // stable: ties keep insertion order
        sim.run();
        assertThat(fired).containsExactlyElementsOf(expected.stream().map(Planned::id).toList());
    }
}
