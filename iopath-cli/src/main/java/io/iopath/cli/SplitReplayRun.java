package io.iopath.cli;

import io.iopath.experiment.SplitReplay;
import io.iopath.experiment.Sweep;
import io.iopath.experiment.SweepException;
import io.iopath.experiment.SweepGrid;
import io.iopath.report.LabelledResult;
import io.iopath.report.RunReport;
import io.iopath.report.SplitReplayTable;
import io.iopath.result.Result;
import io.iopath.scenario.Scenario;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * {@code iopath run --split-by-device}: the scenario's trace replayed one device at a time
 * ({@link SplitReplay}), the devices on a thread pool ({@link Sweep}); prints {@code [i/n] device D}
 * on standard error as each starts, then {@link SplitReplayTable} (or, with {@code --json}, the
 * sweep's JSON array with {@code device} as the point), and with {@code --out} the comparison
 * files with a {@code device} label column.
 */
final class SplitReplayRun {
    private SplitReplayRun() {
    }

    static int run(Function<List<String>, Scenario> reader, List<String> overrides, Integer jobs, Path outDir, boolean json,
                   boolean check, PrintWriter out, PrintWriter err) throws IOException {
        int threads = jobs == null ? Sweep.defaultJobs() : jobs;
        if (threads < 1) {
            throw new BadInputException("--jobs: expected at least 1, got " + threads);
        }
        SplitReplay.Local split;
        try {
            if (check) {
                out.println("ok: " + SplitReplay.grid(reader, overrides).size() + " device(s)");
                return 0;
            }
            split = SplitReplay.local(reader, overrides); // the trace read once, each device's records apart
        } catch (SweepException e) {
            throw new BadInputException("--split-by-device: " + e.getMessage());
        }
        SweepGrid<Scenario> grid = split.grid();
        List<Result> results;
        try (split) {
            results = split.run(threads, new Sweep.Listener<Result>() {
                @Override
                public void started(SweepGrid.Point<?> p) {
                    err.printf(Locale.ROOT, "[%d/%d] device %s%n", p.index() + 1, grid.size(), p.values().get(0));
                    err.flush();
                }
            });
        }
        List<LabelledResult> runs = new ArrayList<>();
        for (SweepGrid.Point<Scenario> p : grid.points()) {
            runs.add(new LabelledResult(p.values(), results.get(p.index())));
        }
        List<String> columns = List.of(SplitReplay.DEVICE_COLUMN);
        if (json) {
            out.print(SweepCommand.jsonArray(columns, grid, results));
        } else {
            out.print(SplitReplayTable.render(runs));
        }
        if (outDir != null) {
            RunReport.writeComparison(outDir, "split replay", columns, runs);
            if (!json) {
                out.println();
                out.println("wrote " + String.join(", ", RunReport.COMPARISON_FILES) + " in " + outDir);
            }
        }
        return 0;
    }
}
