package io.iopath.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.iopath.virt.Aio;
import io.iopath.virt.CacheMode;
import io.iopath.virt.QemuConfig;
import io.iopath.virt.VirtualDiskModel;
import java.util.List;
import org.junit.jupiter.api.Test;

class VirtualSectionTest {
    private static final String GUEST = """
            guest:
              jobs:
                - {rw: randwrite, bs: 4k, size: 1g, number_ios: 10, direct: 1}
            """;

    private static VirtualScenario read(String qemu, String... overrides) {
        return ScenarioReader.readVirtual("v.yaml", "drive: {preset: laptop-7200-250g}\n" + qemu + GUEST, List.of(overrides));
    }

    @Test
    void aModeIsAShortcutForTheThreeBooleans() {
        assertThat(read("qemu: {cache: writeback}\n").qemu().cache()).isEqualTo(new CacheMode(true, false, false));
        assertThat(read("qemu: {cache: none}\n").qemu().cache()).isEqualTo(new CacheMode(true, true, false));
        assertThat(read("qemu: {cache: writethrough}\n").qemu().cache()).isEqualTo(new CacheMode(false, false, false));
        assertThat(read("qemu: {cache: directsync}\n").qemu().cache()).isEqualTo(new CacheMode(false, true, false));
        assertThat(read("qemu: {cache: unsafe}\n").qemu().cache()).isEqualTo(new CacheMode(true, false, true));
        // the booleans override the mode they start from
        CacheMode m = read("qemu: {cache: none, no_flush: on}\n").qemu().cache();
        assertThat(m).isEqualTo(new CacheMode(true, true, true));
        assertThat(m.label()).isEqualTo("writeback=on,direct=on,no-flush=on");
        assertThat(read("qemu: {cache: writethrough, direct: on}\n").qemu().cache().label()).isEqualTo("directsync");
    }

    @Test
    void theDefaultsAreTodaysWritebackOnVirtioBlkOverTheWholeDrive() {
        QemuConfig q = read("qemu: {}\n").qemu();
        assertThat(q.cache()).isEqualTo(CacheMode.WRITEBACK);
        assertThat(q.device()).isEqualTo(VirtualDiskModel.VIRTIO_BLK);
        assertThat(q.aio()).isEqualTo(Aio.THREADS);
        assertThat(q.queueDepth()).isEqualTo(128);
        assertThat(q.latencyNs()).isEqualTo(QemuConfig.VIRTIO_LATENCY_NS + QemuConfig.THREAD_POOL_NS);
        assertThat(q.volumeOffsetBytes()).isZero();
        assertThat(q.volumeSizeBytes()).isEqualTo(250_000_000_000L / 4096 * 4096);
        assertThat(read("qemu: {device: ide-2008}\n").qemu().queueDepth()).isEqualTo(1);
    }

    @Test
    void whatTheGuestSeesFollowsTheModelAndCacheWriteback() {
        assertThat(VirtualDiskModel.VIRTIO_BLK.guestSees(CacheMode.WRITEBACK).enabled()).isTrue();
        assertThat(VirtualDiskModel.VIRTIO_BLK.guestSees(CacheMode.WRITETHROUGH).enabled()).isFalse();
        assertThat(VirtualDiskModel.VIRTIO_BLK_NOFLUSH.guestSees(CacheMode.WRITEBACK).enabled()).isFalse();
        assertThat(VirtualDiskModel.IDE_2008.guestSees(CacheMode.NONE).enabled()).isFalse();
    }

