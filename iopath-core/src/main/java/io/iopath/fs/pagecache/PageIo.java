package io.iopath.fs.pagecache;

import io.iopath.block.BioSink;
import io.iopath.request.Bio;
import io.iopath.request.Op;
import io.iopath.sim.Simulator;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * The buffer-head and mpage IO of the page cache: file-system blocks become bios on the
 * partition ({@code submit_bh}, {@code mpage_readpages}). A 4 KiB block is 8 sectors; the
 * partition's first sector is added here and nowhere else.
 */
public final class PageIo {
    public static final int BLOCK_SECTORS = 8;
    public static final int BLOCK_BYTES = 4096;

    private final Simulator sim;
    private final BioSink sink;
    private final long partitionStartSector;
    private final LongSupplier ids;
    private final Consumer<Bio> deviceDone;
    private long bytesRead;
    private long bytesWritten;

    /**
     * @param deviceDone sees every bio the page cache and the file system complete (the run's
     *                   device-level statistics)
     */
    public PageIo(Simulator sim, BioSink sink, long partitionStartSector, LongSupplier ids, Consumer<Bio> deviceDone) {
        this.sim = sim;
        this.sink = sink;
        this.partitionStartSector = partitionStartSector;
        this.ids = ids;
        this.deviceDone = deviceDone;
    }

    public BioSink sink() {
        return sink;
    }

    public long sectorOf(long block) {
        return partitionStartSector + block * BLOCK_SECTORS;
    }

    /** One 4 KiB write of {@code block}; {@code after} runs at its completion. */
    public void writeBlock(long block, int pid, int flags, Runnable after) {
        submit(Op.WRITE, block, 1, pid, flags, after);
    }

    /**
     * A write of {@code sectors} 512-byte sectors from partition sector {@code sector}: XFS's
     * metadata buffers and log writes are sector-granular (an AGI is one sector, an iclog write a
     * multiple of 512 bytes).
     */
    public void writeSectors(long sector, int sectors, int pid, int flags, Runnable after) {
        submitSectors(Op.WRITE, sector, sectors, pid, flags, after);
    }

    /** A read of {@code sectors} sectors from partition sector {@code sector}. */
    public void readSectors(long sector, int sectors, int pid, int flags, Runnable after) {
        submitSectors(Op.READ, sector, sectors, pid, flags, after);
    }

    private void submitSectors(Op op, long sector, int sectors, int pid, int flags, Runnable after) {
        if (sector < 0 || sectors <= 0) {
            throw new IllegalStateException("IO to sector " + sector + " of " + sectors + " sectors");
        }
        Bio bio = new Bio(ids.getAsLong(), op, partitionStartSector + sector, sectors, flags, pid, b -> {
            deviceDone.accept(b);
            after.run();
        });
        if (op == Op.READ) {
            bytesRead += sectors * 512L;
        } else {
            bytesWritten += sectors * 512L;
        }
        bio.submittedNs = sim.now();
        sink.submit(bio);
    }

    /** A read of {@code count} consecutive blocks from {@code block}. */
    public void readBlocks(long block, int count, int pid, int flags, Runnable after) {
        submit(Op.READ, block, count, pid, flags, after);
    }

    /** A write of {@code count} consecutive blocks (direct IO through the block map). */
    public void writeBlocks(long block, int count, int pid, int flags, Runnable after) {
        submit(Op.WRITE, block, count, pid, flags, after);
    }

    /**
     * O_DIRECT IO through a file's block map, bypassing the page cache: one bio per run of
     * consecutive blocks ({@code blockdev_direct_IO}); O_DIRECT writes are REQ_SYNC. The blocks
     * must exist (a hole is refused: lay the file out first).
     */
    public void direct(BlockMap map, Op op, long offset, long length, int pid, Runnable done) {
        long first = offset / BLOCK_BYTES;
        long last = (offset + length - 1) / BLOCK_BYTES;
        int[] left = {1};
        Runnable one = () -> {
            if (--left[0] == 0) {
                done.run();
            }
        };
        long runStart = -1;
        int runLen = 0;
        for (long p = first; p <= last + 1; p++) {
            long b = p <= last ? map.blockOf(p) : -1;
            if (p <= last && b < 0) {
                throw new IllegalStateException("O_DIRECT " + op + " of a hole in " + map + " at page " + p + " (lay the file out first)");
            }
            if (runLen > 0 && (b < 0 || b != runStart + runLen)) {
                left[0]++;
                if (op == Op.READ) {
                    readBlocks(runStart, runLen, pid, 0, one);
                } else {
                    writeBlocks(runStart, runLen, pid, io.iopath.request.Flags.SYNC, one);
                }
                runLen = 0;
            }
            if (b >= 0) {
                if (runLen == 0) {
                    runStart = b;
                }
                runLen++;
            }
        }
        one.run();
    }

    /** An empty flush (blkdev_issue_flush), as a barrier-mounted fsync ends with. */
    public void flush(int pid, int flags, Runnable after) {
        Bio bio = new Bio(ids.getAsLong(), Op.FLUSH, 0, 0, flags, pid, b -> {
            deviceDone.accept(b);
            after.run();
        });
        bio.submittedNs = sim.now();
        sink.submit(bio);
    }

    /** Reads the pages of {@code run} (consecutive blocks) in one bio; they become up to date at its end. */
    public void readPages(List<Page> run, int pid, int flags, PageCache cache) {
        Page first = run.get(0);
        Page[] pages = run.toArray(new Page[0]);
        submit(Op.READ, first.block, pages.length, pid, flags, () -> {
            for (Page p : pages) {
                cache.readDone(p);
            }
        });
    }

    private void submit(Op op, long block, int count, int pid, int flags, Runnable after) {
        if (block < 0) {
            throw new IllegalStateException("IO to an unmapped block");
        }
        Bio bio = new Bio(ids.getAsLong(), op, sectorOf(block), count * BLOCK_SECTORS, flags, pid, b -> {
            deviceDone.accept(b);
            after.run();
        });
        if (op == Op.READ) {
            bytesRead += (long) count * BLOCK_BYTES;
        } else {
            bytesWritten += (long) count * BLOCK_BYTES;
        }
        bio.submittedNs = sim.now();
        sink.submit(bio);
    }

    public long bytesRead() {
        return bytesRead;
    }

    public long bytesWritten() {
        return bytesWritten;
    }
}
