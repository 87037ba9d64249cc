package io.iopath.workload.job;

import java.util.SplittableRandom;

/**
 * SanDisk's SPRandom preconditioning (fio sprandom.c, {@code sprandom_setup},
 * {@code sprandom_get_next_offset}): write offsets that leave an SSD in the steady state a random
 * write workload would, in one pass. It is a workload generator, not a device model: the drive
 * sees only the offsets.
 *
 * <p>The model (Desnoyers 2012, as sprandom.c's header comment gives it): with over-provisioning
 * OP, greedy garbage collection leaves the block it reclaims with validity {@code 1 - 1/WA},
 * {@code WA = 0.5/OP + 0.7} ({@code compute_waf}); regions of validity v occupy space in
 * proportion to 1/v, so {@code compute_validity_dist} spaces N validities evenly from 1 down to
 * the GC block's, accumulates 1/v as the curve's x, resamples it at N evenly spaced x and
 * reverses it: region 0 is the least valid. Each region's invalid share is kept in 1/10 000ths
 * ({@code PCT_PRECISION}).
 *
 * <p>The offsets: the device's physical size is the logical one plus OP (rounded up, aligned to
 * the block size: {@code sprandom_physical_size}), cut into N regions of
 * {@code region_write_count} blocks. New blocks come from fio's LFSR over the logical blocks
 * ({@link Lfsr}); each block written is remembered, with the current region's invalid share as
 * its probability ({@code sprandom_add_with_probability}: a draw of 0 … 10 000 at most the share),
 * in a two-phase buffer ({@code pcbuf.h}) whose staged half becomes visible when the next region
 * begins. A new region first rewrites what the previous one remembered (so that share of it goes
 * invalid; each rewrite may itself be remembered for the region after), then fills the rest of
 * its blocks with new ones. With {@code spr_cs} (a device write cache) the rewrites are deferred to
 * the end of the next region instead. The job ends when the LFSR is exhausted or the regions are
 * done ({@code __get_next_rand_offset_sprandom} sets {@code td->done}), or when it has written
 * the physical size ({@code sprandom_init} sets {@code io_size} to it).
 *
 * <p>Not fio's: the seeds. fio seeds the LFSR with its {@code FIO_RAND_BLOCK_OFF} seed and the
 * keep-or-not draws with its {@code FIO_RAND_SPRANDOM_OFF} stream; iopath draws both from the
 * job's offset stream, so the structure of the sequence is fio's and the particular permutation
 * is iopath's seed's.
 */
final class SpRandom extends OffsetDistribution {
    /** sprandom.c {@code PCT_PRECISION}: invalid shares in 1/10 000ths. */
    static final int PCT_PRECISION = 10_000;

    private final long blocks;
    private final int regions;
    private final boolean cache;
    private final int[] invalidPct;
    private final long regionWriteCount;
    private final long physicalBytes;
    /** pcbuf.h's phase circular buffer: staged entries become poppable at {@code pcb_commit}. */
    private final long[] buffer;
    private long commitHead;
    private long stagingHead;
    private long readTail;
    private final long[] invalidCount = new long[2];
    private int currentRegion;
    private int phase;
    private long writesRemaining;
    private Lfsr lfsr;
    private boolean done;

    /**
     * @param blocks      the logical blocks (the region over the block size: fio's LFSR count)
     * @param blockBytes  the write block size ({@code bs}; the physical size is aligned to it)
     * @param op          over-provisioning ({@code spr_op}), 0 &lt; op &lt; 1 … as a fraction
     * @param regions     {@code spr_num_regions}
     * @param cacheBytes  {@code spr_cs}, 0 for none
     */
    SpRandom(long blocks, long blockBytes, double op, int regions, long cacheBytes) {
        if (blocks < 1 || regions < 1 || !(op > 0)) {
            throw new IllegalArgumentException("sprandom: blocks " + blocks + ", regions " + regions + ", op " + op);
        }
        this.blocks = blocks;
        this.regions = regions;
        this.cache = cacheBytes > 0;
        this.physicalBytes = physicalSize(op, blocks * blockBytes, blockBytes);
        double[] validity = validityDistribution(regions, op);
        this.invalidPct = new int[regions];
        for (int i = 0; i < regions; i++) {
            invalidPct[i] = (int) Math.round((1.0 - validity[i]) * PCT_PRECISION);
        }
        long regionBytes = physicalBytes / regions;
        if (cache && cacheBytes > regionBytes) {
            throw new IllegalArgumentException("sprandom: spr_cs " + cacheBytes + " must be smaller than the region size "
                    + regionBytes);
        }
        this.regionWriteCount = regionBytes / blockBytes;
        long capacity = invalidCapacity(regionWriteCount, validity[0]) * (cache ? 2 : 1); // estimate_inv_capacity
        this.buffer = new long[(int) Math.min(Integer.MAX_VALUE - 8, Math.max(2, capacity))];
        this.writesRemaining = regionWriteCount;
    }

    /** sprandom.c {@code sprandom_physical_size}: logical plus OP, rounded up, aligned down to the block size. */
    static long physicalSize(double op, long logicalBytes, long alignBytes) {
        long size = logicalBytes + (long) Math.ceil(logicalBytes * op);
        return size - size % alignBytes;
    }

