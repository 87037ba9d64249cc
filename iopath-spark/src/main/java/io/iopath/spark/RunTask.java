package io.iopath.spark;

import io.iopath.experiment.ScenarioRun;
import io.iopath.experiment.VirtualRun;
import io.iopath.report.ResultJson;
import io.iopath.report.ResultsCsv;
import io.iopath.report.SplitReplayTable;
import io.iopath.report.VirtualRunText;
import io.iopath.result.Result;
import io.iopath.result.VirtualResult;
import io.iopath.scenario.FioJobFile;
import io.iopath.scenario.Scenario;
import io.iopath.scenario.ScenarioReader;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * One run of a Spark sweep, as the driver sends it to an executor: the scenario file and the
 * overrides of one grid point (plain strings, so any executor can read it), its place in grid
 * order and its labels. The executor reads the scenario again, exactly as the driver did when it
 * checked the grid, and runs it; a run owns its simulator and random streams, so its result is
 * the same on any executor, beside any other task.
 *
 * @param index        grid order, from 0 (across every file of a directory)
 * @param scenarioFile a scenario YAML or fio job file, at a path every executor can read
 * @param overrides    the point's overrides, fixed ones first, as {@code --set} spells them
 * @param labels       its values of the table's label columns
 */
record RunTask(int index, String scenarioFile, List<String> overrides, List<String> labels) implements Serializable {
    private static final long serialVersionUID = 1L;

    RunTask {
        overrides = List.copyOf(overrides);
        labels = List.copyOf(labels);
    }

    /** The scenario of this point, read as {@code iopath sweep} reads its SCENARIO. */
    Scenario scenario() {
        return read(Path.of(scenarioFile), overrides);
    }

    static Scenario read(Path file, List<String> overrides) {
        try {
            if (FioJobFile.looksLikeJobFile(file, Files.readString(file, StandardCharsets.UTF_8))) {
                return ScenarioReader.read(FioJobFile.read(file).tree(), overrides);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return ScenarioReader.read(file, overrides);
    }

    /** Whether {@code file} is a guest on a virtual disk (a scenario with {@code guest:}), which runs as {@code iopath sweep} runs one. */
    static boolean isVirtual(Path file) {
        try {
            String text = Files.readString(file, StandardCharsets.UTF_8);
            return !FioJobFile.looksLikeJobFile(file, text) && ScenarioReader.isVirtual(file.toString(), text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Runs the point and returns its rows; with {@code runsDir} (a Hadoop path) also writes
     * {@code runsDir/INDEX/results.json} (what {@code iopath run --json} prints) from this executor.
     */
    RunRows execute(String runsDir) throws IOException {
        Path file = Path.of(scenarioFile);
        Result r;
        String json;
        ResultsCsv.RunCells cells;
        if (isVirtual(file)) {
            VirtualResult v = new VirtualRun(ScenarioReader.readVirtual(file, overrides)).execute();
            r = v.guest();
            json = VirtualRunText.json(v);
            cells = ResultsCsv.cells(labels, v);
        } else {
            r = ScenarioRun.run(scenario());
            json = ResultJson.toText(r);
            cells = ResultsCsv.cells(labels, r);
        }
        if (runsDir != null) {
            org.apache.hadoop.fs.Path out = new org.apache.hadoop.fs.Path(runsDir + "/" + index + "/results.json");
            try (OutputStream o = out.getFileSystem(new org.apache.hadoop.conf.Configuration()).create(out, true)) {
                o.write(json.getBytes(StandardCharsets.UTF_8));
            }
        }
        return new RunRows(index, cells, SplitReplayTable.Device.of(String.join(" ", labels), r));
    }
}
