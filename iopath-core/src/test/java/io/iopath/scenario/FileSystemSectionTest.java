package io.iopath.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.fs.MountOptions;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The filesystem:, host.memory and vm: sections, fio's file options, and their errors (file:line:col, field). */
class FileSystemSectionTest {
    private static final String GOOD = """
            name: t
            host:
              memory: 256m
            vm:
              dirty_ratio: 20
            filesystem:
              type: ext3
              offset: 1g
              size: 10g
              options: data=writeback,commit=15,barrier=1,noatime
            jobs:
              - name: w
                rw: write
                bs: 16k
                direct: 0
                filename: a:b
                filesize: 8m
                fsync: 4
                end_fsync: 1
                unlink: 1
            """;

    private static ScenarioException error(String yaml, String... overrides) {
        try {
            ScenarioReader.read("s.yaml", yaml, List.of(overrides));
        } catch (ScenarioException e) {
            return e;
        }
        throw new AssertionError("expected a ScenarioException");
    }

    @Test
    void readsTheSectionsAndTheFileOptions() {
        Scenario s = ScenarioReader.read("s.yaml", GOOD, List.of());
        assertThat(s.filesystem().partitionOffset()).isEqualTo(1L << 30);
        assertThat(s.filesystem().partitionSize()).isEqualTo(10L << 30);
        assertThat(s.filesystem().options()).isEqualTo(new MountOptions(MountOptions.DataMode.WRITEBACK, 15_000, true, false, true));
        assertThat(s.filesystem().vm().memoryBytes()).isEqualTo(256L << 20);
        assertThat(s.filesystem().vm().dirtyRatio()).isEqualTo(20);
        assertThat(s.filesystem().vm().dirtyBackgroundRatio()).isEqualTo(10);
        assertThat(s.jobs().get(0).direct()).isFalse();
        assertThat(s.jobs().get(0).size()).isEqualTo(16L << 20);
        assertThat(s.fileJobs().get(0).names()).containsExactly("a", "b");
        assertThat(s.fileJobs().get(0).fsync()).isEqualTo(4);
        assertThat(s.fileJobs().get(0).endFsync()).isTrue();
        assertThat(s.fileJobs().get(0).unlink()).isTrue();
    }

    @Test
    void mountDefaultsAreThoseOf2618() {
        assertThat(MountOptions.parse("")).isEqualTo(new MountOptions(MountOptions.DataMode.ORDERED, 5000, false, true, true));
    }

    @Test
    void withoutAFileSystemBufferedIoAndFileOptionsAreRefused() {
        String noFs = GOOD.replaceAll("(?s)host:.*?jobs:", "jobs:");
        ScenarioException e = error(noFs.replace("    filename: a:b\n", "").replace("    filesize: 8m\n", "    size: 8m\n")
                .replace("    fsync: 4\n    end_fsync: 1\n    unlink: 1\n", ""));
        assertThat(e.getMessage()).startsWith("s.yaml:6:13: jobs[0].direct:").contains("filesystem:");
        e = error(noFs.replace("    direct: 0\n", ""));
        assertThat(e.getMessage()).contains("jobs[0].end_fsync: needs a file system");
    }

    @Test
    void badMountOptionNamesTheField() {
        ScenarioException e = error(GOOD, "filesystem.options=data=ordered,journal_async_commit");
        assertThat(e.getMessage()).contains("filesystem.options: unknown ext3 mount option 'journal_async_commit'");
    }

    /** Found by InputFilesFuzzTest: a newline in the options made the error two lines. */
    @Test
    void aControlCharacterInTheOptionsIsOneLineError() {
        ScenarioException e = error(GOOD, "filesystem.options=data=ordered,\nnoatime");
        assertThat(e.getMessage()).isEqualTo("--set filesystem.options=data=ordered,\\x0anoatime: filesystem.options:"
                + " expected printable mount options, got control character 0x0A at position 14");
    }

    @Test
    void reiserfsAndXfsOptionsAreCheckedForTheirType() {
        Scenario s = ScenarioReader.read("s.yaml", GOOD, List.of("filesystem.type=reiserfs", "filesystem.options=notail,barrier=flush,commit=5"));
        assertThat(s.filesystem().type()).isEqualTo("reiserfs");
        assertThat(s.filesystem().reiserfsOptions().tails()).isEqualTo(io.iopath.fs.ReiserOptions.Tails.OFF);
        s = ScenarioReader.read("s.yaml", GOOD, List.of("filesystem.type=xfs", "filesystem.options=nobarrier,logbufs=2,logbsize=64k"));
        assertThat(s.filesystem().xfsOptions()).isEqualTo(new io.iopath.fs.XfsOptions(false, 2, 65536, true));
        ScenarioException e = error(GOOD, "filesystem.type=reiserfs");
        assertThat(e.getMessage()).isEqualTo("s.yaml:10:12: filesystem.options: 'barrier=1': reiserfs barrier= takes none or flush");
        e = error(GOOD, "filesystem.type=xfs", "filesystem.options=logbufs=9");
        assertThat(e.getMessage()).contains("filesystem.options: 'logbufs=9': logbufs= takes 2 to 8");
        e = error(GOOD, "filesystem.type=xfs", "filesystem.options=logbsize=48k");
        assertThat(e.getMessage()).contains("logbsize= takes 16k, 32k, 64k, 128k or 256k");
        e = error(GOOD, "filesystem.type=xfs", "filesystem.options=notail");
        assertThat(e.getMessage()).contains("unknown xfs mount option 'notail'; expected barrier, nobarrier");
        e = error(GOOD, "filesystem.type=jfs");
        assertThat(e.getMessage()).contains("filesystem.type: expected one of ext3, reiserfs, xfs");
    }

    @Test
    void vmWithoutAFileSystem() {
        ScenarioException e = error(GOOD.replaceAll("(?s)filesystem:.*?jobs:", "jobs:"));
        assertThat(e.getMessage()).startsWith("s.yaml:5:3: vm:").contains("needs a filesystem: section");
    }

    @Test
    void partitionOutsideTheDrive() {
        ScenarioException e = error(GOOD, "filesystem.size=300g");
        assertThat(e.getMessage()).contains("filesystem.size: expected a partition that ends inside the drive");
    }

    @Test
    void filesThatDoNotFit() {
        ScenarioException e = error(GOOD, "jobs[0].filesize=9g");
        assertThat(e.getMessage()).contains("jobs[0].filesize:").contains("do not fit in the file system");
    }
}
