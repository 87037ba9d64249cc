package io.iopath.report;

import io.iopath.units.Units;
import static io.iopath.report.Html.esc;
import static io.iopath.report.Html.fixed;
import static io.iopath.report.Html.ms;

import io.iopath.result.DirectionStats;
import io.iopath.result.FileSystemReport;
import io.iopath.result.FlushStats;
import io.iopath.result.JobResult;
import io.iopath.result.LatencySummary;
import io.iopath.result.Result;
import io.iopath.result.TimeSeries;
import io.iopath.result.VirtualResult;
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
        return run(r, null, scenario);
    }

    /**
     * The report of a guest on a virtual disk: the guest's run as {@link #run(Result, ScenarioSource)}
     * gives it (its disk the virtual one), with a section for QEMU, the physical drive and the
     * losses per level of a host power failure.
     */
    public static String virtualRun(VirtualResult v, ScenarioSource scenario) {
        return run(v.guest(), v, scenario);
    }

    private static String run(Result r, VirtualResult virtual, ScenarioSource scenario) {
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
        sb.append("<p class=\"meta\">").append(kv("iopath", esc(r.provenance().version()))).append(" · ")
                .append(kv("scenario hash", esc(r.provenance().scenarioHash().isEmpty() ? "none" : r.provenance().scenarioHash())))
                .append("</p>\n");
        if (r.powerLoss() != null) {
            sb.append("<p class=\"meta\">").append(esc(PowerLossText.describe(r.powerLoss()))).append("</p>\n");
        }
        sb.append("</header>\n");

        sb.append("<section>\n<h2>Summary</h2>\n<div class=\"wide\">\n<table class=\"summary\">\n");
        summaryHeader(sb, List.of());
        for (String direction : directions(r)) {
            summaryRow(sb, List.of(), 0, direction, stats(r, direction));
        }
        flushRow(sb, List.of(), r.flush(), r.elapsedNs());
        sb.append("</table>\n</div>\n<p class=\"note\">Latency is per bio, from blktrace Q (queued) to C (completed). "
                + "Q2D is the time in the block layer, D2C the time in the driver and the drive.");
        if (r.flush().count() > 0) {
            sb.append(" A flush's latency is the time an fsync waits for the drive's cache.");
        }
        sb.append("</p>\n</section>\n");
        if (r.jobs().size() > 1) {
            jobsTable(sb, r);
        }
        if (r.filesystem() != null) {
            fileSystem(sb, r.filesystem());
        }
        if (virtual != null) {
            virtualDisk(sb, virtual);
        }
        if (!r.timeSeries().points().isEmpty()) {
            overTime(sb, r);
        }

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
        foot(sb, "results.json, results.csv, latency.csv and timeseries.csv beside this page hold the same numbers for scripts.");
        return sb.toString();
    }

    /**
     * Several runs side by side: a table with the label columns first, and grouped bar charts of
     * IOPS and of p99 latency. Runs appear in the order given.
     */
    public static String comparison(String title, List<String> labelColumns, List<LabelledResult> runs) {
        return comparison(title, labelColumns, runs, "");
    }

    /**
     * The comparison page of guest runs on virtual disks: {@link #comparison}'s of the guests (their
     * block layers' view), with a section of each run's virtual-disk figures ({@link VirtualColumns})
     * before the table of every run.
     */
    public static String virtualComparison(String title, List<String> labelColumns, List<LabelledVirtualResult> runs) {
        List<VirtualColumns.Column> columns = VirtualColumns.of(runs.stream().map(LabelledVirtualResult::result).toList());
        StringBuilder sb = new StringBuilder("<section>\n<h2>Virtual disk</h2>\n<div class=\"wide\">\n<table class=\"summary\">\n"
                + "<thead>\n<tr>");
        for (String c : labelColumns) {
            sb.append("<th class=\"label\">").append(esc(c)).append("</th>");
        }
        for (VirtualColumns.Column c : columns) {
            sb.append("<th>").append(esc(c.header())).append("</th>");
        }
        sb.append("</tr>\n</thead>\n");
        for (LabelledVirtualResult run : runs) {
            sb.append("<tr>");
            for (String l : run.labels()) {
                sb.append("<td class=\"label\">").append(esc(l)).append("</td>");
            }
            for (VirtualColumns.Column c : columns) {
                sb.append(td(esc(c.cell().apply(run.result()))));
            }
            sb.append("</tr>\n");
        }
        sb.append("</table>\n</div>\n");
        // the values alone, one category per run: "writeback / on" reads under a bar where "qemu.cache=…" lines do not
        List<String> captions = runs.stream().map(r -> String.join(" / ", r.labels())).toList();
        String axis = labelColumns.isEmpty() ? "run" : String.join(" / ", labelColumns);
        double[][] iops = {runs.stream().mapToDouble(r -> r.result().application().iops()).toArray()};
        sb.append("<figure>\n").append(SvgCharts.bars(axis, captions, List.of("guest jobs"), iops, "IOPS (fio's view)", false,
                "chart-app-iops")).append("\n</figure>\n");
        if (runs.stream().anyMatch(r -> r.result().powerLoss() != null)) {
            double[][] lost = {
                runs.stream().mapToDouble(r -> r.result().powerLoss() == null ? 0 : r.result().powerLoss().guestAckedLost()).toArray(),
                runs.stream().mapToDouble(r -> r.result().powerLoss() == null ? 0 : r.result().powerLoss().guestFlushedLost()).toArray()};
            sb.append("<figure>\n").append(SvgCharts.bars(axis, captions, List.of("acknowledged", "flushed (promised durable)"), lost,
                    "guest writes lost", false, "chart-guest-lost")).append("\n<figcaption>Guest writes lost at the host's power"
                    + " failure.</figcaption>\n</figure>\n");
        }
        sb.append("<p class=\"note\">The charts and the table of every run are the guests': each one's block "
                + "layer's view, with the virtual disk as its drive. app: the guest jobs as fio reports them; a guest write "
                + "is lost when its data was not on the physical drive's platters at the power failure, flushed when the guest "
                + "had been promised it durable (docs/virtual-disks.md).</p>\n</section>\n");
        return comparison(title, labelColumns, runs.stream().map(LabelledVirtualResult::guest).toList(), sb.toString());
    }

    /** The comparison page, with trusted HTML {@code beforeEveryRun} before the table of every run. */
    private static String comparison(String title, List<String> labelColumns, List<LabelledResult> runs, String beforeEveryRun) {
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
        sb.append("</p>\n<p class=\"meta\">").append(kv("iopath", esc(runs.isEmpty()
                ? io.iopath.result.Provenance.VERSION : runs.get(0).result().provenance().version())))
                .append(" · each run's scenario hash is in results.csv (<code>scenario_hash</code>)</p>\n");
        sb.append("</header>\n");

        SweepLayout layout = SweepLayout.of(labelColumns, runs);
        if (layout.numericX() || (labelColumns.size() >= 2 && layout.series() >= 0)) {
            answers(sb, labelColumns, layout, runs);
        } else {
            sb.append("<section>\n<h2>IOPS</h2>\n<figure>\n")
                    .append(SvgCharts.groupedByDirection(axis, captions, results, "IOPS", DirectionStats::iops, "chart-iops"))
                    .append("\n</figure>\n</section>\n");
            sb.append("<section>\n<h2>p99 latency</h2>\n<figure>\n")
                    .append(SvgCharts.groupedByDirection(axis, captions, results, "p99 latency (ms)",
                            d -> Units.ms(d.latency().p99()), "chart-p99"))
                    .append("\n<figcaption>99th percentile of per-bio latency, Q to C.</figcaption>\n</figure>\n</section>\n");
            int chart = 0;
            for (Metric m : powerLossMetrics(runs)) {
                double[][] v = new double[1][runs.size()];
                for (int i = 0; i < runs.size(); i++) {
                    v[0][i] = m.value().applyAsDouble(runs.get(i).result());
                }
                sb.append("<section>\n<h2>").append(esc(m.title())).append("</h2>\n");
                if (java.util.Arrays.stream(v[0]).allMatch(x -> x == 0)) {
                    sb.append("<p>None in any run.</p>\n</section>\n"); // a chart of zeros says less, and its axis is blank
                    continue;
                }
                sb.append("<figure>\n").append(SvgCharts.bars(axis == null ? "run" : axis, captions, List.of(m.axis()), v, m.axis(),
                        false, "chart-loss-" + chart++)).append("\n</figure>\n</section>\n");
            }
        }

        sb.append(beforeEveryRun);
        sb.append("<section>\n<h2>Every run</h2>\n<div class=\"wide\">\n<table class=\"summary\">\n");
        summaryHeader(sb, labelColumns);
        for (LabelledResult run : runs) {
            List<String> rows = directions(run.result());
            for (int i = 0; i < rows.size(); i++) {
                summaryRow(sb, i == 0 ? run.labels() : null, rows.size(), rows.get(i), stats(run.result(), rows.get(i)));
            }
        }
        sb.append("</table>\n</div>\n</section>\n");
        foot(sb, "results.csv beside this page holds every run, one row per direction, for scripts.");
        return sb.toString();
    }

    /**
     * One metric of a sweep, drawn as the sweep pages draw it ({@link SweepLayout}: the last numeric column on
     * the horizontal axis, a line per value of the column with the most values, a panel per combination of
     * the others, every panel on the same scale), with the caller's HTML before and after the charts.
     *
     * @param introHtml  trusted HTML after the heading (what the experiment is)
     * @param afterHtml  trusted HTML after the charts (findings, tables)
     */
    public static String metricSweep(String title, String introHtml, List<String> columns, List<LabelledResult> runs,
                                     String metricTitle, String axis, java.util.function.ToDoubleFunction<Result> value,
                                     String afterHtml) {
        StringBuilder sb = new StringBuilder();
        head(sb, "iopath: " + title);
        sb.append("<header>\n<h1>").append(esc(title)).append("</h1>\n<p class=\"meta\"><b>").append(runs.size())
                .append("</b> runs, varying <b>").append(esc(String.join(", ", columns))).append("</b></p>\n</header>\n");
        sb.append(introHtml);
        SweepLayout layout = SweepLayout.of(columns, runs);
        var groups = layout.facetGroups(runs);
        double max = 0;
        for (LabelledResult r : runs) {
            max = Math.max(max, value.applyAsDouble(r.result()));
        }
        sb.append("<section>\n<h2>").append(esc(metricTitle)).append("</h2>\n");
        if (layout.series() >= 0) {
            sb.append("<p class=\"note\">A line per <b>").append(esc(columns.get(layout.series()))).append("</b>.</p>\n");
        }
        sb.append("<div class=\"facets\">\n");
        int chart = 0;
        for (var g : groups.entrySet()) {
            String caption = facetCaption(columns, layout, g.getKey());
            sb.append("<figure>\n").append(SvgCharts.sweepLines(columns, layout, g.getValue(), axis, value, max,
                    "chart-sweep-" + chart++, 520, 400));
            sb.append(caption.isEmpty() ? "" : "\n<figcaption>" + esc(caption) + "</figcaption>").append("\n</figure>\n");
        }
        sb.append("</div>\n</section>\n");
        sb.append(afterHtml);
        foot(sb, "table.csv beside this page holds every point, for scripts.");
        return sb.toString();
    }

    /** A row per job and direction, beside the totals: what a comparison of jobs (ionice, bfq) is about. */
    private static void jobsTable(StringBuilder sb, Result r) {
        sb.append("<section>\n<h2>Per job</h2>\n<div class=\"wide\">\n<table class=\"summary\">\n");
        summaryHeader(sb, List.of("job"));
        for (JobResult j : r.jobs()) {
            List<String> rows = new ArrayList<>();
            if (j.read().ios() > 0) {
                rows.add("read");
            }
            if (j.write().ios() > 0) {
                rows.add("write");
            }
            if (rows.size() != 1) {
                rows.add("total");
            }
            int span = rows.size() + (j.flush().count() > 0 ? 1 : 0);
            for (int i = 0; i < rows.size(); i++) {
                DirectionStats d = switch (rows.get(i)) {
                    case "read" -> j.read();
                    case "write" -> j.write();
                    default -> j.total();
                };
                summaryRow(sb, i == 0 ? List.of(j.name()) : null, span, rows.get(i), d);
            }
            flushRow(sb, null, j.flush(), j.elapsedNs());
        }
        sb.append("</table>\n</div>\n<p class=\"note\">IOPS and MB/s over each job's own span, from its first IO "
                + "queued to its last completed (as fio computes a job's bandwidth); the clones of a job (numjobs) "
                + "count together.</p>\n</section>\n");
    }

    /** A flush row when there were flushes: count, rate and latency; no bytes, no Q2D / D2C. */
    private static void flushRow(StringBuilder sb, List<String> labels, FlushStats f, long elapsedNs) {
        if (f.count() == 0) {
            return;
        }
        sb.append("<tr>");
        if (labels != null) {
            for (String l : labels) {
                sb.append("<td class=\"label\">").append(esc(l)).append("</td>");
            }
        }
        double seconds = Units.seconds(elapsedNs);
        LatencySummary l = f.latency();
        sb.append("<td class=\"label\">flush</td>").append(td(Long.toString(f.count())))
                .append(td(fixed(seconds > 0 ? f.count() / seconds : 0, 1))).append(td(""))
                .append(td(ms(l.mean()))).append(td(ms(l.p50()))).append(td(ms(l.p95()))).append(td(ms(l.p99())))
                .append(td(ms(l.p99_9()))).append(td(ms(l.max()))).append(td("")).append(td("")).append("</tr>\n");
    }

    /** IOPS, bandwidth and p99 latency per interval of simulated time. */
    private static void overTime(StringBuilder sb, Result r) {
        TimeSeries ts = r.timeSeries();
        double s = ts.intervalNs() / 1e9;
        String interval = seconds(s);
        sb.append("<section>\n<h2>Over time</h2>\n<p class=\"note\">Per interval of ").append(interval)
                .append(" of simulated time; an IO counts in the interval it completed in (the last interval may be "
                        + "partly empty). The numbers are in <code>timeseries.csv</code>.");
        if (ts.coarsened()) {
            sb.append(" The run was too long to keep every interval of ").append(seconds(ts.requestedIntervalNs() / 1e9))
                    .append(": neighbours were merged into intervals of ").append(interval)
                    .append(" (counts, bytes, mean and maximum exact; each percentile the highest of the ")
                    .append(seconds(ts.requestedIntervalNs() / 1e9)).append(" intervals' it covers).");
        }
        sb.append("</p>\n");
        sb.append("<figure>\n").append(SvgCharts.overTime(r, "IOPS", p -> p.ios() / s, true, "chart-iops-over-time"))
                .append("\n</figure>\n");
        sb.append("<figure>\n").append(SvgCharts.overTime(r, "MB/s", p -> Units.megabytes(p.bytes() / s), true,
                "chart-mbps-over-time")).append("\n</figure>\n");
        sb.append("<figure>\n").append(SvgCharts.overTime(r, "p99 latency (ms)", p -> Units.ms(p.latency().p99()), false, true,
                "chart-p99-over-time")).append("\n<figcaption>99th percentile of the latency of the IOs completed in each "
                + "interval (exact, nearest rank" + (ts.coarsened() ? ", then the highest of the merged intervals'" : "")
                + "); a gap is an interval without completions.</figcaption>\n</figure>\n");
        // a result made by hand has gauges of no layer (-1): nothing to draw
        if (r.timeSeries().gauges().stream().anyMatch(g -> g.blockInFlight() >= 0)) {
            sb.append("<figure>\n").append(SvgCharts.gaugesOverTime(r, false, "chart-queues-over-time"))
                    .append("\n<figcaption>In flight and dirty: the most each layer held when an IO of the interval "
                            + "completed.</figcaption>\n</figure>\n");
            if (r.timeSeries().gauges().get(0).pageCacheDirtyBytes() >= 0) {
                sb.append("<figure>\n").append(SvgCharts.gaugesOverTime(r, true, "chart-page-cache-over-time"))
                        .append("\n<figcaption>The page cache's dirty and under-write-back data, the most in each "
                                + "interval.</figcaption>\n</figure>\n");
            }
        }
        sb.append("</section>\n");
    }

    /** A length of simulated time in seconds, as the report's prose gives it: "1 s", "0.01 s", "0.00032 s", "2048 s". */
    private static String seconds(double s) {
        return Html.fixed(s, s < 0.001 ? 9 : s < 1 ? 3 : 1).replaceFirst("\\.?0+$", "") + " s"; // 9: to the ns
    }

    /** A metric of a sweep: its heading, its axis label, and its value in a run (of all directions). */
    private record Metric(String title, String axis, java.util.function.ToDoubleFunction<Result> value, int decimals) {
    }

    /** The metrics a sweep is drawn in: throughput and latency, flushes and power loss when present. */
    private static List<Metric> metrics(List<LabelledResult> runs) {
        List<Metric> m = new ArrayList<>(List.of(
                new Metric("IOPS", "IOPS", r -> r.total().iops(), 1),
                new Metric("Bandwidth", "MB/s", r -> Units.megabytes(r.total().bandwidthBytesPerS()), 2),
                new Metric("Mean latency", "mean latency (ms)", r -> Units.ms(r.total().latency().mean()), 2),
                new Metric("p99 latency", "p99 latency (ms)", r -> Units.ms(r.total().latency().p99()), 2)));
        if (runs.stream().anyMatch(r -> r.result().flush().count() > 0)) {
            m.add(new Metric("Flush p99 latency", "flush p99 (ms)", r -> Units.ms(r.flush().latency().p99()), 2));
        }
        m.addAll(powerLossMetrics(runs));
        return m;
    }

    /** What a power failure destroyed, for the runs that have one: the drive's count, the file system's, the journal's. */
    private static List<Metric> powerLossMetrics(List<LabelledResult> runs) {
        List<Metric> m = new ArrayList<>();
        if (runs.stream().anyMatch(r -> r.result().powerLoss() != null)) {
            m.add(new Metric("Acknowledged writes lost at the power failure", "writes lost",
                    r -> r.powerLoss() == null ? 0 : r.powerLoss().acknowledgedLost(), 0));
        }
        if (runs.stream().anyMatch(r -> r.result().powerLoss() != null && r.result().powerLoss().fileSystem() != null)) {
            m.add(new Metric("Blocks of fsync'd data lost at the power failure", "fsync'd blocks lost",
                    r -> r.powerLoss() == null || r.powerLoss().fileSystem() == null ? 0 : r.powerLoss().fileSystem().fsyncedBlocksLost(), 0));
        }
        if (runs.stream().anyMatch(r -> r.result().powerLoss() != null && r.result().powerLoss().journal() != null)) {
            m.add(new Metric("Committed transactions incomplete on the media at the power failure", "journal violations",
                    r -> r.powerLoss() == null || r.powerLoss().journal() == null ? 0 : r.powerLoss().journal().violations(), 0));
        }
        return m;
    }

    /**
     * Each metric against the varied parameters: lines over the numeric one (a line per value of
     * a second), or a heatmap of two categorical ones; a chart per value of any further
     * parameter, side by side.
     */
    private static void answers(StringBuilder sb, List<String> columns, SweepLayout layout, List<LabelledResult> runs) {
        var groups = layout.facetGroups(runs);
        int chart = 0;
        for (Metric m : metrics(runs)) {
            double max = 0;
            for (LabelledResult r : runs) {
                max = Math.max(max, m.value().applyAsDouble(r.result()));
            }
            sb.append("<section>\n<h2>").append(esc(m.title())).append("</h2>\n");
            if (layout.numericX() && layout.series() >= 0) {
                sb.append("<p class=\"note\">A line per <b>").append(esc(columns.get(layout.series()))).append("</b>.</p>\n");
            }
            sb.append(groups.size() > 1 ? "<div class=\"facets\">\n" : "");
            for (var g : groups.entrySet()) {
                String caption = facetCaption(columns, layout, g.getKey());
                if (layout.numericX()) {
                    boolean small = groups.size() > 1;
                    sb.append("<figure>\n").append(SvgCharts.sweepLines(columns, layout, g.getValue(), m.axis(), m.value(),
                            max, "chart-sweep-" + chart++, small ? 520 : SvgCharts.WIDTH, small ? 400 : SvgCharts.HEIGHT));
                } else {
                    sb.append("<figure>\n");
                    heatmap(sb, columns, layout, g.getValue(), m);
                }
                sb.append(caption.isEmpty() ? "" : "\n<figcaption>" + esc(caption) + "</figcaption>").append("\n</figure>\n");
            }
            sb.append(groups.size() > 1 ? "</div>\n" : "").append("</section>\n");
        }
        sb.append("<p class=\"note\">Each point (or cell) is one run: all its IOs, reads and writes together; the table below "
                + "has each direction.</p>\n");
    }

    private static String facetCaption(List<String> columns, SweepLayout layout, List<String> values) {
        StringBuilder c = new StringBuilder();
        for (int i = 0; i < values.size(); i++) {
            c.append(i == 0 ? "" : ", ").append(columns.get(layout.facets().get(i))).append('=').append(values.get(i));
        }
        return c.toString();
    }

    /** Rows: the series column's values; columns: the x column's; each cell shaded by its value. */
    private static void heatmap(StringBuilder sb, List<String> columns, SweepLayout layout, List<LabelledResult> runs, Metric m) {
        List<String> rows = SweepLayout.values(runs, layout.series());
        List<String> cols = SweepLayout.values(runs, layout.x());
        double max = 0;
        for (LabelledResult r : runs) {
            max = Math.max(max, m.value().applyAsDouble(r.result()));
        }
        sb.append("<div class=\"wide\">\n<table class=\"heat\">\n<thead><tr><th class=\"label\">")
                .append(esc(columns.get(layout.series()))).append(" \\ ").append(esc(columns.get(layout.x()))).append("</th>");
        for (String c : cols) {
            sb.append("<th>").append(esc(c)).append("</th>");
        }
        sb.append("</tr></thead>\n");
        for (String row : rows) {
            sb.append("<tr><td class=\"label\">").append(esc(row)).append("</td>");
            for (String c : cols) {
                LabelledResult cell = null;
                for (LabelledResult r : runs) {
                    if (r.labels().get(layout.series()).equals(row) && r.labels().get(layout.x()).equals(c)) {
                        cell = r;
                    }
                }
                if (cell == null) {
                    sb.append("<td class=\"cell\"></td>");
                    continue;
                }
                double v = m.value().applyAsDouble(cell.result());
                double share = max > 0 ? v / max : 0;
                // white to a mid blue; text turns white on the darker half
                int red = (int) Math.round(255 - share * (255 - 0x2b));
                int green = (int) Math.round(255 - share * (255 - 0x6c));
                int blue = (int) Math.round(255 - share * (255 - 0xb0));
                sb.append(String.format(java.util.Locale.ROOT, "<td class=\"cell\" style=\"background:#%02x%02x%02x;color:%s\">",
                        red, green, blue, share > 0.55 ? "#fff" : "#222")).append(fixed(v, m.decimals())).append("</td>");
            }
            sb.append("</tr>\n");
        }
        sb.append("</table>\n</div>");
        sb.append("\n<p class=\"note\">").append(esc(m.axis())).append("; the darker, the higher.</p>");
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
                .append("</tr>\n");
        if (r.destageTime().commands() > 0) {
            // write-back's media work: the host's writes ended in the buffer, the destages did the seeking
            sb.append("<tr><td class=\"label\">drive destage (ms)</td>").append(td("")).append(td(""))
                    .append(td(ms(r.destageTime().seekMeanNs()))).append(td(ms(r.destageTime().rotationMeanNs())))
                    .append(td(ms(r.destageTime().transferMeanNs()))).append(td(Long.toString(r.destageTime().commands())))
                    .append("</tr>\n");
        }
        sb.append("</table>\n</div>\n");
    }

    /** A name and its value, kept on one line when the header wraps. */
    /** The file system's figures: what the applications asked for against what the tables above saw at the device. */
    /** QEMU, the physical drive and a host power failure's levels: the lines below the guest's table, as a table. */
    private static void virtualDisk(StringBuilder sb, VirtualResult v) {
        sb.append("<section>\n<h2>Virtual disk</h2>\n<table class=\"split\">\n");
        for (VirtualRunText.Line l : VirtualRunText.lines(v)) {
            fsRow(sb, (l.nested() ? "\u2514 " : "") + l.level().strip(), l.text());
        }
        sb.append("</table>\n<p class=\"note\">The tables above are the guest's: its block layer's view, with the virtual disk "
                + "as its drive. A guest write is lost when its data was not on the physical drive's platters at the "
                + "power failure; flushed means the guest had been promised it durable (docs/virtual-disks.md).</p>\n</section>\n");
    }

    private static void fileSystem(StringBuilder sb, FileSystemReport f) {
        sb.append("<section>\n<h2>File system (").append(esc(f.type())).append(")</h2>\n<table class=\"split\">\n");
        fsRow(sb, "page cache", f.pageCacheHits() + " hits, " + f.pageCacheMisses() + " misses ("
                + fixed(100 * f.hitRatio(), 1) + " % hit)");
        fsRow(sb, "application", "read " + fixed(f.appBytesRead() / 1e6, 1) + " MB, wrote " + fixed(f.appBytesWritten() / 1e6, 1) + " MB");
        fsRow(sb, "device", "read " + fixed(f.deviceBytesRead() / 1e6, 1) + " MB, wrote " + fixed(f.deviceBytesWritten() / 1e6, 1) + " MB");
        fsRow(sb, "journal", f.journalCommits() + " commits, " + f.journalBlocks() + " blocks, commit mean "
                + fixed(Units.ms(f.commitMeanNs()), 1) + " ms, max " + fixed(Units.ms(f.commitMaxNs()), 1) + " ms; "
                + f.checkpoints() + " checkpoints");
        fsRow(sb, "dirty pages", "peak " + f.peakDirtyPages() + " of limit " + f.dirtyLimitPages() + ", "
                + f.throttled() + " throttled writes");
        if (f.fsyncs() > 0) {
            LatencySummary l = f.fsyncLatency();
            fsRow(sb, "fsync / fdatasync", f.fsyncs() + " calls, latency mean " + fixed(Units.ms(l.mean()), 3) + " ms, p50 "
                    + fixed(Units.ms(l.p50()), 3) + ", p99 " + fixed(Units.ms(l.p99()), 3) + ", max " + fixed(Units.ms(l.max()), 3) + " ms");
        }
        sb.append("</table>\n<p class=\"note\">Application bytes are what read() and write() moved; device bytes are what "
                + "the file system and page cache read and wrote at the drive (data, journal, metadata).</p>\n</section>\n");
    }

    private static void fsRow(StringBuilder sb, String label, String text) {
        sb.append("<tr><td class=\"label\">").append(esc(label)).append("</td>").append(td(esc(text))).append("</tr>\n");
    }

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
