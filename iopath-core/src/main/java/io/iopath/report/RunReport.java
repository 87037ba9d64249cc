package io.iopath.report;

import io.iopath.files.AtomicFiles;
import io.iopath.result.Result;
import io.iopath.result.VirtualResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The files of one run's output directory, each written atomically: {@code results.json},
 * {@code results.csv}, {@code latency.csv}, {@code timeseries.csv} and {@code report.html}; and those of several
 * labelled runs side by side ({@link #writeComparison}). What each holds is described in
 * docs/reports.md.
 */
public final class RunReport {
    public static final List<String> FILES = List.of("results.json", "results.csv", "latency.csv", "timeseries.csv",
            "report.html");
    public static final List<String> COMPARISON_FILES = List.of("results.csv", "latency.csv", "report.html");

    private RunReport() {
    }

    /** Writes every file into {@code dir} (created if missing) and returns their paths, in {@link #FILES} order. */
    public static List<Path> write(Path dir, Result r, ScenarioSource scenario) throws IOException {
        return writeAll(dir, FILES, ResultJson.toText(r), ResultsCsv.of(r), LatencyCsv.of(r), TimeSeriesCsv.of(r),
                HtmlReport.run(r, scenario));
    }

    /**
     * Writes every file of a guest on a virtual disk into {@code dir}, in {@link #FILES} order: the guest's
     * run as {@link #write} writes one, with the {@code virtual_disk} object in results.json, its columns
     * at the end of results.csv and its section in report.html.
     */
    public static List<Path> writeVirtual(Path dir, VirtualResult v, ScenarioSource scenario) throws IOException {
        return writeAll(dir, FILES, VirtualRunText.json(v), ResultsCsv.of(v), LatencyCsv.of(v.guest()), TimeSeriesCsv.of(v.guest()),
                HtmlReport.virtualRun(v, scenario));
    }

    /**
     * Writes {@code results.csv} and {@code latency.csv} with the label columns first, and a
     * comparison {@code report.html}, for a sweep or a reproduced figure; returns their paths in
     * {@link #COMPARISON_FILES} order.
     */
    public static List<Path> writeComparison(Path dir, String title, List<String> labelColumns, List<LabelledResult> runs)
            throws IOException {
        return writeAll(dir, COMPARISON_FILES, ResultsCsv.of(labelColumns, runs), LatencyCsv.of(labelColumns, runs),
                HtmlReport.comparison(title, labelColumns, runs));
    }

    /**
     * As {@link #writeComparison} for the runs of a guest on a virtual disk: the guest's rows with the
     * virtual disk's columns at the end of results.csv ({@link ResultsCsv#ofVirtual}), the guest's
     * latency.csv, and a page with a section for the virtual disks.
     */
    public static List<Path> writeVirtualComparison(Path dir, String title, List<String> labelColumns,
                                                    List<LabelledVirtualResult> runs) throws IOException {
        List<LabelledResult> guests = runs.stream().map(LabelledVirtualResult::guest).toList();
        return writeAll(dir, COMPARISON_FILES, ResultsCsv.ofVirtual(labelColumns, runs), LatencyCsv.of(labelColumns, guests),
                HtmlReport.virtualComparison(title, labelColumns, runs));
    }

    /**
     * A chart of a table of runs as one SVG: {@code metric} (axis label {@code axis}) against the
     * last numeric label column, a line per value of the other (which a caller combines from
     * several parameters if it has more: a reproduced figure's table as one picture).
     */
    public static String tableChart(List<String> labelColumns, List<LabelledResult> runs, String axis,
            java.util.function.ToDoubleFunction<Result> metric) {
        SweepLayout layout = SweepLayout.of(labelColumns, runs);
        if (!layout.numericX()) {
            throw new IllegalArgumentException("a table chart needs a numeric label column, got " + labelColumns);
        }
        double max = 0;
        for (LabelledResult r : runs) {
            max = Math.max(max, metric.applyAsDouble(r.result()));
        }
        return SvgCharts.sweepLines(labelColumns, layout, runs, axis, metric, max, "table-chart", SvgCharts.WIDTH,
                SvgCharts.HEIGHT);
    }

    /**
     * A reproduced figure's page: one metric of labelled runs drawn as the sweep pages draw it (a line per
     * value of one column, a panel per combination of the others), with trusted HTML before and after.
     */
    public static String metricPage(String title, String introHtml, List<String> labelColumns, List<LabelledResult> runs,
                                    String metricTitle, String axis, java.util.function.ToDoubleFunction<Result> value,
                                    String afterHtml) {
        return HtmlReport.metricSweep(title, introHtml, labelColumns, runs, metricTitle, axis, value, afterHtml);
    }

    /** Writes {@code texts[i]} to {@code dir/names[i]}, all or none ({@link AtomicFiles#writeStrings}); returns the paths in order. */
    private static List<Path> writeAll(Path dir, List<String> names, String... texts) throws IOException {
        List<Path> paths = names.stream().map(dir::resolve).toList();
        AtomicFiles.writeStrings(paths, List.of(texts));
        return paths;
    }
}
