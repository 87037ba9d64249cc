package io.iopath.driver;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.experiment.RandomStallScenario;
import io.iopath.experiment.ScenarioRun;
import io.iopath.result.Result;
import io.iopath.scenario.ScenarioReader;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A run's driver folds the device_blocked episodes inside its span so far (issue 16): on a drive
 * with a command queue of 1 under host queue depth 4 there is an episode per request, and the
 * driver keeps a few of them however many requests the run makes; and the run's stall figures
 * are those of a driver that keeps every episode, whatever the drive, host, jobs and power
 * failure.
 */
class StallLogRunTest {

    @Test
    void aQueueOfOneKeepsAFewEpisodesOverManyRequests() {
        String yaml = """
                seed: 3
                drive: {preset: hp_c2249a}
                host: {queue_depth: 4}
                jobs:
                  - {name: r, rw: randread, bs: 4k, iodepth: 4, number_ios: 20000}
                """;
        ScenarioRun run = new ScenarioRun(ScenarioReader.read("queue-1", yaml, List.of()));
        Result r = run.execute(done -> { });
        assertThat(r.total().ios()).isEqualTo(20_000);
        assertThat(run.driver().stalls()).isGreaterThanOrEqualTo(15_000); // about one a request
        assertThat(r.host().stalls()).isGreaterThanOrEqualTo(15_000);
        assertThat(run.driver().stallLog().mostKept()).isLessThanOrEqualTo(8);
    }

    static LongStream seeds() {
        return LongStream.rangeClosed(1, 30);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void foldingGivesTheFiguresOfKeepingEveryEpisode(long seed) {
        String yaml = scenario(seed);
        Result folded = new ScenarioRun(ScenarioReader.read("stall-" + seed, yaml, List.of())).execute(done -> { });
        ScenarioRun keepAll = new ScenarioRun(ScenarioReader.read("stall-" + seed, yaml, List.of()));
        keepAll.driver().foldStallsWithin(null);
        Result kept = keepAll.execute(done -> { });
        assertThat(folded.host().stalls()).as(yaml).isEqualTo(kept.host().stalls());
        assertThat(folded.host().stalledNs()).as(yaml).isEqualTo(kept.host().stalledNs());
        assertThat(keepAll.driver().stallLog().kept()).as(yaml).isEqualTo((int) keepAll.driver().stallLog().episodes()
                - (keepAll.driver().stallLog().open() ? 1 : 0));
    }

    private static String scenario(long seed) {
        // StallBoundTest's, with the queue-1 drive among the drives
        return RandomStallScenario.yaml(seed, new String[] {"hp_c2249a", "cheetah-15k5-146g", "atlas10k", "hp_c2247a"}, 16, true);
    }
}
