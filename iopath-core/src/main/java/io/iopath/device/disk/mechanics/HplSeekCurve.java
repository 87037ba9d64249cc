package io.iopath.device.disk.mechanics;

/**
 * Ruemmler & Wilkes' seek equation (DiskSim {@code hpl}): for values [V1..V6], d = 1 and
 * V6 ≠ −1 → V6; d < V1 → V2 + V3·sqrt(d); otherwise V4 + V5·d. With a list of the first ten
 * seek times ({@code hplplus10}) distances 1..10 come from the list.
 */
public final class HplSeekCurve extends TabulatedSeekCurve {
    private final double[] v;
    private final double[] firstTen;

    /** @param firstTenMs ten seek times for distances 1..10, or null for plain {@code hpl} */
    public HplSeekCurve(double[] values, double[] firstTenMs, int cylinders) {
        super(cylinders);
        if (values.length != 6) {
            throw new IllegalArgumentException("the HPL seek equation needs 6 values, got " + values.length);
        }
        if (firstTenMs != null && firstTenMs.length != 10) {
            throw new IllegalArgumentException("first ten seek times needs 10 values, got " + firstTenMs.length);
        }
        this.v = values.clone();
        this.firstTen = firstTenMs == null ? null : firstTenMs.clone();
        tabulate();
    }

    @Override
    double evaluateMs(int d) {
        if (firstTen != null && d <= 10) {
            return firstTen[d - 1];
        }
        if (d == 1 && v[5] != -1) {
            return v[5];
        }
        return d < v[0] ? v[1] + v[2] * Math.sqrt(d) : v[3] + v[4] * d;
    }
}
