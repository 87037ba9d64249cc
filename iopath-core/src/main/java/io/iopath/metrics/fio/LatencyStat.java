package io.iopath.metrics.fio;

import io.iopath.result.FioResult;

/** Running min, max, mean and standard deviation (Welford), as fio's {@code io_stat}. */
public final class LatencyStat {
    private long n;
    private long min = Long.MAX_VALUE;
    private long max;
    private double mean;
    private double m2;

    public void add(long v) {
        n++;
        min = Math.min(min, v);
        max = Math.max(max, v);
        double delta = v - mean;
        mean += delta / n;
        m2 += delta * (v - mean);
    }

    public void addAll(LatencyStat o) {
        if (o.n == 0) {
            return;
        }
        if (n == 0) {
            n = o.n;
            min = o.min;
            max = o.max;
            mean = o.mean;
            m2 = o.m2;
            return;
        }
        long total = n + o.n;
        double delta = o.mean - mean;
        mean += delta * o.n / total;
        m2 += o.m2 + delta * delta * n * o.n / total;
        n = total;
        min = Math.min(min, o.min);
        max = Math.max(max, o.max);
    }

    /**
     * fio's {@code sum_stat} with {@code pure_sum} (stat.c), used for the bw and iops samples of a
     * {@code group_reporting} group: min, max, sample count, mean and the sum of squares are added,
     * so the group's bw mean is the sum of its jobs' means (its bandwidth), not their average.
     */
    public void sumAll(LatencyStat o) {
        if (o.n == 0) {
            return;
        }
        if (n == 0) {
            addAll(o);
            return;
        }
        n += o.n;
        min += o.min;
        max += o.max;
        mean += o.mean;
        m2 += o.m2;
    }

    public long count() {
        return n;
    }

    public long min() {
        return n == 0 ? 0 : min;
    }

    public long max() {
        return max;
    }

    public double mean() {
        return mean;
    }

    /** Sample standard deviation (n - 1), as fio prints. */
    public double stdev() {
        return n < 2 ? 0 : Math.sqrt(m2 / (n - 1));
    }

    /** The statistic as plain data. */
    public FioResult.Moments snapshot() {
        return new FioResult.Moments(count(), min(), max(), mean(), stdev());
    }
}
