package io.iopath.virt;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The guest's side of the durability account (spec §6.2, one level up): every write the virtual
 * disk completed to the guest, with the stamp of its data on the host's path
 * ({@link MediaVersions}) and whether the guest was promised it durable — it completed while the
 * guest saw no volatile cache, it was FUA, or a guest flush issued after it completed.
 *
 * <p>Per 4 KiB guest block only the newest completed write counts: the guest cares that its
 * last acknowledged contents survive, not the ones it overwrote.
 */
final class GuestWrites {
    static final class Write {
        final long sector;
        final int sectors;
        final long stamp;
        boolean promised;
        long flushEpoch = -1;
        /** The guest blocks whose newest write this is (0: overwritten or forgotten everywhere; it counts no more). */
        int blocks;

        Write(long sector, int sectors, long stamp, boolean promised) {
            this.sector = sector;
            this.sectors = sectors;
            this.stamp = stamp;
            this.promised = promised;
        }
    }

    private final HashMap<Long, Write> newest = new HashMap<>();
    private List<Write> unpromised = new ArrayList<>();
    private long flushes;
    private long acked;

    /** The virtual disk completed a write of guest sectors [sector, sector + sectors) whose data carries {@code stamp}. */
    Write completed(long sector, int sectors, long stamp, boolean promised) {
        Write w = new Write(sector, sectors, stamp, promised);
        for (long b = sector / 8; b < (sector + sectors + 7) / 8; b++) {
            Write was = newest.put(b, w);
            if (was != null && was != w) {
                was.blocks--;
            }
            w.blocks++;
        }
        if (!promised) {
            unpromised.add(w);
        }
        acked++;
        return w;
    }

    /** A guest flush reached the virtual disk: it covers every write completed before it. */
    long flushIssued() {
        long epoch = flushes++;
        for (Write w : unpromised) {
            if (w.flushEpoch < 0) {
                w.flushEpoch = epoch;
            }
        }
        return epoch;
    }

    /** The flush of {@code epoch} completed to the guest: the writes it covered are promised. */
    void flushCompleted(long epoch) {
        List<Write> still = new ArrayList<>();
        for (Write w : unpromised) {
            if (w.flushEpoch >= 0 && w.flushEpoch <= epoch) {
                w.promised = true;
            } else {
                still.add(w);
            }
        }
        unpromised = still;
    }

    long acked() {
        return acked;
    }

    /** Guest blocks whose newest write is still accounted for (for the bound's tests). */
    int blocksHeld() {
        return newest.size();
    }

    /** Writes not yet promised that are still some block's newest (for the bound's tests). */
    int unpromisedHeld() {
        return unpromised.size();
    }

    /**
     * Forgets what a power failure can no longer take, so that memory follows what is at risk
     * rather than every block the guest ever wrote: a block whose newest write is on the media at
     * least as new as its stamp stays so (media versions only grow), so {@link #lost} would count
     * it nowhere; and an unpromised write that is no block's newest any more is no flush's
     * concern. Returns the lowest stamp still held (Long.MAX_VALUE: none), below which the
     * media's versions are asked about by no write held here.
     */
    long forgetDurable(MediaVersions media, java.util.function.LongUnaryOperator driveSector) {
        long lowest = Long.MAX_VALUE;
        for (java.util.Iterator<Map.Entry<Long, Write>> it = newest.entrySet().iterator(); it.hasNext();) {
            Map.Entry<Long, Write> e = it.next();
            Write w = e.getValue();
            if (media.durable(driveSector.applyAsLong(e.getKey()), 8, w.stamp)) {
                w.blocks--;
                it.remove();
            } else {
                lowest = Math.min(lowest, w.stamp);
            }
        }
        unpromised.removeIf(w -> w.blocks == 0);
        return lowest;
    }

    /**
     * What a power failure now takes: per newest write, whether each of its blocks the guest
     * still holds as its newest is on the media at least as new as its stamp.
     *
     * @param driveSector the drive sector of each 4 KiB guest block
     */
    Loss lost(MediaVersions media, java.util.function.LongUnaryOperator driveSector) {
        Map<Write, Boolean> seen = new IdentityHashMap<>();
        List<long[]> lostBlocks = new ArrayList<>();
        List<Long> blocks = new ArrayList<>(newest.keySet());
        java.util.Collections.sort(blocks);
        for (long b : blocks) {
            Write w = newest.get(b);
            boolean gone = !media.durable(driveSector.applyAsLong(b), 8, w.stamp);
            if (gone) {
                lostBlocks.add(new long[] {b * 8, 8});
                seen.put(w, Boolean.TRUE);
            } else {
                seen.putIfAbsent(w, Boolean.FALSE);
            }
        }
        long ackedLost = 0;
        long promisedLost = 0;
        for (Map.Entry<Write, Boolean> e : seen.entrySet()) {
            if (e.getValue()) {
                ackedLost++;
                if (e.getKey().promised) {
                    promisedLost++;
                }
            }
        }
        return new Loss(ackedLost, promisedLost, lostBlocks);
    }

    /**
     * @param ackedLost    newest writes completed to the guest whose data is not on the media
     * @param promisedLost of those, the ones the guest had been promised durable
     * @param guestExtents the guest sectors lost, {@code {sector, sectors}} per 4 KiB block
     */
    record Loss(long ackedLost, long promisedLost, List<long[]> guestExtents) {
    }
}
