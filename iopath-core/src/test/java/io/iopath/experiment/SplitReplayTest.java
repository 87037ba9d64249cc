package io.iopath.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.iopath.report.LabelledResult;
import io.iopath.report.ResultJson;
import io.iopath.report.SplitReplayTable;
import io.iopath.result.Result;
import io.iopath.scenario.ScenarioReader;
import io.iopath.scenario.Scenario;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SplitReplayTest {
    @TempDir
    Path dir;

    /**
     * A DiskSim ascii trace over devices 5, 0 and 2, interleaved: device {@code d}'s requests
     * come in bursts that queue behind each other, so a replay that let another device's records
     * into its run would move its latencies.
     */
    static String threeDeviceTrace() {
        StringBuilder t = new StringBuilder();
        int[] devices = {5, 0, 2};
        for (int i = 0; i < 90; i++) {
            int dev = devices[i % 3];
            long block = (7919L * i * i + 104_729L * dev) % 40_000_000L;
            t.append(String.format(Locale.ROOT, "%d.%03d %d %d %d %x%n", 3 * i, (i * 37) % 1000, dev, block,
                    8 * (1 + i % 4), i % 5 == 0 ? 0 : 1));
        }
        return t.toString();
    }

    private String scenario(Path trace) {
        return "name: split\nseed: 7\nhost:\n  queue_depth: 8\njobs:\n  - name: replay\n    read_iolog: " + trace + "\n";
    }

    @Test
    void planFindsEveryDeviceAscending() throws IOException {
        Path trace = Files.writeString(dir.resolve("t.ascii"), threeDeviceTrace());
        SplitReplay.Plan plan = SplitReplay.plan(ScenarioReader.read("s.yaml", scenario(trace), List.of()));
        assertThat(plan.job()).isZero();
        assertThat(plan.devices()).containsExactly(0, 2, 5);
        assertThat(plan.axis().path()).isEqualTo("jobs[0].replay_device");
    }

    @Test
    void eachDeviceRunsAsItsRecordsAlone() throws IOException {
        String text = threeDeviceTrace();
        Path trace = Files.writeString(dir.resolve("t.ascii"), text);
        String yaml = scenario(trace);
        SweepGrid<Scenario> grid = SplitReplay.grid(o -> ScenarioReader.read("s.yaml", yaml, o), List.of());
        List<Result> split = Sweep.run(grid, 2, new Sweep.Listener<Result>() { });
        assertThat(grid.points()).extracting(p -> p.values().get(0)).containsExactly("0", "2", "5");
        for (SweepGrid.Point<Scenario> p : grid.points()) {
            String device = p.values().get(0);
            String alone = text.lines().filter(l -> l.split(" ")[1].equals(device))
                    .collect(Collectors.joining("\n", "", "\n"));
            Path own = Files.writeString(dir.resolve("dev" + device + ".ascii"), alone);
            Result expected = ScenarioRun.run(ScenarioReader.read("s.yaml", scenario(own), List.of()));
            assertThat(expected.total().ios()).isEqualTo(30);
            // the same figures; the scenario hashes differ, as the scenarios' texts do (the whole trace with a
            // device chosen, against a file of that device's records)
            assertThat(withoutHash(ResultJson.toText(split.get(p.index())))).isEqualTo(withoutHash(ResultJson.toText(expected)));
            assertThat(split.get(p.index()).provenance().scenarioHash()).isNotEqualTo(expected.provenance().scenarioHash());
        }
        // and not what the whole trace on one drive gives
        Result whole = ScenarioRun.run(ScenarioReader.read("s.yaml", yaml, List.of()));
        assertThat(whole.total().ios()).isEqualTo(90);
    }

    @Test
    void theLocalSplitReadsTheTraceOnceAndGivesTheGridsResults() throws IOException {
        Path trace = Files.writeString(dir.resolve("t.ascii"), threeDeviceTrace());
        String yaml = scenario(trace);
        SweepGrid<Scenario> grid = SplitReplay.grid(o -> ScenarioReader.read("s.yaml", yaml, o), List.of());
        List<Result> fromTheTrace = Sweep.run(grid, 2, new Sweep.Listener<Result>() { });
        List<Result> split;
        Path records;
        try (SplitReplay.Local local = SplitReplay.local(o -> ScenarioReader.read("s.yaml", yaml, o), List.of())) {
            assertThat(local.grid().points()).extracting(p -> p.values().get(0)).containsExactly("0", "2", "5");
            split = local.run(3, new Sweep.Listener<Result>() { });
            records = dirOfRecords();
            assertThat(records).isNotNull();
        }
        assertThat(records).doesNotExist();
        for (int i = 0; i < grid.size(); i++) {
            assertThat(ResultJson.toText(split.get(i))).isEqualTo(ResultJson.toText(fromTheTrace.get(i)));
        }
    }

    /** The split's directory of device records (the newest iopath-split- under the temporary directory). */
    private static Path dirOfRecords() throws IOException {
        try (var dirs = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return dirs.filter(d -> d.getFileName().toString().startsWith("iopath-split-"))
                    .filter(d -> Files.exists(d.resolve("device-5.rec")))
                    .max(java.util.Comparator.comparing(d -> d.toFile().lastModified())).orElse(null);
        }
    }

    private static String withoutHash(String json) {
        return json.replaceFirst("\"scenario_hash\" : \"[0-9a-f]*\"", "\"scenario_hash\" : \"\"");
    }

    @Test
    void tableHasARowPerDeviceAndTheirTotal() throws IOException {
        Path trace = Files.writeString(dir.resolve("t.ascii"), threeDeviceTrace());
        String yaml = scenario(trace);
        SweepGrid<Scenario> grid = SplitReplay.grid(o -> ScenarioReader.read("s.yaml", yaml, o), List.of());
        List<Result> results = Sweep.run(grid, 1, new Sweep.Listener<Result>() { });
        List<LabelledResult> runs = new ArrayList<>();
        for (SweepGrid.Point<Scenario> p : grid.points()) {
            runs.add(new LabelledResult(p.values(), results.get(p.index())));
        }
        List<String> lines = SplitReplayTable.render(runs).lines().toList();
        assertThat(lines).hasSize(2 + 3 + 1);
        assertThat(lines.get(2)).startsWith("| 0 | 30 |");
        assertThat(lines.get(4)).startsWith("| 5 | 30 |");
        assertThat(lines.get(5)).startsWith("| total | 90 |");
        long longest = results.stream().mapToLong(Result::elapsedNs).max().orElseThrow();
        assertThat(lines.get(5).split(" \\| ")[2]).isEqualTo(String.format(Locale.ROOT, "%.3f", longest / 1e9));
        assertThat(lines.get(5).split(" \\| ")[6]).isEmpty(); // no p99 of the whole from the devices' p99s
    }

    @Test
    void refusesScenariosWithoutExactlyOneReplayOfEveryDevice() throws IOException {
        Path trace = Files.writeString(dir.resolve("t.ascii"), threeDeviceTrace());
        String one = scenario(trace);
        assertThatThrownBy(() -> SplitReplay.plan(ScenarioReader.read("s.yaml", one, List.of("jobs[0].replay_device=2"))))
                .isInstanceOf(SweepException.class).hasMessageContaining("leave replay_device out");
        String two = one + "  - name: again\n    read_iolog: " + trace + "\n";
        assertThatThrownBy(() -> SplitReplay.plan(ScenarioReader.read("s.yaml", two, List.of())))
                .isInstanceOf(SweepException.class).hasMessageContaining("exactly one job").hasMessageEndingWith("has 2");
        String none = "name: plain\njobs:\n  - name: r\n    rw: randread\n    number_ios: 10\n";
        assertThatThrownBy(() -> SplitReplay.plan(ScenarioReader.read("s.yaml", none, List.of())))
                .isInstanceOf(SweepException.class).hasMessageEndingWith("has 0");
    }
}
