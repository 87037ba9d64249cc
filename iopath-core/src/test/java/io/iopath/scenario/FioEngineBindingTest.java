package io.iopath.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.iopath.workload.FileJobSpec;
import io.iopath.workload.JobSpec;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How fio's engines bind: their submission semantics, where they run, and the engines and options refused by name. */
class FioEngineBindingTest {
    private static Scenario read(String text) {
        return ScenarioReader.read(FioJobFile.parse("e.fio", text, Map.of()).tree(), List.of());
    }

    @Test
    void fileOperationEnginesRunOnAFileSystemWithTheirFiles() {
        // t/jobs/t0035.fio's shape
        Scenario s = read("[global]\nsize=4k\n[job1]\nioengine=filecreate\nfilename=t0035file1\n[job4]\nioengine=dircreate\n"
                + "filename=t0035dir1\n");
        assertThat(s.filesystem()).isNotNull();
        assertThat(s.jobs()).extracting(JobSpec::ioengine).containsExactly("filecreate", "dircreate");
        assertThat(s.fileJobs().get(0).names()).containsExactly("t0035file1");
        assertThat(s.jobs().get(0).effectiveDepth()).isEqualTo(1); // FIO_SYNCIO
        // examples/dircreate-ioengine.fio: no filename, fio's job.clone.n names
        Scenario d = read("[global]\ncreate_on_open=1\nnrfiles=3\nioengine=dircreate\nfilesize=4k\n[t0]\n");
        assertThat(d.fileJobs().get(0).names()).containsExactly("t0.0.0", "t0.0.1", "t0.0.2");
    }

    @Test
    void aFileOperationEngineIsOnePassOverTheFiles() {
        assertThatThrownBy(() -> read("[c]\nioengine=filecreate\nnrfiles=2\nfilesize=4k\ntime_based\nruntime=5\n"))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("e.fio:").hasMessageContaining("time_based")
                .hasMessageContaining("one call per file");
    }

    @Test
    void cpuioNeedsARuntime() {
        assertThat(read("[burn]\nioengine=cpuio\ncpuload=50\nruntime=15\n").jobs().get(0).ioengine()).isEqualTo("cpuio");
        assertThatThrownBy(() -> read("[burn]\nioengine=cpuio\ncpuload=50\n")).isInstanceOf(ScenarioException.class)
                .hasMessageStartingWith("e.fio:2:10: jobs[0].ioengine: ioengine=cpuio needs runtime");
    }

    @Test
    void engineSubmissionSemantics() {
        String job = "[j]\nrw=read\niodepth=32\nnumber_ios=8\nioengine=";
        assertThat(read(job + "io_uring_cmd\ncmd_type=nvme\n").jobs().get(0)).satisfies(j -> {
            assertThat(j.effectiveDepth()).isEqualTo(32);
            assertThat(j.passthrough()).isTrue();
        });
        assertThat(read(job + "sg\n").jobs().get(0)).satisfies(j -> {
            assertThat(j.effectiveDepth()).isEqualTo(1); // SG_IO on a block device: one command at a time
            assertThat(j.passthrough()).isTrue();
        });
        assertThat(read(job + "libblkio\nlibblkio_driver=io_uring\n").jobs().get(0)).satisfies(j -> {
            assertThat(j.effectiveDepth()).isEqualTo(32);
            assertThat(j.passthrough()).isFalse(); // through the kernel's block layer
        });
        assertThat(read(job + "libblkio\nlibblkio_driver=virtio-blk-vfio-pci\n").jobs().get(0).passthrough()).isTrue();
        assertThat(read(job + "libcufile\ncuda_io=cufile\ndirect=1\n").jobs().get(0).effectiveDepth()).isEqualTo(1);
        assertThat(read(job + "libaio\n").jobs().get(0).passthrough()).isFalse();
    }

    @Test
    void libblkioNeedsAKnownDriver() {
        assertThatThrownBy(() -> read("[j]\nioengine=libblkio\nlibblkio_driver=virtio-net\nnumber_ios=1\n"))
                .hasMessageStartingWith("e.fio:3:17: jobs[0].libblkio_driver: expected one of io_uring,");
        assertThatThrownBy(() -> read("[j]\nioengine=libaio\nlibblkio_driver=io_uring\nnumber_ios=1\n"))
                .hasMessageContaining("libblkio_driver: only applies with ioengine=libblkio");
    }

