package io.iopath.fs;

import io.iopath.fs.pagecache.Mapping;
import io.iopath.fs.pagecache.Page;
import io.iopath.fs.pagecache.PageIo;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What a file system has promised the application, for the power-failure report ({@link
 * FsPowerLoss}): the data blocks an fsync has returned for (until they are rewritten) and the
 * blocks of its journal or log, so that the drive's lost volatile writes can be counted in
 * application terms.
 */
public final class DurabilityLedger {
    private final long partitionStartSector;
    private final Set<Long> journal = new HashSet<>();
    /**
     * The promised blocks, one bit per partition block: every fsync marks all of its file's
     * blocks, so a guest's image file (a QEMU cache mode that fdatasyncs after each guest write)
     * marks hundreds of thousands a call, which a set of boxed longs made the run's whole cost.
     */
    private final BitSet fsynced = new BitSet();

    /** @param journalBlocks the journal's or log's blocks, partition-relative */
    public DurabilityLedger(long partitionStartSector, long[] journalBlocks) {
        this.partitionStartSector = partitionStartSector;
        for (long j : journalBlocks) {
            journal.add(j);
        }
    }

    /** New data for {@code block}: no longer promised until the next fsync. */
    public void rewritten(long block) {
        if (inPartition(block)) { // an unmapped page (-1) was never promised
            fsynced.clear((int) block);
        }
    }

    /**
     * An O_DIRECT write of {@code [offset, offset + length)} of a file is submitted: its blocks
     * hold new data, not promised until the next fsync (as {@link #rewritten} for a page).
     */
    public void directWrite(io.iopath.fs.pagecache.BlockMap file, long offset, long length) {
        for (long p = offset / PageIo.BLOCK_BYTES; p <= (offset + length - 1) / PageIo.BLOCK_BYTES; p++) {
            rewritten(file.blockOf(p));
        }
    }

    /** An fsync returned: the block is promised durable. */
    public void fsynced(long block) {
        fsynced.set(index(block));
    }

    private static int index(long block) {
        if (!inPartition(block)) {
            throw new IllegalArgumentException("block " + block + " outside a partition of 2^31 blocks");
        }
        return (int) block;
    }

    /** A block number the bit set can hold (partitions up to 2^31 blocks, 8 TiB). */
    private static boolean inPartition(long block) {
        return block >= 0 && block <= Integer.MAX_VALUE;
    }

    /**
     * Power fails now: the page cache is gone ({@code files}: the mappings of the live files),
     * and so are the writes the drive held only in its cache, given as sector ranges
     * {@code lost[i] = {sector, sectors}}.
     */
    public FsPowerLoss powerFail(Iterable<Mapping> files, List<long[]> lost) {
        return powerFail(files, lost, Set.of());
    }

    /**
     * As {@link #powerFail(Iterable, List)}, with {@code replayable} the blocks whose promised data
     * the journal's replay restores (data=journal: a committed copy still in the log), not lost.
     */
    public FsPowerLoss powerFail(Iterable<Mapping> files, List<long[]> lost, Set<Long> replayable) {
        long buffered = 0;
        for (Mapping m : files) {
            for (Page p : m.pages()) {
                if (p.bufferDirty || p.underWriteback()) {
                    buffered++;
                }
            }
        }
        long fsyncedLost = 0;
        long commits = 0;
        for (long[] r : lost) {
            for (long s = r[0]; s < r[0] + r[1]; s += PageIo.BLOCK_SECTORS) {
                long b = (s - partitionStartSector) / PageIo.BLOCK_SECTORS;
                if (inPartition(b) && fsynced.get((int) b) && !replayable.contains(b)) {
                    fsyncedLost++;
                }
                if (journal.contains(b)) {
                    commits++;
                }
            }
        }
        return new FsPowerLoss(buffered, fsyncedLost, commits, io.iopath.result.JournalConsistency.NONE);
    }
}
