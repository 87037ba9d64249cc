package io.iopath.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.experiment.ScenarioRun;
import io.iopath.experiment.SplitReplay;
import io.iopath.experiment.Sweep;
import io.iopath.experiment.SweepAxis;
import io.iopath.experiment.SweepGrid;
import io.iopath.report.LabelledResult;
import io.iopath.report.ResultJson;
import io.iopath.report.ResultsCsv;
import io.iopath.report.RunReport;
import io.iopath.report.SplitReplayTable;
import io.iopath.result.Result;
import io.iopath.scenario.FioJobFile;
import io.iopath.scenario.ScenarioReader;
import io.iopath.scenario.Scenario;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Spark application in local[2] mode, one session for the class: its table is the bytes of
 * {@code iopath sweep}'s for any partitioning, and a split replay's devices are those of
 * {@code iopath run --split-by-device} (made with the core classes those commands use) and of each device's records replayed alone.
 */
class SparkSweepTest {
    private static SparkSession spark;

    @TempDir
    Path dir;

    static final String SCENARIO = """
            name: tiny
            drive:
              preset: cheetah-15k5-146g
            jobs:
              - {name: r, rw: randread, bs: 4k, iodepth: 8, size: 10g, number_ios: 150}
              - {name: w, rw: write, bs: 64k, iodepth: 4, offset: 20g, size: 1g, number_ios: 60}
            """;

    @BeforeAll
    static void startSpark() {
        spark = SparkSession.builder()
                .master("local[2]")
                .appName("iopath-spark-test")
                .config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.sql.shuffle.partitions", "2")
                .config("spark.sql.debug.maxToStringFields", "100")
                .getOrCreate();
        spark.sparkContext().setLogLevel("WARN");
    }

    @AfterAll
    static void stopSpark() {
        spark.stop();
    }

    /**
     * What {@code iopath sweep FILE --set ... --vary ... --out DIR} writes as results.csv, made as
     * its SweepCommand makes it (a test-scoped dependency on the CLI would put its shaded jar, a
     * second copy of iopath-core, on this class path).
     */
    private static String localSweep(Path file, List<String> overrides, List<String> vary, Path out) throws IOException {
        List<SweepAxis> axes = vary.stream().map(SweepAxis::parse).toList();
        SweepGrid<Scenario> grid;
        if (FioJobFile.looksLikeJobFile(file, Files.readString(file))) {
            FioJobFile fio = FioJobFile.read(file);
            grid = SweepGrid.of(o -> ScenarioReader.read(fio.tree(), o), overrides, axes);
        } else {
            grid = SweepGrid.of(file, overrides, axes);
        }
        List<Result> results = Sweep.run(grid, 2, new Sweep.Listener<Result>() { });
        RunReport.writeComparison(out, file.getFileName() + " sweep", grid.columns(), labelled(grid, results));
        return Files.readString(out.resolve("results.csv"));
    }

    /** What {@code iopath run FILE --split-by-device --out DIR} writes (its SplitReplayRun): the table printed, then results.csv. */
    private static List<String> localSplit(Path file, Path out) throws IOException {
        SweepGrid<Scenario> grid = SplitReplay.grid(o -> ScenarioReader.read(file, o), List.of());
        List<LabelledResult> runs = labelled(grid, Sweep.run(grid, 2, new Sweep.Listener<Result>() { }));
        RunReport.writeComparison(out, "split replay", List.of(SplitReplay.DEVICE_COLUMN), runs);
        return List.of(SplitReplayTable.render(runs), Files.readString(out.resolve("results.csv")));
    }

    private static List<LabelledResult> labelled(SweepGrid<Scenario> grid, List<Result> results) {
        List<LabelledResult> runs = new ArrayList<>();
        for (SweepGrid.Point<Scenario> p : grid.points()) {
            runs.add(new LabelledResult(p.values(), results.get(p.index())));
        }
        return runs;
    }

