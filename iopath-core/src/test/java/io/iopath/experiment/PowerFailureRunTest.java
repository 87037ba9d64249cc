package io.iopath.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.iopath.report.ResultJson;
import io.iopath.result.PowerLossReport;
import io.iopath.result.Result;
import io.iopath.scenario.Scenario;
import io.iopath.scenario.ScenarioException;
import io.iopath.scenario.ScenarioReader;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** A scenario's {@code power_failure: {at: T}}: the run ends at T with the drive's losses reported. */
class PowerFailureRunTest {

    private static Scenario scenario(String drive, String scheduler, boolean writeCache, int fsync, String at, long seed) {
        return ScenarioReader.read("pf.yaml", """
                name: pf
                seed: %d
                drive: {preset: %s, write_cache: %s}
                host: {scheduler: %s, queue_depth: 16}
                power_failure: {at: %s}
                jobs:
                  - {rw: randwrite, bs: 4k, iodepth: 4, numjobs: 3, fsync: %d, size: 20g, runtime: 5s}
                  - {rw: randread, bs: 8k, iodepth: 2, size: 20g, runtime: 5s}
                """.formatted(seed, drive, writeCache ? "on" : "off", scheduler, at, fsync), List.of());
    }

    static LongStream seeds() {
        return LongStream.rangeClosed(1, 16);
    }

    /**
     * Over seeded drives, schedulers, fsync intervals and failure times: a completed flush or FUA
     * never lost a write, and no writer has more than its fsync interval of writes at risk; with
     * the cache off nothing acknowledged is ever lost (write-through completes on the media).
     */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void noPromisedWriteIsLostAndWriteThroughLosesNothingAcknowledged(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        String drive = rnd.nextBoolean() ? "laptop-7200-250g" : "cheetah-15k5-146g";
        String scheduler = List.of("noop", "deadline", "cfq", "mq-deadline", "none", "bfq").get(rnd.nextInt(6));
        int fsync = rnd.nextInt(1, 12);
        String at = (300 + rnd.nextInt(2500)) + "ms";

        PowerLossReport cached = ScenarioRun.run(scenario(drive, scheduler, true, fsync, at, seed)).powerLoss();
        assertThat(cached.promisedLost()).isZero();
        // fio's writer waits for its fsync, so at most the fsync interval of its writes is at risk
        assertThat(cached.acknowledgedLost()).isLessThanOrEqualTo(3L * fsync);

        PowerLossReport writeThrough = ScenarioRun.run(scenario(drive, scheduler, false, fsync, at, seed)).powerLoss();
        assertThat(writeThrough.acknowledgedLost()).isZero();
        assertThat(writeThrough.promisedLost()).isZero();
    }

    @Test
    void withoutFsyncTheCacheLosesAcknowledgedWritesAndTheRunStopsAtTheFailure() {
        Result r = ScenarioRun.run(scenario("cheetah-15k5-146g", "mq-deadline", true, 0, "1500ms", 3));
        assertThat(r.powerLoss().atNs()).isEqualTo(1_500_000_000L);
        assertThat(r.powerLoss().acknowledgedLost()).isPositive();
        assertThat(r.powerLoss().acknowledgedLostBytes()).isEqualTo(4096L * r.powerLoss().acknowledgedLost());
        assertThat(r.powerLoss().promisedLost()).isZero();
        assertThat(r.elapsedNs()).isLessThanOrEqualTo(1_500_000_000L);
        // the jobs were set for 5 s: nothing ran after the failure
        assertThat(r.write().iops() * r.elapsedNs() / 1e9).isCloseTo(r.write().ios(), Offset.offset(1.0));
    }

    @Test
    void theSameScenarioGivesTheSameLosses() {
        Scenario s = scenario("laptop-7200-250g", "cfq", true, 0, "800ms", 5);
        assertThat(ResultJson.toText(ScenarioRun.run(s))).isEqualTo(ResultJson.toText(ScenarioRun.run(s)))
                .contains("\"power_failure\"").contains("\"acknowledged_lost\"").contains("\"promised_lost\" : 0");
    }

    @Test
    void aFailureTimeNeedsAUnitAndMustBeAfterTheStart() {
        assertThatThrownBy(() -> scenario("laptop-7200-250g", "noop", true, 0, "3", 1))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("power_failure.at")
                .hasMessageContaining("pf.yaml:5");
        assertThatThrownBy(() -> scenario("laptop-7200-250g", "noop", true, 0, "0s", 1))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("power_failure.at");
        assertThatThrownBy(() -> ScenarioReader.read("pf.yaml", "power_failure: {}\njobs: [{rw: read}]\n", List.of()))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("power_failure.at")
                .hasMessageContaining("such as 5s");
        assertThat(ScenarioReader.read("x.yaml", "jobs: [{rw: read, size: 1g}]\n", List.of()).powerFailureAtNs())
                .isEqualTo(Scenario.NO_POWER_FAILURE);
    }
}
