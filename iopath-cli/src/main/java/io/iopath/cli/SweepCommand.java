package io.iopath.cli;

import io.iopath.experiment.ScenarioRun;
import io.iopath.report.LabelledResult;
import io.iopath.report.RunReport;
import io.iopath.result.DirectionStats;
import io.iopath.result.DriveQueueStats;
import io.iopath.result.Result;
import io.iopath.scenario.Scenario;
import io.iopath.scenario.ScenarioReader;
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
 * {@code --out}, the comparison files of {@link RunReport#writeComparison}.
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
            description = "a field and its values; repeat for a cross product (the first --vary changes slowest)")
    List<String> vary = new ArrayList<>();

    @Option(names = "--set", paramLabel = "PATH=VALUE", description = "override a field in every run")
    List<String> overrides = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR",
            description = "write DIR/results.csv, latency.csv and report.html with one row group per run (docs/reports.md)")
    Path outDir;

    @Override
    public Integer call() throws IOException {
        if (!Files.isRegularFile(scenarioFile)) {
            throw new BadInputException(scenarioFile + ": no such scenario file");
        }
        List<String> columns = new ArrayList<>();
        List<List<String>> values = new ArrayList<>();
        for (String v : vary) {
            int eq = v.indexOf('=');
            List<String> vs = eq <= 0 ? List.of() : List.of(v.substring(eq + 1).split(",", -1));
            if (eq <= 0 || vs.stream().anyMatch(String::isBlank)) {
                throw new BadInputException("--vary: expected PATH=V1,V2,..., got '" + v + "'");
            }
            columns.add(v.substring(0, eq).trim());
            values.add(vs.stream().map(String::trim).toList());
        }
        List<List<String>> points = new ArrayList<>();
        cross(values, 0, new ArrayList<>(), points);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        // read every point first, so a bad value is reported before anything runs
        List<Scenario> scenarios = new ArrayList<>();
        List<String> described = new ArrayList<>();
        for (List<String> point : points) {
            List<String> all = new ArrayList<>(overrides);
            for (int c = 0; c < columns.size(); c++) {
                all.add(columns.get(c) + "=" + point.get(c));
            }
            scenarios.add(ScenarioReader.read(scenarioFile, all));
            described.add(String.join(" ", all));
        }
        List<LabelledResult> runs = new ArrayList<>();
        out.println(header(columns));
        for (int i = 0; i < points.size(); i++) {
            List<String> point = points.get(i);
            err.printf(Locale.ROOT, "[%d/%d] %s%n", i + 1, points.size(), described.get(i));
            err.flush();
            Result r = ScenarioRun.run(scenarios.get(i));
            runs.add(new LabelledResult(point, r));
            out.println(row(point, r));
            out.flush();
        }
        if (outDir != null) {
            RunReport.writeComparison(outDir, scenarioFile.getFileName() + " sweep", columns, runs);
            out.println();
            out.println("wrote " + String.join(", ", RunReport.COMPARISON_FILES) + " in " + outDir);
        }
        return 0;
    }

    private static void cross(List<List<String>> values, int i, List<String> prefix, List<List<String>> out) {
        if (i == values.size()) {
            out.add(List.copyOf(prefix));
            return;
        }
        for (String v : values.get(i)) {
            prefix.add(v);
            cross(values, i + 1, prefix, out);
            prefix.remove(prefix.size() - 1);
        }
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
