package io.iopath.cli;

import io.iopath.experiment.ScenarioRun;
import io.iopath.metrics.Result;
import io.iopath.metrics.blktrace.BlkTraceLog;
import io.iopath.metrics.blktrace.BlkTraceSink;
import io.iopath.metrics.blktrace.BlkparseText;
import io.iopath.report.AtomicFiles;
import io.iopath.report.ResultJson;
import io.iopath.report.ResultTable;
import io.iopath.report.RunReport;
import io.iopath.report.ScenarioSource;
import io.iopath.scenario.Scenario;
import io.iopath.scenario.ScenarioReader;
import io.iopath.scenario.ScenarioYaml;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "run",
        mixinStandardHelpOptions = true,
        description = {"Simulates one scenario and prints its results.",
                "Without SCENARIO, runs the built-in default: random 4k reads on a 7200 rpm laptop disk."})
final class RunCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "SCENARIO", description = "scenario YAML file")
    Path scenarioFile;

    @Option(names = "--set", paramLabel = "PATH=VALUE",
            description = "override a scenario field, e.g. --set jobs[0].bs=128k --set host.queue_depth=32")
    List<String> overrides = new ArrayList<>();

    @Option(names = "--seed", paramLabel = "N", description = "seed for every random stream (overrides the scenario's)")
    Long seed;

    @Option(names = "--out", paramLabel = "DIR",
            description = "write DIR/results.json, results.csv, latency.csv and report.html (see docs/reports.md)")
    Path outDir;

    @Option(names = "--blktrace", paramLabel = "FILE",
            description = "write the run's blktrace events to FILE in blkparse's default text format")
    Path blktraceFile;

    @Option(names = "--json", description = "print results.json to standard output instead of the table")
    boolean json;

    @Option(names = "--drive", paramLabel = "NAME|FILE",
            description = "drive preset (see 'iopath drives') or DiskSim parameter file (.parv, .diskspecs)")
    String drive;

    @Option(names = "--show-default", description = "print the built-in default scenario and exit")
    boolean showDefault;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        if (showDefault) {
            out.print(ScenarioReader.defaultText());
            return 0;
        }
        List<String> all = new ArrayList<>(overrides);
        if (seed != null) {
            all.add("seed=" + seed);
        }
        if (drive != null) {
            all.add("drive.preset=" + drive);
        }
        Scenario scenario;
        if (scenarioFile == null) {
            scenario = ScenarioReader.readDefault(all);
        } else {
            if (!Files.isRegularFile(scenarioFile)) {
                throw new BadInputException(scenarioFile + ": no such scenario file");
            }
            scenario = ScenarioReader.read(scenarioFile, all);
        }
        BlkTraceLog trace = blktraceFile == null ? null : new BlkTraceLog();
        ScenarioRun run = new ScenarioRun(scenario, trace == null ? BlkTraceSink.NONE : trace);
        Result result;
        try (ProgressBar bar = new ProgressBar(System.err, run.plannedIos())) {
            result = run.execute(bar::update);
        }
        if (outDir != null) {
            RunReport.write(outDir, result, scenarioSource(all));
        }
        if (trace != null) {
            AtomicFiles.writeString(blktraceFile, BlkparseText.write(trace.events()));
        }
        if (json) {
            out.print(ResultJson.toText(result));
        } else {
            out.print(ResultTable.render(result));
            if (outDir != null) {
                out.println();
                out.println("wrote " + String.join(", ", RunReport.FILES) + " in " + outDir);
            }
        }
        return 0;
    }

    /** The scenario as the report shows it: its file name, the overrides, and its YAML as run. */
    private ScenarioSource scenarioSource(List<String> applied) throws IOException {
        String name = scenarioFile == null ? "the built-in default scenario" : scenarioFile.getFileName().toString();
        String text = scenarioFile == null ? ScenarioReader.defaultText() : Files.readString(scenarioFile, StandardCharsets.UTF_8);
        return new ScenarioSource(name, applied, ScenarioYaml.asRun(name, text, applied));
    }
}
