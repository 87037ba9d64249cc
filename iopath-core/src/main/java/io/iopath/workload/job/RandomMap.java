package io.iopath.workload.job;

import java.util.BitSet;

/**
 * fio's random map ({@code lib/axmap.c}): with random IO each block is used once per pass. A
 * drawn block already used this pass is replaced by the next free one after it (wrapping), and
 * when every block has been used a new pass starts. One bit per block of the job's region.
 */
final class RandomMap {
    /** Blocks beyond this (256 MiB of bits) are refused: use norandommap for such regions. */
    static final long MAX_BLOCKS = 1L << 31;
    private final BitSet used;
    private final int blocks;
    private int free;

    RandomMap(long blocks) {
        if (blocks > MAX_BLOCKS - 1) {
            throw new IllegalArgumentException("region of " + blocks + " blocks is too large for a random map");
        }
        this.blocks = (int) blocks;
        this.used = new BitSet(this.blocks);
        this.free = this.blocks;
    }

    /**
     * The first block at or after {@code start} with {@code span} free blocks from it that
     * fits in the region; marks them used. Starts a new pass when the map is full.
     */
    long claim(long start, int span) {
        if (free < span) {
            used.clear();
            free = blocks;
        }
        int b = used.nextClearBit((int) Math.min(start, blocks - span));
        if (b > blocks - span) {
            b = used.nextClearBit(0);
            if (b > blocks - span) {
                used.clear();
                free = blocks;
                b = (int) Math.min(start, blocks - span);
            }
        }
        int end = b + span;
        int newlyUsed = span - used.get(b, end).cardinality();
        used.set(b, end);
        free -= newlyUsed;
        return b;
    }
}
