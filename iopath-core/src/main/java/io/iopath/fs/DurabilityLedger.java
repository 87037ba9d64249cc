package io.iopath.fs;

import io.iopath.fs.pagecache.Mapping;
import io.iopath.fs.pagecache.Page;
import io.iopath.fs.pagecache.PageIo;
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
    private final Set<Long> fsynced = new HashSet<>();

    /** @param journalBlocks the journal's or log's blocks, partition-relative */
    public DurabilityLedger(long partitionStartSector, long[] journalBlocks) {
        this.partitionStartSector = partitionStartSector;
        for (long j : journalBlocks) {
            journal.add(j);
        }
    }

    /** New data for {@code block}: no longer promised until the next fsync. */
    public void rewritten(long block) {
        if (!fsynced.isEmpty()) { // most runs never fsync: no boxed look-up per written page
            fsynced.remove(block);
        }
    }

    /** An fsync returned: the block is promised durable. */
    public void fsynced(long block) {
        fsynced.add(block);
    }

    /**
     * Power fails now: the page cache is gone ({@code files}: the mappings of the live files),
     * and so are the writes the drive held only in its cache, given as sector ranges
     * {@code lost[i] = {sector, sectors}}.
     */
    public FsPowerLoss powerFail(Iterable<Mapping> files, List<long[]> lost) {
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
                if (fsynced.contains(b)) {
                    fsyncedLost++;
                }
                if (journal.contains(b)) {
                    commits++;
                }
            }
        }
        return new FsPowerLoss(buffered, fsyncedLost, commits);
    }
}
