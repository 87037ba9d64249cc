package io.iopath.result;
/**
 * What the host side did in a run.
 *
 * @param bttRead          btt breakdown of reads
 * @param bttWrite         btt breakdown of writes
 * @param block            block-layer counts (merges, plugs, unplugs, sleeps, requeues, flushes)
 * @param busies           commands the device refused with BUSY
 * @param stalls           device_blocked episodes begun within the run's span (first bio queued to last completed)
 * @param stalledNs        time within that span issue was stopped by device_blocked, summed: at most elapsedNs
 * @param finalQueueDepth  the driver's queue depth at the end (QUEUE FULL handling may change it)
 * @param plugging         legacy or per-task
 * @param driver           QUEUE FULL handling variant
 */
public record HostStats(Btt bttRead, Btt bttWrite, BlockStats block, long busies, long stalls, long stalledNs,
                        int finalQueueDepth, String plugging, String driver) {
}
