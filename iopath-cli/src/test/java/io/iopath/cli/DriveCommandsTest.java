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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DriveCommandsTest {
    private static final Path DISKSIM = Path.of("../iopath-core/src/main/resources/io/iopath/device/disk/presets/disksim");
    private static final Path TRACES = Path.of("../iopath-core/src/test/resources/io/iopath/device/disk/disksim");

    @TempDir
    Path dir;

    @Test
    void drivesListsBuiltInAndImportedPresetsWithKeyNumbers() {
        Outcome o = iopath("drives");
        assertThat(o.status()).isZero();
        assertThat(o.out()).contains("laptop-7200-250g", "cheetah-15k5-300g", "cheetah-15k5-146g", "cheetah-10k7-300g",
                "cheetah-10k7-146g", "seagate-18g-scsi", "atlas10k", "hp_c2247a", "cheetah9LP", "ibm18es", "rpm",
                "avgseek");
        // buffers below a megabyte are shown in the config's own units, not rounded to "0MB"
        assertThat(o.out().lines().filter(l -> l.startsWith("hp_c2247a ")).findFirst().orElseThrow())
                .contains(" 256k ");
        assertThat(o.out().lines().filter(l -> l.startsWith("laptop-7200-250g ")).findFirst().orElseThrow())
                .contains(" 8m ");
    }

    @Test
    void validateJsonHasTheDocumentedFieldsAndWritesTheCdfs() throws IOException {
        Outcome o = iopath("validate", TRACES.resolve("atlas10k.trace").toString(), "--drive", "atlas10k", "--json",
                "--out", dir.toString());
        assertThat(o.status()).as(o.err()).isZero();
        JsonNode j = new ObjectMapper().readTree(o.out());
        assertThat(j.get("requests").asInt()).isEqualTo(10_000);
        assertThat(j.get("measured_mean_ms").asDouble()).isBetween(3.89, 3.90);
        assertThat(j.get("simulated_mean_ms").asDouble()).isPositive();
        assertThat(j.get("demerit_ms").asDouble()).isPositive();
        assertThat(Files.readString(dir.resolve("cdf.csv"))).startsWith("curve,response_ms,cumulative");
        assertThat(Files.readString(dir.resolve("cdf.svg"))).contains("<svg");
        assertThat(dir.resolve("quantiles.csv")).exists();
    }

    /** Without --out the files go beside the trace (dir/NAME-validation), not into the current directory. */
    @Test
    void validateWritesBesideTheTraceByDefault() throws IOException {
        Path traces = Files.createDirectories(dir.resolve("traces"));
        Path trace = Files.copy(TRACES.resolve("hp_c2247a.trace"), traces.resolve("hp_c2247a.trace"));
        Outcome o = iopath("validate", trace.toString(), "--drive", "hp_c2247a", "--json");
        assertThat(o.status()).as(o.err()).isZero();
        Path beside = traces.resolve("hp_c2247a-validation");
        assertThat(new ObjectMapper().readTree(o.out()).get("out_dir").asText()).isEqualTo(beside.toString());
        assertThat(beside.resolve("cdf.csv")).exists();
        assertThat(beside.resolve("quantiles.csv")).exists();
        assertThat(beside.resolve("cdf.svg")).exists();
        assertThat(Path.of("hp_c2247a-validation")).as("nothing in the current directory").doesNotExist();
        assertThat(iopath("validate", "--help").out().replaceAll("\\s+", " ")).contains("beside the trace",
                "NAME-validation in the trace's own directory (for dir/NAME.trace: dir/NAME-validation)");
    }

    @Test
    void validateAcceptsAParameterFileAsTheDrive() {
        Outcome o = iopath("validate", TRACES.resolve("hp_c2247a.trace").toString(), "--drive",
                DISKSIM.resolve("hp_c2247a.parv").toString(), "--out", dir.toString());
        assertThat(o.status()).as(o.err()).isZero();
        assertThat(o.out()).contains("measured mean", "simulated mean", "demerit", "% of the measured mean");
    }

    @Test
    void validateWritesPerRequestResponsesAndComparesThemWithAReferenceFile() throws IOException {
        Path sim = dir.resolve("sim.txt");
        Outcome o = iopath("validate", TRACES.resolve("hp_c2247a.trace").toString(), "--drive", "hp_c2247a",
                "--out", dir.toString(), "--per-request", sim.toString(), "--against",
                TRACES.resolve("hp_c2247a.disksim-sim.txt").toString(), "--json");
        assertThat(o.status()).as(o.err()).isZero();
        List<String> lines = Files.readAllLines(sim);
        assertThat(lines).hasSize(9_999).allMatch(l -> l.matches("[0-9]+\\.[0-9]{6}"));
        JsonNode a = new ObjectMapper().readTree(o.out()).get("against");
        assertThat(a.get("requests").asInt()).isEqualTo(9_999);
        int w1 = a.get("within_0_01_ms").asInt();
        int w2 = a.get("within_0_1_ms").asInt();
        int w3 = a.get("within_1_ms").asInt();
        assertThat(w1).isPositive().isLessThanOrEqualTo(w2);
        assertThat(w2).isLessThanOrEqualTo(w3);
        assertThat(w3).isLessThanOrEqualTo(9_999);
        assertThat(a.get("largest")).hasSize(20);
        assertThat(a.get("largest").get(0).get("class").asText()).matches("(read (hit|miss|partial)|write), after"
                + " (read|write), (not )?sequential");

        // its own output as the reference: every request agrees
        Outcome self = iopath("validate", TRACES.resolve("hp_c2247a.trace").toString(), "--drive", "hp_c2247a",
                "--out", dir.toString(), "--against", sim.toString());
        assertThat(self.status()).as(self.err()).isZero();
        assertThat(self.out()).contains("within 0.01  ms    9999 of 9999  (100.00 %)", "largest differences");
    }

    @Test
    void aBadReferenceFileIsOneLineNamingFileAndLineAndExitStatus2() throws IOException {
        Path bad = dir.resolve("ref.txt");
        Files.writeString(bad, "1.0\n-2\n");
        Outcome o = iopath("validate", TRACES.resolve("atlas10k.trace").toString(), "--drive", "atlas10k",
                "--out", dir.resolve("out").toString(), "--against", bad.toString());
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err().strip()).isEqualTo("iopath: " + bad
                + ":2: response (ms): expected a non-negative decimal number, got '-2'");
        assertThat(dir.resolve("out")).doesNotExist();
        Path shortFile = dir.resolve("short.txt");
        Files.writeString(shortFile, "1.0\n");
        Outcome s = iopath("validate", TRACES.resolve("atlas10k.trace").toString(), "--drive", "atlas10k",
                "--out", dir.resolve("out").toString(), "--against", shortFile.toString());
        assertThat(s.status()).isEqualTo(2);
        assertThat(s.err().strip()).isEqualTo("iopath: " + shortFile + ":2: ends after 1 lines; the trace has 10000"
                + " requests");
    }

    @Test
    void anUnknownDriveIsOneLineAndExitStatus2() {
        Outcome o = iopath("validate", TRACES.resolve("atlas10k.trace").toString(), "--drive", "no-such-drive");
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err().strip()).startsWith("iopath: --drive: expected a preset").doesNotContain("\n");
    }

    @Test
    void aMalformedTraceLineIsOneLineAndExitStatus2() throws IOException {
        Path bad = dir.resolve("bad.trace");
        Files.writeString(bad, "R Hit 1 2 3 4\nR Hit 1 2 3 q\n");
        Outcome o = iopath("validate", bad.toString(), "--drive", "atlas10k", "--out", dir.resolve("out").toString());
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err().strip())
                .isEqualTo("iopath: " + bad + ":2: idle time (us): expected a non-negative decimal number, got 'q'");
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void runTakesADriveByNameOrFile() {
        Outcome byName = iopath("run", "--drive", "cheetah-15k5-146g", "--set", "jobs[0].number_ios=100",
                "--set", "jobs[0].size=10g");
        assertThat(byName.status()).as(byName.err()).isZero();
        assertThat(byName.out()).contains("cheetah-15k5-146g");
        Outcome byFile = iopath("run", "--drive", DISKSIM.resolve("cheetah9LP.parv").toString(), "--set",
                "jobs[0].number_ios=100", "--set", "jobs[0].size=1g");
        assertThat(byFile.status()).as(byFile.err()).isZero();
        assertThat(byFile.out()).contains("cheetah9LP.parv");
    }

    @Test
    void aDriveRunAndSweepRefuseIsReportedAsTheDriveOptionNotTheSetItBecame() throws IOException {
        String missing = dir.resolve("no-such.parv").toString();
        Path scenario = dir.resolve("s.yaml");
        Files.writeString(scenario, "jobs:\n  - name: r\n    rw: randread\n    number_ios: 10\n");
        for (List<String> args : List.of(List.of("run", "--drive", missing), List.of("run", scenario.toString(), "--drive", missing),
                List.of("sweep", scenario.toString(), "--vary", "host.queue_depth=1,2", "--drive", missing))) {
            Outcome o = iopath(args.toArray(String[]::new));
            assertThat(o.status()).as("%s", args).isEqualTo(2);
            assertThat(o.err().strip()).as("%s", args).startsWith("iopath: --drive " + missing + ": drive.preset: expected one of ")
                    .endsWith(", got '" + missing + "'").doesNotContain("\n");
        }
        // the value typed as --set is still reported as that --set
        Outcome set = iopath("run", "--set", "drive.preset=" + missing);
        assertThat(set.err().strip()).startsWith("iopath: --set drive.preset=" + missing + ": drive.preset: expected one of ");
    }

    @Test
    void reproduceWritesTheTwelveCellTable() throws IOException {
        for (String bs : List.of("4k", "128k")) {
            for (String[] p : new String[][] {{"read", "randread"}, {"write", "randwrite"}, {"rw", "randrw"}}) {
                Files.writeString(dir.resolve(bs + "-" + p[0] + ".yaml"), """
                        name: t
                        drive: {preset: laptop-7200-250g}
                        jobs:
                          - {rw: %s, bs: %s, iodepth: 1, size: 90g, runtime: 1s}
                        """.formatted(p[1], bs));
            }
        }
        Path out = dir.resolve("out");
        Outcome o = iopath("reproduce", "qemu-write-cache", "--scenarios", dir.toString(), "--out", out.toString());
        assertThat(o.status()).as(o.err()).isZero();
        List<String> rows = Files.readAllLines(out.resolve("table.csv"));
        assertThat(rows.get(0)).isEqualTo("block_size,pattern,write_cache,iops");
        assertThat(rows).hasSize(13);
        assertThat(rows).anyMatch(r -> r.startsWith("128k,rw,on,"));
        assertThat(o.out()).contains("4k off", "128k on");
        // docs/reports.md: besides the table, every run's results, a report and a chart of the table
        List<String> results = Files.readAllLines(out.resolve("results.csv"));
        assertThat(results.get(0)).startsWith("block_size,pattern,write_cache,scenario,");
        assertThat(results).anyMatch(r -> r.startsWith("128k,rw,on,t,") && r.contains(",total,"));
        assertThat(out.resolve("latency.csv")).exists();
        assertThat(Files.readString(out.resolve("report.html"))).contains("QEMU write-cache", "<svg");
        String chart = Files.readString(out.resolve("table.svg"));
        assertThat(chart).startsWith("<svg").contains("write cache on", "block_size");
        // the chart's points are the table's IOPS: 12 cells, one line per pattern and cache setting
        assertThat(chart).contains("rw, write cache off", "read, write cache on");
    }
}
