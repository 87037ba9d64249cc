package io.iopath.fs.reiserfs;

import io.iopath.block.BioSink;
import io.iopath.fs.DurabilityLedger;
import io.iopath.fs.FileSystem;
import io.iopath.fs.FsConfig;
import io.iopath.fs.FsFile;
import io.iopath.fs.FsPids;
import io.iopath.fs.FsPowerLoss;
import io.iopath.fs.FsStats;
import io.iopath.fs.OpenFile;
import io.iopath.fs.ReiserOptions;
import io.iopath.fs.pagecache.BufferedRead;
import io.iopath.fs.pagecache.Mapping;
import io.iopath.fs.pagecache.MetaBuffers;
import io.iopath.fs.pagecache.Page;
import io.iopath.fs.pagecache.PageCache;
import io.iopath.fs.pagecache.PageIo;
import io.iopath.fs.pagecache.Writeback;
import io.iopath.request.Bio;
import io.iopath.request.Flags;
import io.iopath.request.Op;
import io.iopath.sim.Simulator;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * ReiserFS 3.6 on a partition, freshly made by mkreiserfs and mounted with the 2.6.18 defaults
 * (spec §4): every object is items in one balanced tree of 4 KiB nodes, keyed by packing locality
 * and objectid, so a directory's files sit together in key order; file data is written through
 * unformatted blocks allocated at write() and, for a file small enough (3976 bytes with the
 * default small tails), packed into a direct item of its leaf at the last close — its blocks are
 * freed before the commit and never written (§4.3). Tree nodes, bitmaps and the super block are
 * pages of the block device's mapping, logged whole in the journal (§4.6) and written home by
 * pdflush afterwards. What each call reads and logs is the table of §4.7.
 */
public final class ReiserFs implements FileSystem {
    private static final long NS_PER_S = 1_000_000_000L;
    /** MAX_DIRECT_ITEM_LEN(4096): the largest file kept whole in a direct item. */
    public static final int MAX_DIRECT_ITEM_LEN = 4096 - 24 - 2 * 24 - 44 - 4;
    /** Stat data v2 (struct stat_data). */
    static final int SD_SIZE = 44;
    /** A directory entry head (struct reiserfs_de_head). */
    static final int DEH_SIZE = 16;
    /** JOURNAL_PER_BALANCE_CNT with MAX_HEIGHT 5: 3 * (5 - 2) + 9. */
    static final int PER_BALANCE = 18;

    private final Simulator sim;
    private final FsConfig config;
    private final ReiserOptions options;
    private final ReiserLayout layout;
    private final ReiserBitmap bitmap;
    private final PageIo io;
    private final PageCache cache;
    private final Writeback writeback;
    private final BufferedRead reader;
    private final Mapping bdev = new Mapping("bdev", true);
    private final Set<Long> permanent = new HashSet<>();
    private final ReiserJournal journal;
    private final MetaBuffers meta;
    private final Tree tree;
    private final ObjectIds objectIds = new ObjectIds();
    private final Map<Long, ReiserInode> icache = new HashMap<>();
    /** The nodes of one search (root, internal, leaf), reused by every {@link #readPath}. */
    private final long[] path = new long[3];
    private final ReiserInode root;
    private final DurabilityLedger durability;
    private long appBytesRead;
    private long appBytesWritten;

