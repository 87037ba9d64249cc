package io.iopath.validation;

import java.util.Arrays;

/**
 * A cumulative distribution as a piecewise-linear curve through rows {@code (x, F(x))} with
 * non-decreasing x and F, ending at F = 1. {@link #xAt(double)} is the inverse DiskSim's
 * {@code rms} uses: the first row with F ≥ p, linearly interpolated from the row before.
 */
final class Cdf {
    private final double[] x;
    private final double[] cum;

    public Cdf(double[] x, double[] cum) {
        if (x.length != cum.length || x.length == 0) {
            throw new IllegalArgumentException("a CDF needs matching, non-empty rows");
        }
        for (int i = 1; i < x.length; i++) {
            if (x[i] < x[i - 1] || cum[i] < cum[i - 1]) {
                throw new IllegalArgumentException("CDF rows must be non-decreasing at row " + i);
            }
        }
        if (cum[cum.length - 1] != 1.0) {
            throw new IllegalArgumentException("a CDF must end at 1, got " + cum[cum.length - 1]);
        }
        this.x = x.clone();
        this.cum = cum.clone();
    }

    /**
     * The exact empirical CDF of a sample: one row per sorted value, F = (j + 1)/n, plus a
     * leading row (min, 0), so {@link #xAt} interpolates between neighbouring order statistics.
     */
    public static Cdf ofSamples(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("no samples");
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        double[] x = new double[n + 1];
        double[] c = new double[n + 1];
        x[0] = sorted[0];
        for (int j = 0; j < n; j++) {
            x[j + 1] = sorted[j];
            c[j + 1] = (j + 1 == n) ? 1.0 : (double) (j + 1) / n;
        }
        return new Cdf(x, c);
    }

    public int rows() {
        return x.length;
    }

    public double x(int row) {
        return x[row];
    }

    public double cumulative(int row) {
        return cum[row];
    }

    /** The x at which the curve reaches {@code p} (0 &lt; p ≤ 1), as DiskSim's {@code rms} computes it. */
    public double xAt(double p) {
        if (!(p > 0 && p <= 1)) {
            throw new IllegalArgumentException("p must be in (0, 1], got " + p);
        }
        int lo = 0;
        int hi = cum.length - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (cum[mid] >= p) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        if (lo == 0) {
            return x[0];
        }
        double x0 = x[lo - 1];
        double c0 = cum[lo - 1];
        return x0 + (p - c0) * (x[lo] - x0) / (cum[lo] - c0);
    }
}
