package io.iopath.fs.ext3;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * ext3_new_blocks over the volume's block bitmap (spec §3.5, {@code fs/ext3/balloc.c}): the goal
 * if free, else the first free block after it in the group, then the following groups; with a
 * reservation window per regular file (8 blocks at first, doubled up to 1027 when more than half
 * of it was used) placed at the first gap of the window's size after the goal among all windows.
 * A block freed by a transaction that has not committed is not allocatable (jbd's
 * last-committed copy of the bitmap); {@link #commitFreed} releases it.
 */
public final class BlockAllocator {
    public static final int DEFAULT_WINDOW = 8;
    /** EXT3_MAX_RESERVE_BLOCKS. */
    public static final int MAX_WINDOW = 1027;

    private final Ext3Layout layout;
    private final BitSet used = new BitSet();
    /** used, or freed by a transaction that has not committed. */
    private final BitSet unavailable = new BitSet();
    private final long[] freeInGroup;
    private final TreeMap<Long, Window> windows = new TreeMap<>();
    private long allocated;

    /** A reservation window [start, end] of one file. */
    public static final class Window {
        long start;
        long end;
        int size = DEFAULT_WINDOW;
        int hits;

        public long start() {
            return start;
        }

        public long end() {
            return end;
        }
    }

    public BlockAllocator(Ext3Layout layout) {
        this.layout = layout;
        this.freeInGroup = new long[layout.groups];
        for (int g = 0; g < layout.groups; g++) {
            freeInGroup[g] = layout.groupEnd(g) - layout.groupStart(g);
        }
    }

    /** mkfs: the block is metadata or otherwise taken. */
    public void markUsed(long block) {
        if (!used.get((int) block)) {
            used.set((int) block);
            unavailable.set((int) block);
            freeInGroup[layout.groupOf(block)]--;
        }
    }

    public boolean isUsed(long block) {
        return used.get((int) block);
    }

    public long freeBlocks(int group) {
        return freeInGroup[group];
    }

    /**
     * Allocates one block for a file near {@code goal}; {@code window} is the file's reservation
     * (null when reservations are off or for directories), updated in place.
     */
    public long allocate(long goal, Window window) {
        goal = Math.max(0, Math.min(goal, layout.blocks - 1));
        long b;
        if (window != null) {
            b = allocateInWindow(goal, window);
        } else {
            b = firstFrom(goal);
        }
        if (b < 0) {
            return -1;
        }
        take(b);
        return b;
    }

    private long allocateInWindow(long goal, Window w) {
        boolean has = windows.get(w.start) == w;
        if (!has || goal < w.start || goal > w.end) {
            if (!newWindow(w, goal, has)) {
                return firstFrom(goal);
            }
        }
        for (int tries = 0; tries < 4; tries++) {
            long b = goal >= w.start && goal <= w.end && !unavailable.get((int) goal) ? goal : firstIn(w.start, w.end);
            if (b >= 0) {
                w.hits++;
                return b;
            }
            if (!newWindow(w, w.end + 1, true)) {
                break;
            }
            goal = w.start;
        }
        return firstFrom(goal);
    }

    /** alloc_new_reservation: the first gap of the window's size after {@code goal}, starting at a free block. */
    private boolean newWindow(Window w, long goal, boolean had) {
        if (had) {
            windows.remove(w.start);
            if (w.hits > (w.end - w.start + 1) / 2) {
                w.size = Math.min(MAX_WINDOW, w.size * 2);
            }
        }
        w.hits = 0;
        long from = goal;
        for (int guard = 0; guard < 100_000; guard++) {
            long s = firstFrom(from);
            if (s < 0) {
                return false;
            }
            long e = Math.min(layout.blocks - 1, s + w.size - 1);
            Map.Entry<Long, Window> before = windows.floorEntry(s);
            if (before != null && before.getValue().end >= s) {
                from = before.getValue().end + 1;
                continue;
            }
            Map.Entry<Long, Window> after = windows.ceilingEntry(s);
            if (after != null && after.getKey() <= e) {
                from = after.getValue().end + 1;
                continue;
            }
            w.start = s;
            w.end = e;
            windows.put(s, w);
            return true;
        }
        return false;
    }

    /** ext3_discard_reservation: the file's window goes (at the last close, spec §3.5). */
    public void discard(Window w) {
        if (w != null && windows.get(w.start) == w) {
            windows.remove(w.start);
        }
        if (w != null) {
            w.size = DEFAULT_WINDOW;
            w.hits = 0;
        }
    }

    private long firstIn(long from, long to) {
        long b = unavailable.nextClearBit((int) from);
        return b <= to && b < layout.blocks ? b : -1;
    }

    /** The first allocatable block at or after {@code goal}: its group first, then the following groups, wrapping. */
    private long firstFrom(long goal) {
        long b = unavailable.nextClearBit((int) goal);
        if (b < layout.blocks) {
            return b;
        }
        b = unavailable.nextClearBit(0);
        return b < goal ? b : -1;
    }

    private void take(long b) {
        if (used.get((int) b)) {
            throw new IllegalStateException("block " + b + " allocated twice");
        }
        used.set((int) b);
        unavailable.set((int) b);
        freeInGroup[layout.groupOf(b)]--;
        allocated++;
    }

    /** ext3_free_blocks: the bit clears in the bitmap, but the block stays unallocatable until the freeing commit. */
    public void free(long block) {
        if (!used.get((int) block)) {
            throw new IllegalStateException("block " + block + " freed twice");
        }
        used.clear((int) block);
        freeInGroup[layout.groupOf(block)]++;
    }

    /** The transaction that freed these blocks committed: they may be allocated again. */
    public void commitFreed(List<Long> blocks) {
        for (long b : blocks) {
            if (!used.get((int) b)) {
                unavailable.clear((int) b);
            }
        }
    }

    public long allocatedCount() {
        return allocated;
    }

    /** Every block in use (for the invariants). */
    public List<Long> usedBlocks() {
        List<Long> out = new ArrayList<>();
        for (int b = used.nextSetBit(0); b >= 0; b = used.nextSetBit(b + 1)) {
            out.add((long) b);
        }
        return out;
    }
}
