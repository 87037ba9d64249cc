package io.iopath.metrics.fio;

/**
 * fio's latency histogram ({@code stat.h}, {@code stat.c}): nanosecond values in a log-linear
 * layout of {@value #GROUPS} groups of {@value #VALUES} buckets ({@code FIO_IO_U_PLAT_BITS} = 6),
 * about 0.8 % relative error. Percentiles are reported, as fio reports them, as the midpoint of
 * the bucket where the running count first reaches the percentile — so iopath's numbers line
 * up with fio's bucket for bucket.
 */
final class FioHistogram {
    static final int BITS = 6;
    static final int VALUES = 1 << BITS;
    static final int GROUPS = 29;
    static final int BUCKETS = GROUPS * VALUES;

    private final long[] counts = new long[BUCKETS];
    private long total;

    /** {@code plat_val_to_idx}. */
    static int index(long value) {
        if (value < 0) {
            value = 0;
        }
        int msb = value == 0 ? 0 : 63 - Long.numberOfLeadingZeros(value);
        if (msb <= BITS) {
            return (int) value;
        }
        int errorBits = msb - BITS;
        int base = (errorBits + 1) << BITS;
        int offset = (int) ((VALUES - 1) & (value >>> errorBits));
        return Math.min(base + offset, BUCKETS - 1);
    }

    /** {@code plat_idx_to_val}: the bucket's midpoint. */
    static long value(int index) {
        if (index < (VALUES << 1)) {
            return index;
        }
        int errorBits = (index >> BITS) - 1;
        long base = 1L << (errorBits + BITS);
        long k = index % VALUES;
        return base + (long) ((k + 0.5) * (1L << errorBits));
    }

    public void record(long valueNs) {
        counts[index(valueNs)]++;
        total++;
    }

    public long total() {
        return total;
    }

    public void addAll(FioHistogram other) {
        for (int i = 0; i < BUCKETS; i++) {
            counts[i] += other.counts[i];
        }
        total += other.total;
    }

    /**
     * The non-empty buckets as json+ prints them ({@code stat.c: add_ddir_status_json}, "bins"):
     * pairs of the bucket's value ({@code plat_idx_to_val}) and its count, in bucket order.
     */
    public long[] bins() {
        int n = 0;
        for (long c : counts) {
            if (c > 0) {
                n++;
            }
        }
        long[] out = new long[2 * n];
        int j = 0;
        for (int i = 0; i < BUCKETS; i++) {
            if (counts[i] > 0) {
                out[j++] = value(i);
                out[j++] = counts[i];
            }
        }
        return out;
    }

    /** {@code calc_clat_percentiles}: values in ns for each percentile in {@code list}. */
    public long[] percentiles(double[] list) {
        long[] out = new long[list.length];
        if (total == 0) {
            return out;
        }
        long sum = 0;
        int j = 0;
        for (int i = 0; i < BUCKETS && j < list.length; i++) {
            sum += counts[i];
            while (j < list.length && sum >= list[j] / 100.0 * total) {
                out[j++] = value(i);
            }
        }
        return out;
    }
}
