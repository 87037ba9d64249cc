package io.iopath.cli;

import static io.iopath.cli.CliRunner.iopath;
import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.cli.CliRunner.Outcome;
import io.iopath.experiment.ScenarioRun;
import io.iopath.result.Result;
import io.iopath.scenario.ScenarioReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** iopath sweep: the cross product of --vary values, one table row and one CSV row group per run. */
class SweepCommandTest {
    @TempDir
    Path dir;

    static final String SCENARIO = """
            name: tiny
            drive:
              preset: cheetah-15k5-146g
            jobs:
              - {name: r, rw: randread, bs: 4k, iodepth: 8, size: 10g, number_ios: 200}
              - {name: w, rw: write, bs: 64k, iodepth: 4, offset: 20g, size: 1g, number_ios: 100}
            """;

    @Test
    void everyCombinationRunsOnceAndMatchesASingleRun() throws IOException {
        Path file = dir.resolve("tiny.yaml");
        Files.writeString(file, SCENARIO);
        Outcome o = iopath("sweep", file.toString(), "--vary", "drive.write_cache=off,on",
                "--vary", "host.queue_depth=1,16", "--set", "host.scheduler=deadline", "--out", dir.resolve("o").toString());
        assertThat(o.status()).isZero();
        List<String> rows = o.out().lines().filter(l -> l.startsWith("| o")).toList();
        assertThat(rows).hasSize(4);
        assertThat(rows.get(0)).startsWith("| off | 1 |");
        assertThat(rows.get(3)).startsWith("| on | 16 |");
        // the last point is the same run as `iopath run` with those overrides
        Result single = ScenarioRun.run(ScenarioReader.read(file,
                List.of("host.scheduler=deadline", "drive.write_cache=on", "host.queue_depth=16")));
        assertThat(rows.get(3)).startsWith(String.format(java.util.Locale.ROOT, "| on | 16 | %.1f | %.2f | %.1f | %.1f |",
                single.read().iops(), single.read().bandwidthBytesPerS() / 1e6, single.read().latency().mean() / 1e6,
                single.read().latency().p99() / 1e6));
        assertThat(o.out().lines().findFirst().orElseThrow()).startsWith(
                "| drive.write_cache | host.queue_depth | read IOPS | read MB/s | read mean ms | read p99 ms | write IOPS |");
        List<String> csv = Files.readAllLines(dir.resolve("o/results.csv"));
        assertThat(csv.get(0)).startsWith("drive.write_cache,host.queue_depth,");
        assertThat(csv).hasSize(1 + 4 * 3 * 3); // read, write, total per run: all jobs, then each of the two
        // a sweep's run has the hash of the same scenario run alone (overrides in another order, same tree)
        assertThat(csv.get(csv.size() - 1)).startsWith("on,16,").endsWith("," + single.provenance().version() + ","
                + single.provenance().scenarioHash());
        assertThat(single.provenance().scenarioHash()).matches("[0-9a-f]{16}");
        assertThat(o.out()).contains("iopath " + single.provenance().version() + "; each run's scenario hash is in");
        assertThat(dir.resolve("o/report.html")).exists();
    }

    @Test
    void aFioJobFileSweepsWithSeedDriveAndJson() throws IOException {
        Path file = dir.resolve("tiny.fio");
        Files.writeString(file, "[r]\nioengine=libaio\nrw=randread\niodepth=4\nsize=1g\nnumber_ios=50\ncpus_allowed=0\n");
        Outcome o = iopath("sweep", file.toString(), "--vary", "host.queue_depth=1,8", "--seed", "7",
                "--drive", "cheetah-15k5-146g", "--json");
        assertThat(o.status()).as(o.err()).isZero();
        assertThat(o.err()).contains("ignored: cpus_allowed");
        com.fasterxml.jackson.databind.JsonNode runs = new com.fasterxml.jackson.databind.ObjectMapper().readTree(o.out());
        assertThat(runs).hasSize(2);
        assertThat(runs.get(1).at("/point/host.queue_depth").asText()).isEqualTo("8");
        assertThat(runs.get(1).at("/result/seed").asLong()).isEqualTo(7);
        assertThat(runs.get(1).at("/result/drive").asText()).contains("cheetah");
    }

