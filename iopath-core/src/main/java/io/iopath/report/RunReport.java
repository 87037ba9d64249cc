package io.iopath.report;

import io.iopath.metrics.Result;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The files of one run's output directory, each written atomically: {@code results.json},
 * {@code results.csv}, {@code latency.csv} and {@code report.html}. What each holds is
 * described in docs/reports.md.
 */
public final class RunReport {
    public static final List<String> FILES = List.of("results.json", "results.csv", "latency.csv", "report.html");

    private RunReport() {
    }

    /** Writes every file into {@code dir} (created if missing) and returns their paths, in {@link #FILES} order. */
    public static List<Path> write(Path dir, Result r, ScenarioSource scenario) throws IOException {
        String[] texts = {ResultJson.toText(r), ResultsCsv.of(r), LatencyCsv.of(r), HtmlReport.run(r, scenario)};
        Path[] paths = new Path[texts.length];
        for (int i = 0; i < texts.length; i++) {
            paths[i] = dir.resolve(FILES.get(i));
            AtomicFiles.writeString(paths[i], texts[i]);
        }
        return List.of(paths);
    }
}