    /** Runs the Spark application on the shared session and fails unless it exits 0; returns its standard output. */
    private static String sparkApp(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = IopathSpark.run(spark, IopathSpark.parse(args), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(status).as("%s: %s", String.join(" ", args), err.toString(StandardCharsets.UTF_8)).isZero();
        return out.toString(StandardCharsets.UTF_8);
    }

    /** results.csv rebuilt from the Parquet table, rows sorted by grid index and row, in the columns of {@code header}. */
    private static String csvFromParquet(Path parquet, List<String> header) {
        StringBuilder sb = new StringBuilder(ResultsCsv.line(header));
        List<Row> rows = spark.read().parquet(parquet.toString()).orderBy("grid_index", "row").collectAsList();
        for (Row r : rows) {
            List<String> cells = new ArrayList<>();
            for (String c : header) {
                Object v = r.get(r.fieldIndex(c));
                cells.add(v == null ? "" : v.toString());
            }
            sb.append(ResultsCsv.line(cells));
        }
        return sb.toString();
    }

    @Test
    void theTableHasTheSweepsBytesForAnyPartitioning() throws IOException {
        Path file = Files.writeString(dir.resolve("tiny.yaml"), SCENARIO);
        String[] grid = {"--vary", "drive.write_cache=off,on", "--vary", "host.queue_depth=1,16", "--set", "host.scheduler=deadline",
                "--seed", "11"};
        String expected = localSweep(file, List.of("host.scheduler=deadline", "seed=11"),
                List.of("drive.write_cache=off,on", "host.queue_depth=1,16"), dir.resolve("local"));
        assertThat(expected.lines().count()).isEqualTo(1 + 4 * 9);

        for (String partitions : List.of("1", "3")) {
            Path out = dir.resolve("spark" + partitions);
            List<String> args = new ArrayList<>(List.of("sweep", file.toString(), "--out", out.toString(), "--partitions", partitions));
            args.addAll(List.of(grid));
            String said = sparkApp(args.toArray(String[]::new));
            assertThat(said).contains("(4 runs)");
            assertThat(Files.readString(out.resolve("results.csv"))).as("%s partitions", partitions).isEqualTo(expected);
            List<String> header = new ArrayList<>(List.of("drive.write_cache", "host.queue_depth"));
            header.addAll(ResultsCsv.COLUMNS);
            assertThat(csvFromParquet(out.resolve("results.parquet"), header))
                    .isEqualTo(expected);
        }
    }

    /**
     * A guest on a virtual disk with its own ext3, and an ext3 host: the table has the file
     * system's columns (and the guest's the virtual disk's) with the bytes of {@code iopath sweep}'s,
     * for any partitioning; each run's results.json is {@code iopath run --json}'s.
     */
    @Test
    void aGuestOnAVirtualDiskAndAFileSystemHaveTheSweepsBytes() throws IOException {
        Path guest = Files.writeString(dir.resolve("guest.yaml"), """
                name: g
                drive: {preset: laptop-7200-250g, write_cache: on}
                power_failure: {at: 300ms}
                qemu: {cache: writeback, volume: {size: 10g}}
                guest:
                  filesystem: {type: ext3, size: 256m, options: barrier=1}
                  jobs:
                    - {name: mail, rw: randwrite, bs: 4k, direct: 0, nrfiles: 4, filesize: 16k, fsync: 1,
                       runtime: 1s, time_based: 1}
                """);
        List<SweepAxis> axes = List.of(SweepAxis.parse("qemu.cache=none,unsafe,writethrough"));
        SweepGrid<io.iopath.scenario.VirtualScenario> grid = SweepGrid.of(o -> ScenarioReader.readVirtual(guest, o), List.of(), axes);
        List<io.iopath.result.VirtualResult> results = Sweep.run(grid, 2, new Sweep.Listener<>() { },
                s -> new io.iopath.experiment.VirtualRun(s).execute());
        List<io.iopath.report.LabelledVirtualResult> runs = new ArrayList<>();
        for (SweepGrid.Point<io.iopath.scenario.VirtualScenario> p : grid.points()) {
            runs.add(new io.iopath.report.LabelledVirtualResult(p.values(), results.get(p.index())));
        }
        RunReport.writeVirtualComparison(dir.resolve("local-guest"), "guest", grid.columns(), runs);
        String expected = Files.readString(dir.resolve("local-guest").resolve("results.csv"));
        assertThat(expected.lines().findFirst().orElseThrow()).contains(",fs_type,", ",virtual_disk_cache,");
        for (String partitions : List.of("1", "2")) {
            Path out = dir.resolve("guest" + partitions);
            sparkApp("sweep", guest.toString(), "--vary", "qemu.cache=none,unsafe,writethrough", "--out", out.toString(),
                    "--partitions", partitions, "--per-run-json");
            assertThat(Files.readString(out.resolve("results.csv"))).as("%s partitions", partitions).isEqualTo(expected);
            assertThat(csvFromParquet(out.resolve("results.parquet"), List.of(expected.lines().findFirst().orElseThrow().split(","))))
                    .isEqualTo(expected);
            assertThat(Files.readString(out.resolve("runs/1/results.json"))).isEqualTo(io.iopath.report.VirtualRunText.json(results.get(1)));
        }

        Path ext3 = Files.writeString(dir.resolve("ext3.yaml"), """
                name: e
                filesystem: {type: ext3, size: 1g}
                jobs:
                  - {name: w, rw: randwrite, bs: 4k, direct: 0, filename: f, filesize: 1m, fsync: 4, number_ios: 64}
                """);
        String local = localSweep(ext3, List.of(), List.of("filesystem.options=barrier=0,barrier=1"), dir.resolve("local-ext3"));
        assertThat(local.lines().findFirst().orElseThrow()).contains(",fs_type,").doesNotContain("virtual_disk");
        Path out = dir.resolve("ext3");
        sparkApp("sweep", ext3.toString(), "--vary", "filesystem.options=barrier=0,barrier=1", "--out", out.toString(), "--partitions", "2");
        assertThat(Files.readString(out.resolve("results.csv"))).isEqualTo(local);
    }

    @Test
    void aDirectoryRunsEachFileWithItsNameAsALabelAndWritesEachRunsJson() throws IOException {
        Path scenarios = Files.createDirectories(dir.resolve("scenarios"));
        Files.writeString(scenarios.resolve("a.yaml"), SCENARIO);
        Files.writeString(scenarios.resolve("b.fio"), "[r]\nioengine=libaio\nrw=randread\niodepth=4\nsize=1g\nnumber_ios=80\n");
        Path out = dir.resolve("out");
        sparkApp("sweep", scenarios.toString(), "--vary", "host.queue_depth=2,8", "--out", out.toString(), "--per-run-json");
        List<String> csv = Files.readAllLines(out.resolve("results.csv"));
        assertThat(csv.get(0)).startsWith("scenario_file,host.queue_depth,scenario,");
        for (int file = 0; file < 2; file++) {
            String name = file == 0 ? "a.yaml" : "b.fio";
            String local = localSweep(scenarios.resolve(name), List.of(), List.of("host.queue_depth=2,8"), dir.resolve("local-" + name));
            List<String> expected = local.lines().skip(1).map(l -> name + "," + l).toList();
            assertThat(csv.stream().filter(l -> l.startsWith(name + ",")).toList()).isEqualTo(expected);
        }
        // grid index 3 is b.fio at queue depth 8
        String json = Files.readString(out.resolve("runs/3/results.json"));
        io.iopath.scenario.FioJobFile fio = io.iopath.scenario.FioJobFile.read(scenarios.resolve("b.fio"));
        assertThat(json).isEqualTo(ResultJson.toText(ScenarioRun.run(ScenarioReader.read(fio.tree(), List.of("host.queue_depth=8")))));
    }

    @Test
    void splitReplayDevicesAreTheLocalSplitAndEachDeviceAlone() throws IOException {
        StringBuilder t = new StringBuilder();
        int[] devices = {4, 1, 7};
        for (int i = 0; i < 60; i++) {
            t.append(String.format(Locale.ROOT, "%d.%03d %d %d %d 1%n", 2 * i, (i * 37) % 1000, devices[i % 3],
                    (7919L * i * i + 104_729L * devices[i % 3]) % 40_000_000L, 8 * (1 + i % 4)));
        }
        String text = t.toString();
        Path trace = Files.writeString(dir.resolve("t.ascii"), text);
        Path file = Files.writeString(dir.resolve("split.yaml"),
                "name: split\nhost:\n  queue_depth: 8\njobs:\n  - name: replay\n    read_iolog: " + trace + "\n");
        List<String> local = localSplit(file, dir.resolve("local"));
        Path out = dir.resolve("spark");
        String said = sparkApp("split", file.toString(), "--out", out.toString(), "--partitions", "2");
        assertThat(Files.readString(out.resolve("results.csv"))).isEqualTo(local.get(1));
        String table = local.get(0);
        assertThat(Files.readString(out.resolve("devices.md"))).isEqualTo(table);
        assertThat(said).startsWith(table);
        List<String> csv = Files.readAllLines(out.resolve("results.csv"));
        for (int device : new int[] {1, 4, 7}) {
            String own = text.lines().filter(l -> l.split(" ")[1].equals(Integer.toString(device)))
                    .collect(Collectors.joining("\n", "", "\n"));
            Path alone = Files.writeString(dir.resolve("dev" + device + ".ascii"), own);
            var result = ScenarioRun.run(ScenarioReader.read("s.yaml",
                    "name: split\nhost:\n  queue_depth: 8\njobs:\n  - name: replay\n    read_iolog: " + alone + "\n", List.of()));
            List<String> expected = ResultsCsv.cells(result).stream()
                    .map(cells -> device + "," + ResultsCsv.line(cells).strip()).toList();
            // the same figures; the last column, the scenario hash, differs as the two scenario texts do
            // (the whole trace with a device chosen, against a file of that device's records)
            assertThat(csv.stream().filter(l -> l.startsWith(device + ",")).map(SparkSweepTest::withoutHash).toList())
                    .as("device %d", device).isEqualTo(expected.stream().map(SparkSweepTest::withoutHash).toList());
        }
    }

    /** A results.csv line without its last cell (scenario_hash). */
    private static String withoutHash(String line) {
        return line.substring(0, line.lastIndexOf(','));
    }

    @Test
    void aRunThatFailsInItsTaskIsOneLineAndStatusTwo() throws IOException {
        Path file = Files.writeString(dir.resolve("late.yaml"), SCENARIO + "power_failure:\n  at: 1000s\n");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = IopathSpark.run(spark, IopathSpark.parse("sweep", file.toString(), "--out", dir.resolve("o").toString()),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(status).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("iopath-spark: power_failure.at: 1000.000 s is after the run's end")
                .hasLineCount(1);
    }

    /** Runs the application and returns its exit status and standard error. */
    private static Map.Entry<Integer, String> sparkAppFailing(String... args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = IopathSpark.run(spark, IopathSpark.parse(args), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return Map.entry(status, err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void anOutputDirectoryThatCannotBeWrittenIsRefusedBeforeAnyTaskRuns() throws IOException {
        Path file = Files.writeString(dir.resolve("tiny.yaml"), SCENARIO);
        Path plain = Files.writeString(dir.resolve("plain"), "x");
        long jobsBefore = spark.sparkContext().statusTracker().getJobIdsForGroup(null).length;
        for (Map.Entry<String, String> c : Map.of(
                plain.toString(), "iopath-spark: --out: " + plain + " exists and is not a directory",
                plain + "/out", "iopath-spark: --out: Parent path is not a directory: " + plain,
                "nope://host/out", "iopath-spark: --out: No FileSystem for scheme \"nope\"").entrySet()) {
            Map.Entry<Integer, String> o = sparkAppFailing("sweep", file.toString(), "--out", c.getKey());
            assertThat(o.getKey()).as(c.getKey()).isEqualTo(2);
            assertThat(o.getValue().strip()).isEqualTo(c.getValue());
        }
        assertThat(spark.sparkContext().statusTracker().getJobIdsForGroup(null)).hasSize((int) jobsBefore);
        assertThat(Files.readString(plain)).isEqualTo("x");
    }

    @Test
    void aRunReplacesTheOutputsOfTheRunBeforeItAndNothingElse() throws IOException {
        Path file = Files.writeString(dir.resolve("tiny.yaml"), SCENARIO);
        Path out = dir.resolve("out");
        Files.createDirectories(out);
        Files.writeString(out.resolve("notes.txt"), "mine");
        sparkApp("sweep", file.toString(), "--vary", "host.queue_depth=1,2,4", "--out", out.toString(), "--per-run-json");
        assertThat(out.resolve("runs/2/results.json")).exists();
        Files.writeString(out.resolve("devices.md"), "a split's table");
        // a smaller grid: only its own run's results.json, and no other run's table
        sparkApp("sweep", file.toString(), "--vary", "host.queue_depth=8", "--out", out.toString(), "--per-run-json");
        try (var runs = Files.list(out.resolve("runs"))) {
            assertThat(runs.map(p -> p.getFileName().toString()).toList()).containsExactly("0");
        }
        assertThat(out.resolve("devices.md")).doesNotExist();
        assertThat(Files.readAllLines(out.resolve("results.csv")).stream().skip(1).map(l -> l.split(",")[0]).distinct())
                .containsExactly("8");
        sparkApp("sweep", file.toString(), "--out", out.toString());
        assertThat(out.resolve("runs")).doesNotExist();
        assertThat(Files.readString(out.resolve("notes.txt"))).isEqualTo("mine");
    }
}
