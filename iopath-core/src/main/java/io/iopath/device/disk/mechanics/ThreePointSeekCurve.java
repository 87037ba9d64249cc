package io.iopath.device.disk.mechanics;

/**
 * Seek curve {@code t(d) = t1 + A·(d−1)/M + B·sqrt((d−1)/M)} fitted to a datasheet's three
 * numbers (track-to-track, average, full stroke), where "average" is the triangular-weighted
 * average of all seeks that manufacturers define (disk-drive spec §3.1, §3.3).
 *
 * <p>With distances x = d − 1 triangularly distributed on [0, M], E[x] = M/3 and
 * E[sqrt x] = (8/15)·sqrt(M); matching t(M) = full and E[t] = average gives
 * B = 5·avg − 5/3·full − 10/3·t1 and A = full − t1 − B. A negative A or B is clamped to the
 * pure-sqrt curve, as the spec prescribes.
 */
public final class ThreePointSeekCurve implements SeekCurve {
    private final long trackToTrackNs;
    private final double aNs;
    private final double bNs;
    private final int maxDistance;
    /** M: the largest x = d − 1, so that t(maxDistance) is exactly the full-stroke time. */
    private final int m;
    private static final int TABLE_LIMIT = 16_384;
    private final long[] table;

    public ThreePointSeekCurve(long trackToTrackNs, long averageNs, long fullStrokeNs, int cylinders) {
        if (cylinders < 2) {
            throw new IllegalArgumentException("a seek curve needs at least two cylinders");
        }
        if (!(trackToTrackNs <= averageNs && averageNs <= fullStrokeNs)) {
            throw new IllegalArgumentException("seek times must satisfy track-to-track <= average <= full stroke");
        }
        this.trackToTrackNs = trackToTrackNs;
        this.maxDistance = cylinders - 1;
        this.m = Math.max(1, maxDistance - 1);
        double b = 5.0 * averageNs - 5.0 / 3.0 * fullStrokeNs - 10.0 / 3.0 * trackToTrackNs;
        double a = (fullStrokeNs - trackToTrackNs) - b;
        if (a < 0 || b < 0) {
            a = 0;
            b = fullStrokeNs - trackToTrackNs;
        }
        this.aNs = a;
        this.bNs = b;
        // Precomputed for the hot path on small drives: one array read per seek.
        this.table = maxDistance > TABLE_LIMIT ? null : new long[maxDistance + 1];
        for (int d = 1; table != null && d <= maxDistance; d++) {
            table[d] = Math.round(evaluate(d));
        }
    }

    private double evaluate(int d) {
        double x = (double) (d - 1) / m;
        return trackToTrackNs + aNs * x + bNs * Math.sqrt(x);
    }

    @Override
    public long seekNs(int distanceCylinders) {
        int d = Math.abs(distanceCylinders);
        if (d == 0) {
            return 0;
        }
        // Large drives (10^5 cylinders) would make the table megabytes: SPTF's random distances
        // then miss the CPU cache, and a square root is cheaper than a cache miss.
        return d > maxDistance || table == null ? Math.round(evaluate(d)) : table[d];
    }

    /** Linear coefficient A (ns at full stroke). */
    public double linearNs() {
        return aNs;
    }

    /** Square-root coefficient B (ns at full stroke). */
    public double sqrtNs() {
        return bNs;
    }

    /** The triangular-weighted average over all distances 1..M: what a datasheet calls average. */
    public double triangularAverageNs() {
        double num = 0;
        double den = 0;
        for (int n = 1; n <= maxDistance; n++) {
            double w = maxDistance + 1 - n;
            num += w * seekNs(n);
            den += w;
        }
        return num / den;
    }
}
