package io.iopath.report;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberTick;
import org.jfree.chart.axis.TickType;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.TextAnchor;

/**
 * A base-10 log axis ticked the way people read latency plots: labels at 1, 2 and 5
 * times each power of ten (only at the powers when the range spans more than four decades), and
 * unlabelled minor ticks at the other integer multiples. JFreeChart's own LogAxis spaces its
 * labels evenly in log space, which puts them on values such as 15.848932.
 */
final class DecadeLogAxis extends LogAxis {
    private static final long serialVersionUID = 1L;

    DecadeLogAxis(String label) {
        super(label);
        setBase(10);
        setMinorTickMarksVisible(true);
    }

    @Override
    @SuppressWarnings("rawtypes")
    protected List refreshTicksHorizontal(Graphics2D g2, Rectangle2D dataArea, RectangleEdge edge) {
        return ticks(getLowerBound(), getUpperBound(), edge == RectangleEdge.TOP ? TextAnchor.BOTTOM_CENTER : TextAnchor.TOP_CENTER);
    }

    /** The same ticks on a vertical axis (latency over time). */
    @Override
    @SuppressWarnings("rawtypes")
    protected List refreshTicksVertical(Graphics2D g2, Rectangle2D dataArea, RectangleEdge edge) {
        return ticks(getLowerBound(), getUpperBound(), edge == RectangleEdge.RIGHT ? TextAnchor.CENTER_LEFT : TextAnchor.CENTER_RIGHT);
    }

    static List<NumberTick> ticks(double lower, double upper, TextAnchor anchor) {
        DecimalFormat format = new DecimalFormat("0.######", DecimalFormatSymbols.getInstance(Locale.ROOT));
        boolean wide = Math.log10(upper / lower) > 4;
        List<NumberTick> ticks = new ArrayList<>();
        int first = (int) Math.floor(Math.log10(lower));
        int last = (int) Math.ceil(Math.log10(upper));
        for (int e = first; e <= last; e++) {
            double decade = Math.pow(10, e);
            for (int m = 1; m <= 9; m++) {
                double v = m * decade;
                if (v < lower * (1 - 1e-9) || v > upper * (1 + 1e-9)) {
                    continue;
                }
                boolean major = m == 1 || (!wide && (m == 2 || m == 5));
                ticks.add(new NumberTick(major ? TickType.MAJOR : TickType.MINOR, v, major ? format.format(v) : "",
                        anchor, TextAnchor.CENTER, 0.0));
            }
        }
        return ticks;
    }
}
