package io.iopath.device.disk.mechanics;

/**
 * What one media access did: when it ended and how its time splits, and — for a read that
 * transferred a track run out of order (zero-latency access) — what that means for the host's
 * LBA-order stream. Mutable and reused: the caller owns one and hands it to each
 * {@link DiskMechanics} access, so an access allocates nothing. Valid until the next access
 * into the same result.
 *
 * <p>It also keeps the access's sector schedule ({@link SectorSchedule}): the runs of
 * consecutive sectors transferred in order, each with when its first sector began to pass under
 * the head; reused arrays, grown on demand, so the hot path allocates nothing once they are
 * large enough.
 */
public final class AccessResult implements SectorSchedule {
    long endNs;
    long seekNs;
    long rotationNs;
    long transferNs;
    boolean outOfOrder;
    long firstSectorNs;
    long watermarkNs = Long.MIN_VALUE;
    long inOrderBusEndNs = Long.MIN_VALUE;

    /** When the last sector has passed under the head: the mechanism is free. */
    public long endNs() {
        return endNs;
    }

    /** Positioning: seek, head switch and write settle before the first sector (ns). */
    public long seekNs() {
        return seekNs;
    }

    /** Rotational wait for the first sector (ns). */
    public long rotationNs() {
        return rotationNs;
    }

    /** Media transfer, track switches within the run included (ns). */
    public long transferNs() {
        return transferNs;
    }

    /** Whether some track run was transferred out of order (zero-latency access). */
    public boolean outOfOrder() {
        return outOfOrder;
    }

    /** When the access's first sector began to pass under the head. */
    public long firstSectorNs() {
        return firstSectorNs;
    }

    /**
     * Of a {@link DiskMechanics#read}: the earliest the first {@code watermarkSectors} can all be
     * in the buffer in LBA order as far as runs read out of order decide it ({@code Long.MIN_VALUE}
     * if none was).
     */
    public long watermarkNs() {
        return watermarkNs;
    }

    /**
     * Of a {@link DiskMechanics#read}: the earliest a bus carrying {@code busNsPerSector} per
     * sector in LBA order can have handed all the sectors to the host, as far as runs read out of
     * order decide it ({@code Long.MIN_VALUE} if none was).
     */
    public long inOrderBusEndNs() {
        return inOrderBusEndNs;
    }

    private Spindle spindle;
    private int runs;
    private long[] runStartNs = new long[8];
    private long[] runFirst = new long[8];
    private int[] runCount = new int[8];
    private int[] runSpt = new int[8];

    void clearRuns(Spindle s) {
        spindle = s;
        runs = 0;
    }

    void addRun(long startNs, long first, int count, int spt) {
        if (runs == runStartNs.length) {
            runStartNs = java.util.Arrays.copyOf(runStartNs, 2 * runs);
            runFirst = java.util.Arrays.copyOf(runFirst, 2 * runs);
            runCount = java.util.Arrays.copyOf(runCount, 2 * runs);
            runSpt = java.util.Arrays.copyOf(runSpt, 2 * runs);
        }
        runStartNs[runs] = startNs;
        runFirst[runs] = first;
        runCount[runs] = count;
        runSpt[runs] = spt;
        runs++;
    }

    /** In-order runs of the access (see {@link #sectorEndNs}). */
    public int runs() {
        return runs;
    }

    /**
     * Sectors of the access (in order, from its first) wholly under the head by {@code timeNs}:
     * for a write, what is on the media (DiskSim's {@code inblkno} less the first LBN). Only for
     * an access in LBA order ({@link #outOfOrder} false), whose runs are all recorded.
     */
    public long sectorsDoneBy(long timeNs) {
        int r = runs - 1;
        while (r > 0 && runStartNs[r] > timeNs) {
            r--;
        }
        if (r < 0 || timeNs <= runStartNs[r]) {
            return r < 0 ? 0 : runFirst[r];
        }
        long k = (long) Math.floor((timeNs - runStartNs[r]) * (double) runSpt[r] / spindle.revolutionNs());
        // the rounding of sectorEndNs decides a sector that ends within a ns of timeNs
        while (k < runCount[r] && sectorEndNs(runFirst[r] + k) <= timeNs) {
            k++;
        }
        while (k > 0 && sectorEndNs(runFirst[r] + k - 1) > timeNs) {
            k--;
        }
        return runFirst[r] + Math.min(k, runCount[r]);
    }

    /** When sector {@code k} of the access (0-based) had wholly passed under the head. */
    @Override
    public long sectorEndNs(long k) {
        int r = runOf(k);
        return runStartNs[r] + spindle.rotationNs((double) (k - runFirst[r] + 1) / runSpt[r]);
    }

    @Override
    public long runLast(long k) {
        int r = runOf(k);
        return Math.max(k, runFirst[r] + runCount[r] - 1);
    }

    @Override
    public double sectorNs(long k) {
        return spindle.revolutionNs() / runSpt[runOf(k)];
    }

    /** The run holding sector {@code k} (the last one for a sector past the end). */
    private int runOf(long k) {
        int r = runs - 1;
        while (r > 0 && runFirst[r] > k) {
            r--;
        }
        return r;
    }
}
