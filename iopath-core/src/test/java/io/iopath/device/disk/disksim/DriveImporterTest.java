package io.iopath.device.disk.disksim;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.device.disk.DriveScheduler;
import io.iopath.device.disk.DriveSpec;
import io.iopath.device.disk.cache.ReadAhead;
import io.iopath.device.disk.presets.DiskSimPresets;
import io.iopath.device.disk.presets.DrivePresets;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class DriveImporterTest {
    /** DIXtrac-era files whose zones hold more LBNs than their Block count (docs/drive.md). */
    private static final Set<String> ZONES_EXCEED_BLOCK_COUNT =
            Set.of("atlas10k", "atlas_III", "barracuda", "cheetah4LP", "cheetah9LP", "ibm18es");

    static Stream<String> presets() {
        return DiskSimPresets.names().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("presets")
    void everyDiskSimDriveImportsWithItsNumbers(String name) {
        DiskSimDrive d = DiskSimPresets.load(name);
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

    /** DiskSim's policy numbers import as their policy or the nearest one iopath has. */
    @Test
    void diskSimPolicyNumbersImportAsTheirPolicyOrTheNearestOne() {
        assertThat(policy(1)).isEqualTo(DriveScheduler.FCFS);
        assertThat(policy(2)).isEqualTo(DriveScheduler.FCFS);
        assertThat(policy(3)).isEqualTo(DriveScheduler.CLOOK);
        assertThat(policy(4)).isEqualTo(DriveScheduler.SSTF);
        assertThat(policy(6)).isEqualTo(DriveScheduler.CLOOK);
        assertThat(policy(7)).isEqualTo(DriveScheduler.SSTF);
        assertThat(policy(8)).isEqualTo(DriveScheduler.SPTF);
        assertThat(policy(9)).isEqualTo(DriveScheduler.SPTF);
        assertThat(policy(10)).isEqualTo(DriveScheduler.SATF);
        assertThat(policy(11)).isEqualTo(DriveScheduler.WPTF);
        assertThat(policy(13)).isEqualTo(DriveScheduler.WPTF);
        assertThat(policy(14)).isEqualTo(DriveScheduler.ASPTF);
        assertThat(policy(16)).isEqualTo(DriveScheduler.ASPTF);
        assertThat(policy(28)).isEqualTo(DriveScheduler.FCFS);
    }

    /** Buffer continuous read 0 and 1 import as such; 2–4 are approximated as "until the segment is full". */
    @Test
    void readAheadModesImportByName() {
        assertThat(DriveImporter.readAhead(ReadAheadMode.OFF)).isEqualTo(ReadAhead.OFF);
        assertThat(DriveImporter.readAhead(ReadAheadMode.TO_END_OF_TRACK)).isEqualTo(ReadAhead.TRACK);
        // D1: each mode its own rule, mode 4 no longer folded into mode 3
        assertThat(DriveImporter.readAhead(ReadAheadMode.TO_END_OF_CYLINDER)).isEqualTo(ReadAhead.CYLINDER);
        assertThat(DriveImporter.readAhead(ReadAheadMode.UNTIL_SEGMENT_FULL)).isEqualTo(ReadAhead.SEGMENT);
        assertThat(DriveImporter.readAhead(ReadAheadMode.TRACK_AHEAD_OF_STREAM)).isEqualTo(ReadAhead.TRACK_END);
    }

    private static DriveScheduler policy(int code) {
        return DriveImporter.scheduler(SchedulingPolicy.ofCode(code).orElseThrow());
    }

    /** An extracted seek table is exact at every measured distance. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("presets")
    void extractedSeekTablesAreExactAtTheirPoints(String name) {
        DiskSimDrive d = DiskSimPresets.load(name);
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
