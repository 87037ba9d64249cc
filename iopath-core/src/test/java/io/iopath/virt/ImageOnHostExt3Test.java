package io.iopath.virt;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.experiment.VirtualRun;
import io.iopath.result.VirtualResult;
import org.junit.jupiter.api.Test;

/**
 * The image as a file on the host's ext3: the same QEMU over another host path. A 2.6 host's
 * fdatasync of an overwritten, allocated image commits nothing and so sends no barrier: the
 * drive's cache is never flushed.
 */
class ImageOnHostExt3Test {
    private static VirtualResult run(String mode, String driveCache) {
        return new VirtualRun(VirtualDiskDurabilityTest.scenario("guest-on-ext3-image.yaml", "qemu.cache=" + mode,
                "drive.write_cache=" + driveCache, "power_failure.at=1500ms")).execute();
    }

    @Test
    void onA26HostFdatasyncNeverReachesTheDrivesCache() {
        VirtualResult on = run("directsync", "on");
        assertThat(on.hostFdatasyncs()).isPositive();
        assertThat(on.driveFlushes()).isZero();
        assertThat(on.powerLoss().guestFlushedLost()).isPositive();
        assertThat(on.powerLoss().drive().acknowledgedLost()).isPositive();
        // with the drive's cache off the same run keeps everything, and no write completes early
        VirtualResult off = run("directsync", "off");
        assertThat(off.powerLoss().guestAckedLost()).isZero();
        assertThat(off.completedBeforeDurable()).isZero();
    }

    @Test
    void theHostPageCacheOfTheImageFileIsCounted() {
        VirtualResult unsafe = run("unsafe", "off");
        assertThat(unsafe.powerLoss().hostPageCacheLost()).isPositive();
        assertThat(unsafe.powerLoss().guestFlushedLost()).isPositive();
        VirtualResult wt = run("writethrough", "off");
        assertThat(wt.powerLoss().guestFlushedLost()).isZero();
        assertThat(wt.completedBeforeDurable()).isZero();
    }
}
