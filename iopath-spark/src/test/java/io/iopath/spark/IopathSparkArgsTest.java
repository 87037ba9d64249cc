package io.iopath.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The application's command line, read without Spark. */
class IopathSparkArgsTest {
    @Test
    void seedAndDriveFollowTheSetsAsInIopathSweep() {
        IopathSpark.Args a = IopathSpark.parse("sweep", "s.yaml", "--vary", "host.queue_depth=1,4", "--seed", "3",
                "--set", "host.scheduler=noop", "--drive", "laptop-7200-250g", "--out", "o", "--partitions", "5");
        assertThat(a.scenario()).isEqualTo(Path.of("s.yaml"));
        assertThat(a.vary()).containsExactly("host.queue_depth=1,4");
        assertThat(a.overrides()).containsExactly("host.scheduler=noop", "seed=3", "drive.preset=laptop-7200-250g");
        assertThat(a.drive()).isEqualTo("laptop-7200-250g");
        assertThat(a.partitions()).isEqualTo(5);
        assertThat(a.perRunJson()).isFalse();
    }

    @Test
    void badInputIsOneClearLine() {
        for (List<String> args : List.of(List.of("sweeep", "s.yaml"), List.of("sweep", "--out", "o"), List.of("sweep", "s.yaml"),
                List.of("sweep", "s.yaml", "--out", "o", "--partitions", "0"), List.of("split", "s.yaml", "--vary", "a=1", "--out", "o"),
                List.of("sweep", "s.yaml", "--out"), List.of("sweep", "s.yaml", "--out", "o", "--seed", "x"))) {
            assertThatThrownBy(() -> IopathSpark.parse(args.toArray(String[]::new)))
                    .as("%s", args).isInstanceOf(IopathSpark.BadInput.class);
        }
        assertThatThrownBy(() -> IopathSpark.parse("sweep", "s.yaml", "--out", "o", "--partitions", "0"))
                .hasMessage("--partitions: expected a whole number of at least 1, got '0'");
    }

    @Test
    void aScenarioThatDoesNotBindIsReportedBeforeSparkStarts() {
        IopathSpark.Args a = IopathSpark.parse("sweep", "no-such.yaml", "--out", "o");
        assertThatThrownBy(() -> IopathSpark.plan(a, System.err)).isInstanceOf(IopathSpark.BadInput.class)
                .hasMessageContaining("no-such.yaml: no such scenario file");
    }

    @Test
    void aSplitOfAGuestOnAVirtualDiskIsRefusedWithWhatRunsIt(@TempDir Path dir) throws IOException {
        Path s = dir.resolve("g.yaml");
        Files.writeString(s, "qemu: {cache: none, volume: {size: 1g}}\nguest:\n  jobs:\n    - {name: w, rw: randwrite, number_ios: 10}\n");
        assertThat(IopathSpark.plan(IopathSpark.parse("sweep", s.toString(), "--vary", "qemu.cache=none,unsafe", "--out", "o"),
                System.err).tasks()).hasSize(2);
        IopathSpark.Args split = IopathSpark.parse("split", s.toString(), "--out", "o");
        assertThatThrownBy(() -> IopathSpark.plan(split, System.err)).isInstanceOf(IopathSpark.BadInput.class)
                .hasMessageContaining("guest: a guest on a virtual disk runs with 'iopath run FILE', 'iopath sweep FILE'"
                        + " or iopath-spark's sweep only");
    }

    @Test
    void aRefusedDriveOrVaryValueIsNamedByTheOptionThatGaveIt(@TempDir Path dir) throws IOException {
        Path s = dir.resolve("s.yaml");
        Files.writeString(s, "jobs:\n  - name: r\n    rw: randread\n    number_ios: 10\n");
        IopathSpark.Args drive = IopathSpark.parse("sweep", s.toString(), "--drive", "nope", "--out", "o");
        assertThatThrownBy(() -> IopathSpark.plan(drive, System.err)).isInstanceOf(IopathSpark.BadInput.class)
                .hasMessageStartingWith("--drive nope: drive.preset: expected one of ");
        IopathSpark.Args vary = IopathSpark.parse("sweep", s.toString(), "--vary", "host.queue_depth=1,0", "--out", "o");
        assertThatThrownBy(() -> IopathSpark.plan(vary, System.err)).isInstanceOf(IopathSpark.BadInput.class)
                .hasMessage("--vary host.queue_depth=1,0: host.queue_depth: expected an integer from 1 to 256, got '0'");
    }
}