    /** The bytes fio's {@code sprandom_init} sets as the job's {@code io_size}. */
    long physicalBytes() {
        return physicalBytes;
    }

    /** sprandom.c {@code compute_validity_dist}: each region's expected valid share, least valid first. */
    static double[] validityDistribution(int n, double op) {
        double waf = 0.5 / op + 0.7; // compute_waf
        double gcValidity = 1.0 - 1.0 / waf; // compute_gc_validity
        double[] validity = linspace(1.0, gcValidity, n);
        double[] x = new double[n];
        double acc = 0;
        for (int i = 0; i < n; i++) {
            acc += 1.0 / validity[i];
            x[i] = acc; // accumulated block ratio: strictly increasing, so the sort in sample_curve_equally_on_x keeps the order
        }
        double[] resampledX = linspace(x[0], x[n - 1], n);
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            out[n - 1 - i] = interpolate(resampledX[i], x, validity); // reversed
        }
        return out;
    }

    /** sprandom.c {@code linspace}. */
    private static double[] linspace(double start, double end, int num) {
        double[] a = new double[num];
        if (num == 1) {
            a[0] = start;
            return a;
        }
        double step = (end - start) / (num - 1.0);
        for (int i = 0; i < num; i++) {
            a[i] = start + i * step;
        }
        return a;
    }

    /** sprandom.c {@code linear_interp}: clamped at the ends. */
    private static double interpolate(double at, double[] x, double[] y) {
        int n = x.length;
        if (n == 1 || at <= x[0]) {
            return y[0];
        }
        if (at >= x[n - 1]) {
            return y[n - 1];
        }
        for (int i = 0; i < n - 1; i++) {
            if (at >= x[i] && at <= x[i + 1]) {
                if (Math.abs(x[i + 1] - x[i]) < 1e-9) {
                    return y[i];
                }
                return y[i] + (y[i + 1] - y[i]) * ((at - x[i]) / (x[i + 1] - x[i]));
            }
        }
        return 0.0;
    }

    /** sprandom.c {@code estimate_inv_capacity}: the expected invalidations of a region plus six standard deviations. */
    static long invalidCapacity(long regionCount, double validity) {
        double sigma = Math.sqrt(regionCount * validity * (1.0 - validity));
        return (long) Math.ceil(regionCount * (1.0 - validity) + 6.0 * sigma);
    }

    /** Each region's invalid share in 1/10 000ths (fio's {@code invalid_pct}), for tests and reports. */
    int invalidPct(int region) {
        return invalidPct[region];
    }

    long regionWriteCount() {
        return regionWriteCount;
    }

    /** The next block, or -1 when SPRandom is done (fio: {@code sprandom_get_next_offset} returns 1). */
    @Override
    long next(SplittableRandom r) {
        if (done) {
            return -1;
        }
        if (lfsr == null) {
            long mask = Lfsr.stateMask(blocks);
            long seed;
            do {
                seed = r.nextLong() & mask; // fio's init fails on the all-ones seed; iopath draws again
            } while (seed == mask);
            lfsr = new Lfsr(blocks, seed, 0);
        }
        if (!cache && !empty()) {
            return rewrite(r); // the previous region's remembered blocks first
        }
        if (writesRemaining == 0) {
            if (cache && !empty()) {
                return rewrite(r); // deferred to the end of this region, past the device's cache
            }
            if (currentRegion >= regions) {
                done = true;
                return -1;
            }
            invalidCount[phase] = 0;
            currentRegion++;
            phase ^= 1;
            writesRemaining = regionWriteCount - invalidCount[phase];
            commitHead = stagingHead; // pcb_commit
        }
        long block = lfsr.next();
        if (block < 0) {
            if (cache && !empty()) {
                return pop(); // the LFSR's end: what the cache deferred, not remembered again
            }
            done = true;
            return -1;
        }
        if (writesRemaining > 0) {
            writesRemaining--;
        }
        remember(r, block, phase ^ 1);
        return block;
    }

    private long rewrite(SplittableRandom r) {
        long block = pop();
        remember(r, block, phase ^ 1);
        return block;
    }

    /** sprandom_add_with_probability; fio asserts when its buffer would overflow, which the six-sigma capacity makes unlikely. */
    private void remember(SplittableRandom r, long block, int into) {
        int v = r.nextInt(PCT_PRECISION + 1); // rand_between(0, PCT_PRECISION), both ends included
        if (v <= invalidPct[Math.min(currentRegion, regions - 1)]) {
            if (used() >= buffer.length - 1) {
                throw new IllegalStateException("sprandom: invalidation buffer full (fio asserts here)");
            }
            buffer[(int) stagingHead] = block;
            stagingHead = (stagingHead + 1) % buffer.length;
            invalidCount[into]++;
        }
    }

    private boolean empty() {
        return readTail == commitHead;
    }

    private long pop() {
        long v = buffer[(int) readTail];
        readTail = (readTail + 1) % buffer.length;
        return v;
    }

    /** pcb_committed_size + pcb_staged_size. */
    private long used() {
        long committed = commitHead >= readTail ? commitHead - readTail : buffer.length - readTail + commitHead;
        long staged = stagingHead >= commitHead ? stagingHead - commitHead : buffer.length - commitHead + stagingHead;
        return committed + staged;
    }
}
