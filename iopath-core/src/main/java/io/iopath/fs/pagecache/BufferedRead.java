package io.iopath.fs.pagecache;

import io.iopath.request.Op;
import java.util.ArrayList;
import java.util.List;

/**
 * do_generic_mapping_read (2.6.18 {@code mm/filemap.c}, spec §2.8): read-ahead at the start of
 * the request and whenever the reader reaches the page it asked to be called again at; a page not
 * cached is a miss, read alone and waited for; a page under read is waited for; each page the
 * call touches is marked accessed once.
 */
public final class BufferedRead {
    private final PageCache cache;
    private final PageIo io;

    public BufferedRead(PageCache cache, PageIo io) {
        this.cache = cache;
        this.io = io;
    }

    /** Reads bytes [off, off + len) of the file (the caller caps them at its end); {@code done} runs when they are all up to date. */
    public void read(Mapping m, BlockMap map, ReadAhead ra, long off, long len, int pid, Runnable done) {
        if (len <= 0) {
            done.run();
            return;
        }
        new Call(m, map, ra, off / PageIo.BLOCK_BYTES, (off + len - 1) / PageIo.BLOCK_BYTES, pid, done).run();
    }

    /** Reads pages [from, from + count) that are not cached, as one bio per run of consecutive blocks. */
    public long readPages(Mapping m, BlockMap map, long from, long count, int pid) {
        long end = Math.min(from + count, map.sizePages());
        List<Page> run = new ArrayList<>();
        long read = 0;
        for (long i = from; i < end; i++) {
            if (cache.find(m, i) != null) {
                submit(run, pid);
                continue;
            }
            long block = map.blockOf(i);
            if (block < 0) {
                submit(run, pid);
                continue;
            }
            Page p = cache.add(m, i, false, false);
            p.block = block;
            if (!run.isEmpty() && run.get(run.size() - 1).block + 1 != block) {
                submit(run, pid);
            }
            run.add(p);
            read++;
        }
        submit(run, pid);
        return read;
    }

    private void submit(List<Page> run, int pid) {
        if (!run.isEmpty()) {
            io.readPages(run, pid, 0, cache);
            run.clear();
        }
    }

    private final class Call implements Runnable, ReadAhead.Reader {
        final Mapping m;
        final BlockMap map;
        final ReadAhead ra;
        final long last;
        final int pid;
        final Runnable done;
        long p;
        long nextIndex;
        boolean counted;

        Call(Mapping m, BlockMap map, ReadAhead ra, long first, long last, int pid, Runnable done) {
            this.m = m;
            this.map = map;
            this.ra = ra;
            this.p = first;
            this.nextIndex = first;
            this.last = last;
            this.pid = pid;
            this.done = done;
        }

        @Override
        public void run() {
            while (p <= last) {
                if (p == nextIndex && !counted) {
                    nextIndex = ra.readahead(this, p, last - p + 1);
                }
                Page page = cache.find(m, p);
                if (page == null) {
                    ra.recordMiss();
                    lookup(false);
                    long block = map.blockOf(p);
                    page = cache.add(m, p, block < 0, false);
                    if (block >= 0) {
                        page.block = block;
                        io.readPages(List.of(page), pid, 0, cache);
                        page.waitIo(this);
                        return;
                    }
                }
                if (!page.uptodate) {
                    lookup(false);
                    page.waitIo(this);
                    return;
                }
                lookup(true);
                if (p != ra.lastTouched) {
                    cache.markAccessed(page);
                    ra.lastTouched = p;
                }
                p++;
                counted = false;
            }
            done.run();
        }

        private void lookup(boolean hit) {
            if (!counted) {
                cache.countLookup(hit);
                counted = true;
            }
        }

        @Override
        public long readAhead(long from, long count, boolean block) {
            return readPages(m, map, from, count, pid);
        }

        @Override
        public boolean readCongested() {
            return io.sink().congested(Op.READ);
        }
    }
}
