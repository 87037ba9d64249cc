package io.iopath.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.result.Result;
import io.iopath.scenario.ScenarioReader;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Under write-back a random writer's commands end in the drive's buffer (no seek, no rotation per
 * host command), and the media work is the destages': listed apart, per destage, it is there.
 */
class DestageTimeTest {
    private static Result run(String cache) {
        return ScenarioRun.run(ScenarioReader.read("wb.yaml", """
                name: wb
                drive: {preset: laptop-7200-250g, write_cache: %s}
                host: {queue_depth: 4}
                jobs:
                  - {name: w, rw: randwrite, bs: 4k, iodepth: 4, size: 50g, number_ios: 400}
                """.formatted(cache), List.of()));
    }

    @Test
    void writeBackMediaWorkIsCountedPerDestage() {
        Result r = run("on");
        assertThat(r.driveTime().seekMeanNs()).as("a write-back write does not seek").isZero();
        assertThat(r.driveTime().rotationMeanNs()).isZero();
        assertThat(r.destageTime().commands()).isEqualTo(r.driveQueue().destages()).isPositive();
        // random 4k destages over 50 GB: positioning of milliseconds, a transfer of a few sectors
        assertThat(r.destageTime().seekMeanNs()).isGreaterThan(1e6);
        assertThat(r.destageTime().rotationMeanNs()).isGreaterThan(1e6);
        assertThat(r.destageTime().transferMeanNs()).isPositive().isLessThan(r.destageTime().seekMeanNs());
    }

    @Test
    void writeThroughHasNoDestagesAndItsCommandsCarryTheMediaWork() {
        Result r = run("off");
        assertThat(r.destageTime().commands()).isZero();
        assertThat(r.driveTime().seekMeanNs()).isGreaterThan(1e6);
    }
}
