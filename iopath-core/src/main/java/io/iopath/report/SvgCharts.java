package io.iopath.report;

import io.iopath.result.DirectionStats;
import io.iopath.result.LatencyCdf;
import io.iopath.result.Result;
import io.iopath.result.TimeSeries;
import io.iopath.units.Units;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.geom.Rectangle2D;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.StandardChartTheme;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.AxisLocation;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.block.BlockBorder;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StackedBarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.text.TextUtils;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.svg.SVGGraphics2D;
import org.jfree.svg.ViewBox;

/**
 * The report's charts as inline SVG elements, drawn by JFreeChart into JFreeSVG. Pure functions
 * of Results: each chart takes an element id that also prefixes its clip paths and gradients,
 * since JFreeSVG's default prefix embeds {@code System.nanoTime()} and several charts share one
 * HTML document (and so one id namespace). Text is laid out with the JVM's font metrics, so the
 * bytes are identical run to run on one machine, not across machines with other fonts.
 */
final class SvgCharts {
    static final int WIDTH = 860;
    static final int HEIGHT = 420;

    static final Color READ = new Color(0x1f77b4);
    static final Color WRITE = new Color(0xd95f02);
    static final Color TOTAL = new Color(0x7f7f7f);
    private static final Color GRID = new Color(0xdddddd);
    private static final Color[] SPLIT = {
        new Color(0xe6a817), // Q2D: block layer
        new Color(0x4c78a8), // D2C: driver and drive
        new Color(0x54a24b), // seek
        new Color(0x72b7b2), // rotation
        new Color(0xb279a2), // transfer
    };

    static {
        // JFreeChart draws rotated text (the vertical axis label, slanted category labels)
        // through a TextLayout by default, a workaround for Java2D bugs of old JDKs; JFreeSVG turns
        // a TextLayout into glyph outlines, which makes the page larger and its text unselectable.
        // Plain drawString under a rotation gives a real SVG <text>. Set once, for the whole JVM.
        TextUtils.setUseDrawRotatedStringWorkaround(false);
    }

    private SvgCharts() {
    }

    /** Read and write latency CDFs on a log time axis spanning whole decades. */
    static String latencyCdf(Result r, String id) {
        XYSeriesCollection data = new XYSeriesCollection();
        List<Color> colours = new java.util.ArrayList<>();
        addCdf(data, colours, "read", r.latencyCdf().read(), READ);
        addCdf(data, colours, "write", r.latencyCdf().write(), WRITE);
        NumberAxis y = numberAxis("IOs completed within (%)");
        y.setRange(0, 100);
        y.setTickUnit(new NumberTickUnit(10, java.text.NumberFormat.getNumberInstance(Locale.ROOT))); // not the default locale's digits
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
        XYPlot plot = new XYPlot(data, logMsAxis(r.latencyCdf().total()), y, renderer);
        JFreeChart chart = chart(plot);
        plot.setDomainMinorGridlinesVisible(true);
        plot.setDomainMinorGridlinePaint(new Color(0xf0f0f0));
        plot.setDomainMinorGridlineStroke(new BasicStroke(1f));
        for (int i = 0; i < colours.size(); i++) {
            renderer.setSeriesPaint(i, colours.get(i));
            renderer.setSeriesStroke(i, new BasicStroke(2.5f));
        }
        return svg(chart, id, WIDTH, HEIGHT);
    }

    /** A log axis in ms from the nearest 1, 2 or 5 times a power of ten below the data to the one above. */
    private static LogAxis logMsAxis(LatencyCdf all) {
        LogAxis x = new DecadeLogAxis("latency (ms, log scale)");
        if (!all.isEmpty()) {
            double lo = Math.max(1e-6, Units.ms(all.points().get(0).latencyNs()));
            double hi = Math.max(lo * 1.01, Units.ms(all.points().get(all.points().size() - 1).latencyNs()));
            x.setRange(niceBelow(lo), niceAbove(hi));
        }
        return x;
    }

    /** The largest 1, 2 or 5 times a power of ten not above {@code v}. */
    static double niceBelow(double v) {
        double decade = Math.pow(10, Math.floor(Math.log10(v)));
        for (double m : new double[] {5, 2, 1}) {
            if (m * decade <= v * (1 + 1e-12)) {
                return m * decade;
            }
        }
        return decade;
    }