    @Test
    void aMalformedVaryGetsOneLineAndStatus2() throws IOException {
        Path file = dir.resolve("tiny.yaml");
        Files.writeString(file, SCENARIO);
        Outcome o = iopath("sweep", file.toString(), "--vary", "host.queue_depth");
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err().trim()).isEqualTo("iopath: --vary: expected PATH=V1,V2,..., got 'host.queue_depth'");
        o = iopath("sweep", file.toString(), "--vary", "host.scheduler=noop,elevator");
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err().trim()).doesNotContain("\n")
                .startsWith("iopath: --vary host.scheduler=noop,elevator: host.scheduler: expected one of ");
        // the refused value named by the --vary that gave it, on any axis; a --set by its --set
        o = iopath("sweep", file.toString(), "--vary", "host.scheduler=noop", "--vary", "drive.queue_depth=1, x ,4");
        assertThat(o.err().trim()).isEqualTo("iopath: --vary drive.queue_depth=1,x,4: drive.queue_depth: expected an integer"
                + " from 1 to 256, got 'x'");
        o = iopath("sweep", file.toString(), "--vary", "host.scheduler=noop", "--set", "drive.queue_depth=0");
        assertThat(o.err().trim()).isEqualTo("iopath: --set drive.queue_depth=0: drive.queue_depth: expected an integer"
                + " from 1 to 256, got '0'");
    }

    @Test
    void theOutputIsByteIdenticalWhateverTheNumberOfJobs() throws IOException {
        Path file = dir.resolve("tiny.yaml");
        Files.writeString(file, SCENARIO);
        List<String> args = List.of("sweep", file.toString(), "--vary", "host.scheduler=cfq,bfq,mq-deadline",
                "--vary", "drive.write_cache=off,on", "--set", "host.queue_depth=8");
        Outcome one = iopath(with(args, "--jobs", "1", "--out", dir.resolve("one").toString()));
        Outcome three = iopath(with(args, "--jobs", "3", "--out", dir.resolve("three").toString()));
        assertThat(one.status()).isZero();
        assertThat(three.status()).isZero();
        assertThat(three.out().replace("three", "one")).isEqualTo(one.out());
        assertThat(one.out().lines().filter(l -> l.startsWith("| ")).count()).isEqualTo(1 + 6);
        // the progress lines: numbered by grid position and printed in grid order as each run starts
        assertThat(three.err()).isEqualTo(one.err());
        assertThat(one.err().lines().toList()).hasSize(6)
                .startsWith("[1/6] host.queue_depth=8 host.scheduler=cfq drive.write_cache=off")
                .endsWith("[6/6] host.queue_depth=8 host.scheduler=mq-deadline drive.write_cache=on");
        for (String f : List.of("results.csv", "latency.csv", "report.html")) {
            assertThat(Files.readAllBytes(dir.resolve("three").resolve(f))).as(f)
                    .isEqualTo(Files.readAllBytes(dir.resolve("one").resolve(f)));
        }
    }

    @Test
    void aFieldVariedTwiceOrNoJobsGetsOneLineAndStatus2() throws IOException {
        Path file = dir.resolve("tiny.yaml");
        Files.writeString(file, SCENARIO);
        Outcome o = iopath("sweep", file.toString(), "--vary", "host.queue_depth=1,4", "--vary", "host.queue_depth=16");
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.out()).isEmpty();
        assertThat(o.err().trim()).isEqualTo(
                "iopath: --vary: host.queue_depth is varied twice; give all its values once: host.queue_depth=V1,V2,...");
        o = iopath("sweep", file.toString(), "--vary", "host.queue_depth=1", "--jobs", "0");
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err().trim()).isEqualTo("iopath: --jobs: expected at least 1, got 0");
    }

    private static String[] with(List<String> args, String... more) {
        List<String> all = new java.util.ArrayList<>(args);
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    @Test
    void aWriteOnlySweepShowsNoReadColumnsAndAPowerFailureShowsItsLosses() throws IOException {
        Path file = dir.resolve("w.yaml");
        Files.writeString(file, """
                name: w
                drive: {preset: cheetah-15k5-146g, write_cache: on}
                jobs:
                  - {name: w, rw: randwrite, bs: 4k, iodepth: 8, size: 10g, runtime: 2s}
                """);
        Outcome o = iopath("sweep", file.toString(), "--vary", "host.queue_depth=1,8", "--set", "power_failure.at=1s");
        assertThat(o.status()).as(o.err()).isZero();
        String header = o.out().lines().findFirst().orElseThrow();
        assertThat(header).startsWith("| host.queue_depth | write IOPS | write MB/s | write mean ms | write p99 ms |")
                .doesNotContain("read").doesNotContain("total")
                .contains("| acked writes lost | promised lost |");
        assertThat(o.out().lines().filter(l -> l.startsWith("| 1 |") || l.startsWith("| 8 |"))).hasSize(2);
    }
}
