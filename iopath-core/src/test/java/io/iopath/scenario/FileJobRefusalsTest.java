package io.iopath.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.iopath.workload.JobSpec;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 14: an option that would change a file job's workload and that the file job does not
 * simulate is refused, naming it and where it is, rather than dropped; the same option on a
 * job on the drive is still simulated.
 */
class FileJobRefusalsTest {
    private static Scenario fio(String text) {
        return ScenarioReader.read(FioJobFile.parse("f.fio", text, Map.of()).tree(), List.of());
    }

    private static Scenario yaml(String text) {
        return ScenarioReader.read("s.yaml", text, List.of());
    }

    /** A file job (it names a file, fio's buffered default) with {@code option=value} on line 5. */
    private static String fileJob(String option, String value) {
        return "[j]\nfilename=data\nrw=randrw\nsize=4m\n" + option + "=" + value + "\n";
    }

    /** The same job on the drive. */
    private static String blockJob(String option, String value) {
        return "[j]\nfilename=/dev/sdb\nrw=randrw\nsize=4m\ndirect=1\n" + option + "=" + value + "\n";
    }

    /** A scenario job on ext3 with {@code option: value} on line 12. */
    private static String yamlFileJob(String option, String value) {
        return """
                name: t
                filesystem:
                  type: ext3
                  size: 1g
                jobs:
                  - name: j
                    rw: randrw
                    direct: 0
                    filename: data
                    size: 4m
                    bs: 4k
                    %s: %s
                """.formatted(option, value);
    }

    @ParameterizedTest
    @CsvSource({"random_distribution, zipf:1.2"})
    void aFioFileJobRefusesIt(String option, String value) {
        assertThat(fio(blockJob(option, value)).filesystem()).isNull(); // accepted on the drive
        assertThatThrownBy(() -> fio(fileJob(option, value)))
                .isInstanceOf(ScenarioException.class)
                .hasMessage("f.fio:5:" + (option.length() + 2) + ": jobs[0]." + option
                        + ": is not modelled for jobs on a file system yet (it is for jobs on the drive)");
    }

    @ParameterizedTest
    @CsvSource({"random_distribution, 'zipf:1.2'"})
    void aScenarioFileJobRefusesIt(String option, String value) {
        String onDrive = yamlFileJob(option, value).replaceAll("(?s)filesystem:.*?jobs:", "jobs:")
                .replace("    direct: 0\n", "").replace("    filename: data\n", "");
        assertThat(yaml(onDrive).jobs()).hasSize(1); // accepted on the drive
        assertThatThrownBy(() -> yaml(yamlFileJob(option, value)))
                .isInstanceOf(ScenarioException.class)
                .hasMessage("s.yaml:12:" + (option.length() + 7) + ": jobs[0]." + option
                        + ": is not modelled for jobs on a file system yet (it is for jobs on the drive)");
    }

    @Test
    void theirDefaultsAndWhatDoesNotApplyAreAccepted() {
        for (String[] o : new String[][] {{"rate", "0"}, {"rate_iops", "0,0"}, {"random_distribution", "random"}, {"verify", "0"},
                {"verify", "none"}}) {
            assertThat(fio(fileJob(o[0], o[1])).filesystem()).as(o[0] + "=" + o[1]).isNotNull();
        }
        // verify without do_verify reads nothing back; a distribution only shapes random offsets
        assertThat(fio(fileJob("verify", "crc32c") + "do_verify=0\n").filesystem()).isNotNull();
        assertThat(fio("[j]\nfilename=data\nrw=write\nsize=4m\nrandom_distribution=zipf:1.2\n").filesystem()).isNotNull();
    }

    @Test
    void verifyAndItsBacklogAreSimulatedOnAFileJobButIoSizeIsRefused() {
        Scenario s = fio(fileJob("verify", "crc32c") + "experimental_verify=1\n");
        assertThat(s.jobs().get(0).control().verify()).isTrue();
        assertThat(s.jobs().get(0).control().experimentalVerify()).isTrue();
        assertThat(fio(fileJob("verify", "crc32c") + "verify_backlog=16\n").jobs().get(0).control().verifyBacklog()).isEqualTo(16);
        // io_size sets how much a job does over its loops; file jobs run size per loop
        assertThatThrownBy(() -> fio(fileJob("io_size", "8m")))
                .hasMessage("f.fio:5:9: jobs[0].io_size: is simulated for jobs on the drive, not yet for file jobs on a file system");
        assertThat(fio(blockJob("io_size", "8m")).jobs().get(0).control().ioSize()).isEqualTo(8L << 20);
    }

    @Test
    void verifyBacklogWithOffsetsThatMayRepeatIsSimulated() {
        // fio's rb-tree by offset (fio_offset_overlap_risk): a sequential hole as well as norandommap
        // (VerifyTreeTest checks the order against real fio)
        assertThat(fio("[j]\nfilename=/dev/sdb\ndirect=1\nrw=write:8k\nsize=4m\nverify=md5\nverify_backlog=4\n")
                .jobs().get(0).verifyByOffset()).isTrue();
        assertThat(fio("[j]\nfilename=/dev/sdb\ndirect=1\nrw=randwrite\nnorandommap=1\nsize=4m\nverify=md5\nverify_backlog=4\n")
                .jobs().get(0).control().verifyBacklog()).isEqualTo(4);
    }

    @Test
    void bssplitAndBsrangeAreKeptForAFileJob() {
        // FileJob draws each call's size from them, as a block job does: not refused
        Scenario split = fio(fileJob("bssplit", "4k/50:64k/50"));
        JobSpec.BlockSizes.Choice c = split.jobs().get(0).blockSizes().read();
        assertThat(c.splitSizes()).containsExactly(4096L, 65536L);
        Scenario range = fio(fileJob("bsrange", "4k-16k"));
        assertThat(range.jobs().get(0).blockSizes().write().max()).isEqualTo(16384);
    }
}
