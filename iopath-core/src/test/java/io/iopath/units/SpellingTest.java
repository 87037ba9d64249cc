package io.iopath.units;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SpellingTest {
    private static final List<String> SCHEDULERS = List.of("noop", "deadline", "anticipatory", "cfq", "none",
            "mq-deadline", "kyber", "bfq");

    @Test
    void aSlipOfTheKeyboardFindsTheName() {
        assertThat(Spelling.closest("dealine", SCHEDULERS)).contains("deadline");      // a letter left out
        assertThat(Spelling.closest("mq-dedaline", SCHEDULERS)).contains("mq-deadline"); // two letters swapped
        assertThat(Spelling.closest("Kyber", SCHEDULERS)).isEmpty();                 // the same name: nothing to suggest
        assertThat(Spelling.closest("queue_dpeth", List.of("queue_depth", "scheduler"))).contains("queue_depth");
    }

    @Test
    void farOrAmbiguousGivesNothing() {
        assertThat(Spelling.closest("elevator", SCHEDULERS)).isEmpty();
        assertThat(Spelling.closest("cfx", SCHEDULERS)).contains("cfq");
        assertThat(Spelling.closest("bfx", List.of("bfq", "bfz"))).isEmpty(); // two at one edit: no guess
        assertThat(Spelling.hint("elevator", SCHEDULERS)).isEmpty();
        assertThat(Spelling.hint("noo", SCHEDULERS)).isEqualTo(" (did you mean 'noop'?)");
    }

    @Test
    void distanceCountsASwapAsOneEdit() {
        assertThat(Spelling.distance("abcd", "abdc")).isEqualTo(1);
        assertThat(Spelling.distance("", "abc")).isEqualTo(3);
        assertThat(Spelling.distance("kitten", "sitting")).isEqualTo(3);
    }
}
