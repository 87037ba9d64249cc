package io.iopath.fs.pagecache;

/**
 * A mapping's pages by index, for lookups ({@code find_get_page}): an open-addressing hash of
 * {@code long} page indexes to pages, so the lookup that every system call makes for each block it
 * touches neither boxes its index nor walks a tree. {@link Mapping} keeps its pages in index order
 * beside it for the write-back walks that need the order.
 */
final class PageIndex {
    private static final int MIN_SLOTS = 4;

    private long[] keys = new long[MIN_SLOTS];
    private Page[] values = new Page[MIN_SLOTS];
    private int size;

    Page get(long index) {
        int mask = keys.length - 1;
        for (int i = slot(index, mask); ; i = (i + 1) & mask) {
            Page p = values[i];
            if (p == null || keys[i] == index) {
                return p;
            }
        }
    }

    /** Adds {@code p} under {@code index}, which must not be present. */
    void put(long index, Page p) {
        if ((size + 1) * 4 > keys.length * 3) {
            grow();
        }
        int mask = keys.length - 1;
        int i = slot(index, mask);
        while (values[i] != null) {
            i = (i + 1) & mask;
        }
        keys[i] = index;
        values[i] = p;
        size++;
    }

    /** Removes {@code index} if present (backward-shift deletion: no tombstones). */
    void remove(long index) {
        int mask = keys.length - 1;
        int i = slot(index, mask);
        while (values[i] != null && keys[i] != index) {
            i = (i + 1) & mask;
        }
        if (values[i] == null) {
            return;
        }
        size--;
        int hole = i;
        for (int j = (hole + 1) & mask; values[j] != null; j = (j + 1) & mask) {
            int home = slot(keys[j], mask);
            // the entry at j may move into the hole if its home is not cyclically in (hole, j]
            if (((j - home) & mask) >= ((j - hole) & mask)) {
                keys[hole] = keys[j];
                values[hole] = values[j];
                hole = j;
            }
        }
        values[hole] = null;
    }

    int size() {
        return size;
    }

    private void grow() {
        long[] oldKeys = keys;
        Page[] oldValues = values;
        keys = new long[oldKeys.length * 2];
        values = new Page[oldKeys.length * 2];
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldValues[i] != null) {
                put(oldKeys[i], oldValues[i]);
            }
        }
    }

    private static int slot(long index, int mask) {
        long h = index * 0x9E3779B97F4A7C15L;
        return (int) (h >>> 32) & mask;
    }
}
