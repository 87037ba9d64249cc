package io.iopath.scenario;

import io.iopath.driver.CacheOverride;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.iopath.block.Plugging;
import io.iopath.driver.QueueFullHandling;
import java.util.List;
import org.junit.jupiter.api.Test;

class HostSectionTest {
    static final String JOBS = """
            jobs:
              - name: r
                rw: randread
                number_ios: 10
                size: 1g
            """;

    @Test
    void readsSchedulerTunablesAndQueueSettings() {
        Scenario s = ScenarioReader.read("t.yaml", """
                host:
                  scheduler: cfq
                  tunables:
                    slice_idle: 0
                    quantum: 8
                  queue_depth: 32
                  nr_requests: 64
                  plugging: per-task
                  driver: aic79xx
                  hz: 250
                  write_cache: on
                """ + JOBS, List.of());
        HostConfig h = s.host();
        assertThat(h.scheduler().name()).isEqualTo("cfq");
        assertThat(h.tunables()).containsEntry("slice_idle", "0").containsEntry("quantum", "8");
        assertThat(h.queueDepth()).isEqualTo(32);
        assertThat(h.nrRequests()).isEqualTo(64);
        assertThat(h.plugging()).isEqualTo(Plugging.PER_TASK);
        assertThat(h.driver()).isEqualTo(QueueFullHandling.AIC79XX);
        assertThat(h.hz()).isEqualTo(250);
        assertThat(h.writeCache()).isEqualTo(CacheOverride.ON);
    }

    @Test
    void withoutWriteCacheOrFuaTheHostOverridesNothing() {
        // sd learns WCE and DPOFUA from the drive at attach (see experiment.WriteCacheAtAttachTest)
        Scenario withHost = ScenarioReader.read("t.yaml", "host:\n  scheduler: cfq\n" + JOBS, List.of());
        Scenario noHost = ScenarioReader.read("t.yaml", JOBS, List.of());
        for (Scenario s : List.of(withHost, noHost)) {
            assertThat(s.host().writeCache()).isEqualTo(CacheOverride.AS_REPORTED);
            assertThat(s.host().fua()).isEqualTo(CacheOverride.AS_REPORTED);
        }
    }

    @Test
    void anExplicitContradictionIsTheKernelsTemporaryCacheTypeOverride() {
        // echo "temporary write through" > cache_type: the kernel stops flushing, the drive still caches
        Scenario s = ScenarioReader.read("t.yaml", JOBS, List.of("drive.write_cache=on", "host.write_cache=off", "host.fua=off"));
        assertThat(s.drive().spec().cache().writeCache()).isTrue();
        assertThat(s.host().writeCache()).isEqualTo(CacheOverride.OFF);
        assertThat(s.host().fua()).isEqualTo(CacheOverride.OFF);
    }

    @Test
    void anUnknownTunableIsReportedAtItsLineWithTheNamesTheSchedulerKnows() {
        assertThatThrownBy(() -> ScenarioReader.read("t.yaml", """
                host:
                  scheduler: deadline
                  tunables:
                    slice_idle: 8
                """ + JOBS, List.of()))
                .isInstanceOf(ScenarioException.class)
                .hasMessageStartingWith("t.yaml:4:5: host.tunables.slice_idle: unknown tunable for deadline; expected one of read_expire");
    }

    @Test
    void aBadTunableValueIsReportedAtTheValue() {
        assertThatThrownBy(() -> ScenarioReader.read("t.yaml", """
                host:
                  scheduler: anticipatory
                  tunables:
                    antic_expire: soon
                """ + JOBS, List.of()))
                .hasMessageStartingWith("t.yaml:4:19: host.tunables.antic_expire: expected an integer (milliseconds), got 'soon'");
    }

    @Test
    void overridesReachTunables() {
        Scenario s = ScenarioReader.read("t.yaml", "host:\n  scheduler: deadline\n" + JOBS,
                List.of("host.tunables.fifo_batch=1", "host.scheduler=mq-deadline"));
        assertThat(s.host().tunables()).containsEntry("fifo_batch", "1");
        assertThat(s.host().plugging()).isEqualTo(Plugging.PER_TASK);
        assertThat(s.host().driver()).isEqualTo(QueueFullHandling.MODERN);
    }

    /** write_cache and fua are known keys whether given or not (left out, the drive's report applies). */
    @Test
    void anUnknownHostKeyListsEveryHostKey() {
        assertThatThrownBy(() -> ScenarioReader.read("t.yaml", "host:\n  write_cahce: on\n" + JOBS, List.of()))
                .hasMessage("t.yaml:2:3: host.write_cahce: unknown key (did you mean 'write_cache'?); expected one of memory, scheduler, hz, tunables, queue_depth,"
                        + " max_sectors_kb, nr_requests, plugging, driver, write_cache, fua, barrier");
    }
}
