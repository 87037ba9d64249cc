package io.iopath.fs.pagecache;

import java.util.Arrays;
import java.util.BitSet;

/**
 * An ordered set of page indexes: which indexes of a mapping hold a page, and which carry the
 * radix tree's dirty and writeback tags ({@code PAGECACHE_TAG_DIRTY}, {@code PAGECACHE_TAG_WRITEBACK}
 * in include/linux/fs.h), so that write-back and fsync find their pages in index order without
 * walking the clean ones, as {@code pagevec_lookup_tag} does. A bitmap in chunks of 4096 indexes
 * (16 MiB of a file), each allocated at its first member, so that a sparse mapping (the block
 * device's metadata, spread over a whole partition) stays small; one bit per chunk says which
 * chunks have members, so {@link #next} skips the empty ones. Adding and removing allocate only
 * when a chunk is first used; the table of chunks grows to the highest one used (a reference and
 * a count per 16 MiB: 12 MB for a 16 TB block device's last page).
 */
final class PageIndexSet {
    private static final int CHUNK_SHIFT = 12;
    private static final int WORDS = 1 << (CHUNK_SHIFT - 6);

    private long[][] chunks = new long[0][];
    private int[] members = new int[0];
    private final BitSet occupied = new BitSet();

    void add(long index) {
        int c = chunkOf(index);
        if (c >= chunks.length) {
            int length = Math.max(c + 1, 2 * chunks.length);
            chunks = Arrays.copyOf(chunks, length);
            members = Arrays.copyOf(members, length);
        }
        long[] words = chunks[c];
        if (words == null) {
            words = chunks[c] = new long[WORDS];
        }
        int w = wordOf(index);
        long bit = 1L << index; // the shift takes the index's low six bits
        if ((words[w] & bit) == 0) {
            words[w] |= bit;
            if (members[c]++ == 0) {
                occupied.set(c);
            }
        }
    }

    void remove(long index) {
        int c = chunkOf(index);
        if (c >= chunks.length || chunks[c] == null) {
            return;
        }
        long[] words = chunks[c];
        int w = wordOf(index);
        long bit = 1L << index;
        if ((words[w] & bit) != 0) {
            words[w] &= ~bit;
            if (--members[c] == 0) {
                occupied.clear(c);
            }
        }
    }

    /** The smallest member at or above {@code from} (at least 0), or -1 when there is none. */
    long next(long from) {
        long start = Math.max(from, 0);
        if ((start >>> CHUNK_SHIFT) >= chunks.length) {
            return -1;
        }
        int c = (int) (start >>> CHUNK_SHIFT);
        if (members[c] > 0) {
            long[] words = chunks[c];
            int w = wordOf(start);
            long word = words[w] & (-1L << start); // drops the members below start in its word
            while (true) {
                if (word != 0) {
                    return at(c, w, word);
                }
                if (++w == WORDS) {
                    break;
                }
                word = words[w];
            }
        }
        c = occupied.nextSetBit(c + 1);
        if (c < 0) {
            return -1;
        }
        long[] words = chunks[c];
        for (int w = 0; ; w++) {
            if (words[w] != 0) {
                return at(c, w, words[w]);
            }
        }
    }

    private static long at(int chunk, int word, long bits) {
        return ((long) chunk << CHUNK_SHIFT) + ((long) word << 6) + Long.numberOfTrailingZeros(bits);
    }

    private static int chunkOf(long index) {
        if (index < 0) {
            throw new IllegalArgumentException("page index " + index);
        }
        return Math.toIntExact(index >>> CHUNK_SHIFT);
    }

    private static int wordOf(long index) {
        return (int) (index >>> 6) & (WORDS - 1);
    }
}
