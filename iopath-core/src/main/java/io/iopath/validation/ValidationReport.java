package io.iopath.validation;

import java.util.ArrayList;
import java.util.List;

/**
 * What a validation run reports (validation.md §5): means, mean error, the demerit both ways
 * (DiskSim-exact and from exact sample quantiles), response times on the quantile grid, and the
 * per-request difference (measured − simulated) in DiskSim's 10 coarse buckets.
 */
public record ValidationReport(int requests, double measuredMeanMs, double simulatedMeanMs, double meanErrorPercent,
        double demeritMs, double demeritPercentOfMean, double sampleDemeritMs, List<QuantileRow> quantiles,
        List<DiffBucket> differences) {

    public ValidationReport {
        quantiles = List.copyOf(quantiles);
        differences = List.copyOf(differences);
    }

    /** Measured and simulated response time (ms) at probability p, from the bucketed CDFs. */
    public record QuantileRow(double p, double measuredMs, double simulatedMs) {
    }

    /** Requests whose measured − simulated time falls below {@code upperMs} (and not in an earlier bucket). */
    public record DiffBucket(double upperMs, long count) {
    }

    /** DiskSim's "VALIDATE Trace access diff time" bucket edges (ms); the last bucket is open. */
    private static final double[] DIFF_EDGES = {-5, -1, 0, 1, 2, 5, 10, 11, 12, Double.POSITIVE_INFINITY};

    /** p = 0.001, 0.005, 0.01, 0.02, …, 0.99, 0.995, 0.999, 1. */
    public static List<Double> quantileGrid() {
        List<Double> ps = new ArrayList<>(List.of(0.001, 0.005));
        for (int k = 1; k <= 99; k++) {
            ps.add(k / 100.0);
        }
        ps.addAll(List.of(0.995, 0.999, 1.0));
        return List.copyOf(ps);
    }

    public static ValidationReport of(Comparison c) {
        double[] meas = c.measuredMs();
        double[] sim = c.simulatedMs();
        Cdf measCdf = DiskSimHistogram.of(meas).cdf();
        Cdf simCdf = DiskSimHistogram.of(sim).cdf();
        double demerit = Demerit.rmsMs(simCdf, measCdf);
        double measMean = c.measuredMeanMs();
        double simMean = c.simulatedMeanMs();
        List<QuantileRow> rows = new ArrayList<>();
        for (double p : quantileGrid()) {
            rows.add(new QuantileRow(p, measCdf.xAt(p), simCdf.xAt(p)));
        }
        long[] counts = new long[DIFF_EDGES.length];
        for (int i = 0; i < meas.length; i++) {
            double d = meas[i] - sim[i];
            int b = 0;
            while (b < DIFF_EDGES.length - 1 && !(d < DIFF_EDGES[b])) {
                b++;
            }
            counts[b]++;
        }
        List<DiffBucket> diffs = new ArrayList<>();
        for (int b = 0; b < DIFF_EDGES.length; b++) {
            diffs.add(new DiffBucket(DIFF_EDGES[b], counts[b]));
        }
        return new ValidationReport(c.requests(), measMean, simMean, 100.0 * (simMean - measMean) / measMean, demerit,
                100.0 * demerit / measMean, Demerit.sampleQuantileMs(sim, meas), rows, diffs);
    }
}
