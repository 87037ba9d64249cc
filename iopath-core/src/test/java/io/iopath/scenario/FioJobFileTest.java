package io.iopath.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.iopath.result.FioJobOptions;
import io.iopath.workload.JobSpec;
import io.iopath.workload.ReadWrite;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FioJobFileTest {
    static final String FILE = """
            ; a comment
            # another
            [global]
            ioengine=libaio
            bs=8k
            size=1g
            filename=/dev/sdb
            cpus_allowed=0-3
            group_reporting

            [first]
            rw=randread:4
            iodepth=8
            number_ios=100

            [global]
            bs=16k

            [second]
            readwrite=randrw
            rwmixwrite=30
            bs=32k
            number_ios=50
            filename=/dev/sdc
            norandommap
            """;

    @Test
    void jobsInheritTheGlobalsWrittenBeforeThemAndLaterValuesWin() {
        FioJobFile f = FioJobFile.parse("jobs.fio", FILE);
        Scenario s = ScenarioReader.read(f.tree(), List.of());
        assertThat(s.name()).isEqualTo("jobs");
        JobSpec first = s.jobs().get(0);
        assertThat(first.name()).isEqualTo("first");
        assertThat(first.rw()).isEqualTo(ReadWrite.RANDREAD);
        assertThat(first.rwSuffix()).isEqualTo(4);
        assertThat(first.blockSize()).isEqualTo(8192);
        assertThat(first.iodepth()).isEqualTo(8);
        assertThat(first.ioengine()).isEqualTo("libaio");
        assertThat(first.size()).isEqualTo(1L << 30);
        JobSpec second = s.jobs().get(1);
        assertThat(second.rw()).isEqualTo(ReadWrite.RANDRW);
        assertThat(second.rwmixread()).isEqualTo(70);
        assertThat(second.blockSize()).isEqualTo(32768);
        assertThat(second.randomMap()).isFalse();
        assertThat(f.groupReporting()).isTrue();
    }

    @Test
    void unmodelledOptionsAreReportedOnceEach() {
        FioJobFile f = FioJobFile.parse("jobs.fio", FILE);
        assertThat(f.ignored()).containsExactly("filename", "cpus_allowed");
    }

    @Test
    void aJobWithoutEngineGetsFiosDefaultPsync() {
        FioJobFile f = FioJobFile.parse("x.fio", "[j]\nrw=read\nnumber_ios=1\niodepth=16\n");
        JobSpec j = ScenarioReader.read(f.tree(), List.of()).jobs().get(0);
        assertThat(j.ioengine()).isEqualTo("psync");
        assertThat(j.effectiveDepth()).isEqualTo(1);
        assertThat(f.notes()).singleElement().asString().contains("direct=0");
    }

    @Test
    void protectionInformationOptionsAreReadWithFiosChecks() {
        // no metadata on the bus (bs a multiple of 512, no md_per_io_size): simulated as a plain job
        FioJobFile plain = FioJobFile.parse("x.fio", "[j]\nioengine=io_uring_cmd\nrw=read\nnumber_ios=1\npi_chk=GUARD\napptag=0x0888\n");
        assertThat(ScenarioReader.read(plain.tree(), List.of()).jobs()).hasSize(1);
        FioJobFile sb = FioJobFile.parse("x.fio", "[j]\nioengine=io_uring_cmd\nrw=read\nnumber_ios=1\nmd_per_io_size=64\npi_act=0\n");
        // 512+8 in a separate buffer, the PI crossing the bus: simulated, the job's commands carrying the format
        assertThat(ScenarioReader.read(sb.tree(), List.of()).jobs().get(0).commands().format())
                .isEqualTo(new io.iopath.request.LbaFormat(512, 8, false, 1));
        FioJobFile few = FioJobFile.parse("x.fio", "[j]\nioengine=io_uring_cmd\nrw=read\nnumber_ios=1\nmd_per_io_size=4\n");
        assertThatThrownBy(() -> ScenarioReader.read(few.tree(), List.of()))
                .hasMessageContaining("md_per_io_size should be at least 8 bytes");
        FioJobFile ext = FioJobFile.parse("x.fio", "[j]\nioengine=io_uring_cmd\nrw=read\nnumber_ios=1\nbs=4100\npi_chk=GUARD\n");
        assertThatThrownBy(() -> ScenarioReader.read(ext.tree(), List.of()))
                .hasMessageContaining("jobs[0].bs:").hasMessageContaining("LBA data size + Metadata size");
        FioJobFile tag = FioJobFile.parse("x.fio", "[j]\nioengine=io_uring_cmd\nrw=read\nnumber_ios=1\napptag=0x10000\n");
        assertThatThrownBy(() -> ScenarioReader.read(tag.tree(), List.of()))
                .hasMessageContaining("jobs[0].apptag: expected a 16-bit tag");
    }

    @Test
    void commandLineOptionsAreTheDefaultsTheFileOverrides() {
        // init.c parse_cmd_line: fio FILE --iodepth=8 --bs=8k sets def_thread, which [global] and the sections override
        String text = "[global]\nbs=4k\nnumber_ios=1\n[a]\nrw=read\n[b]\nrw=read\niodepth=2\n";
        FioJobFile f = FioJobFile.parse("c.fio", text, Map.of(), false, List.of(), List.of("--iodepth=8", "--bs=8k",
                "--ioengine=libaio", "--filename=/dev/nvme0n1"));
        List<io.iopath.workload.JobSpec> jobs = ScenarioReader.read(f.tree(), List.of()).jobs();
        assertThat(jobs).extracting(io.iopath.workload.JobSpec::iodepth).containsExactly(8, 2);
        assertThat(jobs).extracting(io.iopath.workload.JobSpec::blockSize).containsExactly(4096L, 4096L);
        assertThat(jobs).extracting(io.iopath.workload.JobSpec::ioengine).containsExactly("libaio", "libaio");
        assertThat(f.ignored()).contains("filename"); // the drive is the device
        // an option fio does not know is fio's error; a bare word is not an option
        assertThatThrownBy(() -> FioJobFile.parse("c.fio", text, Map.of(), false, List.of(), List.of("--iodeptth=3")))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("not a fio option").hasMessageContaining("iodepth");
        assertThatThrownBy(() -> FioJobFile.parse("c.fio", text, Map.of(), false, List.of(), List.of("xnvme")))
                .hasMessageContaining("expected a fio job option --NAME=VALUE");
    }

    @Test
    void xnvmeRunsByTheKernelInterfaceItNames() {
        // examples/xnvme-pi.fio as its header runs it: --ioengine=xnvme --xnvme_async=io_uring_cmd
        String text = "[j]\nrw=read\nbs=4k\nnumber_ios=1\niodepth=16\n";
        java.util.function.Function<List<String>, io.iopath.workload.JobSpec> job = o -> ScenarioReader.read(
                FioJobFile.parse("x.fio", text, Map.of(), false, List.of(), o).tree(), List.of()).jobs().get(0);
        io.iopath.workload.JobSpec cmd = job.apply(List.of("--ioengine=xnvme", "--xnvme_async=io_uring_cmd"));
        assertThat(cmd.ioengine()).isEqualTo("io_uring_cmd");
        assertThat(cmd.passthrough()).isTrue();
        assertThat(job.apply(List.of("--ioengine=xnvme", "--xnvme_sync=psync")).effectiveDepth()).isEqualTo(1);
        assertThatThrownBy(() -> job.apply(List.of("--ioengine=xnvme")))
                .hasMessageContaining("name the interface libxnvme uses");
        assertThatThrownBy(() -> job.apply(List.of("--ioengine=xnvme", "--xnvme_be=spdk")))
                .hasMessageContaining("a user-space NVMe library past the kernel");
        assertThatThrownBy(() -> job.apply(List.of("--ioengine=xnvme", "--xnvme_sync=nvme")))
                .hasMessageContaining("synchronous NVMe pass-through ioctls");
        assertThatThrownBy(() -> job.apply(List.of("--xnvme_async=io_uring_cmd")))
                .hasMessageContaining("only applies with ioengine=xnvme");
    }

    @Test
    void overridesApplyToFioJobsAsToYaml() {
        FioJobFile f = FioJobFile.parse("x.fio", "[j]\nrw=read\nnumber_ios=1\n");
        JobSpec j = ScenarioReader.read(f.tree(), List.of("jobs[0].bs=64k")).jobs().get(0);
        assertThat(j.blockSize()).isEqualTo(65536);
    }

    @Test
    void badValuesPointAtTheLineAndColumnOfTheValue() {
        FioJobFile f = FioJobFile.parse("x.fio", "[j]\nrw=read\nbs = 4q\n");
        assertThatThrownBy(() -> ScenarioReader.read(f.tree(), List.of()))
                .isInstanceOf(ScenarioException.class)
                .hasMessage("x.fio:3:6: jobs[0].bs: expected a size such as 512, 4k, 1m or 90g, got '4q'");
    }

    @Test
    void repeatedSectionNamesAreSeparateJobsTheRepeatKeyedByOccurrence() {
        FioJobFile f = FioJobFile.parse("x.fio", """
                [global]
                rw=randread
                number_ios=10
                [job]
                bs=4k
                [other]
                wait_for=job
                [job]
                bs=64k
                write_bw_log
                [job]
                bs=8k
                """);
        Scenario s = ScenarioReader.read(f.tree(), List.of());
        assertThat(s.jobs()).extracting(JobSpec::name).containsExactly("job", "other", "job#2", "job#3");
        assertThat(s.jobs()).extracting(JobSpec::blockSize).containsExactly(4096L, 4096L, 65536L, 8192L);
        assertThat(s.jobs().get(1).control().waitFor()).isEqualTo("job"); // fio: the first job of that name
        assertThat(f.written().job("job#2")).containsExactly(new FioJobOptions.Option("bs", "64k"),
                new FioJobOptions.Option("write_bw_log", null));
        assertThat(f.written().job("job")).containsExactly(new FioJobOptions.Option("bs", "4k"));
        assertThat(f.logs("job#2").bwPrefix()).isEqualTo("job"); // fio names the log by the section
        assertThat(f.logs("job").bwPrefix()).isNull();
        assertThat(FioJobOptions.section("job#3")).isEqualTo("job");
        assertThat(FioJobOptions.section("job")).isEqualTo("job");
    }

    @Test
    void structuralErrors() {
        assertThatThrownBy(() -> FioJobFile.parse("x.fio", "rw=read\n")).hasMessageStartingWith("x.fio:1:1: expected a section header");
        assertThatThrownBy(() -> FioJobFile.parse("x.fio", "[global]\nrw=read\n")).hasMessageContaining("at least one job section");
        assertThatThrownBy(() -> FioJobFile.parse("x.fio", "[a\n")).hasMessageStartingWith("x.fio:1:1: expected a section header");
    }

    @Test
    void detectsJobFilesByNameOrContent() {
        assertThat(FioJobFile.looksLikeJobFile(Path.of("a.fio"), "")).isTrue();
        assertThat(FioJobFile.looksLikeJobFile(Path.of("a.yaml"), "[x]")).isFalse();
        assertThat(FioJobFile.looksLikeJobFile(Path.of("job"), "; c\n[global]\nrw=read\n")).isTrue();
        assertThat(FioJobFile.looksLikeJobFile(Path.of("job"), "name: x\njobs: []\n")).isFalse();
    }
}
