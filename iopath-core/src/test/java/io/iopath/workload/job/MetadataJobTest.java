package io.iopath.workload.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.iopath.device.disk.presets.DrivePresets;
import io.iopath.scenario.FioJobFile;
import io.iopath.scenario.Scenario;
import io.iopath.scenario.ScenarioReader;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * fio jobs with NVMe metadata (md_per_io_size, an extended LBA block size, pi_act): the sectors
 * their commands address and the drive's bus they run on.
 */
class MetadataJobTest {
    private static Scenario read(String jobFile) {
        return ScenarioReader.read(FioJobFile.parse("pi.fio", jobFile, Map.of()).tree(), List.of());
    }

    private static final String EXT = "[w]\nfilename=/dev/ng0n1\nioengine=io_uring_cmd\ncmd_type=nvme\niodepth=4\nbs=4160\n"
            + "pi_act=0\npi_chk=GUARD,APPTAG,REFTAG\napptag=0x0888\napptag_mask=0xFFFF\n";

    @Test
    void anExtendedLbaJobAddressesOffsetOver520AndEightSectorsAnIo() {
        // examples/uring-cmd-pi-ext.fio: bs=4160 is eight 512+8 blocks; fio's slba = offset / lba_ext
        // (engines/nvme.h get_slba) and nlb = bs / lba_ext (get_nlb)
        JobHarness h = JobHarness.runFio(EXT + "rw=write\noffset=5200\nnumber_ios=100\n");
        List<JobHarness.Issue> io = h.data();
        assertThat(io).hasSize(100);
        for (int i = 0; i < io.size(); i++) {
            assertThat(io.get(i).sectors()).isEqualTo(8);
            assertThat(io.get(i).sector()).isEqualTo(10 + 8L * i); // 5200 / 520 = 10
        }
        // fio counts the buffer's bytes, data and metadata: 100 x 4160
        assertThat(h.stats().write.bytes).isEqualTo(100 * 4160L);
    }

    @Test
    void randomExtendedOffsetsAreWholeBlocksOf520() {
        List<JobHarness.Issue> io = JobHarness.runFio(EXT + "rw=randread\nsize=4160k\nnumber_ios=300\n").data();
        assertThat(io).hasSize(300);
        for (JobHarness.Issue q : io) {
            assertThat(q.sectors()).isEqualTo(8);
            assertThat(q.sector() % 8).isZero(); // offsets are multiples of 4160 = 8 x 520
            assertThat(q.sector() + q.sectors()).isLessThanOrEqualTo(4160L * 1024 / 520);
        }
    }

    @Test
    void theDrivesBusCarriesTheMetadataUnlessPrActStripsIt() {
        long plain = DrivePresets.find(DrivePresets.DEFAULT).orElseThrow().overheads().busNsPerSector(false);
        String sb = "[r]\nfilename=/dev/ng0n1\nioengine=io_uring_cmd\nrw=read\nbs=4096\nmd_per_io_size=64\nnumber_ios=10\n";
        // examples/uring-cmd-pi-sb.fio: 512+8 in a separate buffer, pi_act=0: 520 bytes a sector on the bus
        assertThat(read(sb + "pi_act=0\n").drive().spec().overheads().busNsPerSector(false)).isEqualTo((plain * 520 + 256) / 512);
        // pi_act=1 (fio's default) with 8 bytes of PI: the controller inserts and strips it, the bus is as before
        assertThat(read(sb + "pi_act=1\n").drive().spec().overheads().busNsPerSector(false)).isEqualTo(plain);
        assertThat(read(sb).drive().spec().overheads().busNsPerSector(false)).isEqualTo(plain);
        // and so is an extended 512+8 LBA with pi_act=1: offsets count 512 bytes again (ms = 0, no lba_ext)
        Scenario s = read(EXT.replace("pi_act=0", "pi_act=1").replace("bs=4160", "bs=4096") + "rw=read\nnumber_ios=1\n");
        assertThat(s.drive().spec().overheads().busNsPerSector(false)).isEqualTo(plain);
        assertThat(s.jobs().get(0).commands().hostSectorBytes()).isEqualTo(512);
    }

    @Test
    void jobsOnOneDriveShareItsFormat() {
        String two = "[global]\nfilename=/dev/ng0n1\nioengine=io_uring_cmd\nbs=4096\nnumber_ios=10\n"
                + "[a]\nrw=read\nmd_per_io_size=64\npi_act=0\n[b]\nrw=read\n";
        assertThatThrownBy(() -> read(two)).hasMessageContaining("the jobs share one drive, formatted one way");
    }

    @Test
    void piOptionsBelongToTheNvmeEngines() {
        // fio: psync has no md_per_io_size ("Bad option"); io_uring's needs apptag_mask 0xffff; extended needs NVMe commands
        assertThatThrownBy(() -> read("[j]\nrw=read\nbs=4k\nmd_per_io_size=64\nnumber_ios=1\n"))
                .hasMessageContaining("md_per_io_size: only applies with ioengine=io_uring, io_uring_cmd or xnvme");
        assertThatThrownBy(() -> read("[j]\nioengine=io_uring\nrw=read\nbs=4k\nmd_per_io_size=64\napptag_mask=0xff\nnumber_ios=1\n"))
                .hasMessageContaining("io_uring with metadata requires an apptag_mask of 0xffff");
        assertThatThrownBy(() -> read("[j]\nioengine=io_uring\nrw=read\nbs=4160\npi_act=0\nnumber_ios=1\n"))
                .hasMessageContaining("which only NVMe commands address");
        assertThatThrownBy(() -> read(EXT + "rw=write\nnumber_ios=1\nverify=crc32c\n"))
                .hasMessageContaining("verify cannot be used when E2E data protection is enabled");
        // io_uring through the block layer with a separate metadata buffer runs
        assertThat(read("[j]\nioengine=io_uring\nrw=read\nbs=4k\nmd_per_io_size=64\npi_act=0\nnumber_ios=1\n")
                .jobs().get(0).commands().busBytesPerSector()).isEqualTo(520);
    }
}
