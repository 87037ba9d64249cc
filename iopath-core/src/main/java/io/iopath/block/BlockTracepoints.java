package io.iopath.block;

/**
 * The block layer's tracepoints (include/trace/events/block.h: block_bio_queue, block_getrq,
 * block_rq_insert, block_rq_issue, ...): the block core fires one {@link #event} at each, and
 * whoever traces attaches by implementing this, as blktrace registers its probes on the kernel's
 * tracepoints (kernel/trace/blktrace.c, blk_register_tracepoints). The block layer defines it so
 * that it imports nothing above it; metrics.blktrace and trace out implement it.
 */
public interface BlockTracepoints {
    /** No probe attached (events are discarded): the default, so tracing costs nothing when off. */
    BlockTracepoints NONE = new BlockTracepoints() {
        @Override
        public boolean enabled() {
            return false;
        }

        @Override
        public void event(long timeNs, int pid, BlkAction action, String rwbs, long sector, int sectors,
                          long payload, String command) {
        }
    };

    /** False when events are discarded, so emitters can skip building their fields. */
    default boolean enabled() {
        return true;
    }

    void event(long timeNs, int pid, BlkAction action, String rwbs, long sector, int sectors, long payload, String command);
}
