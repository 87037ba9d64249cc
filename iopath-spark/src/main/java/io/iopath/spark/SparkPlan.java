package io.iopath.spark;

import io.iopath.experiment.SplitReplay;
import io.iopath.experiment.SweepAxis;
import io.iopath.experiment.SweepGrid;
import io.iopath.scenario.FioJobFile;
import io.iopath.scenario.Scenario;
import io.iopath.scenario.ScenarioReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * The runs of a Spark job, worked out on the driver before any task starts: the grid of
 * {@code iopath sweep} ({@link SweepGrid}, so the same points in the same order, and a value that
 * does not bind is reported before anything runs), the same grid over every scenario of a
 * directory, or the devices of a split replay ({@link SplitReplay}).
 *
 * @param labelColumns the table's label columns: the varied fields (a directory's first column
 *                     is {@link #FILE_COLUMN}; a split replay's only one {@code device})
 * @param tasks        every run, in grid order
 * @param split        whether the runs are a split replay's devices
 */
record SparkPlan(List<String> labelColumns, List<RunTask> tasks, boolean split) {
    /** A directory sweep's first label column: the scenario's file name. */
    static final String FILE_COLUMN = "scenario_file";

    SparkPlan {
        labelColumns = List.copyOf(labelColumns);
        tasks = List.copyOf(tasks);
    }

    /**
     * The grid over one scenario or fio job file, or over each of a directory's files in name
     * order (hidden files left out), with {@code overrides} in every run.
     *
     * @param notes told what a fio job file's reading ignored, once per file
     */
    static SparkPlan sweep(Path scenarioOrDirectory, List<String> overrides, List<SweepAxis> axes, Consumer<String> notes) {
        Path base = scenarioOrDirectory.toAbsolutePath().normalize();
        if (!Files.isDirectory(base)) {
            SweepGrid<?> grid = grid(base, overrides, axes, notes);
            List<RunTask> tasks = new ArrayList<>();
            for (SweepGrid.Point<?> p : grid.points()) {
                tasks.add(new RunTask(p.index(), base.toString(), p.overrides(), p.values()));
            }
            return new SparkPlan(grid.columns(), tasks, false);
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(base)) {
            files = s.filter(Files::isRegularFile).filter(f -> !f.getFileName().toString().startsWith("."))
                    .sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (files.isEmpty()) {
            throw new IllegalArgumentException(base + ": no scenario or fio job files in the directory");
        }
        List<String> columns = new ArrayList<>(List.of(FILE_COLUMN));
        axes.forEach(a -> columns.add(a.path()));
        List<RunTask> tasks = new ArrayList<>();
        for (Path f : files) {
            for (SweepGrid.Point<?> p : grid(f, overrides, axes, notes).points()) {
                List<String> labels = new ArrayList<>(List.of(f.getFileName().toString()));
                labels.addAll(p.values());
                tasks.add(new RunTask(tasks.size(), f.toString(), p.overrides(), labels));
            }
        }
        return new SparkPlan(columns, tasks, false);
    }

    /** One run per device of the scenario's trace, device ascending. */
    static SparkPlan split(Path scenario, List<String> overrides, Consumer<String> notes) {
        Path file = scenario.toAbsolutePath().normalize();
        noteFio(file, notes);
        SweepGrid<Scenario> grid = SplitReplay.grid(o -> RunTask.read(file, o), overrides);
        List<RunTask> tasks = new ArrayList<>();
        for (SweepGrid.Point<Scenario> p : grid.points()) {
            tasks.add(new RunTask(p.index(), file.toString(), p.overrides(), p.values()));
        }
        return new SparkPlan(List.of(SplitReplay.DEVICE_COLUMN), tasks, true);
    }

    /** The grid over one file: a guest on a virtual disk read as a guest, as {@code iopath sweep} reads it. */
    private static SweepGrid<?> grid(Path file, List<String> overrides, List<SweepAxis> axes, Consumer<String> notes) {
        noteFio(file, notes);
        if (RunTask.isVirtual(file)) {
            return SweepGrid.of(o -> ScenarioReader.readVirtual(file, o), overrides, axes);
        }
        return SweepGrid.of(o -> RunTask.read(file, o), overrides, axes);
    }

    private static void noteFio(Path file, Consumer<String> notes) {
        try {
            if (!Files.isRegularFile(file)) {
                throw new IllegalArgumentException(file + ": no such scenario file");
            }
            if (FioJobFile.looksLikeJobFile(file, Files.readString(file, StandardCharsets.UTF_8))) {
                FioJobFile fio = FioJobFile.read(file);
                fio.ignored().forEach(o -> notes.accept(file.getFileName() + ": ignored: " + o));
                fio.notes().forEach(n -> notes.accept(file.getFileName() + ": " + n));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