    /**
     * mkreiserfs and mount.
     *
     * @param deviceDone sees each bio of the file system and the page cache when it completes
     */
    public ReiserFs(Simulator sim, BioSink sink, FsConfig config, FsPids pids, LongSupplier ids, Consumer<Bio> deviceDone) {
        this.sim = sim;
        this.config = config;
        this.options = config.reiserfsOptions();
        this.layout = new ReiserLayout(config.blocks());
        this.bitmap = new ReiserBitmap(layout);
        this.io = new PageIo(sim, sink, config.partitionOffset() / 512, ids, deviceDone);
        this.cache = new PageCache(config.vm(), io, pids.kswapd(), sim::now);
        this.writeback = new Writeback(sim, cache, sink, config.vm(), pids.pdflush());
        this.reader = new BufferedRead(cache, io);
        for (long b = 0; b <= ReiserLayout.ROOT_LEAF; b++) {
            bitmap.markUsed(b);
        }
        for (int k = 1; k < layout.bitmaps; k++) {
            bitmap.markUsed(layout.bitmapBlock(k));
        }
        this.tree = new Tree(ReiserLayout.ROOT_LEAF);
        // the root directory (1, 2): stat data and the "." / ".." directory item in the root leaf
        this.root = new ReiserInode(1, 2, true);
        Tree.Edit mkfs = new Tree.Edit() {
            @Override
            public void logged(long block, boolean fresh) {
            }

            @Override
            public long allocateNode(long hint) {
                throw new IllegalStateException("mkreiserfs: the root leaf overflowed");
            }

            @Override
            public void freeNode(long block) {
            }
        };
        tree.put(root.statData(), SD_SIZE, mkfs);
        tree.put(new Key(1, 2, 1), 2 * (DEH_SIZE + 8), mkfs);
        icache.put(root.objectId, root);
        long[] journalBlocks = layout.journal();
        this.durability = new DurabilityLedger(config.partitionOffset() / 512, journalBlocks);
        // mount: the super block and every bitmap block stay in memory (reiserfs_fill_super, read_bitmaps)
        pin(ReiserLayout.SUPER_BLOCK);
        for (int k = 0; k < layout.bitmaps; k++) {
            pin(layout.bitmapBlock(k));
        }
        this.journal = new ReiserJournal(sim, cache, io, bdev, bitmap, journalBlocks, options, sink.ordersBarriers(), pids.kjournald(),
                permanent);
        this.meta = new MetaBuffers(cache, io, bdev, journal::logged);
        writeback.setSuperOps(new Writeback.SuperOps() {
            @Override
            public void writeSuper(int pdflushPid, Runnable then) {
                journal.writeSuper(pdflushPid, then);
            }
        });
        writeback.start();
    }

    private void pin(long block) {
        permanent.add(block);
        Page p = cache.add(bdev, block, true, true);
        p.block = block;
        p.pinned = true;
    }

    // ------------------------------------------------------------------ blocks, tree edits

    /** A tree edit within one call: nodes it changes are logged, new nodes allocated after their left neighbour. */
    private Tree.Edit edit(MetaBuffers.Reads r) {
        return new Tree.Edit() {
            @Override
            public void logged(long block, boolean fresh) {
                if (fresh) {
                    r.logFresh(block);
                } else {
                    r.log(block);
                }
            }

            @Override
            public long allocateNode(long hint) {
                return allocate(r, hint, true);
            }

            @Override
            public void freeNode(long block) {
                free(r, block);
            }
        };
    }

    /** reiserfs_allocate_blocknrs: one block; its bitmap block and the super block (free count) are logged. */
    private long allocate(MetaBuffers.Reads r, long hint, boolean keepStartGroup) {
        long b = bitmap.allocate(hint, keepStartGroup);
        if (b < 0) {
            throw new IllegalStateException("reiserfs: no free block");
        }
        r.log(layout.bitmapBlockOf(b));
        r.log(ReiserLayout.SUPER_BLOCK);
        return b;
    }

    /** reiserfs_free_block with journal_mark_freed: reusable after this transaction commits. */
    private void free(MetaBuffers.Reads r, long b) {
        bitmap.free(b);
        journal.freed(b);
        r.log(layout.bitmapBlockOf(b));
        r.log(ReiserLayout.SUPER_BLOCK);
    }

    private void readPath(MetaBuffers.Reads r, Key k) {
        int n = tree.path(k, path);
        long root = path[0];
        long internal = path[1];
        long leaf = path[2]; // read out first: a need may run other code before the next
        r.need(root);
        if (n > 1) {
            r.need(internal);
        }
        if (n > 2) {
            r.need(leaf);
        }
    }

    /** The hint for a file's page {@code index}: after its previous block, else its locality's bitmap group (dirid_groups). */
    private long allocateData(MetaBuffers.Reads r, ReiserInode f, long index) {
        long before = f.blocks.blockBefore(index);
        return before >= 0 ? allocate(r, before, true) : allocate(r, bitmap.groupStart(f.dirId), false);
    }

    /** reiserfs_choose_packing (packing_groups): a new object's dir_id. */
    private long choosePacking(ReiserInode dir) {
        if (dir.dirId == 1 || bitmap.groupUsed(dir.dirId)) {
            return dir.objectId;
        }
        return dir.dirId;
    }

