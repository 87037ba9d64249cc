package io.iopath.device.flash;

import java.util.Arrays;

/**
 * The flash translation layer: a page-mapped, log-structured map of host pages to flash pages
 * with DiskSim ssdmodel's layout and cleaner, and TRIM. It keeps state and counts; it knows no
 * time ({@link FlashDrive} turns its work into media time).
 *
 * <p>The model, from DiskSim's MSR SSD add-on (ssdmodel/): host page {@code p} lives on package
 * {@code p mod elements} (ssd_timing.c {@code ssd_choose_element}, stride 1); blocks are striped
 * over a package's planes (plane = block mod planes, "Plane block mapping = 3",
 * ssd_init.c); each plane writes into one active block, page after page, and the block's last
 * page is its summary page, written when the data pages are full, which seals the block
 * (ssd_timing.c {@code _ssd_write_page_osr}); a write goes to the plane of its package with the
 * most free pages, looking from the plane after the last one chosen (ssd_timing.c
 * {@code ssd_pick_parunits}, "Allocation pool logic = 1"); an overwritten page's old copy is
 * invalid. Cleaning (ssd_clean.c, greedy, copy-back): a plane whose free blocks are at or below
 * its low watermark ({@code ssd_start_cleaning}) has its sealed block with the fewest valid
 * pages cleaned whole ({@code ssd_pick_block_to_clean2}, ties to the highest block number, as
 * its list's head is the last block found): every valid page read and programmed into the same
 * plane's active block (copy-back: no trip across the pins), then the block erased
 * ({@code _ssd_clean_block_fully}). At power-on every logical page is mapped, in order, onto the
 * usable blocks, the reserve free ({@code ssd_element_metadata_init}); a fresh drive (nothing
 * mapped) is iopath's option.
 *
 * <p>TRIM is iopath's (DiskSim's model has none and assumes every page mapped): a trimmed page is
 * unmapped, its flash copy invalid, so the cleaner copies less; reading it needs no flash access.
 *
 * <p>Flexible data placement (NVMe TP4146) is iopath's too: with {@code fdpHandles} reclaim unit
 * handles each plane has one active block per handle, a block belongs to the handle that opened
 * it, a host write programs its handle's active block (of the plane chosen as above, counting that
 * block's free pages), and the cleaner copies a victim's valid pages into the victim's handle's
 * active block of the same plane (persistently isolated handles), so no block ever holds data
 * written through two handles. Without FDP there is one handle: DiskSim's one active block a plane.
 */
final class PageMappedFtl {
    private static final byte FREE = 0;
    private static final byte ACTIVE = 1;
    private static final byte SEALED = 2;

    private final FlashSpec spec;
    private final int elements;
    private final int planes;
    private final int ppb;
    private final int blocksPerElement;
    private final int low;
    /** Host page → flash page, or -1 when unmapped. */
    private final int[] map;
    /** Flash page → host page, or -1 (free, invalid, or a summary page). */
    private final int[] owner;
    /** Per flash block (global number): valid data pages. */
    private final int[] valid;
    private final byte[] state;
    /**
     * Per (package, plane, reclaim unit handle): the next flash page its active block programs, or
     * -1 when it needs a block; index ((package × planes) + plane) × handles + handle.
     */
    private final int[] active;
    /** Reclaim unit handles: 1 without flexible data placement. */
    private final int handles;
    /** Per flash block: the reclaim unit handle whose data it holds (set when it is opened). */
    private final byte[] handleOf;
    /** Per reclaim unit handle: valid pages the cleaner copied out of its blocks. */
    private final long[] gcByHandle;
    /** Per (package, plane): free blocks, a ring (DiskSim's allocator takes the next free block after the last it took). */
    private final int[][] freeRing;
    private final int[] freeHead;
    private final int[] freeCount;
    private final int[] planeToWrite;
    private final int[] planeToClean;

    private long hostPages;
    private long gcPages;
    private long summaryPages;
    private long erases;
    private long trimmedPages;
    private long mapped;