    @Test
    void commandsTheDrivesDoNotHaveAreRefusedByOption() {
        assertThat(read("[w]\nioengine=sg\nrw=write\nsg_write_mode=write\nnumber_ios=2\n").jobs()).hasSize(1);
        assertThatThrownBy(() -> read("[w]\nioengine=sg\nrw=write\nsg_write_mode=write_stream\nnumber_ios=2\n"))
                .hasMessageStartingWith("e.fio:4:15: jobs[0].sg_write_mode: write_stream sends WRITE STREAM(16)");
        assertThatThrownBy(() -> read("[w]\nioengine=io_uring_cmd\ncmd_type=bsg\nrw=read\nread_mode=prefetch\nnumber_ios=2\n"))
                .hasMessageStartingWith("e.fio:5:11: read_mode: changes the workload").hasMessageContaining("PRE-FETCH");
        // flexible data placement needs an engine that fetches the reclaim unit handle status (FdpScenarioTest)
        assertThatThrownBy(() -> read("[w]\nioengine=sg\nfdp=1\nnumber_ios=2\n"))
                .hasMessageContaining("fdp: ").hasMessageContaining("engine (sg) lacks fetch ruhs");
    }

    @Test
    void sgsAsynchronousInterfaceIsRefused() {
        assertThatThrownBy(() -> read("[r]\nfilename=/dev/sg1\nioengine=sg\nnumber_ios=2\n"))
                .hasMessageStartingWith("e.fio:3:10: ioengine: sg on a character device (/dev/sg1) without direct=1");
        assertThat(read("[r]\nfilename=/dev/sg1\nioengine=sg\ndirect=1\nnumber_ios=2\n").jobs()).hasSize(1);
    }

    @Test
    void ftruncateRunsAsAFileJobWhateverDirectSays() {
        Scenario s = read("[j]\nioengine=ftruncate\ndirect=1\nsize=64k\nrw=write\n");
        assertThat(s.filesystem()).isNotNull();
        assertThat(s.jobs().get(0).ioengine()).isEqualTo("ftruncate");
        assertThatThrownBy(() -> read("[j]\nioengine=ftruncate\nsize=64k\nrw=write\nverify=md5\n"))
                .hasMessageContaining("verify: is not modelled with ioengine=ftruncate");
    }

    @Test
    void enginesWithoutAStorageMeaningHereAreRefusedByName() {
        for (String engine : List.of("e4defrag", "falloc", "dev-dax", "page_fault", "exec", "cpp_null")) {
            assertThatThrownBy(() -> read("[j]\nioengine=" + engine + "\nnumber_ios=1\n")).as(engine)
                    .isInstanceOf(ScenarioException.class).hasMessageStartingWith("e.fio:2:10: jobs[0].ioengine:")
                    .hasMessageContaining("'" + engine + "'");
        }
    }

    @Test
    void passThroughEnginesDoNotRunOnAFileSystem() {
        assertThatThrownBy(() -> read("[j]\nioengine=io_uring_cmd\nfilename=data\nsize=1m\n"))
                .hasMessageContaining("sends commands to the device itself");
    }

    @Test
    void clonesOfANamedFileShareItAndDefaultNamesAreEachClonesOwn() {
        // examples/fio-rand-RW.fio's shape
        Scenario s = read("[global]\nfilename=fio-rand-RW\nrw=randrw\ndirect=0\nnumjobs=4\ntime_based\nruntime=900\n"
                + "[file1]\nsize=10m\nioengine=libaio\niodepth=16\n");
        FileJobSpec files = s.fileJobs().get(0);
        assertThat(files.named()).isTrue();
        assertThat(files.forClone("file1", 3, 4).names()).containsExactly("fio-rand-RW");
        FileJobSpec own = read("[j]\nnumjobs=2\nfilesize=1m\nrw=read\n").fileJobs().get(0);
        assertThat(own.named()).isFalse();
        assertThat(own.forClone("j", 1, 2).names()).containsExactly("j.1.0");
    }
}
