package io.iopath.experiment;

import io.iopath.block.BlockQueue;
import io.iopath.device.disk.Disk;
import io.iopath.fs.pagecache.PageCache;
import io.iopath.fs.pagecache.PageIo;
import io.iopath.metrics.LayerGauges;

/**
 * The time series' gauges over the layers one run assembled: the block layer's requests at the
 * driver, the drive's tagged commands and dirty extents, and, with a file system, the page
 * cache's dirty and write-back pages in bytes (4 KiB pages).
 */
final class RunGauges implements LayerGauges {
    private final BlockQueue queue;
    private final Disk disk;
    private final io.iopath.device.flash.FlashDrive flash;
    private final PageCache pageCache;

    /**
     * @param disk      the disk, or null on a flash drive
     * @param flash     the flash drive, or null on a disk
     * @param pageCache the file system's page cache, or null for jobs on the drive itself
     */
    RunGauges(BlockQueue queue, Disk disk, io.iopath.device.flash.FlashDrive flash, PageCache pageCache) {
        this.queue = queue;
        this.disk = disk;
        this.flash = flash;
        this.pageCache = pageCache;
    }

    @Override
    public long blockInFlight() {
        return queue.inFlight();
    }

    @Override
    public long driveTagged() {
        return disk != null ? disk.tagged() : flash.outstanding();
    }

    @Override
    public long driveDirtyExtents() {
        return disk != null ? disk.dirtyExtents() : flash.bufferedPages(); // a flash drive's dirty pages
    }

    @Override
    public long pageCacheDirtyBytes() {
        return pageCache == null ? -1 : pageCache.nrDirty() * PageIo.BLOCK_BYTES;
    }

    @Override
    public long pageCacheWritebackBytes() {
        return pageCache == null ? -1 : pageCache.nrWriteback() * PageIo.BLOCK_BYTES;
    }
}
