package io.iopath.workload.postmark;

/**
 * Postmark's random numbers: MT19937 in the "integer version (1999/10/28)" that Postmark 1.5 bundles,
 * seeded with that version's {@code sgenrand} (two steps of the 69069 linear congruential generator per
 * state word, the upper halves kept), not the later {@code init_genrand}. Outputs are unsigned 32-bit
 * values; Java has no unsigned int, so they are returned as {@code long} in [0, 2^32).
 *
 * <p>Facts from Postmark 1.53's {@code postmark.c}: {@code sgenrand}, {@code genrand} and the macro
 * {@code RND(x)}; the constants are Matsumoto and Nishimura's (ACM TOMACS 8(1), 1998).
 */
public final class MersenneTwister {
    private static final int N = 624;
    private static final int M = 397;
    private static final int MATRIX_A = 0x9908b0df;
    private static final int UPPER_MASK = 0x80000000;
    private static final int LOWER_MASK = 0x7fffffff;

    private final int[] mt = new int[N];
    private int index;
    private long draws;

    /** The generator after Postmark's {@code sgenrand(seed)}; the seed's low 32 bits are used, unsigned. */
    public MersenneTwister(long seed) {
        int s = (int) seed;
        for (int i = 0; i < N; i++) {
            // int multiplication wraps exactly as 32-bit unsigned arithmetic does
            int high = s & 0xffff0000;
            s = 69069 * s + 1;
            mt[i] = high | ((s & 0xffff0000) >>> 16);
            s = 69069 * s + 1;
        }
        index = N;
    }

    /** The next 32-bit output, unsigned ({@code genrand}). */
    public long next() {
        if (index >= N) {
            twist();
        }
        int y = mt[index++];
        y ^= y >>> 11;
        y ^= (y << 7) & 0x9d2c5680;
        y ^= (y << 15) & 0xefc60000;
        y ^= y >>> 18;
        draws++;
        return y & 0xffffffffL;
    }

    /**
     * Postmark's {@code RND(x)}: the next output modulo {@code x} when {@code x > 0}; for {@code x <= 0} it is 0
     * and, because the macro tests first, no output is consumed.
     */
    public int rnd(int x) {
        return x > 0 ? (int) (next() % x) : 0;
    }

    /** Outputs consumed so far (for tests and for checking the draw order). */
    public long draws() {
        return draws;
    }

    private void twist() {
        for (int k = 0; k < N; k++) {
            int y = (mt[k] & UPPER_MASK) | (mt[(k + 1) % N] & LOWER_MASK);
            mt[k] = mt[(k + M) % N] ^ (y >>> 1) ^ ((y & 1) != 0 ? MATRIX_A : 0);
        }
        index = 0;
    }
}