    PageMappedFtl(FlashSpec spec) {
        this.spec = spec;
        this.elements = spec.elements();
        this.planes = spec.planesPerElement();
        this.ppb = spec.pagesPerBlock();
        this.blocksPerElement = spec.blocksPerElement();
        this.low = spec.lowWatermarkPerPlane();
        long logical = spec.logicalPages();
        long physical = (long) elements * blocksPerElement * ppb;
        if (physical > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("flash of " + physical + " pages is more than this model addresses (2^31)");
        }
        this.map = new int[(int) logical];
        this.owner = new int[(int) physical];
        this.valid = new int[elements * blocksPerElement];
        this.state = new byte[elements * blocksPerElement];
        this.handles = Math.max(1, spec.fdpHandles());
        this.active = new int[elements * planes * handles];
        this.handleOf = new byte[elements * blocksPerElement];
        this.gcByHandle = new long[handles];
        this.freeRing = new int[elements * planes][spec.blocksPerPlane()];
        this.freeHead = new int[elements * planes];
        this.freeCount = new int[elements * planes];
        this.planeToWrite = new int[elements];
        this.planeToClean = new int[elements];
        Arrays.fill(map, -1);
        Arrays.fill(owner, -1);
        Arrays.fill(active, -1);
        int usable = (spec.blocksPerPlane() - spec.reservedBlocksPerPlane()) * planes;
        int dataPages = spec.dataPagesPerBlock();
        for (int e = 0; e < elements; e++) {
            int firstFree = 0;
            if (spec.startFull()) {
                // ssd_element_metadata_init: logical page i of the package on the i-th data page of its usable blocks
                long lpns = spec.logicalPagesPerElement();
                for (int i = 0; i < lpns; i++) {
                    int block = e * blocksPerElement + i / dataPages;
                    int ppn = block * ppb + i % dataPages;
                    int host = i * elements + e;
                    map[host] = ppn;
                    owner[ppn] = host;
                    valid[block]++;
                    state[block] = SEALED;
                }
                mapped += lpns;
                firstFree = usable;
            }
            for (int b = firstFree; b < blocksPerElement; b++) {
                int q = e * planes + b % planes;
                freeRing[q][(freeHead[q] + freeCount[q]) % freeRing[q].length] = e * blocksPerElement + b;
                freeCount[q]++;
            }
            for (int p = 0; p < planes; p++) {
                allocate(e, p, 0); // each plane's first active block (for copy-back, one per plane); other handles' on first use
            }
        }
    }

    /** The package host page {@code hostPage} lives on. */
    int element(long hostPage) {
        return (int) (hostPage % elements);
    }

    long logicalPages() {
        return map.length;
    }

    boolean isMapped(long hostPage) {
        return map[(int) hostPage] >= 0;
    }

    /**
     * Programs host page {@code hostPage} (a host write): its old copy, if any, becomes invalid.
     *
     * @return the pages programmed: 1, or 2 when the write filled its block and the summary page followed
     */
    int write(long hostPage) {
        return write(hostPage, 0);
    }

    /**
     * As {@link #write(long)} through reclaim unit handle {@code handle} (0 without flexible data
     * placement): into that handle's active block.
     */
    int write(long hostPage, int handle) {
        int e = element(hostPage);
        int plane = choosePlane(e, handle);
        hostPages++;
        return program((int) hostPage, e, plane, handle);
    }

    /** Unmaps host page {@code hostPage} (TRIM / deallocate); false when it was not mapped. */
    boolean trim(long hostPage) {
        int h = (int) hostPage;
        int old = map[h];
        if (old < 0) {
            return false;
        }
        invalidate(old);
        map[h] = -1;
        mapped--;
        trimmedPages++;
        return true;
    }

    /** Whether some plane of package {@code e} is at or below its low watermark (ssd_start_cleaning). */
    boolean needsCleaning(int e) {
        for (int p = 0; p < planes; p++) {
            if (freeCount[e * planes + p] <= low) {
                return true;
            }
        }
        return false;
    }

    /**
     * ssd_clean_element_copyback with one parallel unit: the first plane from the last one cleaned
     * that needs cleaning gets one block cleaned whole.
     *
     * @return the work done: valid pages copied in the low 32 bits, summary pages programmed in
     *         the next 16, and 1 << 48 when a block was erased; 0 when there was nothing to clean
     */
    long clean(int e) {
        for (int k = 0; k < planes; k++) {
            int p = (planeToClean[e] + k) % planes;
            if (freeCount[e * planes + p] > low) {
                continue;
            }
            planeToClean[e] = (p + 1) % planes;
            int victim = victim(e, p);
            if (victim < 0) {
                return 0;
            }
            int moved = 0;
            int summaries = 0;
            int first = victim * ppb;
            int h = handleOf[victim];
            for (int i = 0; i < ppb - 1; i++) {
                int host = owner[first + i];
                if (host >= 0) {
                    invalidate(first + i);
                    summaries += program(host, e, p, h) - 1; // the victim's own handle: its data stays isolated
                    moved++;
                }
            }
            gcPages += moved;
            gcByHandle[h] += moved;
            erase(victim, e, p);
            return moved | (long) summaries << 32 | 1L << 48;
        }
        return 0;
    }

    /** The sealed block of the plane with the fewest valid pages (ties: the highest number); -1 if none would free a page. */
    private int victim(int e, int p) {
        int best = -1;
        int min = ppb - 1; // a block all valid frees nothing
        for (int b = p; b < blocksPerElement; b += planes) {
            int g = e * blocksPerElement + b;
            if (state[g] == SEALED && valid[g] <= min) {
                best = g;
                min = valid[g];
            }
        }
        return best >= 0 && valid[best] < ppb - 1 ? best : -1;
    }

