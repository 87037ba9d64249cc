package io.iopath.cli;

import io.iopath.experiment.ScenarioRun;
import io.iopath.files.AtomicFiles;
import io.iopath.report.ResultJson;
import io.iopath.report.ResultTable;
import io.iopath.report.RunReport;
import io.iopath.report.ScenarioSource;
import io.iopath.report.postmark.PostmarkReport;
import io.iopath.result.PostmarkResult;
import io.iopath.result.Result;
import io.iopath.scenario.Scenario;
import io.iopath.scenario.ScenarioReader;
import io.iopath.scenario.ScenarioYaml;
import io.iopath.workload.postmark.PostmarkConfigException;
import io.iopath.workload.postmark.PostmarkConfigFile;
import io.iopath.workload.postmark.PostmarkJob;
import io.iopath.workload.postmark.PostmarkProcess;
import io.iopath.workload.postmark.PostmarkScript;
import io.iopath.workload.postmark.PostmarkSeqWriter;
import io.iopath.workload.postmark.PostmarkShow;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code iopath run FILE.pmrc}: a Postmark configuration file, run command by command as Postmark does
 * ({@code show} prints the configuration, each {@code run} is one benchmark run). Each run is simulated on
 * a freshly made file system ({@link #SCENARIO}, changed by {@code --set} and {@code --drive}) and prints
 * Postmark's own report, computed from simulated time, then iopath's per-layer table. {@code --ops-out}
 * writes the calls the simulated runs made ({@code postmark-seq v1}, every run after one header line).
 */
final class PostmarkRun {
    /** What the simulated Postmark shows as its working directory: the root of its file system. */
    static final String WORKING_DIRECTORY = ".";
    /** The built-in scenario each run happens in. */
    static final String SCENARIO = "/io/iopath/scenario/postmark-default.yaml";

    private PostmarkRun() {
    }

    /** The scenario of one run, with overrides: Postmark's parameters come from the file, the rest from here. */
    static Scenario scenario(List<String> overrides) {
        return ScenarioReader.read("(Postmark's built-in scenario)", builtInText(), overrides);
    }

    /** The text of {@link #SCENARIO}. */
    private static String builtInText() {
        try (InputStream in = PostmarkRun.class.getResourceAsStream(SCENARIO)) {
            if (in == null) {
                throw new IllegalStateException("built-in scenario missing from the jar: " + SCENARIO);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * @param outDir where to write the run's results.json, results.csv, … and report.html (as for a scenario's
     *               {@code --out}), or null
     * @param json   print the run's results.json instead of Postmark's report and the table; Postmark's
     *               {@code show} text then goes to standard error, so standard output is the JSON alone
     */
    static int run(Path configFile, Path opsOut, List<String> overrides, Path outDir, boolean json, PrintWriter out,
                   PrintWriter err) throws IOException {
        PostmarkScript script;
        try {
            script = PostmarkConfigFile.read(configFile);
        } catch (PostmarkConfigException e) {
            throw new BadInputException(e.getMessage());
        }
        Scenario base = scenario(overrides); // bad overrides fail before any run
        if (script.runs().isEmpty()) {
            err.println("iopath: " + configFile + ": no 'run' line: nothing to simulate");
        }
        if ((outDir != null || json) && script.runs().size() > 1) {
            // results.json and the report describe one run; which of several is not for iopath to choose
            throw new BadInputException((json ? "--json" : "--out") + ": " + configFile + " has " + script.runs().size()
                    + " 'run' lines (" + String.join(", ", script.runs().stream().map(PostmarkScript.Run::where).toList())
                    + "); it writes one run's results: keep one 'run' line");
        }
        AtomicFiles.Output file = opsOut == null ? null : AtomicFiles.newOutputStream(opsOut);
        try (Writer w = file == null ? Writer.nullWriter()
                : new BufferedWriter(new OutputStreamWriter(file, StandardCharsets.UTF_8))) {
            PostmarkSeqWriter calls = file == null ? null : new PostmarkSeqWriter(w);
            boolean first = true;
            for (PostmarkScript.Command c : script.commands()) {
                if (c instanceof PostmarkScript.Show show) {
                    (json ? err : out).print(PostmarkShow.text(show.config(), WORKING_DIRECTORY));
                    continue;
                }
                if (c instanceof PostmarkScript.Run r && r.reportFile() != null) {
                    err.println("iopath: " + c.where() + ": run " + r.reportFile() + ": the report is printed here, not"
                            + " appended to " + r.reportFile());
                }
                ScenarioRun run;
                try {
                    run = new ScenarioRun(base.withPostmark(List.of(new PostmarkJob("postmark", c.config()))));
                } catch (IllegalArgumentException e) {
                    throw new BadInputException(c.where() + ": run: " + e.getMessage());
                }
                PostmarkProcess pm = run.postmark().get(0);
                if (calls != null) {
                    pm.observe(calls);
                }
                Result result;
                try (ProgressBar bar = new ProgressBar(System.err, -1, -1, () -> run.simulator().now())) {
                    result = run.execute(bar::update);
                }
                PostmarkResult r = pm.result();
                if (outDir != null) {
                    RunReport.write(outDir, result, source(configFile, c, overrides));
                }
                if (json) {
                    out.print(ResultJson.toText(result));
                    summary(err, c, pm, r, run);
                    continue;
                }
                if (!first) {
                    out.println();
                }
                first = false;
                out.println("PostMark v1.51 : 8/14/01 (simulated by iopath: " + c.where() + ")");
                if (r.outOfFiles()) {
                    out.println("out of files! (Postmark prints no report)");
                } else {
                    out.print(PostmarkReport.of(r, PostmarkReport.Timers.PRECISE));
                }
                out.println();
                out.print(ResultTable.render(result));
                if (outDir != null) {
                    out.println();
                    out.println("wrote " + String.join(", ", RunReport.FILES) + " in " + outDir);
                }
                summary(err, c, pm, r, run);
            }
            w.flush();
            if (file != null) {
                file.commit(); // every run written: the file may appear
            }
        }
        if (opsOut != null) {
            err.println("iopath: wrote the calls to " + opsOut + " (postmark-seq v1)");
        }
        return 0;
    }

    /** The run's notes and its count of calls, on standard error. */
    private static void summary(PrintWriter err, PostmarkScript.Command c, PostmarkProcess pm, PostmarkResult r, ScenarioRun run) {
        run.notes().forEach(n -> err.println("iopath: " + n));
        err.println("iopath: " + c.where() + ": " + pm.calls() + " calls, " + r.filesCreated() + " files created, "
                + r.filesRead() + " read, " + r.filesAppended() + " appended, " + r.filesDeleted() + " deleted; "
                + String.format(java.util.Locale.ROOT, "%.3f", pm.cpuNs() / 1e9) + " s of simulated CPU in calls");
    }

    /**
     * The scenario as the report shows it: the configuration file's name, the overrides, and the built-in
     * scenario as run with them, its Postmark job's parameters being the file's at the run line, given as
     * Postmark's own {@code show} text.
     */
    private static ScenarioSource source(Path configFile, PostmarkScript.Command run, List<String> overrides) {
        StringBuilder yaml = new StringBuilder(ScenarioYaml.asRun("(Postmark's built-in scenario)", builtInText(), overrides));
        yaml.append("# the postmark job's parameters: ").append(run.where()).append(", as Postmark's show prints them:\n");
        for (String line : PostmarkShow.text(run.config(), WORKING_DIRECTORY).split("\\R")) {
            yaml.append("#   ").append(line).append('\n');
        }
        return new ScenarioSource(configFile.getFileName().toString(), overrides, yaml.toString());
    }
}
