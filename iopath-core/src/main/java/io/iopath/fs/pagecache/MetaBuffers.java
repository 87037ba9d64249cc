package io.iopath.fs.pagecache;

import io.iopath.request.Flags;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * Metadata blocks as buffers of the block device's mapping ({@code sb_bread}, {@code
 * __getblk}): a block not cached is read synchronously, one a call creates from nothing is not
 * read at all; a system call collects the blocks it needs in one {@link Reads} and continues when
 * all of them are up to date. Logging a block ({@link Reads#log}) hands it to the file system's
 * journal or log after it is present.
 */
public final class MetaBuffers {
    private final PageCache cache;
    private final PageIo io;
    private final Mapping bdev;
    private final LongConsumer log;
    private long reads;

    /** @param log what journaling a block means for this file system (jbd's journal_dirty_metadata, …) */
    public MetaBuffers(PageCache cache, PageIo io, Mapping bdev, LongConsumer log) {
        this.cache = cache;
        this.io = io;
        this.bdev = bdev;
        this.log = log;
    }

    /** The blocks one system call needs, and the wait for them. */
    public Reads reads(int pid) {
        return new Reads(pid);
    }

    /** Metadata blocks read from the device so far. */
    public long reads() {
        return reads;
    }

    public final class Reads {
        final int pid;
        final List<Page> waits = new ArrayList<>();

        Reads(int pid) {
            this.pid = pid;
        }

        /** {@code fresh}: a block with nothing on disk worth reading (a new inode-table block, a new directory block, a new tree node). */
        public void need(long block, boolean fresh) {
            Page p = cache.find(bdev, block);
            if (p == null) {
                p = cache.add(bdev, block, fresh, false);
                p.block = block;
                if (!fresh) {
                    reads++;
                    io.readPages(List.of(p), pid, Flags.META, cache);
                    waits.add(p);
                }
            } else if (!p.uptodate()) {
                waits.add(p);
            }
            cache.markAccessed(p);
        }

        public void need(long block) {
            need(block, false);
        }

        public void log(long block) {
            need(block);
            log.accept(block);
        }

        public void logFresh(long block) {
            need(block, true);
            log.accept(block);
        }

        /** The call also waits for this page's IO in flight. */
        public void waitFor(Page p) {
            waits.add(p);
        }

        public void then(Runnable r) {
            int[] left = {1};
            Runnable one = () -> {
                if (--left[0] == 0) {
                    r.run();
                }
            };
            for (Page p : waits) {
                if (!p.uptodate()) {
                    left[0]++;
                    p.waitIo(one);
                }
            }
            one.run();
        }
    }
}
