package io.iopath.block.sched;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class TunablesTest {
    @Test
    void defaultsAreTheKernelsInMilliseconds() {
        TunableSet.Values v = Anticipatory.TUNABLES.resolve(Map.of(), Hz.EXACT);
        assertThat(v.get("antic_expire")).isEqualTo(6_000_000L);
        assertThat(v.get("read_expire")).isEqualTo(125_000_000L);
        TunableSet.Values c = Cfq.TUNABLES.resolve(Map.of(), Hz.EXACT);
        assertThat(c.get("slice_idle")).isEqualTo(8_000_000L);
        assertThat(c.get("back_seek_max")).as("16 MiB in sectors").isEqualTo(32 * 1024L);
        assertThat(Bfq.TUNABLES.resolve(Map.of(), Hz.EXACT).flag("low_latency")).as("BFQ weight raising on").isTrue();
        assertThat(Bfq.TUNABLES.resolve(Map.of("low_latency", "0"), Hz.EXACT).flag("low_latency")).isFalse();
    }

    @Test
    void bfqInteractiveWeightRaisingLasts10AndAHalfSecondsAtEveryHz() {
        // rate_dur_prod / peak_rate with peak_rate at its initial 2/3 of ref_rate: 1.5 · 7 s, in
        // whole jiffies (14000 · 1750 / 9333 = 2625 jiffies at HZ=250).
        for (int hz : new int[] {0, 100, 250, 1000}) {
            assertThat(Bfq.wrDurationNs(Hz.of(hz))).as("HZ %d", hz).isEqualTo(10_500_000_000L);
        }
    }

    @Test
    void hzQuantisationEvaluatesTheKernelExpression() {
        // block-layer.md §1 and §10.3: at HZ=250, AS read_expire HZ/8 = 31 jiffies = 124 ms and
        // antic_expire HZ/150 = 1 jiffy = 4 ms; the unplug delay 3 ms becomes one jiffy (4 ms).
        Hz hz = Hz.of(250);
        TunableSet.Values v = Anticipatory.TUNABLES.resolve(Map.of(), hz);
        assertThat(v.get("read_expire")).isEqualTo(124_000_000L);
        assertThat(v.get("antic_expire")).isEqualTo(4_000_000L);
        assertThat(v.get("write_batch_expire")).isEqualTo(124_000_000L);
        assertThat(io.iopath.block.QueueSettings.defaults().withHz(hz).unplugDelayNs()).isEqualTo(4_000_000L);
        // a user value in ms rounds up to whole jiffies
        assertThat(Deadline.TUNABLES.resolve(Map.of("read_expire", "10"), hz).get("read_expire")).isEqualTo(12_000_000L);
        // timers fire on the next jiffy boundary
        assertThat(hz.timerNs(4_000_001L)).isEqualTo(8_000_000L);
    }

    @Test
    void unknownTunablesAndBadValuesAreRejectedWithTheAcceptedNames() {
        assertThatThrownBy(() -> Schedulers.create("deadline", Map.of("slice_idle", "8"), Hz.EXACT))
                .hasMessageContaining("unknown tunable 'slice_idle'")
                .hasMessageContaining("read_expire, write_expire, writes_starved, fifo_batch, front_merges");
        assertThatThrownBy(() -> Schedulers.create("deadline", Map.of("front_merges", "2"), Hz.EXACT))
                .hasMessageContaining("expected 0 or 1");
        assertThatThrownBy(() -> Schedulers.create("bfq", Map.of("low_latency", "2"), Hz.EXACT))
                .hasMessageContaining("expected 0 or 1");
    }

    @Test
    void everySchedulerIsRegisteredWithItsSysfsName() {
        assertThat(Schedulers.names()).containsExactly("noop", "deadline", "anticipatory", "cfq", "none",
                "mq-deadline", "kyber", "bfq");
        for (String n : Schedulers.names()) {
            assertThat(Schedulers.create(n).orElseThrow().name()).isEqualTo(n);
        }
        assertThat(Schedulers.create("as").orElseThrow().name()).isEqualTo("anticipatory");
    }
}
