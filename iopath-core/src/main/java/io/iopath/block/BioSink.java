package io.iopath.block;

import io.iopath.request.Bio;
import io.iopath.request.Op;

/**
 * Where a submitter hands its bios: Linux's {@code submit_bio} ({@code block/blk-core.c}). A
 * workload submits to one, and so does the file system; the block queue is the one at the bottom,
 * so a page cache and a file system slot in between without the workloads knowing.
 */
public interface BioSink {
    /** Hands one bio down; it completes later, exactly once, through its own completion. */
    void submit(Bio bio);

    /**
     * {@code bdi_write_congested} / {@code bdi_read_congested}: whether the device's request pool
     * of that direction is past its congestion threshold. Write-back (pdflush) and read-ahead skip
     * work on a congested queue; a sink with no pool is never congested.
     */
    default boolean congested(Op op) {
        return false;
    }

    /**
     * Whether a barrier (a PREFLUSH or FUA bio) is ordered after every bio submitted before it:
     * 2.6's block layer drained the queue for it (QUEUE_ORDERED_DRAIN*, or ORDERED tags), the
     * blk-flush sequence since 2.6.37 orders nothing. A 2.6 file system that submits its commit
     * at once as a barrier (ReiserFS {@code barrier=flush}) relies on it; on a sink that does not
     * order, it waits for its log blocks first, as ReiserFS has since barriers went.
     */
    default boolean ordersBarriers() {
        return false;
    }
}
