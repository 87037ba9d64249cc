package io.iopath.report;

import io.iopath.result.LatencyCdf;
import io.iopath.result.Result;
import java.util.List;

/**
 * {@code latency.csv}: each direction's latency CDF, one row per point, in the long form that
 * plotting tools take directly: {@code direction,percentile,latency_ns}. A direction without IOs
 * has no rows. Rows of several runs start with the caller's label columns.
 */
final class LatencyCsv {
    public static final List<String> COLUMNS = List.of("direction", "percentile", "latency_ns", "iopath_version", "scenario_hash");

    private final Csv csv;

    public LatencyCsv(List<String> labelColumns) {
        this.csv = new Csv(labelColumns, COLUMNS);
    }

    /** The {@code latency.csv} of one run. */
    public static String of(Result r) {
        return new LatencyCsv(List.of()).add(List.of(), r).text();
    }

    /** Every run of a sweep, in the order given. */
    public static String of(List<String> labelColumns, List<LabelledResult> runs) {
        LatencyCsv table = new LatencyCsv(labelColumns);
        runs.forEach(table::add);
        return table.text();
    }

    public LatencyCsv add(LabelledResult run) {
        return add(run.labels(), run.result());
    }

    public LatencyCsv add(List<String> labels, Result r) {
        csv.checkLabels(labels);
        rows(labels, "read", r.latencyCdf().read(), r);
        rows(labels, "write", r.latencyCdf().write(), r);
        rows(labels, "total", r.latencyCdf().total(), r);
        return this;
    }

    private void rows(List<String> labels, String direction, LatencyCdf cdf, Result r) {
        for (LatencyCdf.Point p : cdf.points()) {
            csv.row(labels, List.of(direction, Csv.num(p.percentile()), Csv.num(p.latencyNs()),
                    r.provenance().version(), r.provenance().scenarioHash()));
        }
    }

    public String text() {
        return csv.text();
    }
}
