package io.iopath.validation;

import io.iopath.files.AtomicFiles;
import io.iopath.result.Provenance;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Rectangle;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.svg.SVGGraphics2D;

/**
 * Writes the measured and simulated response-time CDFs of a validation run: as CSV (the rows
 * the demerit is computed from, and the quantile grid) and as an SVG chart. Every file is
 * written to a temporary file and renamed, so readers never see a partial file. Each names the
 * iopath version that made it (a CSV column, as results.csv has; the chart's subtitle), so a file
 * found later can be matched to its build; there is no scenario hash, a validation reads no scenario.
 */
public final class ValidationFiles {
    private static final int WIDTH = 800;
    private static final int HEIGHT = 500;

    private ValidationFiles() {
    }

    /**
     * Writes {@code dir/cdf.csv}, {@code dir/quantiles.csv} and {@code dir/cdf.svg}, all three or
     * none ({@link AtomicFiles#writeStrings}); returns their paths in that order.
     */
    public static List<Path> write(Path dir, String title, Cdf measured, Cdf simulated, ValidationReport report)
            throws IOException {
        List<Path> files = List.of(dir.resolve("cdf.csv"), dir.resolve("quantiles.csv"), dir.resolve("cdf.svg"));
        AtomicFiles.writeStrings(files, List.of(cdfCsv(measured, simulated), quantilesCsv(report),
                cdfSvg(title, measured, simulated)));
        return files;
    }

    /** {@code curve,response_ms,cumulative,iopath_version}: every row of both CDFs, measured first. */
    static String cdfCsv(Cdf measured, Cdf simulated) {
        StringBuilder sb = new StringBuilder("curve,response_ms,cumulative,iopath_version\n");
        appendRows(sb, "measured", measured);
        appendRows(sb, "simulated", simulated);
        return sb.toString();
    }

    private static void appendRows(StringBuilder sb, String curve, Cdf cdf) {
        for (int i = 0; i < cdf.rows(); i++) {
            sb.append(curve).append(',').append(fmt(cdf.x(i), 4)).append(',').append(fmt(cdf.cumulative(i), 6))
                    .append(',').append(Provenance.VERSION).append('\n');
        }
    }

    /** {@code p,measured_ms,simulated_ms,iopath_version} on the report's quantile grid. */
    static String quantilesCsv(ValidationReport report) {
        StringBuilder sb = new StringBuilder("p,measured_ms,simulated_ms,iopath_version\n");
        for (ValidationReport.QuantileRow r : report.quantiles()) {
            sb.append(fmt(r.p(), 3)).append(',').append(fmt(r.measuredMs(), 4)).append(',')
                    .append(fmt(r.simulatedMs(), 4)).append(',')
                    .append(Provenance.VERSION).append('\n');
        }
        return sb.toString();
    }

    /** Both CDFs on one chart (x: response time in ms, y: cumulative fraction). */
    static String cdfSvg(String title, Cdf measured, Cdf simulated) {
        XYSeriesCollection data = new XYSeriesCollection();
        data.addSeries(series("measured", measured));
        data.addSeries(series("simulated", simulated));
        JFreeChart chart = ChartFactory.createXYLineChart(title, "response time (ms)", "cumulative fraction", data,
                PlotOrientation.VERTICAL, true, false, false);
        chart.addSubtitle(new TextTitle("iopath " + Provenance.VERSION));
        XYPlot plot = chart.getXYPlot();
        // tick labels that read the same in every default locale (not "0,5", not Arabic-Indic digits)
        for (org.jfree.chart.axis.ValueAxis axis : List.of(plot.getDomainAxis(), plot.getRangeAxis())) {
            axis.setStandardTickUnits(org.jfree.chart.axis.NumberAxis.createStandardTickUnits(Locale.ROOT));
        }
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
        renderer.setSeriesPaint(0, new Color(0x1f, 0x77, 0xb4));
        renderer.setSeriesPaint(1, new Color(0xd6, 0x27, 0x28));
        renderer.setSeriesStroke(0, new BasicStroke(2f));
        renderer.setSeriesStroke(1, new BasicStroke(2f));
        plot.setRenderer(renderer);
        chart.setBackgroundPaint(Color.WHITE);
        SVGGraphics2D g2 = new SVGGraphics2D(WIDTH, HEIGHT);
        // The default prefix embeds System.nanoTime(); a fixed one keeps output byte-identical.
        g2.setDefsKeyPrefix("iopath-cdf");
        chart.draw(g2, new Rectangle(0, 0, WIDTH, HEIGHT));
        return g2.getSVGDocument();
    }

    private static XYSeries series(String name, Cdf cdf) {
        XYSeries s = new XYSeries(name, false, true);
        for (int i = 0; i < cdf.rows(); i++) {
            s.add(cdf.x(i), cdf.cumulative(i));
        }
        return s;
    }

    private static String fmt(double v, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }
}