    private static int pad8(long n) {
        return (int) ((n + 7) & ~7L);
    }

    // ------------------------------------------------------------------ namespace

    @Override
    public FsFile root() {
        return root;
    }

    @Override
    public FsFile lookupCached(FsFile dir, String name) {
        return ((ReiserInode) dir).entries.get(name);
    }

    @Override
    public void create(FsFile dir, String name, int pid, Consumer<FsFile> done) {
        makeNode((ReiserInode) dir, name, false, pid, done);
    }

    @Override
    public void mkdir(FsFile dir, String name, int pid, Consumer<FsFile> done) {
        makeNode((ReiserInode) dir, name, true, pid, done);
    }

    private void makeNode(ReiserInode d, String name, boolean directory, int pid, Consumer<FsFile> done) {
        if (d.entries.containsKey(name)) {
            throw new IllegalStateException("'" + name + "' exists in " + d);
        }
        MetaBuffers.Reads lookup = meta.reads(pid);
        readPath(lookup, d.entry(name));
        readPath(lookup, d.statData());
        // reiserfs_create: 2 balances; reiserfs_mkdir: 3
        lookup.then(() -> journal.begin(PER_BALANCE * (directory ? 3 : 2), pid, () -> {
            MetaBuffers.Reads r = meta.reads(pid);
            Tree.Edit e = edit(r);
            long oid = objectIds.allocate();
            ReiserInode n = new ReiserInode(choosePacking(d), oid, directory);
            n.parent = d;
            readPath(r, n.statData());
            tree.put(n.statData(), SD_SIZE, e);
            if (directory) {
                tree.put(new Key(n.dirId, oid, 1), 2 * (DEH_SIZE + 8), e); // "." and ".."
            }
            tree.put(d.entry(name), DEH_SIZE + pad8(name.length()), e);
            tree.put(d.statData(), SD_SIZE, e); // the directory's size and mtime
            r.log(ReiserLayout.SUPER_BLOCK); // the objectid map
            d.entries.put(name, n);
            icache.put(oid, n);
            long tid = journal.runningTid();
            d.lastTid = tid;
            d.lastDataTid = tid;
            n.lastTid = tid;
            n.lastDataTid = tid;
            r.then(() -> done.accept(n));
        }));
    }

    @Override
    public void open(FsFile dir, String name, boolean direct, int pid, Consumer<OpenFile> done) {
        ReiserInode d = (ReiserInode) dir;
        MetaBuffers.Reads r = meta.reads(pid);
        readPath(r, d.entry(name));
        r.then(() -> {
            ReiserInode f = d.entries.get(name);
            if (f == null) {
                done.accept(null);
                return;
            }
            MetaBuffers.Reads sd = meta.reads(pid);
            readPath(sd, f.statData()); // reiserfs_iget: the stat data
            sd.then(() -> {
                f.openCount++;
                done.accept(new OpenFile(f, direct));
            });
        });
    }

    @Override
    public void close(OpenFile f, int pid, Runnable done) {
        ReiserInode fi = (ReiserInode) f.file;
        if (--fi.openCount > 0) {
            done.run();
            return;
        }
        fi.openCount = 0;
        if (!packOnClose(fi)) {
            done.run();
            return;
        }
        // reiserfs_file_release → reiserfs_truncate_file: the last block becomes a direct item
        journal.begin(PER_BALANCE, pid, () -> {
            MetaBuffers.Reads r = meta.reads(pid);
            Tree.Edit e = edit(r);
            long last = fi.sizePages() - 1;
            readPath(r, fi.body(last));
            long b = fi.blockOf(last);
            free(r, b);
            fi.blocks.map(last, -1);
            Page p = cache.find(fi.mapping, last);
            if (p != null) {
                journal.forget(p); // the ordered buffer is unmapped: its data is never written
                if (p.dirty() && !p.underWriteback()) {
                    cache.cancelDirty(p); // the bytes now live in the (journaled) leaf
                }
                p.block = -1;
            }
            fi.tail = true;
            if (last > 0) {
                putBody(fi, last - 1, e);
            } else {
                tree.remove(fi.body(0), e);
            }
            tree.put(tailKey(fi), pad8(fi.size - last * 4096), e);
            tree.put(fi.statData(), SD_SIZE, e);
            long tid = journal.runningTid();
            fi.lastTid = tid;
            fi.lastDataTid = tid;
            r.then(done);
        });
    }

