package io.iopath.experiment;

import io.iopath.scenario.Scenario;
import io.iopath.scenario.ScenarioException;
import io.iopath.scenario.ScenarioReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The runs of a sweep: one scenario ({@code S}: a {@link Scenario}, or a guest's
 * {@link io.iopath.scenario.VirtualScenario}) read once per combination of the axes' values (the cross
 * product, the first axis changing slowest), each with the fixed overrides first and then one
 * override per axis. Every point is read when the grid is built, so a value that does not bind
 * is reported (as the {@link io.iopath.scenario.ScenarioException} of the first such point, in
 * grid order) before any time is spent running.
 */
public final class SweepGrid<S> {
    /**
     * One run of the grid.
     *
     * @param index     its position in grid order, from 0
     * @param values    the value of each axis, in axis order
     * @param overrides the fixed overrides, then one {@code path=value} per axis
     * @param scenario  what those overrides read to
     */
    public record Point<S>(int index, List<String> values, List<String> overrides, S scenario) {
        public Point {
            values = List.copyOf(values);
            overrides = List.copyOf(overrides);
        }

        /** The overrides as one line, as progress reports name a run. */
        public String description() {
            return String.join(" ", overrides);
        }
    }

    private final List<String> columns;
    private final List<Point<S>> points;

    private SweepGrid(List<String> columns, List<Point<S>> points) {
        this.columns = List.copyOf(columns);
        this.points = List.copyOf(points);
    }

    /** The grid over a scenario file. */
    public static SweepGrid<Scenario> of(Path scenarioFile, List<String> overrides, List<SweepAxis> axes) {
        return of(o -> ScenarioReader.read(scenarioFile, o), overrides, axes);
    }

    /**
     * The grid over a scenario that {@code reader} reads with a list of overrides.
     *
     * @throws SweepException if two axes vary the same field
     */
    public static <S> SweepGrid<S> of(Function<List<String>, S> reader, List<String> overrides, List<SweepAxis> axes) {
        Map<String, SweepAxis> byField = new HashMap<>();
        for (SweepAxis a : axes) {
            SweepAxis before = byField.putIfAbsent(a.field(), a);
            if (before != null) {
                throw new SweepException(a.path() + " is varied twice"
                        + (before.path().equals(a.path()) ? "" : " (as '" + before.path() + "' and '" + a.path() + "')")
                        + "; give all its values once: " + a.path() + "=V1,V2,...");
            }
        }
        List<Point<S>> points = new ArrayList<>();
        int[] at = new int[axes.size()];
        int total = 1;
        for (SweepAxis a : axes) {
            total = Math.multiplyExact(total, a.values().size());
        }
        for (int index = 0; index < total; index++) {
            // at[] counts in mixed radix, the last axis fastest
            int rest = index;
            for (int c = axes.size() - 1; c >= 0; c--) {
                at[c] = rest % axes.get(c).values().size();
                rest /= axes.get(c).values().size();
            }
            List<String> values = new ArrayList<>(axes.size());
            List<String> all = new ArrayList<>(overrides);
            for (int c = 0; c < axes.size(); c++) {
                values.add(axes.get(c).values().get(at[c]));
                all.add(axes.get(c).override(at[c]));
            }
            S scenario;
            try {
                scenario = reader.apply(List.copyOf(all));
            } catch (ScenarioException e) {
                for (int c = 0; c < axes.size(); c++) {
                    e = e.givenAs(axes.get(c).override(at[c]), axes.get(c).option());
                }
                throw e;
            }
            points.add(new Point<>(index, values, all, scenario));
        }
        return new SweepGrid<>(axes.stream().map(SweepAxis::path).toList(), points);
    }

    /** The varied fields, in axis order: a comparison's label columns. */
    public List<String> columns() {
        return columns;
    }

    /** Every run, in grid order. */
    public List<Point<S>> points() {
        return points;
    }

    public int size() {
        return points.size();
    }
}
