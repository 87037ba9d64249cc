package io.iopath.fs;

import java.util.Arrays;

/**
 * A file's pages mapped to file-system blocks, one slot per page, -1 for a hole (or a page with
 * no block yet: a delayed-allocation page, a tail kept in a leaf). Grows by doubling as pages are
 * mapped; a page past the slots is a hole.
 */
public final class PageBlocks {
    private long[] blocks;

    public PageBlocks(int initialSlots) {
        blocks = new long[initialSlots];
        Arrays.fill(blocks, -1);
    }

    /** Page {@code index}'s block, or -1. */
    public long blockOf(long index) {
        return index < blocks.length ? blocks[(int) index] : -1;
    }

    /** Maps page {@code index} to {@code block} (-1 unmaps it). */
    public void map(long index, long block) {
        if (index >= blocks.length) {
            int n = blocks.length;
            blocks = Arrays.copyOf(blocks, (int) Math.max(index + 1, n * 2L));
            Arrays.fill(blocks, n, blocks.length, -1);
        }
        blocks[(int) index] = block;
    }

    /** The last mapped block before page {@code index}, or -1 (the allocator's "continue the file" hint). */
    public long blockBefore(long index) {
        for (long i = Math.min(index - 1, blocks.length - 1); i >= 0; i--) {
            if (blocks[(int) i] >= 0) {
                return blocks[(int) i];
            }
        }
        return -1;
    }

    /** The number of slots: every page at or past it is a hole. */
    public long slots() {
        return blocks.length;
    }
}
