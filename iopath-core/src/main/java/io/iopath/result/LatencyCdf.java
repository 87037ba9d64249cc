package io.iopath.result;
import java.util.List;

/**
 * The latency distribution of one direction as a quantile table: for each percentile of a fixed
 * list, the latency (ns, blktrace Q to C) within which that share of the IOs completed. It is
 * read from the run's HdrHistogram, so each value is exact to 3 significant digits (the value
 * reported is the top of its histogram bucket, as for {@link LatencySummary}); the point at 0
 * is the smallest latency and the point at 100 the largest. A fixed list keeps files of
 * different runs row-for-row comparable; it is dense in the tail, where latency lives.
 *
 * @param points one point per entry of {@link #PERCENTILES}, or none when the direction had no IOs
 */
public record LatencyCdf(List<Point> points) {
    /** The percentiles every non-empty CDF has a point at, in increasing order. */
    public static final List<Double> PERCENTILES = List.of(
            0.0, 1.0, 2.5, 5.0, 10.0, 15.0, 20.0, 25.0, 30.0, 35.0, 40.0, 45.0, 50.0,
            55.0, 60.0, 65.0, 70.0, 75.0, 80.0, 85.0, 90.0, 95.0, 97.5, 99.0, 99.5,
            99.9, 99.95, 99.99, 99.999, 100.0);

    public static final LatencyCdf EMPTY = new LatencyCdf(List.of());

    /** {@code percentile} (0 to 100) of the IOs completed within {@code latencyNs}. */
    public record Point(double percentile, long latencyNs) {
    }

    public LatencyCdf {
        points = List.copyOf(points);
    }

    public boolean isEmpty() {
        return points.isEmpty();
    }
}
