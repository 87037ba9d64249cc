package io.iopath.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.iopath.device.Transport;
import io.iopath.device.disk.DriveScheduler;
import io.iopath.device.disk.bus.Preseek;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The scenario's {@code drive:} section: a preset or a parameter file, plus drive settings. */
class DriveSectionTest {
    private static String yaml(String drive) {
        return """
                name: t
                drive: %s
                jobs:
                  - {rw: randread, bs: 4k, size: 100m, number_ios: 10}
                """.formatted(drive);
    }

    private static Scenario read(String drive) {
        return ScenarioReader.read("s.yaml", yaml(drive), List.of());
    }

    @Test
    void settingsApplyToThePreset() {
        Scenario s = read("{preset: cheetah-15k5-146g, write_cache: off, queue_depth: 16, scheduler: clook}");
        assertThat(s.drive().preset()).isEqualTo("cheetah-15k5-146g");
        assertThat(s.drive().spec().cache().writeCache()).isFalse();
        assertThat(s.drive().spec().maxQueueDepth()).isEqualTo(16);
        assertThat(s.drive().spec().scheduler()).isEqualTo(DriveScheduler.CLOOK);
        assertThat(read("{preset: laptop-7200-250g}").drive().spec().cache().writeCache()).isTrue();
    }

    @Test
    void theDirtyAgeLimitIsOffUnlessSet() {
        assertThat(read("{preset: laptop-7200-250g}").drive().spec().cache().maxDirtyAgeNs()).isZero();
        assertThat(read("{preset: cheetah-15k5-146g, max_dirty_age: 500ms}").drive().spec().cache().maxDirtyAgeNs())
                .isEqualTo(500_000_000L);
        assertThatThrownBy(() -> read("{preset: laptop-7200-250g, max_dirty_age: soon}"))
                .hasMessageContaining("drive.max_dirty_age");
    }

    @Test
    void aQueuedCommandsOverheadRunsFromItsArrivalOnImportsUnlessSet() {
        assertThat(read("{preset: laptop-7200-250g}").drive().spec().overheads().overheadFromArrival()).isFalse();
        assertThat(read("{preset: atlas10k}").drive().spec().overheads().overheadFromArrival()).isTrue();
        assertThat(read("{preset: atlas10k, overhead_from_arrival: off}").drive().spec().overheads()
                .overheadFromArrival()).isFalse();
        assertThat(read("{preset: cheetah-15k5-146g, overhead_from_arrival: on}").drive().spec().overheads()
                .overheadFromArrival()).isTrue();
        assertThatThrownBy(() -> read("{preset: atlas10k, overhead_from_arrival: maybe}"))
                .hasMessageContaining("drive.overhead_from_arrival");
    }

    @Test
    void thePreseekPointIsTheDrivesUnlessSet() {
        assertThat(read("{preset: laptop-7200-250g}").drive().spec().overheads().preseek())
                .isEqualTo(Preseek.BEFORE_COMPLETION);
        assertThat(read("{preset: cheetah9LP}").drive().spec().overheads().preseek())
                .isEqualTo(Preseek.AFTER_COMPLETION);
        assertThat(read("{preset: cheetah9LP, preseek: before_completion}").drive().spec().overheads().preseek())
                .isEqualTo(Preseek.BEFORE_COMPLETION);
        assertThat(read("{preset: laptop-7200-250g, preseek: during_completion}").drive().spec().overheads()
                .preseek()).isEqualTo(Preseek.DURING_COMPLETION);
        assertThatThrownBy(() -> read("{preset: atlas10k, preseek: early}"))
                .hasMessageContaining("drive.preseek").hasMessageContaining("after_completion");
    }

    @Test
    void theTransportIsThePresetsUnlessSet() {
        assertThat(read("{preset: laptop-7200-250g}").drive().spec().transport()).isEqualTo(Transport.SATA_NCQ);
        assertThat(read("{preset: cheetah-15k5-146g}").drive().spec().transport()).isEqualTo(Transport.SCSI);
        assertThat(read("{preset: hp_c2247a}").drive().spec().transport()).isEqualTo(Transport.SCSI);
        assertThat(read("{preset: laptop-7200-250g, transport: scsi}").drive().spec().transport())
                .isEqualTo(Transport.SCSI);
        assertThat(read("{preset: seagate-18g-scsi, transport: sata-ncq}").drive().spec().transport())
                .isEqualTo(Transport.SATA_NCQ);
        assertThatThrownBy(() -> read("{preset: laptop-7200-250g, transport: sata}"))
                .hasMessageContaining("drive.transport").hasMessageContaining("sata-ncq");
    }

    @Test
    void aDiskSimPresetAndAParameterFileBothWork() {
        assertThat(read("{preset: hp_c2247a}").drive().spec().geometry().surfaces()).isEqualTo(13);
        Scenario f = read("{file: ../iopath-core/src/main/resources/io/iopath/device/disk/presets/disksim/atlas10k.parv}");
        assertThat(f.drive().spec().rpm()).isEqualTo(10025);
    }

    @Test
    void badValuesNameTheField() {
        assertThatThrownBy(() -> read("{preset: floppy}"))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("drive.preset")
                .hasMessageContaining("floppy");
        assertThatThrownBy(() -> read("{preset: laptop-7200-250g, scheduler: elevator}"))
                .hasMessageContaining("drive.scheduler").hasMessageContaining("sptf");
        assertThatThrownBy(() -> read("{preset: laptop-7200-250g, write_cache: maybe}"))
                .hasMessageContaining("drive.write_cache");
        assertThatThrownBy(() -> read("{preset: laptop-7200-250g, queue_depth: 0}"))
                .hasMessageContaining("drive.queue_depth");
        assertThatThrownBy(() -> read("{preset: laptop-7200-250g, file: x.parv}"))
                .hasMessageContaining("either preset or file");
        assertThatThrownBy(() -> read("{preset: laptop-7200-250g, wce: on}"))
                .hasMessageContaining("wce");
    }
}
