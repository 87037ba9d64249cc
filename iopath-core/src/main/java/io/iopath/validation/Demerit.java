package io.iopath.validation;

/**
 * The demerit (Ruemmler &amp; Wilkes 1994): the root-mean-square horizontal distance between the
 * simulated and measured response-time CDFs, in ms, computed as DiskSim's {@code rms} does
 * (validation.md §5): at p = 1/10000, 2/10000, …, 1 read x(p) from each curve by
 * {@link Cdf#xAt(double)} and take sqrt(mean((x_sim − x_meas)²)).
 */
final class Demerit {
    /** DiskSim's p grid: N = 10 000 points. */
    public static final int POINTS = 10_000;

    private Demerit() {
    }

    /** RMS horizontal distance between two CDFs on DiskSim's p grid. Symmetric in its arguments. */
    public static double rmsMs(Cdf a, Cdf b) {
        double sum = 0;
        for (int k = 1; k <= POINTS; k++) {
            double p = (double) k / POINTS;
            double d = a.xAt(p) - b.xAt(p);
            sum += d * d;
        }
        return Math.sqrt(sum / POINTS);
    }

    /** DiskSim-exact: both samples through DiskSim's 1750-bucket access-time histogram first. */
    public static double diskSimMs(double[] simulatedMs, double[] measuredMs) {
        return rmsMs(DiskSimHistogram.of(simulatedMs).cdf(), DiskSimHistogram.of(measuredMs).cdf());
    }

    /** From exact sample quantiles, no bucketing. */
    public static double sampleQuantileMs(double[] simulatedMs, double[] measuredMs) {
        return rmsMs(Cdf.ofSamples(simulatedMs), Cdf.ofSamples(measuredMs));
    }
}
