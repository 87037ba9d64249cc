package io.iopath.cli;

import io.iopath.experiment.Sweep;
import io.iopath.experiment.SweepAxis;
import io.iopath.experiment.SweepException;
import io.iopath.experiment.SweepGrid;
import io.iopath.report.LabelledResult;
import io.iopath.report.RunReport;
import io.iopath.report.SweepTable;
import io.iopath.result.Result;
import io.iopath.scenario.FioJobFile;
import io.iopath.scenario.ScenarioException;
import io.iopath.scenario.ScenarioReader;
import io.iopath.report.ResultJson;
import java.nio.charset.StandardCharsets;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * Runs one scenario over the cross product of several fields' values (each a {@code --set}
 * override) and sets the runs side by side: a Markdown table on standard output and, with
 * {@code --out}, the comparison files of {@link RunReport#writeComparison}. The grid and its runs
 * are {@link SweepGrid} and {@link Sweep}; this command only prints: {@code [i/n]} on standard
 * error as run i starts (in grid order), then the table of {@link SweepTable}, a row per run in
 * grid order, whose columns are the figures these runs have.
 */
@Command(name = "sweep",
        mixinStandardHelpOptions = true,
        description = {"Runs a scenario for every combination of the values given with --vary and compares the runs.",
                "e.g. iopath sweep examples/schedulers.yaml --vary drive.write_cache=off,on "
                        + "--vary host.scheduler=noop,deadline --vary host.queue_depth=1,4,16,64"})
final class SweepCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SCENARIO", description = "scenario YAML file, or a fio job file (as run takes)")
    Path scenarioFile;

    @Option(names = "--seed", paramLabel = "N", description = "seed for every random stream of every run (overrides the scenario's)")
    Long seed;

    @Option(names = "--drive", paramLabel = "NAME|FILE",
            description = "drive preset (see 'iopath drives') or DiskSim parameter file, for every run")
    String drive;

    @Option(names = "--json", description = "print a JSON array of every run's results.json (with its point) instead of the table")
    boolean json;

    @Option(names = "--vary", paramLabel = "PATH=V1,V2,...", required = true,
            description = "a field and its values; repeat for a cross product (the first --vary changes slowest), each field once")
    List<String> vary = new ArrayList<>();

    @Option(names = "--set", paramLabel = "PATH=VALUE", description = "override a field in every run")
    List<String> overrides = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR",
            description = "write DIR/results.csv, latency.csv and report.html with one row group per run (docs/reports.md)")
    Path outDir;

    @Option(names = "--jobs", paramLabel = "N",
            description = "runs at a time (default: the number of cores); the output is the same for any N")
    Integer jobs;

    @Override
    public Integer call() throws IOException {
        try {
            return sweep();
        } catch (ScenarioException e) {
            throw DriveOption.givenAs(e, drive);
        }
    }

    private int sweep() throws IOException {
        OutputPaths.checkDirectory("--out", outDir);
        ScenarioFiles.read(scenarioFile); // a directory, a missing or a binary file: one clear line
        int threads = jobs == null ? Sweep.defaultJobs() : jobs;
        if (threads < 1) {
            throw new BadInputException("--jobs: expected at least 1, got " + threads);
        }
        List<String> all = new ArrayList<>(overrides);
        if (seed != null) {
            all.add("seed=" + seed);
        }
        if (drive != null) {
            all.add(DriveOption.override(drive));
        }
        PrintWriter err = spec.commandLine().getErr();
        SweepGrid grid;
        try {
            List<SweepAxis> axes = vary.stream().map(SweepAxis::parse).toList();
            if (FioJobFile.looksLikeJobFile(scenarioFile, Files.readString(scenarioFile, StandardCharsets.UTF_8))) {
                FioJobFile fio = FioJobFile.read(scenarioFile, all);
                fio.ignored().forEach(o -> err.println("ignored: " + o));
                grid = SweepGrid.of(o -> ScenarioReader.read(fio.tree(), o), all, axes);
                fio.notes().forEach(err::println); // once accepted: a note restates values the reader may refuse
            } else {
                grid = SweepGrid.of(scenarioFile, all, axes);
            }
        } catch (SweepException e) {
            throw new BadInputException("--vary: " + e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        List<Result> results = Sweep.run(grid, threads, new Sweep.Listener() {
            @Override
            public void started(SweepGrid.Point p) {
                err.printf(Locale.ROOT, "[%d/%d] %s%n", p.index() + 1, grid.size(), p.description());
                err.flush();
            }

            @Override
            public void finished(SweepGrid.Point p, Result r) {
                // the table waits for every run: its columns are the figures that vary across them
            }
        });
        List<LabelledResult> runs = new ArrayList<>();
        for (SweepGrid.Point p : grid.points()) {
            runs.add(new LabelledResult(p.values(), results.get(p.index())));
        }
        if (json) {
            out.print(jsonArray(grid, results));
        } else {
            out.print(SweepTable.render(grid.columns(), runs));
            // each run has its own scenario hash (its overrides differ): too wide for the table
            out.println();
            out.println("iopath " + io.iopath.result.Provenance.VERSION
                    + "; each run's scenario hash is in --json (scenario_hash) and in --out's results.csv");
        }
        if (outDir != null) {
            RunReport.writeComparison(outDir, scenarioFile.getFileName() + " sweep", grid.columns(), runs);
            out.println();
            out.println("wrote " + String.join(", ", RunReport.COMPARISON_FILES) + " in " + outDir);
        }
        return 0;
    }

    /** {@code [{"point": {FIELD: VALUE, ...}, "result": <results.json>}, ...]}, in grid order. */
    static String jsonArray(SweepGrid grid, List<Result> results) throws IOException {
        return jsonArray(grid.columns(), grid, results);
    }

    /** As {@link #jsonArray(SweepGrid, List)} with other names for the point's fields (a split replay's {@code device}). */
    static String jsonArray(List<String> columns, SweepGrid grid, List<Result> results) throws IOException {
        com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.node.ArrayNode runs = mapper.createArrayNode();
        for (SweepGrid.Point p : grid.points()) {
            com.fasterxml.jackson.databind.node.ObjectNode run = runs.addObject();
            com.fasterxml.jackson.databind.node.ObjectNode point = run.putObject("point");
            for (int i = 0; i < columns.size(); i++) {
                point.put(columns.get(i), p.values().get(i));
            }
            run.set("result", mapper.readTree(ResultJson.toText(results.get(p.index()))));
        }
        return mapper.writerWithDefaultPrettyPrinter().writeValueAsString(runs) + "\n";
    }
}
