package io.iopath.cli;

import io.iopath.experiment.Sweep;
import io.iopath.experiment.SweepAxis;
import io.iopath.experiment.SweepException;
import io.iopath.experiment.SweepGrid;
import io.iopath.experiment.VirtualRun;
import io.iopath.report.LabelledResult;
import io.iopath.report.LabelledVirtualResult;
import io.iopath.report.RunReport;
import io.iopath.report.SweepTable;
import io.iopath.report.VirtualRunText;
import io.iopath.result.Result;
import io.iopath.result.VirtualResult;
import io.iopath.scenario.FioJobFile;
import io.iopath.scenario.ScenarioException;
import io.iopath.scenario.ScenarioReader;
import io.iopath.report.ResultJson;
import io.iopath.scenario.Scenario;
import io.iopath.scenario.VirtualScenario;
import java.nio.charset.StandardCharsets;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Function;
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
 * grid order, whose columns are the figures these runs have. A guest on a virtual disk (a scenario
 * with {@code guest:}) sweeps the same way, its table {@link SweepTable#renderVirtual} and its files
 * {@link RunReport#writeVirtualComparison}.
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
        SweepGrid<Scenario> grid;
        try {
            List<SweepAxis> axes = vary.stream().map(SweepAxis::parse).toList();
            String text = Files.readString(scenarioFile, StandardCharsets.UTF_8);
            if (FioJobFile.looksLikeJobFile(scenarioFile, text)) {
                FioJobFile fio = FioJobFile.read(scenarioFile, all);
                fio.ignored().forEach(o -> err.println("ignored: " + o));
                grid = SweepGrid.of(o -> ScenarioReader.read(fio.tree(), o), all, axes);
                fio.notes().forEach(err::println); // once accepted: a note restates values the reader may refuse
            } else if (ScenarioReader.isVirtual(scenarioFile.toString(), text)) {
                return virtualSweep(SweepGrid.of(o -> ScenarioReader.readVirtual(scenarioFile, o), all, axes), threads);
            } else {
                grid = SweepGrid.of(scenarioFile, all, axes);
            }
        } catch (SweepException e) {
            throw new BadInputException("--vary: " + e.getMessage());
        }
        List<Result> results = Sweep.run(grid, threads, progress(grid));
        List<LabelledResult> runs = new ArrayList<>();
        for (SweepGrid.Point<Scenario> p : grid.points()) {
            runs.add(new LabelledResult(p.values(), results.get(p.index())));
        }
        if (json) {
            spec.commandLine().getOut().print(jsonArray(grid, results));
        } else {
            printTable(SweepTable.render(grid.columns(), runs));
        }
        if (outDir != null) {
            RunReport.writeComparison(outDir, scenarioFile.getFileName() + " sweep", grid.columns(), runs);
            printWritten();
        }
        return 0;
    }

    /**
     * A sweep of a guest on a virtual disk (a scenario with {@code guest:}, docs/virtual-disks.md):
     * each point as {@code iopath run} runs it, the table with the virtual disk's columns after the
     * guest's, {@code --json}'s results those of {@code iopath run --json}.
     */
    private int virtualSweep(SweepGrid<VirtualScenario> grid, int threads) throws IOException {
        List<VirtualResult> results = Sweep.run(grid, threads, progress(grid), s -> new VirtualRun(s).execute());
        List<LabelledVirtualResult> runs = new ArrayList<>();
        for (SweepGrid.Point<VirtualScenario> p : grid.points()) {
            runs.add(new LabelledVirtualResult(p.values(), results.get(p.index())));
        }
        if (json) {
            spec.commandLine().getOut().print(jsonArray(grid.columns(), grid, results, VirtualRunText::json));
        } else {
            printTable(SweepTable.renderVirtual(grid.columns(), runs));
        }
        if (outDir != null) {
            RunReport.writeVirtualComparison(outDir, scenarioFile.getFileName() + " sweep", grid.columns(), runs);
            printWritten();
        }
        return 0;
    }

    /** {@code [i/n]} and the point's overrides on standard error as each run starts, in grid order. */
    private <R> Sweep.Listener<R> progress(SweepGrid<?> grid) {
        PrintWriter err = spec.commandLine().getErr();
        // finished() is not needed: the table waits for every run, its columns are the figures that vary across them
        return new Sweep.Listener<>() {
            @Override
            public void started(SweepGrid.Point<?> p) {
                err.printf(Locale.ROOT, "[%d/%d] %s%n", p.index() + 1, grid.size(), p.description());
                err.flush();
            }
        };
    }

    private void printTable(String table) {
        PrintWriter out = spec.commandLine().getOut();
        out.print(table);
        // each run has its own scenario hash (its overrides differ): too wide for the table
        out.println();
        out.println("iopath " + io.iopath.result.Provenance.VERSION
                + "; each run's scenario hash is in --json (scenario_hash) and in --out's results.csv");
    }

    private void printWritten() {
        PrintWriter out = spec.commandLine().getOut();
        out.println();
        out.println("wrote " + String.join(", ", RunReport.COMPARISON_FILES) + " in " + outDir);
    }

    /** {@code [{"point": {FIELD: VALUE, ...}, "result": <results.json>}, ...]}, in grid order. */
    static String jsonArray(SweepGrid<Scenario> grid, List<Result> results) throws IOException {
        return jsonArray(grid.columns(), grid, results);
    }

    /** As {@link #jsonArray(SweepGrid, List)} with other names for the point's fields (a split replay's {@code device}). */
    static String jsonArray(List<String> columns, SweepGrid<Scenario> grid, List<Result> results) throws IOException {
        return jsonArray(columns, grid, results, ResultJson::toText);
    }

    /** As {@link #jsonArray(SweepGrid, List)} with each run's results.json given by {@code json}. */
    private static <R> String jsonArray(List<String> columns, SweepGrid<?> grid, List<R> results, Function<R, String> json)
            throws IOException {
        com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.node.ArrayNode runs = mapper.createArrayNode();
        for (SweepGrid.Point<?> p : grid.points()) {
            com.fasterxml.jackson.databind.node.ObjectNode run = runs.addObject();
            com.fasterxml.jackson.databind.node.ObjectNode point = run.putObject("point");
            for (int i = 0; i < columns.size(); i++) {
                point.put(columns.get(i), p.values().get(i));
            }
            run.set("result", mapper.readTree(json.apply(results.get(p.index()))));
        }
        return mapper.writerWithDefaultPrettyPrinter().writeValueAsString(runs) + "\n";
    }
}
