package io.iopath.device.disk.disksim;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.device.disk.DrivePresets;
import io.iopath.device.disk.DriveSpec;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class DriveImporterTest {
    /** DIXtrac-era files whose zones hold more LBNs than their Block count (docs/drive.md). */
    private static final Set<String> ZONES_EXCEED_BLOCK_COUNT =
            Set.of("atlas10k", "atlas_III", "barracuda", "cheetah4LP", "cheetah9LP", "ibm18es");

    static Stream<String> presets() {
        return DiskSimFiles.presets().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("presets")
    void everyDiskSimDriveImportsWithItsNumbers(String name) {
        DiskSimDrive d = DiskSimFiles.loadPreset(name);
        DriveSpec s = DrivePresets.find(name).orElseThrow();
        DiskSimModel m = d.disk().model();
        assertThat(s.geometry().surfaces()).isEqualTo(m.surfaces());
        assertThat(s.geometry().zones()).hasSize(m.layout().zones().size());
        assertThat(s.rpm()).isEqualTo(m.mechanics().rpm());
        assertThat(s.headSwitchNs()).isEqualTo(Math.round(m.mechanics().headSwitchMs() * 1e6));
        assertThat(s.writeSettleNs()).isEqualTo(Math.round(m.mechanics().writeSettleMs() * 1e6));
        assertThat(s.maxQueueDepth()).isEqualTo(Math.max(1, d.disk().maxQueueLength()));
        OverheadMatrix o = d.disk().overheads();
        assertThat(s.overheads().commandNs(false, false, true)).isEqualTo(Math.round(o.readMissAfterWrite() * 1e6));
        if (ZONES_EXCEED_BLOCK_COUNT.contains(name)) {
            // DiskSim uses the zones' count (spec §2.2); the file's Block count is smaller
            assertThat(s.geometry().computedBlocks()).isGreaterThan(m.blockCount());
        } else {
            assertThat(s.geometry().computedBlocks()).isEqualTo(m.blockCount());
        }
    }

    /** An extracted seek table is exact at every measured distance. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("presets")
    void extractedSeekTablesAreExactAtTheirPoints(String name) {
        DiskSimDrive d = DiskSimFiles.loadPreset(name);
        if (!(d.disk().model().mechanics().seek() instanceof DiskSimSeek.Extracted e)) {
            return;
        }
        DriveSpec s = DrivePresets.find(name).orElseThrow();
        for (SeekTable.Point p : e.table().points()) {
            assertThat(s.readSeek().seekNs((int) p.distance())).as("%s d=%d", name, p.distance())
                    .isEqualTo(Math.round(p.readMs() * 1e6));
        }
    }
}
