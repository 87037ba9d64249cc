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
    void eachRunIsSimulatedAndPrintsPostmarksReportAndTheTable(@TempDir Path dir) throws IOException {
        Path config = Files.writeString(dir.resolve("p.pmrc"), "set number 40\nset transactions 300\nrun\n"
                + "set report terse\nrun\n");
        CliRunner.Outcome o = iopath("run", config.toString(), "--drive", "seagate-18g-scsi", "--set", "filesystem.size=2g",
                "--set", "host.scheduler=deadline");
        assertThat(o.status()).as(o.err()).isZero();
        assertThat(o.out()).contains("PostMark v1.51 : 8/14/01 (simulated by iopath: " + config + ":3)", "Time:\n",
                " seconds of transactions (", "Files:\n", "Creation alone: 40 files", "drive seagate-18g-scsi  scheduler deadline");
        // the second run's terse report: one line of numbers, then the table
        assertThat(o.out()).containsPattern("\\(simulated by iopath: .*p.pmrc:5\\)\n[0-9.]+ [0-9.]+ [0-9.]+ ");
        assertThat(o.err()).contains("p.pmrc:3: ", " calls, ", "s of simulated CPU in calls");
        // the file system's figures are part of the table (the result's filesystem record)
        assertThat(o.out()).contains("file system ext3: page cache");
    }

    @Test
    void optionsForOneScenarioAreRefusedForAPmrc(@TempDir Path dir) throws IOException {
        Path config = Files.writeString(dir.resolve("p.pmrc"), "run\n");
        CliRunner.Outcome o = iopath("run", config.toString(), "--out", dir.resolve("out").toString());
        assertThat(o.status()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(o.err()).contains("--out: not available for a Postmark configuration file", "postmark: job");
        CliRunner.Outcome bad = iopath("run", config.toString(), "--set", "host.schedular=cfq");
        assertThat(bad.status()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(bad.err()).contains("host.schedular");
    }

    @Test
    void riska2007OnATinyGridWritesItsTableAndPage(@TempDir Path dir) throws IOException {
        Path scenario = Files.writeString(dir.resolve("r.yaml"), """
                name: riska2007
                drive:
                  preset: seagate-18g-scsi
                host:
                  memory: 128m
                filesystem:
                  type: ext3
                  size: 1g
                jobs:
                  - name: postmark
                    postmark:
                      number: 10
                      transactions: 20
                """);
        Path out = dir.resolve("riska");
        CliRunner.Outcome o = iopath("reproduce", "riska2007", "--scenario", scenario.toString(), "--depths", "1,2",
                "--out", out.toString());
        assertThat(o.status()).as(o.err()).isZero();
        assertThat(o.out()).contains("Figures 15 (write cache off) and 16 (on)", "on ext3 (the paper ran ReiserFS",
                "(a) paper: with write-through", "(d) paper:", "simulated Postmark transactions per wall second");
        String[] rows = Files.readString(out.resolve("table.csv")).split("\n");
        assertThat(rows[0]).isEqualTo("figure,drive,scheduler,queue_depth,write_cache,tps");
        assertThat(rows).hasSize(1 + 2 * 2 * 4 * 2);
        String html = Files.readString(out.resolve("report.html"));
        assertThat(html).contains("write_cache=off, drive=seagate-18g-scsi", "write_cache=on, drive=cheetah-15k5-300g",
                "The paper's findings").contains("<svg id='chart-sweep-3'").doesNotContain("chart-sweep-4");
        CliRunner.Outcome bad = iopath("reproduce", "riska2007", "--scenario", scenario.toString(), "--depths", "0");
        assertThat(bad.status()).isEqualTo(Main.EXIT_BAD_INPUT);
    }

    @Test
    void opsOutIsOnlyForPostmark() {
        CliRunner.Outcome o = iopath("run", "--ops-out", "x.seq");
        assertThat(o.status()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(o.err()).contains("--ops-out: only for a Postmark configuration file (.pmrc)");
    }
}
