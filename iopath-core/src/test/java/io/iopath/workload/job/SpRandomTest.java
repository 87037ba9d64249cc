package io.iopath.workload.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SpRandomTest {
    /**
     * sprandom.c by hand: OP 0.15 gives WA = 0.5/0.15 + 0.7 and a GC block of validity 1 - 1/WA;
     * the resampled curve starts (after the reversal) at the GC block's validity and ends at 1.
     */
    @Test
    void validityDistributionRunsFromTheGcBlockToFull() {
        double wa = 0.5 / 0.15 + 0.7;
        double[] v = SpRandom.validityDistribution(100, 0.15);
        assertThat(v).hasSize(100);
        assertThat(v[0]).isCloseTo(1 - 1 / wa, within(1e-12));
        assertThat(v[99]).isCloseTo(1.0, within(1e-12));
        for (int i = 1; i < v.length; i++) {
            assertThat(v[i]).isGreaterThan(v[i - 1]);
        }
        // the curve's x is the accumulated 1/validity: low validity is spread over more of the drive,
        // so resampled evenly on x the validities crowd toward the low end: the middle sits below the mean of the ends
        assertThat(v[50]).isLessThan((v[0] + v[99]) / 2);
        SpRandom s = new SpRandom(100_000, 4096, 0.15, 100, 0);
        assertThat(s.invalidPct(0)).isEqualTo((int) Math.round((1 / wa) * SpRandom.PCT_PRECISION));
        assertThat(s.invalidPct(99)).isZero();
        // sprandom_physical_size: 100 000 blocks plus 15 %, aligned to the block
        assertThat(s.physicalBytes()).isEqualTo(115_000L * 4096);
        assertThat(s.regionWriteCount()).isEqualTo(115_000L * 4096 / 100 / 4096);
    }

    @Test
    void oneRegionIsFull() {
        assertThat(SpRandom.validityDistribution(1, 0.2)).containsExactly(1.0);
    }

    /**
     * Invariants over seeded configurations: offsets in the region; every block written (the LFSR
     * is exhausted); the rewrites are the remembered shares, so the total comes to the physical
     * size within a region's writes; same seed, same sequence.
     */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void writesEveryBlockAndAboutThePhysicalSize(long seed) {
        SplittableRandom cfg = new SplittableRandom(seed);
        long blocks = 2_000 + cfg.nextLong(60_000);
        double op = 0.07 + cfg.nextDouble() * 0.4;
        int regions = 5 + cfg.nextInt(200);
        long cache = seed % 2 == 0 ? 0 : 4096L * (1 + cfg.nextInt(50));
        List<Long> a = sequence(blocks, op, regions, cache, seed);
        BitSet seen = new BitSet();
        for (long b : a) {
            assertThat(b).isBetween(0L, blocks - 1);
            seen.set((int) b);
        }
        assertThat(seen.cardinality()).isEqualTo((int) blocks);
        SpRandom s = new SpRandom(blocks, 4096, op, regions, cache);
        long physicalWrites = s.physicalBytes() / 4096;
        assertThat((long) a.size()).as("blocks %d op %.3f regions %d cache %d", blocks, op, regions, cache)
                .isBetween(physicalWrites - 2 * s.regionWriteCount(), physicalWrites + s.regionWriteCount());
        assertThat(sequence(blocks, op, regions, cache, seed)).isEqualTo(a);
    }

    /** The share of each region's writes rewritten later is its invalid share (within six sigma, as fio sizes its buffer). */
    @Test
    void rewritesInvalidateEachRegionByItsShare() {
        long blocks = 400_000;
        SpRandom s = new SpRandom(blocks, 4096, 0.15, 20, 0);
        List<Long> seq = sequence(blocks, 0.15, 20, 0, 11);
        long rwc = s.regionWriteCount();
        // region k is written at positions [k·rwc, (k+1)·rwc) of the sequence; a block written there and again later went invalid
        int[] last = new int[(int) blocks];
        for (int i = 0; i < seq.size(); i++) {
            last[(int) (long) seq.get(i)] = i;
        }
        for (int k = 0; k < 15; k++) {
            long rewritten = 0;
            for (long i = k * rwc; i < (k + 1) * rwc; i++) {
                if (last[(int) (long) seq.get((int) i)] > i) {
                    rewritten++;
                }
            }
            double p = s.invalidPct(k) / (double) SpRandom.PCT_PRECISION;
            double sigma = Math.sqrt(rwc * p * (1 - p));
            assertThat((double) rewritten).as("region %d", k).isCloseTo(rwc * p, within(6 * sigma + 2));
        }
    }

    private static List<Long> sequence(long blocks, double op, int regions, long cache, long seed) {
        SpRandom s = new SpRandom(blocks, 4096, op, regions, cache);
        SplittableRandom r = new SplittableRandom(seed);
        List<Long> out = new ArrayList<>();
        for (long b = s.next(r); b >= 0; b = s.next(r)) {
            out.add(b);
        }
        assertThat(s.next(r)).isEqualTo(-1);
        return out;
    }
}
