package io.iopath.cli;

import static io.iopath.cli.CliRunner.iopath;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.iopath.cli.CliRunner.Outcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunCommandTest {
    @TempDir
    Path dir;

    @Test
    void theDefaultScenarioPrintsATable() {
        Outcome o = iopath("run", "--set", "jobs[0].number_ios=200");
        assertThat(o.status()).isZero();
        assertThat(o.out()).contains("laptop-7200-250g").contains("read").contains("IOPS").contains("p99.9");
    }

    @Test
    void outWritesResultsJsonWithTheDocumentedFieldsAndNoTemporaryFile() throws IOException {
        Outcome o = iopath("run", "--set", "jobs[0].number_ios=200", "--out", dir.toString());
        assertThat(o.status()).isZero();
        JsonNode json = new ObjectMapper().readTree(dir.resolve("results.json").toFile());
        for (String direction : new String[] {"read", "write", "total"}) {
            JsonNode d = json.get(direction);
            assertThat(d.has("iops")).isTrue();
            assertThat(d.has("bandwidth_bytes_per_s")).isTrue();
            for (String f : new String[] {"mean", "p50", "p95", "p99", "p99_9", "max"}) {
                assertThat(d.get("latency_ns").has(f)).as(direction + ".latency_ns." + f).isTrue();
            }
        }
        assertThat(json.get("read").get("iops").asDouble()).isPositive();
        assertThat(json.get("write").get("iops").asDouble()).isZero();
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("results.json", "results.csv", "latency.csv", "timeseries.csv", "report.html");
        }
        assertThat(o.out()).contains("wrote results.json, results.csv, latency.csv, timeseries.csv, report.html in " + dir);
        // the report shows the scenario as run: the override is applied in its YAML
        String html = Files.readString(dir.resolve("report.html"));
        assertThat(html).contains("number_ios: 200\n").doesNotContain("number_ios: 20000")
                .contains("<code>--set jobs[0].number_ios=200</code>").contains("the built-in default scenario");
        assertThat(Files.readString(dir.resolve("results.csv"))).startsWith("scenario,seed,drive,");
    }

    @Test
    void aPowerFailureEndsTheRunAndReportsTheLosses() throws IOException {
        Path scenario = dir.resolve("pf.yaml");
        Files.writeString(scenario, "name: pf\ndrive: {preset: cheetah-15k5-146g, write_cache: on}\n"
                + "jobs:\n  - {rw: randwrite, bs: 4k, iodepth: 8, size: 10g, runtime: 10s}\n");
        Outcome o = iopath("run", scenario.toString(), "--set", "power_failure.at=2s");
        assertThat(o.status()).as(o.err()).isZero();
        assertThat(o.out()).containsPattern("power failure at 2\\.000 s: \\d+ acknowledged writes? lost \\(")
                .contains("0 of them promised durable by a completed flush or FUA");
        JsonNode json = new ObjectMapper().readTree(
                iopath("run", scenario.toString(), "--set", "power_failure.at=2s", "--json").out());
        assertThat(json.at("/power_failure/at_ns").asLong()).isEqualTo(2_000_000_000L);
        assertThat(json.at("/power_failure/acknowledged_lost").asLong()).isPositive();
        assertThat(json.at("/power_failure/promised_lost").asLong()).isZero();
        assertThat(iopath("run", scenario.toString(), "--json").out()).doesNotContain("power_failure");
    }

    @Test
    void outFilesAreByteIdenticalForTheSameScenarioFileAndSeed() throws IOException {
        Path scenario = dir.resolve("s.yaml");
        Files.writeString(scenario, "name: twice\nseed: 3\njobs:\n  - {rw: randrw, bs: 16k, iodepth: 4, size: 10g, number_ios: 300}\n");
        assertThat(iopath("run", scenario.toString(), "--seed", "8", "--out", dir.resolve("a").toString()).status()).isZero();
        assertThat(iopath("run", scenario.toString(), "--seed", "8", "--out", dir.resolve("b").toString()).status()).isZero();
        for (String f : new String[] {"results.json", "results.csv", "latency.csv", "timeseries.csv", "report.html"}) {
            assertThat(Files.readAllBytes(dir.resolve("b").resolve(f))).as(f)
                    .isEqualTo(Files.readAllBytes(dir.resolve("a").resolve(f)));
        }
        String html = Files.readString(dir.resolve("a").resolve("report.html"));
        assertThat(html).contains("from <b>s.yaml</b>").contains("seed: 8\n").contains("<code>--set seed=8</code>");
    }

    @Test
    void aBadScenarioGetsOneLineAndStatus2() throws IOException {
        Path bad = dir.resolve("bad.yaml");
        Files.writeString(bad, "jobs:\n  - rw: randread\n    bs: -4k\n    number_ios: 10\n");
        Outcome o = iopath("run", bad.toString(), "--out", dir.resolve("out").toString());
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).isEqualTo("iopath: " + bad + ":3:9: jobs[0].bs: expected a size such as 512, 4k, 1m or 90g, "
                + "got a negative size '-4k'" + System.lineSeparator());
        assertThat(o.err()).doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void aMissingFileIsBadInput() {
        Outcome o = iopath("run", dir.resolve("nope.yaml").toString());
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).contains("no such scenario file");
    }

    @Test
    void aScenarioOnStandardInputOrAPipeIsCalledThatNotMissing() throws Exception {
        Path fifo = dir.resolve("fifo");
        new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor();
        for (String given : List.of("-", fifo.toString(), "/dev/null")) {
            Outcome o = iopath("run", given);
            assertThat(o.status()).as(given).isEqualTo(2);
            assertThat(o.err().strip()).isEqualTo("iopath: " + given
                    + ": not a regular file (standard input, a pipe or a device): give the scenario as a file");
        }
    }

    @Test
    void aBadOptionValueGetsOneLineAndStatus2() {
        Outcome o = iopath("run", "--seed", "x");
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).isEqualTo("iopath: Invalid value for option '--seed': 'x' is not a long"
                + " (see 'iopath run --help')" + System.lineSeparator());
    }

    @Test
    void anUnknownOptionGetsOneLineAndStatus2() {
        Outcome o = iopath("run", "--sed", "2");
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err().lines()).hasSize(1);
        assertThat(o.err()).startsWith("iopath: Unknown option: '--sed'");
    }

    @Test
    void anOutDirectoryThatCannotBeCreatedGetsOneLineAndStatus2() throws IOException {
        Path file = Files.writeString(dir.resolve("plain-file"), "x");
        Outcome o = iopath("run", "--set", "jobs[0].number_ios=10", "--out", file.resolve("sub").toString());
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).startsWith("iopath: --out: " + file.resolve("sub") + ": " + file + " is not a directory")
                .doesNotContain("\tat ");
        assertThat(o.err().lines()).hasSize(1);
    }

    @Test
    void helpListsTheCommands() {
        Outcome o = iopath("--help");
        assertThat(o.status()).isZero();
        assertThat(o.out()).contains("run").contains("drives");
    }

    @Test
    void intervalSetsTheTimeSeriesStepAndABadOneIsBadInput() throws IOException {
        Outcome o = iopath("run", "--set", "jobs[0].number_ios=300", "--interval", "250ms", "--out", dir.toString());
        assertThat(o.status()).as(o.err()).isZero();
        List<String> lines = Files.readAllLines(dir.resolve("timeseries.csv"));
        assertThat(lines.get(0)).startsWith("interval_start_ns,interval_ns,job,direction,ios,");
        assertThat(lines.get(1)).startsWith("0,250000000,randread,read,");
        assertThat(lines.stream().skip(1).map(l -> l.split(",")[0]).distinct().count()).isGreaterThan(1);
        Outcome bad = iopath("run", missing(), "--interval", "0s");
        assertThat(bad.status()).isEqualTo(2);
        assertThat(bad.err()).isEqualTo("iopath: --interval: expected a time above 0, got '0s'\n");
        assertThat(iopath("run", missing(), "--interval", "fast").err())
                .isEqualTo("iopath: --interval: expected a time with a unit such as 500us, 6ms or 30s, got 'fast'\n");
    }

    private String missing() {
        return dir.resolve("no-such.yaml").toString();
    }

    @Test
    void aPowerFailureAfterTheRunHasEndedIsAnErrorNamingTheEnd() throws IOException {
        Path scenario = dir.resolve("pf.yaml");
        Files.writeString(scenario, "name: pf\ndrive: {preset: cheetah-15k5-146g, write_cache: on}\n"
                + "jobs:\n  - {rw: randwrite, bs: 4k, iodepth: 8, size: 10g, runtime: 1s}\n");
        Outcome o = iopath("run", scenario.toString(), "--set", "power_failure.at=60s");
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).matches("iopath: power_failure\\.at: 60\\.000 s is after the run's end: its last IO completed at "
                + "1\\.\\d{3} s and nothing was happening after that; give a time before it\n");
    }
}