    /**
     * Whether the last close packs the file's tail (spec §4.3): small tails keep a file in a
     * direct item only when it fits whole (≤ 3976 bytes); tails=on also packs the last block of
     * a file under 16 KiB when its tail fits; notail never.
     */
    private boolean packOnClose(ReiserInode f) {
        if (f.directory || f.deleted || f.tail || f.size == 0 || options.tails() == ReiserOptions.Tails.OFF) {
            return false;
        }
        long last = f.sizePages() - 1;
        if (f.blockOf(last) < 0) {
            return false;
        }
        long tailBytes = f.size - last * 4096;
        if (f.size <= MAX_DIRECT_ITEM_LEN) {
            return true;
        }
        return options.tails() == ReiserOptions.Tails.ON && f.size < 16 * 1024 && tailBytes <= MAX_DIRECT_ITEM_LEN - 24;
    }

    /** The key of a file's direct item holding its last page. */
    private static Key tailKey(ReiserInode f) {
        long last = f.sizePages() - 1;
        return new Key(f.dirId, f.objectId, 1 + last * 4096);
    }

    /** The indirect items covering pages [0, lastPage]: one per POINTERS_PER_ITEM pages, each sized by its pointers. */
    private void putBody(ReiserInode f, long lastPage, Tree.Edit e) {
        putBody(f, 0, lastPage, e);
    }

    /** The same for the items from the one holding {@code fromPage} on (those before it are unchanged). */
    private void putBody(ReiserInode f, long fromPage, long lastPage, Tree.Edit e) {
        int per = ReiserInode.POINTERS_PER_ITEM;
        for (long chunk = fromPage / per; chunk <= lastPage / per; chunk++) {
            long n = Math.min(per, lastPage + 1 - chunk * per);
            tree.put(f.body(chunk * per), (int) (4 * n), e);
        }
    }

    @Override
    public void unlink(FsFile dir, String name, int pid, Runnable done) {
        ReiserInode d = (ReiserInode) dir;
        ReiserInode f = d.entries.get(name);
        if (f == null) {
            done.run();
            return;
        }
        MetaBuffers.Reads lookup = meta.reads(pid);
        readPath(lookup, d.entry(name));
        readPath(lookup, f.statData());
        readPath(lookup, d.statData());
        lookup.then(() -> journal.begin(PER_BALANCE * 2 + 2, pid, () -> {
            MetaBuffers.Reads r = meta.reads(pid);
            Tree.Edit e = edit(r);
            tree.remove(d.entry(name), e);
            d.entries.remove(name);
            tree.put(d.statData(), SD_SIZE, e);
            // add_save_link at the far right of the tree (removed again by reiserfs_delete_inode)
            r.log(tree.rightmost().block);
            long pages = f.sizePages();
            for (long p = 0; p < pages; p++) {
                long b = f.blockOf(p);
                if (b >= 0) {
                    free(r, b);
                    f.blocks.map(p, -1);
                }
            }
            int per = ReiserInode.POINTERS_PER_ITEM;
            for (long chunk = 0; chunk * per < Math.max(1, pages); chunk++) {
                tree.remove(f.body(chunk * per), e);
            }
            if (f.tail) {
                tree.remove(tailKey(f), e);
            }
            tree.remove(f.statData(), e);
            objectIds.free(f.objectId);
            r.log(ReiserLayout.SUPER_BLOCK);
            for (Page p : f.mapping.pages()) {
                journal.forget(p);
            }
            cache.removeAll(f.mapping);
            f.deleted = true;
            icache.remove(f.objectId);
            long tid = journal.runningTid();
            d.lastTid = tid;
            d.lastDataTid = tid;
            r.then(done);
        }));
    }

    // ------------------------------------------------------------------ data

