package io.iopath.workload.job;

import io.iopath.workload.JobSpec.RandomDistribution;
import java.util.SplittableRandom;

/**
 * Draws block indices in [0, n) the way fio's {@code random_distribution} does
 * ({@code lib/zipf.c}, {@code lib/gauss.c}): uniform; Zipf by Gray et al.'s method (the zeta
 * sum is capped at {@value #ZIPF_MAX_GEN} terms, as fio's {@code ZIPF_MAX_GEN}); Pareto as
 * {@code (n-1)·u^(log h / log(1-h))}; normal with the deviation given in percent of the region.
 * Zipf and Pareto ranks are scattered over the region by a fixed hash, as fio does, so the hot
 * blocks are not all at the start. Zoned: a draw of 1..100 picks the zone whose access share
 * covers it, then a uniform block inside that zone's share of the region (io_u.c
 * {@code __get_next_rand_offset_zoned}, zone-dist.c {@code __td_zone_gen_index}).
 */
abstract class OffsetDistribution {
    static final long ZIPF_MAX_GEN = 10_000_000L;

    /** The next block in [0, n); -1 only from a generator with an end (SPRandom), when it is done. */
    abstract long next(SplittableRandom r);

    static OffsetDistribution of(RandomDistribution d, long n) {
        return switch (d.kind()) {
            case RANDOM -> new Uniform(n);
            case ZIPF -> new Zipf(n, d.parameter());
            case PARETO -> new Pareto(n, d.parameter());
            case NORMAL -> new Normal(n, d.parameter(), d.center());
            case ZONED -> new Zoned(n, d.zones());
            case SPRANDOM -> throw new IllegalArgumentException("sprandom needs the block size: use of(d, n, bs)");
        };
    }

    /** The distribution for {@code n} blocks of {@code blockBytes}; SPRandom's physical size depends on it. */
    static OffsetDistribution of(RandomDistribution d, long n, long blockBytes) {
        if (d.kind() == RandomDistribution.Kind.SPRANDOM) {
            var s = d.spRandom();
            return new SpRandom(n, blockBytes, s.overProvisioning(), s.regions(), s.cacheBytes());
        }
        return of(d, n);
    }

    /** A bijective-enough scramble of a rank into [0, n): fio's {@code __hash_u64} idea. */
    static long scatter(long rank, long n) {
        long h = rank * 0x9E3779B97F4A7C15L;
        h ^= h >>> 32;
        return Long.remainderUnsigned(h, n);
    }

    static final class Uniform extends OffsetDistribution {
        private final long n;

        Uniform(long n) {
            this.n = n;
        }

        @Override
        long next(SplittableRandom r) {
            return r.nextLong(n);
        }
    }

    static final class Zipf extends OffsetDistribution {
        private final long n;
        private final double theta;
        private final double zetan;
        private final double eta;
        private final double alpha;

        Zipf(long n, double theta) {
            this.n = n;
            this.theta = theta;
            long terms = Math.min(n, ZIPF_MAX_GEN);
            double z = 0;
            for (long i = 1; i <= terms; i++) {
                z += Math.pow(1.0 / i, theta);
            }
            this.zetan = z;
            double zeta2 = 1 + Math.pow(0.5, theta);
            this.alpha = 1.0 / (1.0 - theta);
            this.eta = (1 - Math.pow(2.0 / n, 1 - theta)) / (1 - zeta2 / zetan);
        }

        @Override
        long next(SplittableRandom r) {
            double u = r.nextDouble();
            double uz = u * zetan;
            long rank;
            if (uz < 1.0) {
                rank = 1;
            } else if (uz < 1.0 + Math.pow(0.5, theta)) {
                rank = 2;
            } else {
                rank = 1 + (long) (n * Math.pow(eta * u - eta + 1, alpha));
            }
            rank = Math.max(1, Math.min(rank, n));
            return scatter(rank - 1, n);
        }
    }

    static final class Pareto extends OffsetDistribution {
        private final long n;
        private final double power;

        Pareto(long n, double h) {
            this.n = n;
            this.power = Math.log(h) / Math.log(1.0 - h);
        }

        @Override
        long next(SplittableRandom r) {
            long rank = (long) ((n - 1) * Math.pow(r.nextDouble(), power));
            return scatter(Math.min(rank, n - 1), n);
        }
    }

    static final class Normal extends OffsetDistribution {
        private final long n;
        private final double sigma;
        private final double mean;

        Normal(long n, double devPercent, double center) {
            this.n = n;
            this.sigma = n * devPercent / 100.0;
            this.mean = n * center;
        }

        @Override
        long next(SplittableRandom r) {
            // Box-Muller from two uniform draws; values outside the region fold back in.
            double u1 = 1.0 - r.nextDouble();
            double u2 = r.nextDouble();
            double g = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
            long v = (long) Math.floor(mean + sigma * g);
            v %= n;
            return v < 0 ? v + n : v;
        }
    }

    static final class Zoned extends OffsetDistribution {
        private final long n;
        /** Per access percentile 1..100: the zone's first and end percent of the region (fio's zone_split_index). */
        private final int[] startPercent = new int[100];
        private final int[] endPercent = new int[100];

        Zoned(long n, java.util.List<io.iopath.workload.JobSpec.RandomDistribution.Zone> zones) {
            this.n = n;
            int a = 0;
            int s = 0;
            java.util.Arrays.fill(endPercent, -1);
            for (var z : zones) {
                for (int j = a; j < a + z.accessPercent() && j < 100; j++) {
                    startPercent[j] = s;
                    endPercent[j] = s + z.sizePercent();
                }
                a += z.accessPercent();
                s += z.sizePercent();
            }
        }

        @Override
        long next(SplittableRandom r) {
            int v = 1 + r.nextInt(100);
            int start = startPercent[v - 1];
            int end = endPercent[v - 1];
            if (end < 0) {
                return r.nextLong(n); // access shares rounded down below 100: fio's "bug in zoned generation" fallback, uniform
            }
            long offset = start * n / 100;
            long span = Math.max(1, n * (end - start) / 100);
            return Math.min(n - 1, offset + r.nextLong(span));
        }
    }
}
