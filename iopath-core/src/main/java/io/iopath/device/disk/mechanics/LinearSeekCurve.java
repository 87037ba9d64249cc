package io.iopath.device.disk.mechanics;

/**
 * DiskSim's {@code linear} seek type: piecewise linear through (1, single-cylinder),
 * (M/3, average) and (M, full stroke), M = the longest seek. (DiskSim's integer arithmetic for
 * the interpolation factor is not reproduced; the spec marks its exact behaviour unverified.)
 */
public final class LinearSeekCurve extends TabulatedSeekCurve {
    private final double t1;
    private final double avg;
    private final double full;
    private final double third;
    private final int max;

    public LinearSeekCurve(double singleMs, double averageMs, double fullMs, int cylinders) {
        super(cylinders);
        this.t1 = singleMs;
        this.avg = averageMs;
        this.full = fullMs;
        this.max = Math.max(2, cylinders - 1);
        this.third = Math.max(1.0, max / 3.0);
        tabulate();
    }

    @Override
    double evaluateMs(int d) {
        if (d <= third) {
            return third <= 1 ? t1 : t1 + (avg - t1) * (d - 1) / (third - 1);
        }
        return avg + (full - avg) * (d - third) / (max - third);
    }
}
