package io.iopath.report;

import io.iopath.units.Units;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How a sweep's runs are laid out as answers: which varied parameter goes on the horizontal
 * axis (the last one whose values are all numbers, queue depth typically), which one gives a
 * line per value (of the others, the one with the most values), and which remain, one chart per
 * combination of their values (facets). Without a numeric parameter, two categorical ones make
 * a heatmap (rows × columns), and one makes bars.
 *
 * @param x      the column on the horizontal axis (or the heatmap's columns), -1 for none
 * @param series the column giving one line per value (or the heatmap's rows), -1 for none
 * @param facets the other columns, one chart per combination of their values
 * @param numericX whether x's values are all numbers (lines) or not (heatmap, bars)
 */
record SweepLayout(int x, int series, List<Integer> facets, boolean numericX) {

    static SweepLayout of(List<String> columns, List<LabelledResult> runs) {
        int n = columns.size();
        if (n == 0) {
            return new SweepLayout(-1, -1, List.of(), false);
        }
        int x = -1;
        for (int c = n - 1; c >= 0; c--) {
            if (values(runs, c).size() > 1 && allNumeric(values(runs, c))) {
                x = c;
                break;
            }
        }
        boolean numeric = x >= 0;
        if (!numeric) {
            x = n - 1; // heatmap columns or bar categories: the last (fastest-changing) parameter
        }
        int series = -1;
        int most = 1;
        for (int c = 0; c < n; c++) {
            int k = values(runs, c).size();
            if (c != x && k > most) {
                series = c;
                most = k;
            }
        }
        List<Integer> facets = new ArrayList<>();
        for (int c = 0; c < n; c++) {
            if (c != x && c != series) {
                facets.add(c);
            }
        }
        return new SweepLayout(x, series, List.copyOf(facets), numeric);
    }

    /** The distinct values of column {@code c}, in the order of the runs. */
    static List<String> values(List<LabelledResult> runs, int c) {
        Set<String> v = new LinkedHashSet<>();
        for (LabelledResult r : runs) {
            v.add(r.labels().get(c));
        }
        return List.copyOf(v);
    }

    /** The runs grouped by their values of the facet columns, in the order of the runs. */
    Map<List<String>, List<LabelledResult>> facetGroups(List<LabelledResult> runs) {
        Map<List<String>, List<LabelledResult>> groups = new LinkedHashMap<>();
        for (LabelledResult r : runs) {
            List<String> key = new ArrayList<>();
            for (int f : facets) {
                key.add(r.labels().get(f));
            }
            groups.computeIfAbsent(List.copyOf(key), k -> new ArrayList<>()).add(r);
        }
        return groups;
    }

    static boolean allNumeric(List<String> values) {
        for (String v : values) {
            if (Double.isNaN(number(v))) {
                return false;
            }
        }
        return true;
    }

    /** A plain number, or a size (4k) or time (6ms) in the scenario's units; NaN if none of those. */
    static double number(String v) {
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            // not plain: try the units
        }
        try {
            return Units.parseSize(v);
        } catch (IllegalArgumentException e) {
            // not a size
        }
        try {
            return Units.parseTime(v);
        } catch (IllegalArgumentException e) {
            return Double.NaN;
        }
    }

    static boolean plainNumbers(List<String> values) {
        for (String v : values) {
            try {
                Double.parseDouble(v);
            } catch (NumberFormatException e) {
                return false;
            }
        }
        return true;
    }
}
