package io.iopath.workload.job;

/**
 * fio's maximal-length XNOR linear feedback shift register over block numbers (lib/lfsr.c,
 * {@code lfsr_init}, {@code lfsr_next}, {@code prepare_spin}): the register has the fewest bits
 * n with 2^n above the block count (at least 3) and fio's tap table for n; each call steps it
 * {@code spin + 1} times and skips states past the last block, so every block in [0, count) comes
 * out exactly once, and the call after the last says the sequence is exhausted. The all-ones
 * state is the one an XNOR register never reaches, and fio refuses it as a seed.
 */
final class Lfsr {
    /** lib/lfsr.c {@code lfsr_taps}: tap positions for an n-bit register, n = 3 … 63. */
    private static final int[][] TAPS = {
            {}, {}, {}, {3, 2}, {4, 3}, {5, 3}, {6, 5}, {7, 6}, {8, 6, 5, 4}, {9, 5}, {10, 7}, {11, 9},
            {12, 6, 4, 1}, {13, 4, 3, 1}, {14, 5, 3, 1}, {15, 14}, {16, 15, 13, 4}, {17, 14}, {18, 11},
            {19, 6, 2, 1}, {20, 17}, {21, 19}, {22, 21}, {23, 18}, {24, 23, 22, 17}, {25, 22}, {26, 6, 2, 1},
            {27, 5, 2, 1}, {28, 25}, {29, 27}, {30, 6, 4, 1}, {31, 28}, {32, 31, 29, 1}, {33, 20},
            {34, 27, 2, 1}, {35, 33}, {36, 25}, {37, 5, 4, 3, 2, 1}, {38, 6, 5, 1}, {39, 35}, {40, 38, 21, 19},
            {41, 38}, {42, 41, 20, 19}, {43, 42, 38, 37}, {44, 43, 18, 17}, {45, 44, 42, 41}, {46, 45, 26, 25},
            {47, 42}, {48, 47, 21, 20}, {49, 40}, {50, 49, 24, 23}, {51, 50, 36, 35}, {52, 49}, {53, 52, 38, 37},
            {54, 53, 18, 17}, {55, 31}, {56, 55, 35, 34}, {57, 50}, {58, 39}, {59, 58, 38, 37}, {60, 59},
            {61, 60, 46, 45}, {62, 61, 6, 5}, {63, 62}};

    private final long maxVal;
    private final long xormask;
    private final long cachedBit;
    private final int spin;
    private final long cachedCycleLength;
    private long cycleLength;
    private long numVals;
    private long lastVal;

    /**
     * @param count blocks (fio's {@code nums}), at least 1 and below 2^63
     * @param seed  the register's start (masked to its bits); the all-ones state is refused
     * @param spin  extra steps per value, 0 … 15 (fio's {@code init_random_map} passes 0)
     */
    Lfsr(long count, long seed, int spin) {
        int bits = bitsFor(count);
        if (bits < 0 || spin < 0 || spin > 15) {
            throw new IllegalArgumentException("no LFSR for " + count + " blocks with spin " + spin);
        }
        int[] taps = TAPS[bits];
        this.maxVal = count - 1;
        long mask = 0;
        for (int t : taps) {
            mask |= 1L << (t - 1);
        }
        this.xormask = mask;
        this.cachedBit = 1L << (taps[0] - 1);
        this.spin = spin;
        // prepare_spin: a spin can close a shorter cycle; its length, stepped past once per cycle
        long max = (cachedBit << 1) - 1;
        long x = Long.divideUnsigned(max, spin + 1);
        long y = Long.remainderUnsigned(max, spin + 1);
        long cycle = 0;
        for (int i = 1; i <= spin; i++) {
            if ((y * i) % (spin + 1) == 0) {
                cycle = x * i + (y * i) / (spin + 1);
                break;
            }
        }
        this.cachedCycleLength = cycle;
        this.cycleLength = cycle + 1; // fio increments it once, so the first call steps spin + 2 times
        long bitmask = (cachedBit << 1) - 1;
        this.lastVal = seed & bitmask;
        if (lastVal == bitmask) {
            throw new IllegalArgumentException("the all-ones state is not an XNOR LFSR seed");
        }
    }

    /**
     * A register that has already given {@code state} as a value (its first call made): the
     * values after it follow. For comparing with a sequence real fio wrote, whose seed is fio's.
     */
    static Lfsr resumedAt(long count, long state) {
        Lfsr l = new Lfsr(count, state, 0);
        l.cycleLength = l.cachedCycleLength;
        l.numVals = 1;
        return l;
    }

    /** The register's width for {@code count} blocks (find_lfsr: the first n ≥ 3 with 2^n > count), or -1. */
    static int bitsFor(long count) {
        for (int i = 3; i < 64; i++) {
            if ((1L << i) > count) {
                return i;
            }
        }
        return -1;
    }

    /** The mask of the register's bits for {@code count} blocks: a seed equal to it is refused. */
    static long stateMask(long count) {
        return (1L << TAPS[bitsFor(count)][0]) - 1;
    }

    /** The next block, or -1 once all {@code count} blocks have come out (lfsr_next returning 1). */
    long next() {
        if (numVals++ > maxVal) {
            return -1;
        }
        do {
            if (cycleLength != 0 && --cycleLength == 0) {
                step(spin + 1);
                cycleLength = cachedCycleLength;
            } else {
                step(spin);
            }
        } while (Long.compareUnsigned(lastVal, maxVal) > 0);
        return lastVal;
    }

    /** {@code __lfsr_next}: n + 1 steps of {@code __LFSR_NEXT}. */
    private void step(int n) {
        for (int i = 0; i <= n; i++) {
            lastVal = ((lastVal >>> 1) | cachedBit) ^ (((lastVal & 1L) - 1L) & xormask);
        }
    }
}
