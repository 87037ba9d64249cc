package io.iopath.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.iopath.device.disk.presets.DrivePresets;
import org.junit.jupiter.api.Test;

/**
 * iopath's drive model on DiskSim's real-drive validation traces, replayed closed-loop and
 * scored with DiskSim's own demerit (validation spec §4–§6). The bar of issue 3: at most
 * 1.25 × DiskSim 4.0's demerit. Figures are recorded in docs/validation.md.
 */
class DriveValidationTest {

    private static ValidationReport run(String drive, String trace) {
        try {
            return runOrThrow(drive, trace);
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static ValidationReport runOrThrow(String drive, String trace) throws java.net.URISyntaxException {
        return ValidationReport.of(DriveReplay.compare(BundledTracesTest.trace(trace),
                DrivePresets.find(drive).orElseThrow()));
    }

    @Test
    void atlas10kWithinAQuarterOfDiskSimsDemerit() {
        ValidationReport r = run("atlas10k", "atlas10k.trace");
        assertThat(r.requests()).isEqualTo(10_000);
        assertThat(r.measuredMeanMs()).isCloseTo(3.893, within(0.0005));
        assertThat(r.demeritMs()).isLessThanOrEqualTo(1.25 * 0.268);
        assertThat(r.simulatedMeanMs()).isCloseTo(r.measuredMeanMs(), within(0.02 * r.measuredMeanMs()));
    }

    @Test
    void hpC2247aWithinAQuarterOfDiskSimsDemerit() {
        ValidationReport r = run("hp_c2247a", "hp_c2247a.trace");
        assertThat(r.requests()).isEqualTo(9_999);
        assertThat(r.simulatedMeanMs()).isCloseTo(r.measuredMeanMs(), within(0.01 * r.measuredMeanMs()));
        assertThat(r.demeritMs()).isLessThanOrEqualTo(1.25 * 0.090);
    }

    @Test
    void replayIsDeterministic() {
        ValidationReport a = run("atlas10k", "atlas10k.trace");
        ValidationReport b = run("atlas10k", "atlas10k.trace");
        assertThat(a.demeritMs()).isEqualTo(b.demeritMs());
        assertThat(a.simulatedMeanMs()).isEqualTo(b.simulatedMeanMs());
    }
}
