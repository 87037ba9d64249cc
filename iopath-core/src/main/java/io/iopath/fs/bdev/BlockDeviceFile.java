package io.iopath.fs.bdev;

import io.iopath.block.BioSink;
import io.iopath.fs.pagecache.BlockMap;
import io.iopath.fs.pagecache.BufferedRead;
import io.iopath.fs.pagecache.Mapping;
import io.iopath.fs.pagecache.Page;
import io.iopath.fs.pagecache.PageCache;
import io.iopath.fs.pagecache.PageIo;
import io.iopath.fs.pagecache.ReadAhead;
import io.iopath.fs.pagecache.VmSysctls;
import io.iopath.fs.pagecache.Writeback;
import io.iopath.request.Bio;
import io.iopath.request.Flags;
import io.iopath.sim.Simulator;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;

/**
 * A block device (a raw logical volume) opened as a file by a process such as QEMU: buffered IO
 * goes through the device's own page cache ({@code def_blk_aops}: the bdev inode's mapping, page
 * index = 4 KiB block of the volume, no file system and so no block map or journal), O_DIRECT
 * IO goes straight to the block layer ({@code blkdev_direct_IO}). fdatasync is
 * {@code blkdev_fsync}: write and wait for the dirty pages, then {@code blkdev_issue_flush}, an
 * empty FLUSH — the step that makes a guest's flush reach the physical drive's cache.
 *
 * <p>The same page cache, write-back (pdflush, balance_dirty_pages) and page IO classes ext3
 * uses, instantiated for the volume.
 */
public final class BlockDeviceFile {
    private final Simulator sim;
    private final long sizeBytes;
    private final PageIo io;
    private final PageCache cache;
    private final Writeback writeback;
    private final BufferedRead reader;
    private final Mapping mapping = new Mapping("bdev-volume", true);
    private final ReadAhead readAhead = new ReadAhead();
    private final BlockMap identity;

    /**
     * @param startSector the volume's first sector on the device below
     * @param sizeBytes   its size (a multiple of 4 KiB)
     * @param vm          the host's memory and vm.* sysctls (its page cache)
     * @param pdflush     the pid write-back is issued as
     * @param kswapd      the pid reclaim writes are issued as
     * @param deviceDone  sees each bio of the volume when it completes
     */
    public BlockDeviceFile(Simulator sim, BioSink sink, long startSector, long sizeBytes, VmSysctls vm, int pdflush,
                           int kswapd, LongSupplier ids, Consumer<Bio> deviceDone) {
        this.sim = sim;
        this.sizeBytes = sizeBytes;
        this.io = new PageIo(sim, sink, startSector, ids, deviceDone);
        this.cache = new PageCache(vm, io, kswapd, sim::now);
        this.writeback = new Writeback(sim, cache, sink, vm, pdflush);
        this.reader = new BufferedRead(cache, io);
        long pages = sizeBytes / PageIo.BLOCK_BYTES;
        this.identity = new BlockMap() {
            @Override
            public long blockOf(long index) {
                return index < pages ? index : -1;
            }

            @Override
            public long sizePages() {
                return pages;
            }
        };
        writeback.start();
    }

    public long sizeBytes() {
        return sizeBytes;
    }

    /** pread() through the page cache. */
    public void read(long offset, long length, int pid, Runnable done) {
        reader.read(mapping, identity, readAhead, offset, Math.min(length, sizeBytes - offset), pid, done);
    }

    /**
     * pwrite() through the page cache ({@code generic_file_buffered_write}): whole pages are
     * dirtied at once; a partly written page not cached is read first. {@code dataAt} is told
     * when the data is in the page cache (the time a write-back of those pages starts carrying
     * it); {@code done} runs when the call returns (after balance_dirty_pages).
     */
    public void write(long offset, long length, int pid, LongConsumer dataAt, Runnable done) {
        long first = offset / PageIo.BLOCK_BYTES;
        long last = (offset + length - 1) / PageIo.BLOCK_BYTES;
        int[] waits = {1};
        Runnable dirty = () -> {
            if (--waits[0] > 0) {
                return;
            }
            int newly = 0;
            for (long p = first; p <= last; p++) {
                Page page = cache.find(mapping, p);
                if (page == null) {
                    page = cache.add(mapping, p, true, true);
                }
                page.block = p;
                if (!page.dirty()) {
                    newly++;
                }
                cache.markDirty(page);
                cache.markAccessed(page);
            }
            dataAt.accept(sim.now());
            writeback.pagesDirtied(pid, newly, done);
        };
        for (long p = first; p <= last; p = p == first && last > first ? last : last + 1) {
            long start = p * PageIo.BLOCK_BYTES;
            boolean whole = offset <= start && offset + length >= start + PageIo.BLOCK_BYTES;
            if (!whole && cache.find(mapping, p) == null) {
                waits[0]++; // block_prepare_write: the rest of the page must be read first
                reader.read(mapping, identity, readAhead, start, PageIo.BLOCK_BYTES, pid, dirty);
            }
        }
        dirty.run();
    }

    /**
     * O_DIRECT read or write (writes are REQ_SYNC, as blkdev_direct_IO's), in the 4 KiB blocks of
     * the page IO: a request not aligned to 4 KiB is widened to the blocks it touches.
     */
    public void direct(boolean write, long offset, long length, int pid, Runnable done) {
        long block = offset / PageIo.BLOCK_BYTES;
        int blocks = (int) ((offset + length + PageIo.BLOCK_BYTES - 1) / PageIo.BLOCK_BYTES - block);
        if (write) {
            io.writeBlocks(block, blocks, pid, Flags.SYNC, done);
        } else {
            io.readBlocks(block, blocks, pid, 0, done);
        }
    }

    /**
     * blkdev_fsync: write-back of the dirty pages (WB_SYNC_ALL: plain writes, one per page, which
     * the plugged queue merges), a wait for them — whose first wait_on_page_writeback unplugs the
     * queue ({@code sync_page} → {@code blk_run_backing_dev}), modelled by marking the last write
     * sync — then an empty FLUSH.
     */
    public void fdatasync(int pid, Runnable done) {
        List<Page> dirty = mapping.toWrite();
        for (int i = 0; i < dirty.size(); i++) {
            cache.writePage(dirty.get(i), pid, i == dirty.size() - 1 ? Flags.SYNC : 0);
        }
        writeback.waitWriteback(mapping, () -> io.flush(pid, Flags.SYNC, done));
    }

    /** Power fails: the pages not yet on the device (dirty, or under write-back) are gone. */
    public long powerFail() {
        long lost = 0;
        for (Page p : mapping.pages()) {
            if (p.dirty() || p.underWriteback()) {
                lost++;
            }
        }
        writeback.stop();
        return lost;
    }

    /** Stops pdflush's timer so that the run can end. */
    public void close() {
        writeback.stop();
    }

    public PageCache pageCache() {
        return cache;
    }
}
