package io.iopath.block.sched;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The registry's entries are the one place that says what a scheduler is. */
class SchedulersTest {
    @Test
    void blkMqElevatorAndAliasesAreDataOnTheEntries() {
        List<String> mq = Schedulers.names().stream().filter(n -> Schedulers.type(n).multiQueue()).toList();
        assertThat(mq).containsExactly("none", "mq-deadline", "kyber", "bfq");
        List<String> notElevators = Schedulers.names().stream().filter(n -> !Schedulers.type(n).elevator()).toList();
        assertThat(notElevators).containsExactly("none");
        assertThat(Schedulers.type("as")).isSameAs(Schedulers.type("anticipatory"));
        assertThat(Schedulers.canonical("as")).isEqualTo("anticipatory");
        assertThat(Schedulers.namesAndAliases()).endsWith("as").containsAll(Schedulers.names());
    }

    @Test
    void eachEntryBuildsItsSchedulerWithItsOwnTunables() {
        for (String n : Schedulers.names()) {
            SchedulerType t = Schedulers.type(n);
            IoScheduler s = t.create(t.tunables().resolve(Map.of(), Hz.EXACT));
            assertThat(s.name()).isEqualTo(n);
            assertThat(Schedulers.tunables(n)).isSameAs(t.tunables());
        }
    }

    @Test
    void anUnknownNameListsTheKnownOnes() {
        assertThat(Schedulers.find("elevator")).isEmpty();
        assertThatThrownBy(() -> Schedulers.type("elevator"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown scheduler 'elevator'; expected one of noop, deadline, anticipatory, cfq, none, mq-deadline, kyber, bfq");
    }
}
