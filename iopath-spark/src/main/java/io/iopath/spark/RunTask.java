package io.iopath.spark;

import io.iopath.experiment.ScenarioRun;
import io.iopath.report.ResultJson;
import io.iopath.report.ResultsCsv;
import io.iopath.report.SplitReplayTable;
import io.iopath.result.Result;
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

    /**
     * Runs the point and returns its rows; with {@code runsDir} (a Hadoop path) also writes
     * {@code runsDir/INDEX/results.json} from this executor.
     */
    RunRows execute(String runsDir) throws IOException {
        Result r = ScenarioRun.run(scenario());
        if (runsDir != null) {
            org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(runsDir + "/" + index + "/results.json");
            try (OutputStream out = file.getFileSystem(new org.apache.hadoop.conf.Configuration()).create(file, true)) {
                out.write(ResultJson.toText(r).getBytes(StandardCharsets.UTF_8));
            }
        }
        return new RunRows(index, labels, ResultsCsv.cells(r), SplitReplayTable.Device.of(String.join(" ", labels), r));
    }
}