    private void erase(int block, int e, int p) {
        state[block] = FREE;
        valid[block] = 0;
        int q = e * planes + p;
        freeRing[q][(freeHead[q] + freeCount[q]) % freeRing[q].length] = block;
        freeCount[q]++;
        erases++;
    }

    /** ssd_pick_parunits: the plane with the most free pages, looking from the one after the last chosen. */
    private int choosePlane(int e, int h) {
        int best = -1;
        long most = -1;
        for (int k = 0; k < planes; k++) {
            int p = (planeToWrite[e] + k) % planes;
            int q = e * planes + p;
            int a = active[q * handles + h];
            long free = (long) freeCount[q] * ppb + (a < 0 ? 0 : ppb - a % ppb);
            boolean writable = a >= 0 || freeCount[q] > 0;
            if (writable && free > most) {
                most = free;
                best = p;
            }
        }
        if (best < 0) {
            throw new IllegalStateException("package " + e + " has no free flash page: the cleaner fell behind");
        }
        planeToWrite[e] = (best + 1) % planes;
        return best;
    }

    private int program(int host, int e, int p, int h) {
        int q = (e * planes + p) * handles + h;
        if (active[q] < 0) {
            allocate(e, p, h);
        }
        int old = map[host];
        if (old >= 0) {
            invalidate(old);
        } else {
            mapped++;
        }
        int ppn = active[q];
        map[host] = ppn;
        owner[ppn] = host;
        valid[ppn / ppb]++;
        int next = ppn + 1;
        if (next % ppb == ppb - 1) {
            // the last data page: the summary page follows and seals the block (_ssd_write_page_osr)
            state[ppn / ppb] = SEALED;
            summaryPages++;
            active[q] = -1;
            return 2;
        }
        active[q] = next;
        return 1;
    }

    private void allocate(int e, int p, int h) {
        int q = e * planes + p;
        if (freeCount[q] == 0) {
            throw new IllegalStateException("package " + e + " plane " + p + " has no free block: the cleaner fell behind");
        }
        int block = freeRing[q][freeHead[q]];
        freeHead[q] = (freeHead[q] + 1) % freeRing[q].length;
        freeCount[q]--;
        state[block] = ACTIVE;
        handleOf[block] = (byte) h;
        active[q * handles + h] = block * ppb;
    }

    private void invalidate(int ppn) {
        owner[ppn] = -1;
        valid[ppn / ppb]--;
    }

    long hostPagesWritten() {
        return hostPages;
    }

    long gcPagesCopied() {
        return gcPages;
    }

    long summaryPagesWritten() {
        return summaryPages;
    }

    /** Valid pages the cleaner copied out of the blocks of each reclaim unit handle (one entry without FDP). */
    long[] gcPagesByHandle() {
        return gcByHandle.clone();
    }

    /** The flash block holding host page {@code hostPage}, or -1 when it is unmapped (for tests). */
    int blockOf(long hostPage) {
        int ppn = map[(int) hostPage];
        return ppn < 0 ? -1 : ppn / ppb;
    }

    /** The reclaim unit handle whose data flash block {@code block} holds (for tests). */
    int handleOfBlock(int block) {
        return handleOf[block];
    }

    long blocksErased() {
        return erases;
    }

    long pagesTrimmed() {
        return trimmedPages;
    }

    long mappedPages() {
        return mapped;
    }

    int freeBlocks(int e, int p) {
        return freeCount[e * planes + p];
    }

    /**
     * Checks the map against itself (for tests): every mapped host page's flash page points back
     * to it, the valid counts add up, free blocks hold nothing; throws on the first violation.
     */
    void checkConsistent() {
        long m = 0;
        for (int h = 0; h < map.length; h++) {
            int ppn = map[h];
            if (ppn >= 0) {
                m++;
                if (owner[ppn] != h) {
                    throw new IllegalStateException("host page " + h + " maps to flash page " + ppn + " owned by " + owner[ppn]);
                }
            }
        }
        if (m != mapped) {
            throw new IllegalStateException(m + " pages mapped, counted " + mapped);
        }
        long sumValid = 0;
        for (int b = 0; b < valid.length; b++) {
            int v = 0;
            for (int i = 0; i < ppb; i++) {
                int host = owner[b * ppb + i];
                if (host >= 0) {
                    v++;
                    if (map[host] != b * ppb + i) {
                        throw new IllegalStateException("flash page " + (b * ppb + i) + " claims host page " + host + ", mapped elsewhere");
                    }
                }
            }
            if (v != valid[b]) {
                throw new IllegalStateException("block " + b + " counts " + valid[b] + " valid pages, holds " + v);
            }
            if (state[b] == FREE && v != 0) {
                throw new IllegalStateException("free block " + b + " holds " + v + " valid pages");
            }
            sumValid += v;
        }
        if (sumValid != mapped) {
            throw new IllegalStateException(sumValid + " valid flash pages for " + mapped + " mapped host pages");
        }
    }
}
