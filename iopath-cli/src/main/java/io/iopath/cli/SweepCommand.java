package io.iopath.cli;

import io.iopath.experiment.Sweep;
import io.iopath.experiment.SweepAxis;
import io.iopath.experiment.SweepException;
import io.iopath.experiment.SweepGrid;
import io.iopath.report.LabelledResult;
import io.iopath.report.RunReport;
import io.iopath.result.DirectionStats;
import io.iopath.result.DriveQueueStats;
import io.iopath.result.Result;
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
 * are {@link SweepGrid} and {@link Sweep}; this command only prints: a row per run in grid order
 * as soon as it and every run before it have finished, and {@code [i/n]} on standard error as
 * run i starts (also in grid order).
 */
@Command(name = "sweep",
        mixinStandardHelpOptions = true,
        description = {"Runs a scenario for every combination of the values given with --vary and compares the runs.",
                "e.g. iopath sweep examples/schedulers.yaml --vary drive.write_cache=off,on "
                        + "--vary host.scheduler=noop,deadline --vary host.queue_depth=1,4,16,64"})
final class SweepCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SCENARIO", description = "scenario YAML file")
    Path scenarioFile;

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
        OutputPaths.checkDirectory("--out", outDir);
        if (!Files.isRegularFile(scenarioFile)) {
            throw new BadInputException(scenarioFile + ": no such scenario file");
        }
        int threads = jobs == null ? Sweep.defaultJobs() : jobs;
        if (threads < 1) {
            throw new BadInputException("--jobs: expected at least 1, got " + threads);
        }
        SweepGrid grid;
        try {
            grid = SweepGrid.of(scenarioFile, overrides, vary.stream().map(SweepAxis::parse).toList());
        } catch (SweepException e) {
            throw new BadInputException("--vary: " + e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        out.println(header(grid.columns()));
        out.flush();
        List<Result> results = Sweep.run(grid, threads, new Sweep.Listener() {
            @Override
            public void started(SweepGrid.Point p) {
                err.printf(Locale.ROOT, "[%d/%d] %s%n", p.index() + 1, grid.size(), p.description());
                err.flush();
            }

            @Override
            public void finished(SweepGrid.Point p, Result r) {
                out.println(row(p.values(), r));
                out.flush();
            }
        });
        if (outDir != null) {
            List<LabelledResult> runs = new ArrayList<>();
            for (SweepGrid.Point p : grid.points()) {
                runs.add(new LabelledResult(p.values(), results.get(p.index())));
            }
            RunReport.writeComparison(outDir, scenarioFile.getFileName() + " sweep", grid.columns(), runs);
            out.println();
            out.println("wrote " + String.join(", ", RunReport.COMPARISON_FILES) + " in " + outDir);
        }
        return 0;
    }

    static String header(List<String> columns) {
        StringBuilder sb = new StringBuilder("|");
        StringBuilder rule = new StringBuilder("|");
        for (String c : columns) {
            sb.append(' ').append(c).append(" |");
            rule.append("---|");
        }
        sb.append(" read IOPS | read mean ms | read p99 ms | write MB/s | write mean ms | total IOPS | total MB/s"
                + " | QUEUE FULL | drive tagged | drive effective |");
        rule.append("---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        return sb + "\n" + rule;
    }

    static String row(List<String> point, Result r) {
        StringBuilder sb = new StringBuilder("|");
        for (String p : point) {
            sb.append(' ').append(p).append(" |");
        }
        DirectionStats rd = r.read();
        DirectionStats wr = r.write();
        DriveQueueStats dq = r.driveQueue();
        sb.append(String.format(Locale.ROOT, " %.1f | %.1f | %.1f | %.2f | %.1f | %.1f | %.2f | %d | %s | %s |",
                rd.iops(), rd.latency().mean() / 1e6, rd.latency().p99() / 1e6, wr.bandwidthBytesPerS() / 1e6,
                wr.latency().mean() / 1e6,
                r.total().iops(), r.total().bandwidthBytesPerS() / 1e6, r.queueFulls(),
                dq == null ? "" : String.format(Locale.ROOT, "%.1f", dq.meanTagged()),
                dq == null ? "" : String.format(Locale.ROOT, "%.1f", dq.meanEffective())));
        return sb.toString();
    }
}