    @Override
    public void read(OpenFile f, long offset, long length, int pid, Runnable done) {
        ReiserInode fi = (ReiserInode) f.file;
        if (offset >= fi.size || length <= 0) {
            done.run();
            return;
        }
        long len = Math.min(length, fi.size - offset);
        long first = offset / 4096;
        long last = (offset + len - 1) / 4096;
        MetaBuffers.Reads r = meta.reads(pid);
        readPath(r, fi.body(first)); // search_by_key for the item holding the first byte
        long tailPage = fi.tail ? fi.sizePages() - 1 : -1;
        boolean tailRead = tailPage >= first && tailPage <= last && cache.find(fi.mapping, tailPage) == null;
        if (tailRead) {
            readPath(r, tailKey(fi)); // a tail is read by reading its leaf
        }
        r.then(() -> reader.read(fi.mapping, fi, f.readAhead, offset, len, pid, () -> {
            appBytesRead += len;
            touchAtime(fi, pid, done);
        }));
    }

    /** touch_atime → reiserfs_dirty_inode: the stat data's leaf is logged when the second changed (unless noatime). */
    private void touchAtime(ReiserInode fi, int pid, Runnable done) {
        long second = sim.now() / NS_PER_S;
        if (!options.atime() || second == fi.atimeSecond) {
            done.run();
            return;
        }
        fi.atimeSecond = second;
        journal.begin(1, pid, () -> {
            MetaBuffers.Reads r = meta.reads(pid);
            tree.put(fi.statData(), SD_SIZE, edit(r));
            fi.lastTid = journal.runningTid();
            r.then(done);
        });
    }

    @Override
    public void write(OpenFile f, long offset, long length, int pid, Runnable done) {
        ReiserInode fi = (ReiserInode) f.file;
        if (length <= 0) {
            done.run();
            return;
        }
        long first = offset / 4096;
        long last = (offset + length - 1) / 4096;
        MetaBuffers.Reads pre = meta.reads(pid);
        readPath(pre, fi.statData());
        readPath(pre, fi.body(first));
        if (fi.tail) {
            readPath(pre, tailKey(fi)); // the tail is copied back into a page from its leaf
        }
        rmw(pre, fi, first, offset, length, pid);
        if (last != first) {
            rmw(pre, fi, last, offset, length, pid);
        }
        // reiserfs_allocate_blocks_for_region: JOURNAL_PER_BALANCE_CNT * 3 + 1
        pre.then(() -> journal.begin(PER_BALANCE * 3 + 1, pid, () -> {
            MetaBuffers.Reads r = meta.reads(pid);
            Tree.Edit e = edit(r);
            boolean wasTail = fi.tail;
            if (wasTail) {
                // direct2indirect: the tail goes back to an unformatted block
                tree.remove(tailKey(fi), e);
                fi.tail = false;
            }
            int newlyDirty = 0;
            boolean allocated = wasTail;
            for (long p = first; p <= last; p++) {
                Page page = cache.find(fi.mapping, p);
                if (page == null) {
                    page = cache.add(fi.mapping, p, true, false);
                } else if (!page.uptodate()) {
                    r.waitFor(page);
                }
                if (fi.blockOf(p) < 0) {
                    fi.blocks.map(p, allocateData(r, fi, p));
                    allocated = true;
                }
                page.block = fi.blockOf(p);
                durability.rewritten(page.block);
                if (!page.dirty()) {
                    newlyDirty++;
                }
                cache.markDirty(page);
                if (options.ordered()) {
                    journal.addOrdered(page);
                }
                cache.markAccessed(page);
            }
            // a tail page not rewritten by this call also needs its block back
            long oldLast = fi.sizePages() - 1;
            if (wasTail && oldLast >= 0 && (oldLast < first || oldLast > last)) {
                fi.blocks.map(oldLast, allocateData(r, fi, oldLast));
                Page page = cache.find(fi.mapping, oldLast);
                if (page == null) {
                    page = cache.add(fi.mapping, oldLast, true, false);
                }
                page.block = fi.blockOf(oldLast);
                if (!page.dirty()) {
                    newlyDirty++;
                }
                cache.markDirty(page);
                if (options.ordered()) {
                    journal.addOrdered(page);
                }
            }
            if (offset + length > fi.size) {
                fi.size = offset + length;
            }
            if (allocated) {
                putBody(fi, fi.sizePages() - 1, e);
            }
            tree.put(fi.statData(), SD_SIZE, e); // i_size, mtime
            long tid = journal.runningTid();
            fi.lastTid = tid;
            if (allocated) {
                fi.lastDataTid = tid;
            }
            appBytesWritten += length;
            int dirtied = newlyDirty;
            r.then(() -> writeback.pagesDirtied(pid, dirtied, done));
        }));
    }

