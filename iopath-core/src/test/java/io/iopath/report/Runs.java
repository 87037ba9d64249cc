package io.iopath.report;

import io.iopath.experiment.ScenarioRun;
import io.iopath.result.Result;
import io.iopath.scenario.ScenarioReader;
import io.iopath.scenario.ScenarioYaml;
import java.util.List;

/** Small simulated runs for report tests: a second or less each. */
final class Runs {
    static final String MIXED = """
            # two jobs, reads and writes
            name: mixed-small
            seed: 5
            host: {queue_depth: 8}
            jobs:
              - {name: oltp, rw: randrw, rwmixread: 70, bs: 8k, iodepth: 4, size: 20g, number_ios: 1200}
              - {name: log, rw: write, bs: 64k, iodepth: 1, offset: 100g, size: 1g, number_ios: 200}
            """;

    private Runs() {
    }

    static Result mixed(String... overrides) {
        return ScenarioRun.run(ScenarioReader.read("mixed-small.yaml", MIXED, List.of(overrides)));
    }

    static ScenarioSource source(String... overrides) {
        return new ScenarioSource("mixed-small.yaml", List.of(overrides),
                ScenarioYaml.asRun("mixed-small.yaml", MIXED, List.of(overrides)));
    }
}