    /** The smallest 1, 2 or 5 times a power of ten not below {@code v}. */
    static double niceAbove(double v) {
        double decade = Math.pow(10, Math.floor(Math.log10(v)));
        for (double m : new double[] {1, 2, 5, 10}) {
            if (m * decade >= v * (1 - 1e-12)) {
                return m * decade;
            }
        }
        return 10 * decade;
    }

    private static void addCdf(XYSeriesCollection data, List<Color> colours, String name, LatencyCdf cdf, Color colour) {
        if (cdf.isEmpty()) {
            return;
        }
        XYSeries s = new XYSeries(name, false, true);
        for (LatencyCdf.Point p : cdf.points()) {
            s.add(Units.ms(Math.max(1, p.latencyNs())), p.percentile());
        }
        data.addSeries(s);
        colours.add(colour);
    }

    /**
     * Where the time went, as stacked horizontal bars in ms: each direction's mean bio latency
     * split into Q2D (block layer) and D2C (driver and drive), and the drive's mean time per
     * command split into seek, rotation and transfer.
     */
    static String timeSplit(Result r, String id) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        String[] series = {"Q2D: block layer", "D2C: driver + drive", "seek", "rotation", "transfer"};
        for (String[] dir : new String[][] {{"read", "read IO, Q to C"}, {"write", "write IO, Q to C"}}) {
            DirectionStats d = dir[0].equals("read") ? r.read() : r.write();
            if (d.ios() == 0) {
                continue;
            }
            double[] v = {d.q2dMeanNs(), d.d2cMeanNs(), 0, 0, 0};
            for (int i = 0; i < series.length; i++) {
                data.addValue(Units.ms(v[i]), series[i], dir[1]);
            }
        }
        String drive = "drive, per command";
        double[] v = {0, 0, r.driveTime().seekMeanNs(), r.driveTime().rotationMeanNs(), r.driveTime().transferMeanNs()};
        for (int i = 0; i < series.length; i++) {
            data.addValue(Units.ms(v[i]), series[i], drive);
        }
        StackedBarRenderer renderer = new StackedBarRenderer();
        NumberAxis value = numberAxis("mean time (ms)");
        CategoryPlot plot = new CategoryPlot(data, new CategoryAxis(null), value, renderer);
        plot.setOrientation(PlotOrientation.HORIZONTAL);
        plot.setRangeAxisLocation(AxisLocation.BOTTOM_OR_LEFT);
        JFreeChart chart = chart(plot);
        for (int i = 0; i < SPLIT.length; i++) {
            renderer.setSeriesPaint(i, SPLIT[i]);
        }
        renderer.setMaximumBarWidth(0.22);
        return svg(chart, id, WIDTH, 300);
    }

    /**
     * A grouped bar chart over runs: one group per run (its caption, one line per label), one bar
     * per direction that any run has IOs in; total is drawn only when both directions are present.
     */
    static String groupedByDirection(String categoryAxisLabel, List<String> captions, List<Result> runs, String axisLabel,
                                     ToDoubleFunction<DirectionStats> value, String id) {
        boolean reads = runs.stream().anyMatch(r -> r.read().ios() > 0);
        boolean writes = runs.stream().anyMatch(r -> r.write().ios() > 0);
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        List<Color> colours = new java.util.ArrayList<>();
        if (reads) {
            addDirection(data, captions, runs, "read", Result::read, value);
            colours.add(READ);
        }
        if (writes) {
            addDirection(data, captions, runs, "write", Result::write, value);
            colours.add(WRITE);
        }
        if ((reads && writes) || colours.isEmpty()) {
            addDirection(data, captions, runs, "total", Result::total, value);
            colours.add(TOTAL);
        }
        BarRenderer renderer = new BarRenderer();
        CategoryAxis categories = new CategoryAxis(categoryAxisLabel);
        if (captions.size() > 10) {
            categories.setCategoryLabelPositions(CategoryLabelPositions.UP_45);
        }
        // room for each label line to wrap once before JFreeChart cuts it short with "..."
        categories.setMaximumCategoryLabelLines(2 * captions.stream().mapToInt(c -> c.split("\n", -1).length).max().orElse(1));
        categories.setMaximumCategoryLabelWidthRatio(1.0f);
        CategoryPlot plot = new CategoryPlot(data, categories, numberAxis(axisLabel), renderer);
        JFreeChart chart = chart(plot);
        for (int i = 0; i < colours.size(); i++) {
            renderer.setSeriesPaint(i, colours.get(i));
        }
        renderer.setItemMargin(0.05);
        renderer.setMaximumBarWidth(0.12);
        return svg(chart, id, WIDTH, HEIGHT);
    }

    private static void addDirection(DefaultCategoryDataset data, List<String> captions, List<Result> runs, String name,
                                     java.util.function.Function<Result, DirectionStats> direction,
                                     ToDoubleFunction<DirectionStats> value) {
        for (int i = 0; i < runs.size(); i++) {
            data.addValue(value.applyAsDouble(direction.apply(runs.get(i))), name, captions.get(i));
        }
    }

    /**
     * A grouped bar chart of plain numbers: one group per category, one bar per series
     * ({@code values[series][category]}), coloured as the job lines are. On a log axis a value of
     * zero or less has no bar (its category's gap says "none").
     */
    static String bars(String categoryAxisLabel, List<String> categories, List<String> series, double[][] values,
                       String axisLabel, boolean log, String id) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        double lo = Double.MAX_VALUE;
        double hi = 0;
        for (int s = 0; s < series.size(); s++) {
            for (int c = 0; c < categories.size(); c++) {
                double v = values[s][c];
                data.addValue(log && v <= 0 ? null : Double.valueOf(v), series.get(s), categories.get(c));
                if (v > 0) {
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
            }
        }
        BarRenderer renderer = new BarRenderer();
        CategoryAxis axis = new CategoryAxis(categoryAxisLabel);
        axis.setMaximumCategoryLabelLines(3);
        axis.setMaximumCategoryLabelWidthRatio(1.0f);
        NumberAxis counts = numberAxis(axisLabel);
        if (java.util.Arrays.stream(values).flatMapToDouble(java.util.Arrays::stream).allMatch(v -> v == Math.rint(v))) {
            counts.setStandardTickUnits(NumberAxis.createIntegerTickUnits(Locale.ROOT)); // counts: no tick at 2.8 writes
        }
        org.jfree.chart.axis.ValueAxis y = counts;
        if (log && hi > 0) {
            LogAxis l = new DecadeLogAxis(axisLabel + ", log scale");
            double bottom = niceBelow(lo);
            l.setRange(bottom, niceAbove(Math.max(hi, lo * 1.01)));
            renderer.setBase(bottom);
            y = l;
        }
        CategoryPlot plot = new CategoryPlot(data, axis, y, renderer);
        JFreeChart chart = chart(plot);
        for (int s = 0; s < series.size(); s++) {
            renderer.setSeriesPaint(s, JOBS[s % JOBS.length]);
        }
        renderer.setItemMargin(0.04);
        return svg(chart, id, WIDTH, HEIGHT);
    }

    /** Colours for one line per job, after the read / write / total ones; cycled beyond ten. */
    private static final Color[] JOBS = {
        new Color(0x1f77b4), new Color(0xd95f02), new Color(0x1b9e77), new Color(0x7570b3), new Color(0xe7298a),
        new Color(0x66a61e), new Color(0xe6ab02), new Color(0xa6761d), new Color(0x17becf), new Color(0x8c564b),
    };

    /**
     * A metric over simulated time, a point per interval at the interval's start: with one job a
     * line per direction (and total when both), with several a line per job (its total) and one
     * for all jobs. Intervals without a completion are gaps, not zeros... except for rates,
     * where {@code zeroWhenIdle} draws them as 0 (no IO completed: 0 IOPS).
     */
    static String overTime(Result r, String axisLabel, ToDoubleFunction<TimeSeries.Point> value, boolean zeroWhenIdle,
                           String id) {
        return overTime(r, axisLabel, value, zeroWhenIdle, false, id);
    }

    /** As above; {@code log} draws the values on a log axis (latency, which spans decades). */
    static String overTime(Result r, String axisLabel, ToDoubleFunction<TimeSeries.Point> value, boolean zeroWhenIdle,
                           boolean log, String id) {
        TimeSeries ts = r.timeSeries();
        List<String[]> lines = new java.util.ArrayList<>(); // {job or null, direction, name}
        List<Color> colours = new java.util.ArrayList<>();
        if (r.jobs().size() <= 1) {
            boolean reads = r.read().ios() > 0;
            boolean writes = r.write().ios() > 0;
            if (reads) {
                lines.add(new String[] {null, "read", "read"});
                colours.add(READ);
            }
            if (writes) {
                lines.add(new String[] {null, "write", "write"});
                colours.add(WRITE);
            }
            if ((reads && writes) || lines.isEmpty()) {
                lines.add(new String[] {null, "total", "total"});
                colours.add(TOTAL);
            }
        } else {
            for (int j = 0; j < r.jobs().size(); j++) {
                lines.add(new String[] {r.jobs().get(j).name(), "total", r.jobs().get(j).name()});
                colours.add(JOBS[j % JOBS.length]);
            }
            lines.add(new String[] {null, "total", "all jobs"});
            colours.add(TOTAL);
        }
        XYSeriesCollection data = new XYSeriesCollection();
        long intervals = ts.points().isEmpty() ? 0 : ts.points().get(ts.points().size() - 1).startNs() / Math.max(1, ts.intervalNs()) + 1;
        for (String[] line : lines) {
            XYSeries s = new XYSeries(line[2], true, false);
            java.util.Map<Long, Double> byInterval = new java.util.HashMap<>();
            for (TimeSeries.Point p : ts.points()) {
                if (java.util.Objects.equals(p.job(), line[0]) && p.direction().equals(line[1])) {
                    byInterval.put(p.startNs() / ts.intervalNs(), value.applyAsDouble(p));
                }
            }
            for (long k = 0; k < intervals; k++) {
                Double v = byInterval.get(k);
                if (v != null || zeroWhenIdle) {
                    s.add(Units.seconds(k * ts.intervalNs()), v == null ? 0.0 : v);
                } else {
                    s.add(Units.seconds(k * ts.intervalNs()), null);
                }
            }
            data.addSeries(s);
        }
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, intervals <= 60);
        NumberAxis x = numberAxis("simulated time (s), interval start");
        x.setAutoRangeIncludesZero(true);
        org.jfree.chart.axis.ValueAxis y = numberAxis(axisLabel);
        if (log) {
            double lo = Double.MAX_VALUE;
            double hi = 0;
            for (TimeSeries.Point p : ts.points()) {
                double v = value.applyAsDouble(p);
                if (v > 0) {
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
            }
            if (hi > 0) {
                y = new DecadeLogAxis(axisLabel + ", log scale");
                y.setRange(niceBelow(lo), niceAbove(Math.max(hi, lo * 1.01)));
            }
        }
        XYPlot plot = new XYPlot(data, x, y, renderer);
        JFreeChart chart = chart(plot);
        for (int i = 0; i < colours.size(); i++) {
            renderer.setSeriesPaint(i, colours.get(i));
            boolean allJobs = i == colours.size() - 1 && r.jobs().size() > 1; // dashed: it runs under the jobs' lines
            renderer.setSeriesStroke(i, allJobs ? new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
                    new float[] {6f, 4f}, 0f) : new BasicStroke(2f));
            renderer.setSeriesShape(i, new java.awt.geom.Ellipse2D.Double(-2.5, -2.5, 5, 5));
        }
        return svg(chart, id, WIDTH, 300);
    }

    /**
     * The layers' gauges per interval ({@link TimeSeries.Gauges}): a line per gauge the run has,
     * each the most it held when an IO of the interval completed. {@code pageCache} draws the page
     * cache's dirty and write-back MB; otherwise the counts (requests at the driver, commands
     * tagged at the drive, dirty extents in its buffer).
     */
    static String gaugesOverTime(Result r, boolean pageCache, String id) {
        TimeSeries ts = r.timeSeries();
        String[] names = pageCache ? new String[] {"page cache dirty", "page cache under write-back"}
                : new String[] {"block layer: requests at the driver", "drive: tagged commands", "drive: dirty extents"};
        List<ToDoubleFunction<TimeSeries.Gauges>> values = pageCache
                ? List.of(g -> Units.megabytes(g.pageCacheDirtyBytes()), g -> Units.megabytes(g.pageCacheWritebackBytes()))
                : List.of(TimeSeries.Gauges::blockInFlight, TimeSeries.Gauges::driveTagged, TimeSeries.Gauges::driveDirtyExtents);
        Color[] colours = {READ, WRITE, TOTAL};
        XYSeriesCollection data = new XYSeriesCollection();
        for (int i = 0; i < names.length; i++) {
            XYSeries s = new XYSeries(names[i], true, false);
            for (TimeSeries.Gauges g : ts.gauges()) {
                double v = values.get(i).applyAsDouble(g);
                s.add(Units.seconds(g.startNs()), v < 0 ? null : (Double) v);
            }
            data.addSeries(s);
        }
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, ts.gauges().size() <= 60);
        NumberAxis x = numberAxis("simulated time (s), interval start");
        x.setAutoRangeIncludesZero(true);
        XYPlot plot = new XYPlot(data, x, numberAxis(pageCache ? "MB (most in the interval)" : "count (most in the interval)"),
                renderer);
        JFreeChart chart = chart(plot);
        for (int i = 0; i < names.length; i++) {
            renderer.setSeriesPaint(i, colours[i]);
            renderer.setSeriesStroke(i, new BasicStroke(2f));
            renderer.setSeriesShape(i, new java.awt.geom.Ellipse2D.Double(-2.5, -2.5, 5, 5));
        }
        return svg(chart, id, WIDTH, 300);
    }

    /**
     * A metric of a sweep against its numeric parameter: a line per value of the series column
     * (one line when there is none). Values that are plain numbers spread over a factor of 8 or
     * more (queue depths 1, 4, 16, 64) go on a log2 axis; sizes and times (4k, 6ms) are placed
     * evenly in increasing order, labelled as given.
     */
    static String sweepLines(List<String> columns, SweepLayout layout, List<LabelledResult> runs, String axisLabel,
                             ToDoubleFunction<Result> value, double yMax, String id, int width, int height) {
        List<String> xValues = new java.util.ArrayList<>(SweepLayout.values(runs, layout.x()));
        xValues.sort(java.util.Comparator.comparingDouble(SweepLayout::number));
        boolean plain = SweepLayout.plainNumbers(xValues);
        double lo = SweepLayout.number(xValues.get(0));
        double hi = SweepLayout.number(xValues.get(xValues.size() - 1));
        boolean log2 = plain && lo > 0 && hi / lo >= 8;
        List<String> seriesValues = layout.series() < 0 ? List.of("") : SweepLayout.values(runs, layout.series());
        XYSeriesCollection data = new XYSeriesCollection();
        for (String sv : seriesValues) {
            XYSeries s = new XYSeries(layout.series() < 0 ? axisLabel : sv, true, false);
            for (LabelledResult r : runs) {
                if (layout.series() >= 0 && !r.labels().get(layout.series()).equals(sv)) {
                    continue;
                }
                String xv = r.labels().get(layout.x());
                double xpos = !plain ? xValues.indexOf(xv) : log2 ? log2(SweepLayout.number(xv)) : SweepLayout.number(xv);
                s.addOrUpdate(xpos, value.applyAsDouble(r.result()));
            }
            data.addSeries(s);
        }
        org.jfree.chart.axis.ValueAxis x;
        String xLabel = columns.get(layout.x());
        if (!plain) {
            x = new org.jfree.chart.axis.SymbolAxis(xLabel, xValues.toArray(new String[0]));
            ((org.jfree.chart.axis.SymbolAxis) x).setGridBandsVisible(false);
        } else if (log2) {
            // a linear axis over log2 of the values, its ticks labelled 2^k: JFreeChart's LogAxis
            // draws its labels as attributed strings, which JFreeSVG turns into outlines, not text
            NumberAxis n = numberAxis(xLabel + " (log scale)");
            n.setTickUnit(new NumberTickUnit(1, new Pow2Format()));
            n.setRange(log2(lo) - 0.3, log2(hi) + 0.3);
            x = n;
        } else {
            NumberAxis n = numberAxis(xLabel);
            n.setAutoRangeIncludesZero(false);
            x = n;
        }
        NumberAxis y = numberAxis(axisLabel);
        if (yMax > 0) { // the same scale in every facet, so charts side by side compare by eye
            y.setRange(0, yMax * 1.05);
        }
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
        XYPlot plot = new XYPlot(data, x, y, renderer);
        JFreeChart chart = chart(plot);
        for (int i = 0; i < seriesValues.size(); i++) {
            renderer.setSeriesPaint(i, JOBS[i % JOBS.length]);
            // past ten lines the colours repeat: a dashed stroke tells the second ten apart
            renderer.setSeriesStroke(i, i < JOBS.length ? new BasicStroke(2f)
                    : new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f));
            renderer.setSeriesShape(i, new java.awt.geom.Ellipse2D.Double(-3, -3, 6, 6));
        }
        if (seriesValues.size() == 1) {
            chart.removeLegend();
        }
        return svg(chart, id, width, height);
    }

    private static double log2(double v) {
        return Math.log(v) / Math.log(2);
    }

    /** Formats k as 2^k, in plain digits (1, 2, 4, … 1024). */
    private static final class Pow2Format extends java.text.NumberFormat {
        private static final long serialVersionUID = 1L;

        @Override
        public StringBuffer format(double k, StringBuffer to, java.text.FieldPosition pos) {
            double v = Math.pow(2, k);
            return to.append(v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.3g", v));
        }

        @Override
        public StringBuffer format(long k, StringBuffer to, java.text.FieldPosition pos) {
            return format((double) k, to, pos);
        }

        @Override
        public Number parse(String source, java.text.ParsePosition pos) {
            throw new UnsupportedOperationException("formatting only");
        }
    }

    /** A value axis whose tick labels read the same in every default locale (no "1.000" or "0,5"). */
    private static NumberAxis numberAxis(String label) {
        NumberAxis axis = new NumberAxis(label);
        axis.setStandardTickUnits(NumberAxis.createStandardTickUnits(Locale.ROOT));
        return axis;
    }

    /**
     * No title (the HTML heading is the title), legend below, flat bars, sans-serif text. The
     * theme resets the renderer's series paints, so callers set theirs after this.
     */
    private static JFreeChart chart(org.jfree.chart.plot.Plot plot) {
        JFreeChart chart = new JFreeChart(null, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        theme().apply(chart);
        chart.setBackgroundPaint(Color.WHITE);
        chart.setPadding(new RectangleInsets(8, 8, 4, 16));
        plot.setBackgroundPaint(Color.WHITE);
        plot.setOutlineVisible(false);
        if (plot instanceof XYPlot xy) {
            xy.setDomainGridlinePaint(GRID);
            xy.setRangeGridlinePaint(GRID);
            xy.setDomainGridlineStroke(new BasicStroke(1f));
            xy.setRangeGridlineStroke(new BasicStroke(1f));
        } else if (plot instanceof CategoryPlot cat) {
            cat.setRangeGridlinePaint(GRID);
            cat.setRangeGridlineStroke(new BasicStroke(1f));
        }
        LegendTitle legend = chart.getLegend();
        legend.setPosition(RectangleEdge.BOTTOM);
        legend.setFrame(BlockBorder.NONE);
        legend.setBackgroundPaint(Color.WHITE);
        return chart;
    }

    private static StandardChartTheme theme() {
        StandardChartTheme t = new StandardChartTheme("iopath");
        t.setExtraLargeFont(new Font(Font.SANS_SERIF, Font.BOLD, 18));
        t.setLargeFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
        t.setRegularFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        t.setSmallFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        t.setBarPainter(new StandardBarPainter());
        t.setShadowVisible(false);
        t.setAxisLabelPaint(new Color(0x333333));
        t.setTickLabelPaint(new Color(0x333333));
        t.setLegendItemPaint(new Color(0x333333));
        return t;
    }

    private static String svg(JFreeChart chart, String id, int width, int height) {
        SVGGraphics2D g2 = new SVGGraphics2D(width, height);
        g2.setDefsKeyPrefix(id + "-");
        chart.draw(g2, new Rectangle2D.Double(0, 0, width, height));
        return g2.getSVGElement(id, true, new ViewBox(0, 0, width, height), null, null);
    }
}
