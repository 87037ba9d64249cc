package io.iopath.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.result.Result;
import io.iopath.scenario.ScenarioReader;
import java.util.List;
import java.util.SplittableRandom;
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
        SplittableRandom rnd = new SplittableRandom(seed);
        String[] drives = {"laptop-7200-250g", "cheetah-15k5-146g", "atlas10k", "hp_c2247a"};
        String[] schedulers = {"noop", "deadline", "cfq", "mq-deadline", "none", "bfq"};
        String[] handling = {"midlayer", "track-queue-full", "aic79xx", "modern"};
        String[] rws = {"randwrite", "randread", "randrw", "write"};
        String drive = drives[rnd.nextInt(drives.length)];
        StringBuilder yaml = new StringBuilder();
        yaml.append("seed: ").append(seed).append('\n');
        yaml.append("drive: {preset: ").append(drive).append(", write_cache: ").append(rnd.nextBoolean() ? "on" : "off").append("}\n");
        yaml.append("host: {queue_depth: ").append(1 + rnd.nextInt(64))
                .append(", scheduler: ").append(schedulers[rnd.nextInt(schedulers.length)])
                .append(", driver: ").append(handling[rnd.nextInt(handling.length)])
                .append(", plugging: ").append(rnd.nextBoolean() ? "legacy" : "per-task").append("}\n");
        if (rnd.nextInt(3) == 0) {
            yaml.append("power_failure: {at: ").append(20 + rnd.nextInt(150)).append("ms}\n");
        }
        yaml.append("jobs:\n");
        int jobs = 1 + rnd.nextInt(3);
        for (int j = 0; j < jobs; j++) {
            yaml.append("  - {name: j").append(j)
                    .append(", rw: ").append(rws[rnd.nextInt(rws.length)])
                    .append(", bs: 4k")
                    .append(", iodepth: ").append(1 + rnd.nextInt(32))
                    .append(", fsync: ").append(rnd.nextInt(3) * 8)
                    .append(", size: 500m")
                    .append(rnd.nextBoolean() ? ", number_ios: " + (50 + rnd.nextInt(400)) : ", runtime: " + (200 + rnd.nextInt(800)) + "ms")
                    .append("}\n");
        }
        ScenarioRun run = new ScenarioRun(ScenarioReader.read("stall-" + seed, yaml.toString(), List.of()));
        Result r = run.execute(done -> { });
        assertThat(r.host().stalledNs()).as("%s%nstalled %d ns, elapsed %d ns", yaml, r.host().stalledNs(), r.elapsedNs()).isLessThanOrEqualTo(r.elapsedNs());
    }
}
