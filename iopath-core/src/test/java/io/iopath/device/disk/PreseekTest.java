package io.iopath.device.disk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.iopath.device.disk.bus.Preseek;
import io.iopath.device.disk.presets.DrivePresets;
import io.iopath.request.Op;
import io.iopath.request.Request;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DiskSim's {@code Preseeking level} ({@code disk_release_hda}, {@code
 * disk_buffer_stopable_access}): at level 0 a queued command takes the mechanism after a read
 * only once the host has the read's completion; iopath's own drives as soon as the read's media
 * is done. On the imported Cheetah 9LP a 4 KiB read's data crosses the bus at 0.105 ms a sector,
 * so its completion comes about 0.65 ms after its media.
 */
class PreseekTest {
    @TempDir
    Path dir;

    /** When the second of two queued reads starts its media work, and the first's completion. */
    private static long[] secondStartAndFirstCompletion(DriveSpec spec) {
        DriveHarness h = new DriveHarness(spec, 1, 0.0);
        long[] start = {-1};
        Request[] first = new Request[1];
        h.disk.setObserver(new DriveObserver() {
            @Override
            public void mediaStarted(Request command, long nowNs) {
                if (command != null && command.id == 1 && start[0] < 0) { // the second submitted
                    start[0] = nowNs;
                }
            }
        });
        first[0] = h.submit(Op.READ, 1_000_000, 8, 0);
        h.submit(Op.READ, 9_000_000, 8, 0);
        h.sim.run();
        return new long[] {start[0], first[0].completedNs};
    }

    private static DriveSpec cheetah() {
        return DrivePresets.find("cheetah9LP").orElseThrow().withQueue(16, DriveScheduler.SPTF).withWriteCache(false);
    }

    @Test
    void anImportedDriveTakesItsFilesLevelAndTheDatasheetPresetsPreseekBeforeCompletion() {
        assertThat(cheetah().overheads().preseek()).isEqualTo(Preseek.AFTER_COMPLETION); // Preseeking level = 0
        assertThat(DrivePresets.find("laptop-7200-250g").orElseThrow().overheads().preseek())
                .isEqualTo(Preseek.BEFORE_COMPLETION);
    }

    @Test
    void atLevelZeroTheNextReadWaitsForTheFirstsCompletion() {
        long[] t = secondStartAndFirstCompletion(cheetah());
        assertThat(t[0]).isEqualTo(t[1]);
    }

    @Test
    void beforeCompletionTheNextReadStartsOnceTheMediaIsDone() {
        long[] t = secondStartAndFirstCompletion(cheetah().withPreseek(Preseek.BEFORE_COMPLETION));
        // the first read's 8 sectors cross the bus in 0.84 ms, its media in about 0.2 ms
        assertThat(t[0]).isPositive().isLessThan(t[1] - 500_000);
    }

    @Test
    void aLevelOutsideZeroToTwoIsRefusedWithItsFileAndLine() throws Exception {
        Path presets = Path.of(PreseekTest.class.getResource("/io/iopath/device/disk/presets/disksim/cheetah9LP.diskspecs")
                .toURI()).getParent();
        for (String f : new String[] {"cheetah9LP.model", "cheetah9LP.seek"}) {
            Files.copy(presets.resolve(f), dir.resolve(f));
        }
        String specs = Files.readString(presets.resolve("cheetah9LP.diskspecs"));
        Path bad = dir.resolve("bad.diskspecs");
        Files.writeString(bad, specs.replace("Preseeking level = 0,", "Preseeking level = 3,"));
        assertThatThrownBy(() -> DrivePresets.load(bad))
                .hasMessageContaining("bad.diskspecs:")
                .hasMessageContaining("Preseeking level: expected a preseeking level 0..2, got 3");
    }
}
