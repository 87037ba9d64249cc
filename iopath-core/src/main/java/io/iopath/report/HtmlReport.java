package io.iopath.report;

import io.iopath.units.Units;
import static io.iopath.report.Html.esc;
import static io.iopath.report.Html.fixed;
import static io.iopath.report.Html.ms;

import io.iopath.result.DirectionStats;
import io.iopath.result.LatencySummary;
import io.iopath.result.Result;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code report.html}: one self-contained page for people, with inline CSS and inline SVG charts,
 * no scripts and nothing fetched. Pure functions of Results, so the same run gives the same
 * bytes. The markup is also well-formed XML (void elements self-closed), so tools and tests can
 * read it with any XML parser. {@link #run} describes one run; {@link #comparison} sets several labelled runs side by
 * side, for sweeps and reproduced figures.
 */
final class HtmlReport {
    private HtmlReport() {
    }

    /** The report of one run: summary, latency CDF, where the time went, and the scenario as run. */
    public static String run(Result r, ScenarioSource scenario) {
        StringBuilder sb = new StringBuilder();
        head(sb, "iopath: " + r.scenario());
        sb.append("<header>\n<h1>").append(esc(r.scenario())).append("</h1>\n");
        sb.append("<p class=\"meta\">").append(kv("drive", esc(r.drive()))).append(" · ")
                .append(kv("scheduler", esc(r.scheduler()))).append(" · ")
                .append(kv("queue depth", Integer.toString(r.queueDepth()))).append(" · ")
                .append(kv("seed", Long.toString(r.seed()))).append("</p>\n");
        sb.append("<p class=\"meta\">").append(kv("simulated", fixed(Units.seconds(r.elapsedNs()), 3) + " s")).append(" · ")
                .append(kv("drive utilisation", fixed(100 * r.driveUtilisation(), 1) + " %")).append(" · ")
                .append(kv("bio merges", Long.toString(r.bioMerges()))).append(" · ")
                .append(kv("QUEUE FULL", Long.toString(r.queueFulls()))).append("</p>\n");
        if (r.powerLoss() != null) {
            sb.append("<p class=\"meta\">").append(esc(PowerLossText.describe(r.powerLoss()))).append("</p>\n");
        }
        sb.append("</header>\n");

        sb.append("<section>\n<h2>Summary</h2>\n<div class=\"wide\">\n<table class=\"summary\">\n");
        summaryHeader(sb, List.of());
        for (String direction : directions(r)) {
            summaryRow(sb, List.of(), 0, direction, stats(r, direction));
        }
        sb.append("</table>\n</div>\n<p class=\"note\">Latency is per bio, from blktrace Q (queued) to C (completed). "
                + "Q2D is the time in the block layer, D2C the time in the driver and the drive.</p>\n</section>\n");

        sb.append("<section>\n<h2>Latency distribution</h2>\n<figure>\n")
                .append(SvgCharts.latencyCdf(r, "chart-latency-cdf")).append('\n')
                .append("<figcaption>Share of IOs completed within each latency (read and write). "
                        + "Points at fixed percentiles from 0 (fastest IO) to 100 (slowest), exact to 3 significant "
                        + "digits; the same points are in <code>latency.csv</code>.</figcaption>\n</figure>\n</section>\n");

        sb.append("<section>\n<h2>Where the time went</h2>\n<figure>\n")
                .append(SvgCharts.timeSplit(r, "chart-time-split")).append('\n')
                .append("<figcaption>Mean time per IO split into block layer (Q2D) and driver + drive (D2C); "
                        + "mean drive time per command split into seek, rotational latency and media transfer. "
                        + "D2C also counts time a command waits in the driver and in the drive's queue.</figcaption>\n"
                        + "</figure>\n");
        timeSplitTable(sb, r);
        sb.append("</section>\n");

        sb.append("<section>\n<h2>Scenario</h2>\n<p class=\"meta\">from <b>").append(esc(scenario.name())).append("</b>");
        if (scenario.overrides().isEmpty()) {
            sb.append(", no overrides");
        } else {
            sb.append(", with");
            for (String o : scenario.overrides()) {
                sb.append(" <code>--set ").append(esc(o)).append("</code>");
            }
        }
        sb.append("; as run:</p>\n<pre><code>").append(esc(scenario.yamlAsRun())).append("</code></pre>\n</section>\n");
        foot(sb, "results.json, results.csv and latency.csv beside this page hold the same numbers for scripts.");
        return sb.toString();
    }

    /**
     * Several runs side by side: a table with the label columns first, and grouped bar charts of
     * IOPS and of p99 latency. Runs appear in the order given.
     */
    public static String comparison(String title, List<String> labelColumns, List<LabelledResult> runs) {
        List<String> captions = new ArrayList<>();
        List<Result> results = new ArrayList<>();
        for (LabelledResult run : runs) {
            captions.add(run.chartCaption(labelColumns));
            results.add(run.result());
        }
        // with one label column the axis names it and each bar group shows only its value
        String axis = labelColumns.size() == 1 ? labelColumns.get(0) : null;
        StringBuilder sb = new StringBuilder();
        head(sb, "iopath: " + title);
        sb.append("<header>\n<h1>").append(esc(title)).append("</h1>\n<p class=\"meta\"><b>").append(runs.size())
                .append("</b> runs");
        if (!labelColumns.isEmpty()) {
            sb.append(", varying <b>").append(esc(String.join(", ", labelColumns))).append("</b>");
        }
        sb.append("</p>\n</header>\n");

        sb.append("<section>\n<h2>Results</h2>\n<div class=\"wide\">\n<table class=\"summary\">\n");
        summaryHeader(sb, labelColumns);
        for (LabelledResult run : runs) {
            List<String> rows = directions(run.result());
            for (int i = 0; i < rows.size(); i++) {
                summaryRow(sb, i == 0 ? run.labels() : null, rows.size(), rows.get(i), stats(run.result(), rows.get(i)));
            }
        }
        sb.append("</table>\n</div>\n</section>\n");

        sb.append("<section>\n<h2>IOPS</h2>\n<figure>\n")
                .append(SvgCharts.groupedByDirection(axis, captions, results, "IOPS", DirectionStats::iops, "chart-iops"))
                .append("\n</figure>\n</section>\n");
        sb.append("<section>\n<h2>p99 latency</h2>\n<figure>\n")
                .append(SvgCharts.groupedByDirection(axis, captions, results, "p99 latency (ms)",
                        d -> Units.ms(d.latency().p99()), "chart-p99"))
                .append("\n<figcaption>99th percentile of per-bio latency, Q to C.</figcaption>\n</figure>\n</section>\n");
        foot(sb, "results.csv beside this page holds every run, one row per direction, for scripts.");
        return sb.toString();
    }

    /** read and write when they had IOs, and total; total alone when the run had none. */
    private static List<String> directions(Result r) {
        List<String> rows = new ArrayList<>();
        if (r.read().ios() > 0) {
            rows.add("read");
        }
        if (r.write().ios() > 0) {
            rows.add("write");
        }
        rows.add("total");
        return rows;
    }

    private static DirectionStats stats(Result r, String direction) {
        return switch (direction) {
            case "read" -> r.read();
            case "write" -> r.write();
            default -> r.total();
        };
    }

    private static void summaryHeader(StringBuilder sb, List<String> labelColumns) {
        sb.append("<thead>\n<tr>");
        for (String c : labelColumns) {
            sb.append("<th class=\"label\" rowspan=\"2\">").append(esc(c)).append("</th>");
        }
        sb.append("<th class=\"label\" rowspan=\"2\"></th><th rowspan=\"2\">IOs</th><th rowspan=\"2\">IOPS</th>")
                .append("<th rowspan=\"2\">MB/s</th><th class=\"group\" colspan=\"6\">latency (ms)</th>")
                .append("<th class=\"group\" colspan=\"2\">mean (ms)</th></tr>\n<tr>")
                .append("<th>mean</th><th>p50</th><th>p95</th><th>p99</th><th>p99.9</th><th>max</th>")
                .append("<th>Q2D</th><th>D2C</th></tr>\n</thead>\n");
    }

    /** One direction's row; {@code labels} are written (spanning {@code span} rows) when not null. */
    private static void summaryRow(StringBuilder sb, List<String> labels, int span, String direction, DirectionStats d) {
        sb.append(direction.equals("total") ? "<tr class=\"total\">" : "<tr>");
        if (labels != null) {
            for (String l : labels) {
                sb.append("<td class=\"label\"").append(span > 1 ? " rowspan=\"" + span + "\"" : "").append('>')
                        .append(esc(l)).append("</td>");
            }
        }
        LatencySummary l = d.latency();
        sb.append("<td class=\"label\">").append(direction).append("</td>")
                .append(td(Long.toString(d.ios()))).append(td(fixed(d.iops(), 1)))
                .append(td(fixed(Units.megabytes(d.bandwidthBytesPerS()), 2)))
                .append(td(ms(l.mean()))).append(td(ms(l.p50()))).append(td(ms(l.p95()))).append(td(ms(l.p99())))
                .append(td(ms(l.p99_9()))).append(td(ms(l.max())))
                .append(td(ms(d.q2dMeanNs()))).append(td(ms(d.d2cMeanNs()))).append("</tr>\n");
    }

    private static void timeSplitTable(StringBuilder sb, Result r) {
        sb.append("<div class=\"wide\">\n<table class=\"split\">\n<thead><tr><th class=\"label\"></th><th>Q2D</th><th>D2C</th>"
                + "<th>seek</th><th>rotation</th><th>transfer</th><th>count</th></tr></thead>\n");
        for (String direction : directions(r)) {
            if (direction.equals("total")) {
                continue;
            }
            DirectionStats d = stats(r, direction);
            sb.append("<tr><td class=\"label\">").append(direction).append(" IO (ms)</td>").append(td(ms(d.q2dMeanNs())))
                    .append(td(ms(d.d2cMeanNs()))).append(td("")).append(td("")).append(td(""))
                    .append(td(Long.toString(d.ios()))).append("</tr>\n");
        }
        sb.append("<tr><td class=\"label\">drive command (ms)</td>").append(td("")).append(td(""))
                .append(td(ms(r.driveTime().seekMeanNs()))).append(td(ms(r.driveTime().rotationMeanNs())))
                .append(td(ms(r.driveTime().transferMeanNs()))).append(td(Long.toString(r.driveTime().commands())))
                .append("</tr>\n</table>\n</div>\n");
    }

    /** A name and its value, kept on one line when the header wraps. */
    private static String kv(String name, String valueHtml) {
        return "<span class=\"kv\">" + name + " <b>" + valueHtml + "</b></span>";
    }

    private static String td(String text) {
        return "<td>" + text + "</td>";
    }

    private static void head(StringBuilder sb, String title) {
        sb.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\" />\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\" />\n")
                .append("<title>").append(esc(title)).append("</title>\n<style>\n").append(Html.CSS)
                .append("</style>\n</head>\n<body>\n");
    }

    private static void foot(StringBuilder sb, String note) {
        sb.append("<footer>Made by iopath, a deterministic simulator of the storage IO path. ").append(esc(note))
                .append("</footer>\n</body>\n</html>\n");
    }
}
