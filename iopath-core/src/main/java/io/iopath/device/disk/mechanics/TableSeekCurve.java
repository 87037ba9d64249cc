package io.iopath.device.disk.mechanics;

/**
 * A measured seek table (DiskSim {@code .seek}, "extracted"): exact at the table's points,
 * linear interpolation between them, linear extrapolation past the last one (disk-drive spec
 * §3.2). Tables need not be monotone, and neither is the interpolation.
 */
public final class TableSeekCurve extends TabulatedSeekCurve {
    private final int[] distances;
    private final double[] ms;

    public TableSeekCurve(int[] distances, double[] ms, int cylinders) {
        super(cylinders);
        if (distances.length == 0 || distances.length != ms.length) {
            throw new IllegalArgumentException("a seek table needs matching, non-empty distance and time columns");
        }
        for (int i = 1; i < distances.length; i++) {
            if (distances[i] <= distances[i - 1]) {
                throw new IllegalArgumentException("seek table distances must increase: " + distances[i - 1]
                        + " then " + distances[i]);
            }
        }
        this.distances = distances.clone();
        this.ms = ms.clone();
        tabulate();
    }

    @Override
    double evaluateMs(int d) {
        int n = distances.length;
        if (n == 1) {
            return ms[0];
        }
        int lo = 0;
        int hi = n - 1;
        if (d <= distances[0]) {
            // below the first point: interpolate from (0, 0) (a zero seek costs nothing)
            return d == distances[0] ? ms[0] : ms[0] * d / distances[0];
        }
        if (d >= distances[n - 1]) {
            lo = n - 2;
            hi = n - 1;
        } else {
            while (hi - lo > 1) {
                int mid = (lo + hi) >>> 1;
                if (distances[mid] <= d) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            if (distances[lo] == d) {
                return ms[lo];
            }
        }
        double f = (double) (d - distances[lo]) / (distances[hi] - distances[lo]);
        return ms[lo] + f * (ms[hi] - ms[lo]);
    }
}
