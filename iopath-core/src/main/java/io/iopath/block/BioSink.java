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
}
