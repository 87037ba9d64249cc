package io.iopath.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.result.Result;
import io.iopath.scenario.ScenarioReader;
import io.iopath.workload.ReadWrite;
import io.iopath.workload.job.BlockJob;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every bio submitted completes exactly once, whatever the workload and queue depths. A second
 * completion throws inside the run (Bio.complete), so a clean run with matching counts proves it.
 */
class ConservationTest {

    static LongStream seeds() {
        return LongStream.rangeClosed(1, 300);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void everyBioCompletesExactlyOnce(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        // the data directions: trims need a drive with TRIM (FlashScenarioTest) or zonemode=zbd (zone resets, TrimStatsTest)
        List<String> rws = java.util.Arrays.stream(ReadWrite.values()).filter(r -> !r.trims() && !r.trimWrite()).map(r -> r.fioName).toList();
        String[] sizes = {"512", "4k", "8k", "64k", "128k", "1m"};
        int jobs = 1 + rnd.nextInt(3);
        StringBuilder yaml = new StringBuilder();
        yaml.append("seed: ").append(seed).append('\n');
        yaml.append("host: {queue_depth: ").append(1 + rnd.nextInt(64)).append("}\n");
        yaml.append("jobs:\n");
        long expected = 0;
        for (int j = 0; j < jobs; j++) {
            long ios = 1 + rnd.nextInt(300);
            expected += ios;
            yaml.append("  - {name: j").append(j)
                    .append(", rw: ").append(rws.get(rnd.nextInt(rws.size())))
                    .append(", rwmixread: ").append(rnd.nextInt(101))
                    .append(", bs: ").append(sizes[rnd.nextInt(sizes.length)])
                    .append(", iodepth: ").append(1 + rnd.nextInt(48))
                    .append(", offset: ").append(rnd.nextInt(180)).append("g")
                    .append(", size: ").append(1 + rnd.nextInt(40)).append("g")
                    .append(", number_ios: ").append(ios).append("}\n");
        }
        ScenarioRun run = new ScenarioRun(ScenarioReader.read("seed-" + seed, yaml.toString(), List.of()));
        Result r = run.execute(done -> { });
        assertThat(run.simulator().pendingEvents()).isZero();
        for (BlockJob job : run.jobs()) {
            assertThat(job.completed()).isEqualTo(job.issued()).isEqualTo(job.spec().numberIos());
            assertThat(job.inFlight()).isZero();
        }
        assertThat(r.total().ios()).isEqualTo(expected);
        assertThat(r.read().ios() + r.write().ios()).isEqualTo(expected);
    }
}
