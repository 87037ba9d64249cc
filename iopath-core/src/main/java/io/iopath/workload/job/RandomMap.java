package io.iopath.workload.job;

import java.util.Arrays;

/**
 * fio's random map ({@code lib/axmap.c}): with random IO each block is used once per pass. A
 * drawn block already used this pass is replaced by the next free one after it (wrapping), and
 * when every block has been used a new pass starts. One bit per block of the job's region.
 *
 * <p>The bits are a plain {@code long[]} rather than a {@link java.util.BitSet}: a claim is on
 * every random IO's path, and counting the newly used bits through {@code BitSet.get(from, to)}
 * allocated a BitSet per IO (and {@code set} kept recounting the words in use).
 */
final class RandomMap {
    /** Blocks beyond this (256 MiB of bits) are refused: use norandommap for such regions. */
    static final long MAX_BLOCKS = 1L << 31;
    private final long[] words;
    /**
     * One bit per word of {@link #words}: set when every bit of that word is set. Late in a pass
     * few blocks are free and the next free one is far from a drawn block; the summary skips 64
     * full words per step, as axmap's upper levels do.
     */
    private final long[] fullWords;
    private final int blocks;
    private int free;

    RandomMap(long blocks) {
        if (blocks > MAX_BLOCKS - 1) {
            throw new IllegalArgumentException("region of " + blocks + " blocks is too large for a random map");
        }
        this.blocks = (int) blocks;
        this.words = new long[(this.blocks + 63) >>> 6];
        this.fullWords = new long[(words.length + 63) >>> 6];
        this.free = this.blocks;
    }

    /**
     * The first block at or after {@code start} with {@code span} free blocks from it that
     * fits in the region; marks them used. Starts a new pass when the map is full.
     */
    long claim(long start, int span) {
        if (free < span) {
            newPass();
        }
        int b = nextClear((int) Math.min(start, blocks - span));
        if (b > blocks - span) {
            b = nextClear(0);
            if (b > blocks - span) {
                newPass();
                b = (int) Math.min(start, blocks - span);
            }
        }
        free -= setRange(b, b + span);
        return b;
    }

    /** Every block free again: a full map, or a new loop (fio's clear_io_state resets the file's random map). */
    void newPass() {
        Arrays.fill(words, 0L);
        Arrays.fill(fullWords, 0L);
        free = blocks;
    }

    /** The first clear bit at or after {@code from}; {@code blocks} when every one from there is set. */
    private int nextClear(int from) {
        int w = from >>> 6;
        if (w >= words.length) {
            return blocks;
        }
        long word = ~words[w] & (-1L << from);
        if (word == 0) {
            w = nextNotFullWord(w + 1);
            if (w >= words.length) {
                return blocks;
            }
            word = ~words[w];
        }
        return Math.min(blocks, (w << 6) + Long.numberOfTrailingZeros(word));
    }

    /** The first word at or after {@code from} with a clear bit; {@code words.length} if none. */
    private int nextNotFullWord(int from) {
        int s = from >>> 6;
        if (s >= fullWords.length) {
            return words.length;
        }
        long notFull = ~fullWords[s] & (-1L << from);
        while (notFull == 0) {
            if (++s == fullWords.length) {
                return words.length;
            }
            notFull = ~fullWords[s];
        }
        return Math.min(words.length, (s << 6) + Long.numberOfTrailingZeros(notFull));
    }

    /** Sets bits [from, to) and returns how many of them were clear. */
    private int setRange(int from, int to) {
        int newlySet = 0;
        for (int i = from; i < to; ) {
            int w = i >>> 6;
            int end = Math.min(to, (w + 1) << 6);
            long mask = (end - i == 64 ? -1L : ((1L << (end - i)) - 1)) << i;
            newlySet += Long.bitCount(mask & ~words[w]);
            words[w] |= mask;
            if (words[w] == -1L) {
                fullWords[w >>> 6] |= 1L << w;
            }
            i = end;
        }
        return newlySet;
    }
}