    /** A partly written page that exists in an unformatted block and is not cached is read first. */
    private void rmw(MetaBuffers.Reads pre, ReiserInode fi, long page, long offset, long length, int pid) {
        long pageStart = page * 4096;
        boolean whole = offset <= pageStart && offset + length >= pageStart + 4096;
        if (whole || fi.blockOf(page) < 0 || cache.find(fi.mapping, page) != null) {
            return;
        }
        Page p = cache.add(fi.mapping, page, false, false);
        p.block = fi.blockOf(page);
        cache.countLookup(false);
        io.readPages(List.of(p), pid, 0, cache);
        pre.waitFor(p);
    }

    @Override
    public void directIo(OpenFile f, Op op, long offset, long length, int pid, Runnable done) {
        ReiserInode fi = (ReiserInode) f.file;
        if (op == Op.WRITE) {
            durability.directWrite(fi, offset, length);
        }
        writeback.flushForDirectIo(fi.mapping, pid, () -> io.direct(fi, op, offset, length, pid, () -> {
            if (op == Op.READ) {
                appBytesRead += length;
            } else {
                appBytesWritten += length;
            }
            done.run();
        }));
    }

    /**
     * ftruncate (fs/reiserfs/inode.c {@code reiserfs_setattr}, fs/attr.c {@code inode_setattr}).
     * The same size changes only the timestamps: the stat data's leaf is logged. Growing goes
     * through {@code generic_cont_expand}: a prepare/commit_write of the page at the new size,
     * whose {@code reiserfs_get_block} fills the indirect items with hole pointers (4 bytes a
     * block, the leaf logged) and allocates that page's block; at a page boundary the page lies
     * past the new size and vmtruncate frees the block again (its bitmap block and the super block
     * logged; the model leaves the bitmap as it was), inside a page it stays, a dirty page of zeros. A packed tail is
     * converted back to a block first, as a write past it does. Shrinking drops the pages past the
     * size ({@code truncate_inode_pages}: dirty ones never written, pages under IO waited for),
     * then {@code reiserfs_truncate_file}: the truncate save link (the rightmost leaf,
     * {@code add_save_link} / {@code remove_save_link}), {@code reiserfs_do_truncate} cutting the
     * items past the size (their blocks freed: bitmap and super block logged; indirect items past
     * the cut removed, the last one resized; a packed tail resized or removed) and the stat data.
     */
    @Override
    public void truncate(OpenFile f, long size, int pid, Runnable done) {
        ReiserInode fi = (ReiserInode) f.file;
        MetaBuffers.Reads pre = meta.reads(pid);
        readPath(pre, fi.statData());
        if (size == fi.size) {
            pre.then(() -> journal.begin(1, pid, () -> {
                MetaBuffers.Reads r = meta.reads(pid);
                tree.put(fi.statData(), SD_SIZE, edit(r));
                fi.lastTid = journal.runningTid();
                r.then(done);
            }));
            return;
        }
        boolean grow = size > fi.size;
        long keep = (size + 4095) / 4096;
        List<Page> busy = List.of();
        if (!grow) {
            for (Page p : fi.mapping.pagesFrom(keep)) {
                journal.forget(p);
            }
            busy = cache.truncateFrom(fi.mapping, keep);
        }
        readPath(pre, fi.body(Math.max(0, keep - 1)));
        if (fi.tail) {
            readPath(pre, tailKey(fi));
        }
        List<Page> waits = busy;
        pre.then(() -> PageCache.afterIo(waits, () -> journal.begin(PER_BALANCE * 2 + 2, pid, () -> {
            MetaBuffers.Reads r = meta.reads(pid);
            Tree.Edit e = edit(r);
            int dirtied = grow ? expand(r, e, fi, size) : cut(r, e, fi, size);
            tree.put(fi.statData(), SD_SIZE, e); // i_size, mtime, ctime
            long tid = journal.runningTid();
            fi.lastTid = tid;
            fi.lastDataTid = tid;
            r.then(() -> writeback.pagesDirtied(pid, dirtied, done));
        })));
    }