    @Test
    void badInputNamesTheFileTheLineAndTheField() {
        assertThatThrownBy(() -> read("qemu: {cache: off}\n"))
                .isInstanceOf(ScenarioException.class)
                .hasMessageStartingWith("v.yaml:2:")
                .hasMessageContaining("qemu.cache: expected one of writeback, none, writethrough, directsync, unsafe, got 'off'");
        assertThatThrownBy(() -> read("qemu: {cache: writeback, aio: native}\n"))
                .hasMessageContaining("qemu.aio: aio: native needs the host page cache bypassed");
        assertThatThrownBy(() -> read("qemu: {device: ide-2008, queue_depth: 4}\n"))
                .hasMessageContaining("qemu.queue_depth: expected 1: the 2008 IDE emulation takes one command at a time");
        assertThatThrownBy(() -> read("qemu: {device: scsi}\n"))
                .hasMessageContaining("qemu.device: expected one of virtio-blk, virtio-blk-noflush, ide-2008");
        assertThatThrownBy(() -> read("qemu: {volume: {offset: 1000}}\n"))
                .hasMessageContaining("qemu.volume.offset: expected a 4 KiB-aligned offset");
        assertThatThrownBy(() -> read("qemu: {volume: {offset: 200g, size: 90g}}\n"))
                .hasMessageContaining("qemu.volume.size: expected a multiple of 4 KiB that ends inside the drive");
        assertThatThrownBy(() -> read("qemu: {cahce: none}\n"))
                .hasMessageContaining("qemu.cahce: unknown key");
        assertThatThrownBy(() -> ScenarioReader.readVirtual("v.yaml", "qemu: {}\nguest: {}\n", List.of()))
                .hasMessageContaining("guest.jobs: expected a list of at least one job");
        assertThatThrownBy(() -> ScenarioReader.readVirtual("v.yaml", GUEST, List.of()))
                .hasMessageContaining("qemu: expected a qemu: section");
        assertThatThrownBy(() -> ScenarioReader.readVirtual("v.yaml", "qemu: {}\n", List.of()))
                .hasMessageContaining("guest: expected a guest: section");
        assertThatThrownBy(() -> ScenarioReader.readVirtual("v.yaml", "qemu: {}\njobs: []\n" + GUEST, List.of()))
                .hasMessageStartingWith("v.yaml:2:")
                .hasMessageContaining("jobs: a virtual-disk scenario's workload runs in the guest");
        assertThatThrownBy(() -> ScenarioReader.readVirtual("v.yaml", "qemu: {}\nfilesystem: {type: ext3, size: 1g}\n" + GUEST, List.of()))
                .hasMessageContaining("qemu.image: expected the image file on the host's file system");
        assertThatThrownBy(() -> ScenarioReader.readVirtual("v.yaml", "qemu: {image: {file: d.img, size: 1g}}\n" + GUEST, List.of()))
                .hasMessageContaining("qemu.image: an image file needs the host's file system");
        assertThatThrownBy(() -> ScenarioReader.readVirtual("v.yaml",
                "filesystem: {type: ext3, size: 1g}\nqemu: {image: {file: d.img, size: 2g}}\n" + GUEST, List.of()))
                .hasMessageContaining("qemu.image.size: expected a multiple of 4 KiB of at most");
        assertThatThrownBy(() -> ScenarioReader.readVirtual("v.yaml",
                "filesystem: {type: ext3, size: 1g}\nqemu: {volume: {size: 1g}}\n" + GUEST, List.of()))
                .hasMessageContaining("qemu.volume: the host has a filesystem: section, so the image is a file on it");
        VirtualScenario file = ScenarioReader.readVirtual("v.yaml",
                "filesystem: {type: ext3, size: 2g}\nqemu: {image: {file: d.img, size: 1g}}\n" + GUEST, List.of());
        assertThat(file.qemu().imageFile()).isEqualTo("d.img");
        assertThat(file.qemu().volumeSizeBytes()).isEqualTo(1L << 30);
        // and a plain run refuses a guest scenario instead of ignoring the guest
        assertThatThrownBy(() -> ScenarioReader.read("v.yaml", "qemu: {}\n" + GUEST, List.of()))
                .hasMessageContaining("guest: a guest on a virtual disk runs with 'iopath run FILE', 'iopath sweep FILE' or iopath-spark's sweep only");
    }
}
