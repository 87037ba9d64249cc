package io.iopath.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.iopath.workload.FileJobSpec;
import io.iopath.workload.JobSpec;
import io.iopath.workload.ReadWrite;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** fio job files whose jobs name files, or ask for buffered IO: file jobs on a file system. */
class FioFileJobsTest {
    static final String FILES = """
            [global]
            rw=write
            bs=64k
            directory=/mnt/test
            [writer]
            filename=/mnt/test/data.0:log.1
            filesize=16m
            fsync=16
            end_fsync=1
            create_on_open=1
            [reader]
            rw=read
            nrfiles=2
            filesize=8m
            unlink=1
            direct=1
            """;

    private static Scenario read(String text, List<String> overrides) {
        return ScenarioReader.read(FioJobFile.parse("f.fio", text, Map.of(), overrides.stream()
                .anyMatch(o -> o.startsWith("filesystem."))).tree(), overrides);
    }

    @Test
    void jobsThatNameFilesRunOnADefaultExt3WithFiosBufferedDefault() {
        Scenario s = read(FILES, List.of());
        assertThat(s.filesystem()).isNotNull();
        assertThat(s.filesystem().type()).isEqualTo("ext3");
        JobSpec writer = s.jobs().get(0);
        assertThat(writer.rw()).isEqualTo(ReadWrite.WRITE);
        assertThat(writer.direct()).isFalse(); // fio's default direct=0
        assertThat(writer.size()).isEqualTo(2 * (16L << 20));
        FileJobSpec wf = s.fileJobs().get(0);
        assertThat(wf.names()).containsExactly("data.0", "log.1"); // the last path component, in the root
        assertThat(wf.fileSize()).isEqualTo(16L << 20);
        assertThat(wf.fsync()).isEqualTo(16);
        assertThat(wf.endFsync()).isTrue();
        assertThat(wf.createOnOpen()).isTrue();
        JobSpec reader = s.jobs().get(1);
        assertThat(reader.direct()).isTrue();
        FileJobSpec rf = s.fileJobs().get(1);
        assertThat(rf.names()).containsExactly("reader.0.0", "reader.0.1"); // fio's names
        assertThat(rf.fileSize()).isEqualTo(8L << 20);
        assertThat(rf.unlink()).isTrue();
        FioJobFile f = FioJobFile.parse("f.fio", FILES, Map.of());
        assertThat(f.notes()).anyMatch(n -> n.contains("file system")).anyMatch(n -> n.contains("directory="))
                .noneMatch(n -> n.contains("simulated as direct=1"));
        assertThat(f.ignored()).doesNotContain("filename", "directory", "filesize");
    }

    @Test
    void theFileSystemTypeComesFromSet() {
        assertThat(read(FILES, List.of("filesystem.type=xfs")).filesystem().type()).isEqualTo("xfs");
    }

    @Test
    void setFilesystemPutsAJobFileThatNamesNoFileOnFiles() {
        Scenario s = read("[j]\nrw=read\nsize=4m\n", List.of("filesystem.type=reiserfs"));
        assertThat(s.filesystem().type()).isEqualTo("reiserfs");
        assertThat(s.jobs().get(0).direct()).isFalse();
        assertThat(s.fileJobs().get(0).names()).containsExactly("j.0.0");
    }

    @Test
    void directZeroAloneMakesFileJobs() {
        Scenario s = read("[j]\nrw=randread\nsize=4m\ndirect=0\n", List.of());
        assertThat(s.filesystem()).isNotNull();
        assertThat(s.fileJobs().get(0).fileSize()).isEqualTo(4L << 20);
    }

    @Test
    void aJobFileNamingOnlyDevicesStaysOnTheDrive() {
        Scenario s = read("[j]\nfilename=/dev/sdb\nrw=read\nsize=4m\ndirect=1\n", List.of());
        assertThat(s.filesystem()).isNull();
        assertThatThrownBy(() -> read("[j]\nfilename=/dev/sdb\nrw=read\nsize=4m\ndirect=0\n", List.of()))
                .hasMessageContaining("direct");
        assertThatThrownBy(() -> read("[j]\nfilename=/dev/sdb\nrw=read\nsize=4m\nfilesize=1m\n", List.of()))
                .hasMessageContaining("filesize");
    }

    @Test
    void anODirectJobThatOnlyNamesAFileStaysOnTheDrive() {
        Scenario s = read("[j]\nfilename=/tmp/data\nrw=read\nsize=4m\ndirect=1\nnumjobs=2\n", List.of());
        assertThat(s.filesystem()).isNull();
        assertThat(read("[j]\nfilename=/tmp/data\nrw=read\nsize=4m\n", List.of()).filesystem()).isNotNull(); // fio's direct=0
    }

    @Test
    void aDeviceBesideFileJobsIsRefused() {
        assertThatThrownBy(() -> read("[a]\nfilename=/dev/sdb\nsize=1m\n[b]\nfilename=x\nsize=1m\n", List.of()))
                .hasMessageStartingWith("f.fio:2:10: filename: names a block device (/dev/sdb)");
    }

    /** The shapes of fio's t/jobs/t0026 and t0036/t0037: verify on file jobs, with loops and saved state. */
    static final String VERIFY = """
            [global]
            filename=v.1:v.2
            size=512k
            verify=md5
            [writer]
            rw=randwrite
            loops=4
            experimental_verify=1
            verify_state_save=1
            verify_pattern=0xaa55
            verify_interval=512
            [reader]
            stonewall=1
            rw=read
            verify_state_load=1
            """;

    @Test
    void verifyOnFileJobsIsSimulatedAndItsDataOptionsAreListedAsIgnored() {
        Scenario s = read(VERIFY, List.of());
        assertThat(s.filesystem()).isNotNull();
        JobSpec writer = s.jobs().get(0);
        assertThat(writer.control().verify()).isTrue();
        assertThat(writer.control().experimentalVerify()).isTrue();
        assertThat(writer.control().loops()).isEqualTo(4);
        assertThat(s.fileJobs().get(0).names()).containsExactly("v.1", "v.2");
        assertThat(s.jobs().get(1).control().verify()).isTrue(); // a reader checks what it reads
        assertThat(s.jobs().get(1).control().experimentalVerify()).isFalse();
        // they change the data written and checked, not the IO
        assertThat(FioJobFile.parse("f.fio", VERIFY, Map.of()).ignored())
                .contains("verify_state_save", "verify_state_load", "verify_pattern", "verify_interval")
                .doesNotContain("verify", "experimental_verify");
        // verify_only reads without writing first: refused, naming it
        assertThatThrownBy(() -> read(VERIFY.replace("loops=4", "verify_only=1"), List.of()))
                .hasMessageStartingWith("f.fio:7:13: verify_only: changes the workload");
    }
}
