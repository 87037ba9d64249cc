package io.iopath.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.report.ResultJson;
import io.iopath.scenario.Scenario;
import io.iopath.scenario.ScenarioReader;
import java.util.List;
import org.junit.jupiter.api.Test;

class DeterminismTest {
    private static final String YAML = """
            seed: 11
            host: {queue_depth: 8}
            jobs:
              - {name: mix, rw: randrw, rwmixread: 70, bs: 16k, iodepth: 8, size: 20g, number_ios: 3000}
              - {name: stream, rw: write, bs: 64k, iodepth: 2, offset: 100g, size: 1g, number_ios: 500}
            """;

    @Test
    void theSameScenarioAndSeedGiveByteIdenticalResults() {
        Scenario s = ScenarioReader.read("d.yaml", YAML, List.of());
        String first = ResultJson.toText(ScenarioRun.run(s));
        String second = ResultJson.toText(ScenarioRun.run(ScenarioReader.read("d.yaml", YAML, List.of())));
        assertThat(second).isEqualTo(first);
    }

    @Test
    void anotherSeedGivesAnotherRun() {
        String a = ResultJson.toText(ScenarioRun.run(ScenarioReader.read("d.yaml", YAML, List.of())));
        String b = ResultJson.toText(ScenarioRun.run(ScenarioReader.read("d.yaml", YAML, List.of("seed=12"))));
        assertThat(b).isNotEqualTo(a);
    }

    @Test
    void runsInParallelThreadsGiveTheSameBytesAsASequentialRun() throws Exception {
        Scenario s = ScenarioReader.read("d.yaml", YAML, List.of());
        String sequential = ResultJson.toText(ScenarioRun.run(s));
        var pool = java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            var a = pool.submit(() -> ResultJson.toText(ScenarioRun.run(s)));
            var b = pool.submit(() -> ResultJson.toText(ScenarioRun.run(s)));
            assertThat(a.get()).isEqualTo(sequential);
            assertThat(b.get()).isEqualTo(sequential);
        } finally {
            pool.shutdownNow();
        }
    }
}
