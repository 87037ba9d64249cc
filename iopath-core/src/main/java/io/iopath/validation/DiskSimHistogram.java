package io.iopath.validation;

/**
 * A DiskSim {@code statdefs} distribution, as DiskSim fills the two curves it validates with
 * ("Trace access time" and "Physical access time": {@code Distribution size: 1750},
 * {@code Scale/Equals: 1000/0}, {@code Start 0 step 1 grow 1}). Values in ms are scaled to µs;
 * the N − 1 bucket edges are {@code b0 = start}, {@code b(k+1) = b(k) + step + floor(b(k)·grow/100)}
 * — about 1 % resolution above 100 µs. Bucket k counts values below edge k (and not below edge
 * k − 1); the last bucket takes everything from the last edge on.
 */
public final class DiskSimHistogram {
    private final long[] edges;
    private final long[] counts;
    private final double scale;
    private long total;

    public DiskSimHistogram(int size, double scale, long start, long step, long grow) {
        if (size < 2) {
            throw new IllegalArgumentException("distribution size must be at least 2, got " + size);
        }
        this.scale = scale;
        edges = new long[size - 1];
        edges[0] = start;
        for (int k = 1; k < edges.length; k++) {
            edges[k] = edges[k - 1] + step + Math.floorDiv(edges[k - 1] * grow, 100);
        }
        counts = new long[size];
    }

    /** The access-time distribution DiskSim's validation uses. */
    public static DiskSimHistogram accessTime() {
        return new DiskSimHistogram(1750, 1000, 0, 1, 1);
    }

    public void add(double ms) {
        double v = ms * scale;
        // Binary search for the first edge above v: the same bucket as DiskSim's linear scan.
        int lo = 0;
        int hi = edges.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (v < edges[mid]) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        counts[lo]++;
        total++;
    }

    public long total() {
        return total;
    }

    /**
     * The rows DiskSim prints and {@code rms} reads: for each bucket with an upper edge, the edge
     * in ms and the fraction of values below it, up to the first row whose cumulative value
     * reaches 1.
     */
    public Cdf cdf() {
        if (total == 0) {
            throw new IllegalStateException("empty distribution");
        }
        int rows = 0;
        long cum = 0;
        double[] x = new double[edges.length];
        double[] c = new double[edges.length];
        for (int k = 0; k < edges.length; k++) {
            cum += counts[k];
            x[rows] = edges[k] / scale;
            c[rows++] = (double) cum / total;
            if (cum == total) {
                break;
            }
        }
        if (cum != total) {
            throw new IllegalStateException("values beyond the last bucket edge " + edges[edges.length - 1] / scale
                    + " ms; DiskSim's rms would never reach cumulative 1");
        }
        return new Cdf(java.util.Arrays.copyOf(x, rows), java.util.Arrays.copyOf(c, rows));
    }

    public static DiskSimHistogram of(double[] ms) {
        DiskSimHistogram h = accessTime();
        for (double v : ms) {
            h.add(v);
        }
        return h;
    }
}
