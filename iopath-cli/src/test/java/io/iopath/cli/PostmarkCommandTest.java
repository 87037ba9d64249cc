package io.iopath.cli;

import static io.iopath.cli.CliRunner.iopath;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
        CliRunner.Outcome o = iopath("run", config.toString(), "--trace-out", dir.resolve("t.blk").toString());
        assertThat(o.status()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(o.err()).contains("--trace-out: not available for a Postmark configuration file", "postmark: job");
        // results.json and the report are one run's: a file of several runs is refused before any is simulated
        Path two = Files.writeString(dir.resolve("two.pmrc"), CONFIG);
        for (String[] option : new String[][] {{"--json"}, {"--out", dir.resolve("out").toString()}}) {
            CliRunner.Outcome several = iopath(concat(new String[] {"run", two.toString()}, option));
            assertThat(several.status()).as(option[0]).isEqualTo(Main.EXIT_BAD_INPUT);
            // the run after 'quit' is not one
            assertThat(several.err().strip()).isEqualTo("iopath: " + option[0] + ": " + two + " has 2 'run' lines (" + two
                    + ":5, " + two + ":8); it writes one run's results: keep one 'run' line");
            assertThat(several.out()).isEmpty();
        }
        assertThat(dir.resolve("out")).doesNotExist();
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
        // a depth the host refuses is reported as the --depths that gave it
        CliRunner.Outcome deep = iopath("reproduce", "riska2007", "--scenario", scenario.toString(), "--depths", "1,1000");
        assertThat(deep.err().strip())
                .isEqualTo("iopath: --depths 1,1000: host.queue_depth: expected an integer from 1 to 256, got '1000'");
    }

    /** The .pmrc of one run and the YAML scenario with the same postmark: job in Postmark's built-in scenario. */
    private static final String ONE_RUN = "set number 30\nset transactions 200\nset subdirectories 3\nshow\nrun\nquit\n";
    private static final String SAME_AS_YAML = """
            name: postmark
            seed: 1
            drive:
              preset: laptop-7200-250g
            host:
              scheduler: cfq
              queue_depth: 4
              memory: 512m
            filesystem:
              type: ext3
              size: 20g
            jobs:
              - name: postmark
                postmark:
                  number: 30
                  transactions: 200
                  subdirectories: 3
            """;

    @Test
    void jsonOfAOneRunPmrcIsTheResultsJsonOfTheSameScenarioWithAPostmarkJob(@TempDir Path dir) throws IOException {
        Path config = Files.writeString(dir.resolve("one.pmrc"), ONE_RUN);
        Path yaml = Files.writeString(dir.resolve("one.yaml"), SAME_AS_YAML);
        CliRunner.Outcome o = iopath("run", config.toString(), "--json", "--set", "host.scheduler=deadline");
        CliRunner.Outcome y = iopath("run", yaml.toString(), "--json", "--set", "host.scheduler=deadline");
        assertThat(o.status()).as(o.err()).isZero();
        assertThat(y.status()).as(y.err()).isZero();
        // standard output is the JSON alone: Postmark's show text went to standard error
        JsonNode pmrc = new ObjectMapper().readTree(o.out());
        JsonNode scenario = new ObjectMapper().readTree(y.out());
        assertThat(o.out()).startsWith("{");
        assertThat(o.err()).contains("The base number of files is 30", "one.pmrc:5: ", " calls, ");
        assertThat(pmrc.at("/postmark/0/transactions").asLong()).isEqualTo(200);
        assertThat(pmrc.at("/scheduler").asText()).isEqualTo("deadline");
        // the same run: every figure equal; only the scenario hash differs (a .pmrc run is built in code)
        ((ObjectNode) pmrc).remove("scenario_hash");
        ((ObjectNode) scenario).remove("scenario_hash");
        assertThat(pmrc).isEqualTo(scenario);
    }

    @Test
    void outOfAOneRunPmrcWritesTheReportFilesAndStillPrintsPostmarksReport(@TempDir Path dir) throws IOException {
        Path config = Files.writeString(dir.resolve("one.pmrc"), ONE_RUN);
        Path out = dir.resolve("out");
        CliRunner.Outcome plain = iopath("run", config.toString());
        CliRunner.Outcome o = iopath("run", config.toString(), "--out", out.toString());
        assertThat(o.status()).as(o.err()).isZero();
        // the plain run's standard output, then the line naming the files
        assertThat(o.out()).isEqualTo(plain.out() + "\nwrote results.json, results.csv, latency.csv, timeseries.csv,"
                + " report.html in " + out + "\n");
        try (var files = Files.list(out)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("results.json", "results.csv", "latency.csv", "timeseries.csv", "report.html");
        }
        JsonNode json = new ObjectMapper().readTree(out.resolve("results.json").toFile());
        assertThat(json.at("/postmark/0/transactions").asLong()).isEqualTo(200);
        assertThat(json).isEqualTo(new ObjectMapper().readTree(iopath("run", config.toString(), "--json").out()));
        String html = Files.readString(out.resolve("report.html"));
        assertThat(html).contains("one.pmrc", "type: ext3", "the postmark job&#39;s parameters: " + config + ":5",
                "The base number of files is 30");
    }

    private static String[] concat(String[] a, String[] b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    @Test
    void opsOutIsOnlyForPostmark() {
        CliRunner.Outcome o = iopath("run", "--ops-out", "x.seq");
        assertThat(o.status()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(o.err()).contains("--ops-out: only for a Postmark configuration file (.pmrc)");
    }
}
