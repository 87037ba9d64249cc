package io.iopath.fs.xfs;

import java.util.BitSet;
import java.util.List;

/**
 * Free space per allocation group ({@code xfs_alloc_vextent} as spec §6.3 models it): first fit
 * at or after a goal inside the goal's AG, then the following AGs. Blocks an uncommitted
 * transaction freed are busy ({@code xfs_alloc_busy}) until its log record is on disk.
 */
final class XfsSpace {
    private final XfsGeometry geo;
    private final BitSet used = new BitSet();
    private final BitSet unavailable = new BitSet();
    private final long[] freeIn;

    XfsSpace(XfsGeometry geo) {
        this.geo = geo;
        this.freeIn = new long[geo.agCount];
        for (int a = 0; a < geo.agCount; a++) {
            freeIn[a] = geo.agEnd(a) - geo.agStart(a);
        }
    }

    void markUsed(long b) {
        take(b);
    }

    boolean isUsed(long b) {
        return used.get((int) b);
    }

    long freeIn(int ag) {
        return freeIn[ag];
    }

    /** Up to {@code n} blocks from the first free block at or after {@code goal} (its AG first): the start of one extent, and its length in {@code len[0]}. */
    long allocateExtent(long goal, int n, int[] len) {
        int ag0 = geo.agOf(goal);
        for (int i = 0; i < geo.agCount; i++) {
            int ag = (ag0 + i) % geo.agCount;
            long from = i == 0 ? goal : geo.agStart(ag) + XfsGeometry.PREALLOC_BLOCKS;
            long b = firstFree(from, geo.agEnd(ag));
            if (b < 0 && i == 0) {
                b = firstFree(geo.agStart(ag) + XfsGeometry.PREALLOC_BLOCKS, goal);
            }
            if (b >= 0) {
                int k = 0;
                while (k < n && b + k < geo.agEnd(ag) && !unavailable.get((int) (b + k))) {
                    take(b + k);
                    k++;
                }
                len[0] = k;
                return b;
            }
        }
        return -1;
    }

    /** {@code n} free blocks in a row aligned to {@code align}, at {@code exact} if free there, else the first such run in the AG. */
    long allocateAligned(int ag, long exact, int n, int align) {
        if (exact >= 0 && runFree(exact, n) && exact + n <= geo.agEnd(ag)) {
            takeRun(exact, n);
            return exact;
        }
        long start = geo.agStart(ag) + XfsGeometry.PREALLOC_BLOCKS;
        for (long b = start; b + n <= geo.agEnd(ag); b += align) {
            b = (b - geo.agStart(ag) + align - 1) / align * align + geo.agStart(ag);
            if (b + n > geo.agEnd(ag)) {
                break;
            }
            if (runFree(b, n)) {
                takeRun(b, n);
                return b;
            }
        }
        return -1;
    }

    private boolean runFree(long b, int n) {
        return unavailable.nextSetBit((int) b) >= b + n || unavailable.nextSetBit((int) b) < 0;
    }

    private void takeRun(long b, int n) {
        for (int i = 0; i < n; i++) {
            take(b + i);
        }
    }

    private long firstFree(long from, long to) {
        long b = unavailable.nextClearBit((int) from);
        return b < to ? b : -1;
    }

    private void take(long b) {
        if (used.get((int) b)) {
            throw new IllegalStateException("xfs: block " + b + " allocated twice");
        }
        used.set((int) b);
        unavailable.set((int) b);
        freeIn[geo.agOf(b)]--;
    }

    /** xfs_bmap_add_free: the extent is free in the AGF but busy until the freeing transaction is on disk. */
    void free(long b) {
        if (!used.get((int) b)) {
            throw new IllegalStateException("xfs: block " + b + " freed twice");
        }
        used.clear((int) b);
        freeIn[geo.agOf(b)]++;
    }

    /** The freeing transaction's log record is on disk: the blocks are no longer busy. */
    void unbusy(List<Long> blocks) {
        for (long b : blocks) {
            if (!used.get((int) b)) {
                unavailable.clear((int) b);
            }
        }
    }
}
