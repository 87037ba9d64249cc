package io.iopath.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.result.Result;
import io.iopath.scenario.ScenarioReader;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The driver's device_blocked stall time is a part of the run: summed over all stalls it can never
 * exceed the simulated time the run took, whatever the drive, its queue, the host's queue depth,
 * the driver's QUEUE FULL handling, flushes, the write cache and a power failure. (It did exceed
 * it: an episode open when a power failure cut the run counted up to the cut, after the last
 * completion; seeds 11 and 35 here.)
 */
class StallBoundTest {

    static LongStream seeds() {
        return LongStream.rangeClosed(1, 60);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void stallTimeIsBoundedByTheRun(long seed) {
        String yaml = RandomStallScenario.yaml(seed,
                new String[] {"laptop-7200-250g", "cheetah-15k5-146g", "atlas10k", "hp_c2247a"}, 64, false);
        ScenarioRun run = new ScenarioRun(ScenarioReader.read("stall-" + seed, yaml, List.of()));
        Result r = run.execute(done -> { });
        assertThat(r.host().stalledNs()).as("%s%nstalled %d ns, elapsed %d ns", yaml, r.host().stalledNs(), r.elapsedNs()).isLessThanOrEqualTo(r.elapsedNs());
    }
}
