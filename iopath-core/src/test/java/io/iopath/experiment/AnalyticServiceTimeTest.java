package io.iopath.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.iopath.device.disk.presets.DrivePresets;
import io.iopath.device.disk.DriveSpec;
import io.iopath.device.disk.geometry.Zone;
import io.iopath.device.disk.geometry.ZonedGeometry;
import io.iopath.device.disk.mechanics.SeekCurve;
import io.iopath.result.Result;
import io.iopath.scenario.ScenarioReader;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Queue depth 1, one-sector reads at uniformly random positions: nothing queues, so each
 * command's service time is overhead + seek + rotational latency + transfer, and each term has
 * an expectation that can be computed without the simulator.
 */
class AnalyticServiceTimeTest {
    private static final int IOS = 20_000;

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void serviceTimeIsOverheadPlusSeekPlusHalfARevolutionPlusTransfer(long seed) {
        String yaml = """
                seed: %d
                drive: {preset: laptop-7200-250g}
                host: {queue_depth: 1}
                jobs:
                  - {name: probe, rw: randread, bs: 512, iodepth: 1, number_ios: %d}
                """.formatted(seed, IOS);
        Result r = ScenarioRun.run(ScenarioReader.read("analytic.yaml", yaml, List.of()));
        DriveSpec d = DrivePresets.find("laptop-7200-250g").orElseThrow();
        double revolutionNs = 60e9 / d.rpm();

        assertThat(r.driveTime().rotationMeanNs()).isCloseTo(revolutionNs / 2, within(0.02 * revolutionNs / 2));

        ZonedGeometry g = d.geometry();
        SeekCurve seek = d.readSeek();
        double meanSeek = meanSeekBetweenUniformLbas(g, seek, d.headSwitchNs(), new SplittableRandom(99 + seed));
        double meanTransfer = 0;
        for (Zone z : g.zones()) {
            double share = (z.lastLba() - z.firstLba() + 1) / (double) g.capacitySectors();
            meanTransfer += share * revolutionNs / z.sectorsPerTrack();
        }
        double expected = d.overheads().commandNs(false, false, false) + meanSeek + revolutionNs / 2 + meanTransfer;
        assertThat(r.read().d2cMeanNs()).isCloseTo(expected, within(0.03 * expected));
        assertThat(r.read().ios()).isEqualTo(IOS);
    }

    /** Monte Carlo over the same distance distribution the job produces: independent uniform LBAs. */
    private static double meanSeekBetweenUniformLbas(ZonedGeometry g, SeekCurve seek, long headSwitchNs,
            SplittableRandom rnd) {
        int samples = 400_000;
        double sum = 0;
        for (int i = 0; i < samples; i++) {
            var from = g.toPhysical(rnd.nextLong(g.capacitySectors()));
            var to = g.toPhysical(rnd.nextLong(g.capacitySectors()));
            long s = seek.seekNs(to.cylinder() - from.cylinder());
            sum += Math.max(s, from.head() != to.head() ? headSwitchNs : 0);
        }
        return sum / samples;
    }
}
