package io.iopath.result;

/**
 * What a power failure took from a mounted file system, in the application's terms (durability
 * spec §6.2): the figures a run reports beside the drive's own count.
 *
 * @param pageCachePagesLost pages whose write() had returned but which were only in the page
 *                           cache: promised nothing, an expected loss
 * @param fsyncedBlocksLost  blocks an fsync() or fdatasync() had returned for that were only in
 *                           the drive's volatile cache: never with barriers, possible without
 *                           them and with the write cache on
 * @param commitBlocksLost   journal commit blocks lost in the drive's cache
 * @param barriers           whether the file system was mounted with barriers (cache flushes
 *                           and FUA for its commits and fsyncs), which says what an fsync'd loss is
 */
public record FileSystemLoss(long pageCachePagesLost, long fsyncedBlocksLost, long commitBlocksLost, boolean barriers) {
}
