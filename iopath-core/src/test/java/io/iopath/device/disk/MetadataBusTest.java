package io.iopath.device.disk;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.device.flash.FlashPresets;
import io.iopath.request.LbaFormat;
import io.iopath.device.flash.FlashSpec;
import io.iopath.request.Op;
import io.iopath.request.Request;
import org.junit.jupiter.api.Test;

/**
 * A drive formatted with metadata that crosses the bus (an NVMe LBA format 512+8 with PRACT
 * clear: {@link LbaFormat}) moves 520 bytes per sector at the same link rate; its media and
 * command overheads are untouched.
 */
class MetadataBusTest {
    /** The time a read hit on sectors already in the buffer takes, from its issue to its completion. */
    private static long readHitNs(DriveSpec spec, int sectors) {
        DriveHarness h = new DriveHarness(spec, 1, 0.0);
        h.submit(Op.READ, 10_000, sectors, 0); // a miss: the sectors are read into a segment
        h.sim.run();
        long issued = h.sim.now();
        Request hit = h.submit(Op.READ, 10_000, sectors, 0);
        h.sim.run();
        assertThat(hit.cacheHit).isTrue();
        return hit.completedNs - issued;
    }

    @Test
    void aReadHitOfNBlocksAt512Plus8TakesNTimes8BytesMoreBusTime() {
        DriveSpec plain = DriveHarness.laptop();
        // the laptop preset's link: 150 MB/s (SATA 1.5 Gb/s), 512 bytes in 3413 ns (3413.3 to the ns)
        assertThat(plain.overheads().busNsPerSector(false)).isEqualTo(3413);
        LbaFormat f = new LbaFormat(512, 8, false, 1);
        DriveSpec withMd = plain.withBusBytesPerSector(f.busBytesPerBlock(false));
        // 520 bytes at 150 MB/s: 3466.7 ns; kept as 3413 x 520 / 512 = 3466.3 -> 3466 ns, so 8 bytes cost 53 ns (53.3)
        assertThat(withMd.overheads().busNsPerSector(false)).isEqualTo(3466);
        assertThat(withMd.overheads().busNsPerSector(true)).isEqualTo(3466);
        for (int n : new int[] {1, 8, 64, 128}) {
            assertThat(readHitNs(withMd, n) - readHitNs(plain, n)).as("%d sectors", n).isEqualTo(n * 53L);
        }
    }

    @Test
    void prActWithEightBytesOfPiLeavesTheBusAsItWas() {
        // engines/nvme.c fio_nvme_get_info: PRACT and ms == 8, the controller inserts and strips the PI
        LbaFormat f = new LbaFormat(512, 8, true, 1);
        assertThat(f.busBytesPerBlock(true)).isEqualTo(512);
        DriveSpec plain = DriveHarness.laptop();
        assertThat(plain.withBusBytesPerSector(f.busBytesPerBlock(true))).isSameAs(plain);
        // 16 bytes of metadata: the 8 of PI are inserted, the other 8 still cross (ms stays 16)
        assertThat(new LbaFormat(512, 16, false, 1).busBytesPerBlock(true)).isEqualTo(528);
    }

    @Test
    void theMediaTimeOfAMissIsKept() {
        // a miss's media work (seek, rotation, media transfer) is the same; only its bus phase grows
        DriveSpec plain = DriveHarness.laptop();
        DriveSpec withMd = plain.withBusBytesPerSector(520);
        DriveHarness ha = new DriveHarness(plain, 1, 0.0);
        DriveHarness hb = new DriveHarness(withMd, 1, 0.0);
        Request a = ha.submit(Op.READ, 50_000, 64, 0);
        Request b = hb.submit(Op.READ, 50_000, 64, 0);
        ha.sim.run();
        hb.sim.run();
        assertThat(b.seekNs).isEqualTo(a.seekNs);
        assertThat(b.rotationNs).isEqualTo(a.rotationNs);
        // the bus streams behind the media and ends one (longer) sector after it, or later
        assertThat(b.completedNs - a.completedNs).isBetween(53L, 64 * 53L);
    }

    @Test
    void theFlashDrivesHostLinkGrowsTheSameWay() {
        FlashSpec f = FlashPresets.find(FlashPresets.MSR).orElseThrow();
        FlashSpec m = f.withBusBytesPerSector(520);
        long extra = f.busNs(1000) * 8 / 512; // 8 more bytes a sector at the link's rate
        assertThat(m.busNs(1000) - f.busNs(1000)).isBetween(extra - 1, extra + 1);
        assertThat(f.withBusBytesPerSector(512)).isSameAs(f);
        // only the link changes: flexible data placement, queue and cache are the drive's still
        FlashSpec fdp = FlashPresets.find(FlashPresets.MSR_FDP).orElseThrow();
        FlashSpec fdpMd = fdp.withBusBytesPerSector(520);
        assertThat(fdpMd.fdpHandles()).isEqualTo(fdp.fdpHandles()).isPositive();
        assertThat(fdpMd.maxQueue()).isEqualTo(fdp.maxQueue());
        assertThat(fdpMd.writeCachePages()).isEqualTo(fdp.writeCachePages());
    }
}
