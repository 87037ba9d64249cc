package io.iopath.cli;

import static io.iopath.cli.CliRunner.iopath;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.iopath.cli.CliRunner.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompareCommandTest {
    @TempDir
    Path dir;

    @Test
    void twoOutDirectoriesSideBySideWithTheirDifference() throws Exception {
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        assertThat(iopath("run", "--set", "jobs[0].number_ios=200", "--out", a.toString()).status()).isZero();
        assertThat(iopath("run", "--set", "jobs[0].number_ios=200", "--set", "jobs[0].iodepth=8", "--out", b.toString())
                .status()).isZero();
        Outcome o = iopath("compare", a.toString(), b.resolve("results.json").toString());
        assertThat(o.status()).as(o.err()).isZero();
        JsonNode ja = new ObjectMapper().readTree(a.resolve("results.json").toFile());
        JsonNode jb = new ObjectMapper().readTree(b.resolve("results.json").toFile());
        double x = ja.at("/read/iops").asDouble();
        double y = jb.at("/read/iops").asDouble();
        assertThat(o.out()).startsWith("A: " + a + " (scenario default-randread, drive laptop-7200-250g")
                .contains("| figure | A | B | B − A | B / A |")
                .contains(String.format(Locale.ROOT, "| read IOPS | %.1f | %.1f | %+.1f | %.3f |", x, y, y - x, y / x))
                .doesNotContain("write IOPS"); // neither run wrote
    }

    @Test
    void aSweepDirectoryOrAFileThatIsNotResultsJsonIsBadInput() throws Exception {
        Path sweep = Files.createDirectory(dir.resolve("sweep"));
        Files.writeString(sweep.resolve("results.csv"), "x\n");
        Path junk = Files.writeString(dir.resolve("junk.json"), "{\"a\": ");
        Outcome o = iopath("compare", sweep.toString(), junk.toString());
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).startsWith("iopath: " + sweep + ": no results.json in this directory");
        Path other = Files.writeString(dir.resolve("other.json"), "{\"a\": 1}");
        o = iopath("compare", other.toString(), junk.toString());
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).isEqualTo("iopath: " + other + ": not an iopath results.json (no 'total' or 'elapsed_ns')\n");
    }
}