    /** generic_cont_expand to {@code size}; returns the pages it dirtied (0 or 1). */
    private int expand(MetaBuffers.Reads r, Tree.Edit e, ReiserInode fi, long size) {
        int dirtied = 0;
        if (fi.tail) {
            // direct2indirect: the tail's page gets its block back (reiserfs_get_block past the tail)
            long last = fi.sizePages() - 1;
            tree.remove(tailKey(fi), e);
            fi.tail = false;
            fi.blocks.map(last, allocateData(r, fi, last));
            dirtied += dirtyZeroes(fi, last);
        }
        long page = size / 4096; // the page prepare_write is called on
        boolean inside = size % 4096 != 0;
        if (fi.blockOf(page) < 0) {
            if (inside) {
                fi.blocks.map(page, allocateData(r, fi, page));
                dirtied += dirtyZeroes(fi, page);
            } else {
                // vmtruncate to the size frees the page past it and its block again at once: the
                // bitmap block and the super block are logged, the bitmap itself is left as it was
                // (the block, unusable until the commit, is not taken: a simplification)
                long before = fi.blocks.blockBefore(page);
                r.log(layout.bitmapBlockOf(before >= 0 ? before : bitmap.groupStart(fi.dirId)));
                r.log(ReiserLayout.SUPER_BLOCK);
            }
        }
        long oldLast = fi.sizePages() - 1;
        fi.size = size;
        putBody(fi, Math.max(0, oldLast), fi.sizePages() - 1, e); // hole pointers up to the new last page
        return dirtied;
    }

    /** A page of zeros made dirty in the cache (commit_write of the expanding truncate). */
    private int dirtyZeroes(ReiserInode fi, long index) {
        Page page = cache.find(fi.mapping, index);
        if (page == null) {
            page = cache.add(fi.mapping, index, true, false);
        }
        page.block = fi.blockOf(index);
        durability.rewritten(page.block);
        boolean wasDirty = page.dirty();
        cache.markDirty(page);
        if (options.ordered()) {
            journal.addOrdered(page);
        }
        return wasDirty ? 0 : 1;
    }

    /** reiserfs_truncate_file to a smaller {@code size}; returns 0 (no page dirtied). */
    private int cut(MetaBuffers.Reads r, Tree.Edit e, ReiserInode fi, long size) {
        r.log(tree.rightmost().block); // the truncate save link, added and removed
        long oldPages = fi.sizePages();
        long keep = (size + 4095) / 4096;
        if (fi.tail) {
            tree.remove(tailKey(fi), e);
            if (keep == oldPages && size > 0) {
                fi.size = size;
                tree.put(tailKey(fi), pad8(size - (keep - 1) * 4096), e); // the direct item cut
            } else {
                fi.tail = false; // the tail's page is gone; the new last page stays in its block
            }
        }
        for (long p = keep; p < fi.blocks.slots(); p++) {
            long b = fi.blockOf(p);
            if (b >= 0) {
                free(r, b);
                durability.rewritten(b);
                fi.blocks.map(p, -1);
            }
        }
        int per = ReiserInode.POINTERS_PER_ITEM;
        long lastChunk = keep == 0 ? -1 : (keep - 1) / per;
        for (long chunk = lastChunk + 1; chunk * per < Math.max(1, oldPages); chunk++) {
            tree.remove(fi.body(chunk * per), e);
        }
        fi.size = size;
        if (keep > 0 && hasBody(fi)) {
            putBody(fi, keep - 1, keep - 1, e); // the last item left, cut
        }
        return 0;
    }

    private boolean hasBody(ReiserInode fi) {
        return tree.leafFor(fi.body(0)).items.containsKey(fi.body(0));
    }

