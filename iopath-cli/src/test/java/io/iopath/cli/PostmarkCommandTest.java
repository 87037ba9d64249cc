package io.iopath.cli;

import static io.iopath.cli.CliRunner.iopath;
import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.workload.postmark.Postmark;
import io.iopath.workload.postmark.PostmarkConfigFile;
import io.iopath.workload.postmark.PostmarkSeqWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code iopath run FILE.pmrc}: Postmark's configuration files on the command line, and --ops-out. */
class PostmarkCommandTest {
    private static final String CONFIG = "set number 30\nset transactions 200\nset subdirectories 3\nshow\nrun\n"
            + "set buffering false\nset seed 7\nrun\nquit\nrun\n";

    @Test
    void opsOutWritesEveryRunsCallsAfterOneHeader(@TempDir Path dir) throws IOException {
        Path config = Files.writeString(dir.resolve("two.pmrc"), CONFIG);
        Path ops = dir.resolve("two.seq");
        CliRunner.Outcome o = iopath("run", config.toString(), "--ops-out", ops.toString());
        assertThat(o.status()).as(o.err()).isZero();
        assertThat(o.out()).startsWith("Current configuration is:\nThe base number of files is 30\n")
                .contains("3 subdirectories will be used\n");
        assertThat(o.err()).contains("two.pmrc:5: ", "two.pmrc:8: ", "wrote the calls to " + ops)
                .doesNotContain("two.pmrc:10");
        // the library's own sequence for the two runs, one after the other
        StringBuilder expected = new StringBuilder();
        PostmarkSeqWriter writer = new PostmarkSeqWriter(expected);
        PostmarkConfigFile.parse("two.pmrc", CONFIG).runs().forEach(r -> new Postmark(r.config(), writer).runToEnd());
        String written = Files.readString(ops, StandardCharsets.UTF_8);
        assertThat(written).isEqualTo(expected.toString()).startsWith("# postmark-seq v1 level=sys\nphase mkdir - -\n");
        assertThat(written.lines().filter(l -> l.equals("phase create - -"))).hasSize(2);
    }

    @Test
    void aBadLineIsAFileAndLineErrorWithStatus2(@TempDir Path dir) throws IOException {
        Path config = Files.writeString(dir.resolve("bad.pmrc"), "set number 5\nset bias create 11\nrun\n");
        CliRunner.Outcome o = iopath("run", config.toString(), "--ops-out", dir.resolve("x.seq").toString());
        assertThat(o.status()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(o.err().strip()).isEqualTo("iopath: " + config + ":2: set bias create: expected 0..10 (-1 disables), got 11");
        assertThat(dir.resolve("x.seq")).doesNotExist();
    }

    @Test
    void withoutOpsOutItSaysWhatIsMissing(@TempDir Path dir) throws IOException {
        Path config = Files.writeString(dir.resolve("p.pmrc"), "run\n");
        CliRunner.Outcome o = iopath("run", config.toString());
        assertThat(o.status()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(o.err()).contains("needs the file system layer", "--ops-out FILE");
    }

    @Test
    void opsOutIsOnlyForPostmark() {
        CliRunner.Outcome o = iopath("run", "--ops-out", "x.seq");
        assertThat(o.status()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(o.err()).contains("--ops-out: only for a Postmark configuration file (.pmrc)");
    }
}
