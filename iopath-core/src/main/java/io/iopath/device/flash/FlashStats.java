package io.iopath.device.flash;

/**
 * What a flash drive's media did: the pages the host wrote and those the cleaner copied, so
 * write amplification is visible.
 *
 * @param hostPages     pages programmed for host writes
 * @param gcPages       valid pages the cleaner copied out of blocks it erased
 * @param summaryPages  summary pages programmed (one per sealed block: DiskSim's OSR layout)
 * @param erases        blocks erased
 * @param trimmedPages  mapped pages a TRIM unmapped
 * @param unmappedReads pages read while unmapped (no flash access)
 * @param mappedPages   logical pages mapped now
 * @param logicalPages  the logical capacity in pages
 * @param gcNs          package time spent cleaning
 * @param cacheAcks     writes acknowledged from the write cache
 * @param gcPagesByHandle with flexible data placement, the pages the cleaner copied out of each
 *                      reclaim unit handle's blocks (they add up to {@code gcPages}); empty without
 */
public record FlashStats(long hostPages, long gcPages, long summaryPages, long erases, long trimmedPages,
                         long unmappedReads, long mappedPages, long logicalPages, long gcNs, long cacheAcks,
                         java.util.List<Long> gcPagesByHandle) {
    public FlashStats {
        gcPagesByHandle = java.util.List.copyOf(gcPagesByHandle);
    }

    /** The pages the cleaner copied out of reclaim unit handle {@code handle}'s blocks (0 without FDP). */
    public long gcPages(int handle) {
        return handle < gcPagesByHandle.size() ? gcPagesByHandle.get(handle) : 0;
    }

    /** Data pages programmed per page the host wrote ((host + copied) / host); 1 when nothing was written. */
    public double writeAmplification() {
        return hostPages == 0 ? 1.0 : (hostPages + gcPages) / (double) hostPages;
    }
}