    @Override
    public void fsync(OpenFile f, boolean datasync, int pid, Runnable done) {
        ReiserInode fi = (ReiserInode) f.file;
        // do_fsync: filemap_fdatawrite, ->fsync (reiserfs_sync_file), filemap_fdatawait
        writeback.writeDirty(fi.mapping, pid, 0);
        long tid = datasync ? fi.lastDataTid : fi.lastTid;
        journal.commitFor(tid, pid, barrierDone -> writeback.waitWriteback(fi.mapping, () -> {
            Runnable promise = () -> {
                for (long p = 0; p < fi.blocks.slots(); p++) {
                    long b = fi.blocks.blockOf(p);
                    if (b >= 0) {
                        durability.fsynced(b);
                    }
                }
                done.run();
            };
            // reiserfs_sync_file: no commit block's barrier after this call's data (none to
            // commit, or its commit block already on its way), so with barrier=flush an explicit
            // cache flush (blkdev_issue_flush; issued here after the data completed, which the
            // 2.6 barrier's queue drain gives the real call too)
            if (!barrierDone && options.barrierFlush()) {
                io.flush(pid, 0, promise);
            } else {
                promise.run();
            }
        }));
    }

    @Override
    public void sync(int pid, Runnable done) {
        writeback.writeAll(pid);
        journal.commitNow(pid, () -> {
            writeback.writeAll(pid); // the metadata the commit left dirty at home
            List<Mapping> all = new ArrayList<>();
            all.add(bdev);
            for (ReiserInode i : icache.values()) {
                all.add(i.mapping);
            }
            writeback.waitWriteback(all, done);
        });
    }

    @Override
    public boolean barriers() {
        return options.barrierFlush();
    }

    @Override
    public FsPowerLoss powerFail(List<long[]> lost) {
        List<Mapping> files = new ArrayList<>();
        for (ReiserInode i : icache.values()) {
            files.add(i.mapping);
        }
        FsPowerLoss loss = durability.powerFail(files, lost)
                .withJournal(journal.consistencyAt(new io.iopath.fs.journal.LostWrites(lost)));
        writeback.stop();
        return loss;
    }

    @Override
    public void invalidate(FsFile f) {
        cache.invalidateClean(((ReiserInode) f).mapping);
    }

    @Override
    public void unmount() {
        writeback.stop();
    }

    @Override
    public FsStats stats() {
        return new FsStats(cache.hits(), cache.misses(), appBytesRead, appBytesWritten, io.bytesRead(), io.bytesWritten(),
                journal.commits(), journal.journalBlocksWritten(), journal.commitNsTotal(), journal.commitNsMax(),
                journal.checkpoints(), writeback.throttledCalls(), cache.peakDirtyPlusWriteback(), writeback.limits().dirty,
                cache.evictions());
    }

    // ------------------------------------------------------------------ for tests and reports

    public ReiserLayout layout() {
        return layout;
    }

    public PageCache pageCache() {
        return cache;
    }

    public Writeback writeback() {
        return writeback;
    }

    /** The journal header block, then the log blocks in log order. */
    public long[] journalBlocks() {
        return layout.journal();
    }

    /** Page {@code index}'s unformatted block (-1 for a hole or a page kept in a tail). */
    public long blockOf(FsFile f, long index) {
        return ((ReiserInode) f).blockOf(index);
    }

    /** The leaf holding a file's stat data. */
    public long leafOf(FsFile f) {
        return tree.leafFor(((ReiserInode) f).statData()).block;
    }

    /** Whether the file's last page is kept in a direct item (a packed tail). */
    public boolean packed(FsFile f) {
        return ((ReiserInode) f).tail;
    }

    public long packingLocality(FsFile f) {
        return ((ReiserInode) f).dirId;
    }

    public Mapping mappingOf(FsFile f) {
        return ((ReiserInode) f).mapping;
    }

    public Mapping bdevMapping() {
        return bdev;
    }

    public boolean isAllocated(long block) {
        return bitmap.isUsed(block);
    }

    /** Every tree node's block. */
    public List<Long> treeNodes() {
        return tree.nodeBlocks();
    }

    public long metadataReads() {
        return meta.reads();
    }

    /** Per commit: start ns, end ns, blocks logged, ordered pages, journal blocks. */
    public List<long[]> commitLog() {
        return List.copyOf(journal.commitLog());
    }

    /** Per commit, the blocks it logged. */
    public List<List<Long>> loggedBlocks() {
        return List.copyOf(journal.loggedBlocks());
    }

    /** The transaction that last logged {@code f} has committed. */
    public boolean inodeCommitted(FsFile f) {
        return journal.committed(((ReiserInode) f).lastTid);
    }
}
