package io.iopath.fs.ext3;

import io.iopath.block.BioSink;
import io.iopath.fs.DurabilityLedger;
import io.iopath.fs.FileSystem;
import io.iopath.fs.FsConfig;
import io.iopath.fs.MountOptions;
import io.iopath.fs.FsFile;
import io.iopath.fs.FsPids;
import io.iopath.fs.FsPowerLoss;
import io.iopath.fs.FsStats;
import io.iopath.fs.OpenFile;
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
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * ext3 on a partition, freshly made by mke2fs and mounted (spec §3): the system calls of
 * {@link FileSystem} turned into the blocks each one reads, journals and dirties (§3.7), with the
 * page cache, pdflush and jbd turning that state into IO later. Metadata blocks are pages of the
 * block device's mapping: read synchronously when not cached, journaled in the running
 * transaction, then dirty at home after the commit.
 */
public final class Ext3 implements FileSystem {
    private static final long NS_PER_S = 1_000_000_000L;

    private final Simulator sim;
    private final FsConfig config;
    private final MountOptions options;
    private final FsPids pids;
    private final Ext3Layout layout;
    private final BlockAllocator blocks;
    private final InodeAllocator inodes;
    private final PageIo io;
    private final PageCache cache;
    private final Writeback writeback;
    private final BufferedRead reader;
    private final Mapping bdev = new Mapping("bdev", true);
    private final Set<Long> permanent = new HashSet<>();
    private final Jbd jbd;
    private final Map<Long, Ext3Inode> icache = new HashMap<>();
    /** The inode of each cached file's mapping (an address_space's host), for the write-back's inode events. */
    private final Map<Mapping, Ext3Inode> byMapping = new java.util.IdentityHashMap<>();
    private final Ext3Inode root;
    private final long[] journal;
    /** Data blocks an fsync has returned for, until they are written again (power-loss accounting). */
    private final DurabilityLedger durability;
    private long appBytesRead;
    private long appBytesWritten;
    private final MetaBuffers meta;

    /**
     * mke2fs and mount.
     *
     * @param deviceDone sees each bio of the file system and the page cache when it completes
     */
    public Ext3(Simulator sim, BioSink sink, FsConfig config, FsPids pids, LongSupplier ids, Consumer<Bio> deviceDone) {
        this.sim = sim;
        this.config = config;
        this.options = config.options();
        this.pids = pids;
        this.layout = new Ext3Layout(config.blocks());
        this.blocks = new BlockAllocator(layout);
        this.inodes = new InodeAllocator(layout, blocks, sim.randoms().stream("fs.ext3.orlov"));
        this.io = new PageIo(sim, sink, config.partitionOffset() / 512, ids, deviceDone);
        this.cache = new PageCache(config.vm(), io, pids.kswapd(), sim::now);
        this.writeback = new Writeback(sim, cache, sink, config.vm(), pids.pdflush());
        writeback.setSuperOps(new Writeback.SuperOps() {
            @Override
            public void inodeWritten(Mapping m) {
                // __sync_single_inode cleared I_DIRTY; ext3_write_inode without wait commits nothing, so
                // a later fsync of the unchanged inode starts no commit (2.6.32's i_sync_tid fixed that)
                Ext3Inode fi = byMapping.get(m);
                if (fi != null) {
                    fi.vfsDirty = 0;
                }
            }
        });
        this.reader = new BufferedRead(cache, io);
        mkfsMetadata();
        this.root = mkfsDirectory(Ext3Layout.ROOT_INO, 1, null);
        root.topDir = true;
        root.dir.insert(".", root.ino, 0);
        root.dir.insert("..", root.ino, 0);
        Ext3Inode lostFound = mkfsDirectory(Ext3Layout.FIRST_INO, 4, root); // mke2fs: lost+found of 16 KiB
        root.dir.insert("lost+found", lostFound.ino, 0);
        this.journal = mkfsJournal(layout.journalBlocks);
        this.durability = new DurabilityLedger(config.partitionOffset() / 512, journal);
        // mount: the super block and the group descriptors stay in memory (ext3_fill_super)
        pin(0);
        for (int i = 0; i < layout.gdtBlocks; i++) {
            pin(1 + i);
        }
        this.jbd = new Jbd(sim, cache, io, bdev, blocks, journal, options, pids.kjournald(), permanent);
        this.meta = new MetaBuffers(cache, io, bdev, jbd::journalMeta);
        writeback.start();
    }

    private void pin(long block) {
        permanent.add(block);
        Page p = cache.add(bdev, block, true, true);
        p.block = block;
        p.pinned = true;
    }

    private void mkfsMetadata() {
        for (int g = 0; g < layout.groups; g++) {
            long s = layout.groupStart(g);
            for (long b = s; b < layout.firstData(g) && b < layout.groupEnd(g); b++) {
                blocks.markUsed(b);
            }
        }
        for (long ino = 1; ino <= Ext3Layout.FIRST_INO; ino++) {
            inodes.markUsed(ino, ino == Ext3Layout.ROOT_INO || ino == Ext3Layout.FIRST_INO);
        }
    }

    private Ext3Inode mkfsDirectory(long ino, int nblocks, Ext3Inode parent) {
        Ext3Inode d = new Ext3Inode(ino, layout.groupOfInode(ino), true, new Mapping("dir" + ino, false));
        d.parent = parent;
        for (int i = 0; i < nblocks; i++) {
            long b = blocks.allocate(layout.firstData(0), null);
            d.map(i, b);
            d.dir.addBlock(b, i == 0 ? 24 : 0);
        }
        d.size = nblocks * 4096L;
        icache.put(ino, d);
        byMapping.put(d.mapping, d);
        return d;
    }

    /** The journal inode: the first free blocks from the start (pre-1.41.1 mke2fs), indirect blocks interleaved. */
    private long[] mkfsJournal(int n) {
        Ext3Inode j = new Ext3Inode(Ext3Layout.JOURNAL_INO, 0, false, new Mapping("journal", false));
        long[] phys = new long[n];
        long goal = layout.firstData(0);
        for (int i = 0; i < n; i++) {
            for (int k = Ext3Inode.newIndirectBlocks(i); k > 0; k--) {
                long ind = blocks.allocate(goal, null);
                goal = ind + 1; // the journal inode's indirect blocks: placed, never rewritten here
            }
            phys[i] = blocks.allocate(goal, null);
            goal = phys[i] + 1;
        }
        return phys;
    }

    /** The metadata blocks one call needs: uncached ones are read (sb_bread), and the call waits for all of them. */
    private MetaBuffers.Reads reads(int pid) {
        return meta.reads(pid);
    }

    // ------------------------------------------------------------------ namespace

    @Override
    public FsFile root() {
        return root;
    }

    @Override
    public FsFile lookupCached(FsFile dir, String name) {
        Directory.Entry e = ((Ext3Inode) dir).dir.entries.get(name);
        return e == null ? null : icache.get(e.ino());
    }

    private void lookup(MetaBuffers.Reads r, Ext3Inode d, String name) {
        for (int i : d.dir.lookupBlocks(name)) {
            r.need(d.dir.blocks.get(i));
        }
    }

    @Override
    public void create(FsFile dir, String name, int pid, Consumer<FsFile> done) {
        makeNode((Ext3Inode) dir, name, false, pid, done);
    }

    @Override
    public void mkdir(FsFile dir, String name, int pid, Consumer<FsFile> done) {
        makeNode((Ext3Inode) dir, name, true, pid, done);
    }

    private void makeNode(Ext3Inode d, String name, boolean directory, int pid, Consumer<FsFile> done) {
        if (d.dir.entries.containsKey(name)) {
            throw new IllegalStateException("'" + name + "' exists in " + d);
        }
        MetaBuffers.Reads lookup = reads(pid);
        lookup(lookup, d, name);
        lookup.need(layout.inodeBlock(d.ino));
        lookup.then(() -> jbd.startHandle(directory ? 12 : 8, pid, () -> {
            long tid = jbd.runningTid();
            MetaBuffers.Reads r = reads(pid);
            long ino = inodes.allocate(d.group, d.ino, directory, d.topDir);
            if (ino < 0) {
                throw new IllegalStateException("ext3: no free inode");
            }
            int g = layout.groupOfInode(ino);
            r.log(layout.inodeBitmap(g));
            r.log(layout.gdtBlock(g));
            long itb = layout.inodeBlock(ino);
            if (inodes.blockHasOtherInodes(ino)) {
                r.log(itb);
            } else {
                r.logFresh(itb); // __ext3_get_inode_loc: no other inode in use, the block is not read
            }
            Ext3Inode n = new Ext3Inode(ino, g, directory, new Mapping((directory ? "dir" : "ino") + ino, false));
            n.parent = d;
            if (directory) {
                long b = allocate(r, n, 0, pid, null);
                n.map(0, b);
                n.dir.addBlock(b, 24); // "." and ".."
                n.size = 4096;
                r.logFresh(b);
            }
            addEntry(r, d, name, ino, pid);
            r.log(layout.inodeBlock(d.ino));
            // ext3_new_inode and ext3_add_entry journal both inodes (ext3_mark_inode_dirty); the VFS bits
            // are set here as for any change of size or map (not checked against 2.6.18: an fsync of a
            // file created and not written commits, as it did before the bits were modelled)
            d.lastTid = tid;
            d.vfsDirty |= Ext3Inode.I_DIRTY_SYNC | Ext3Inode.I_DIRTY_DATASYNC;
            n.lastTid = tid;
            n.vfsDirty |= Ext3Inode.I_DIRTY_SYNC | Ext3Inode.I_DIRTY_DATASYNC;
            n.mtimeSecond = sim.now() / NS_PER_S;
            icache.put(ino, n);
            byMapping.put(n.mapping, n);
            r.then(() -> done.accept(n));
        }));
    }

    private void addEntry(MetaBuffers.Reads r, Ext3Inode d, String name, long ino, int pid) {
        int blk = d.dir.insertBlock(name);
        if (blk == -2 && config.dirIndex()) {
            long a = allocate(r, d, d.dir.blocks.size(), pid, null);
            d.map(d.dir.blocks.size(), a);
            long b = -1;
            if (!d.dir.indexed()) {
                b = allocate(r, d, d.dir.blocks.size() + 1, pid, null);
                d.map(d.dir.blocks.size() + 1, b);
            }
            for (int i : d.dir.split(name, a, b)) {
                r.logFresh(d.dir.blocks.get(i));
            }
            d.size = d.dir.blocks.size() * 4096L;
            blk = d.dir.insertBlock(name);
        }
        if (blk < 0) {
            int idx = d.dir.blocks.size();
            long b = allocate(r, d, idx, pid, null);
            d.map(idx, b);
            blk = d.dir.addBlock(b, 0);
            d.size = d.dir.blocks.size() * 4096L;
            r.logFresh(b);
        }
        r.log(d.dir.blocks.get(blk));
        d.dir.insert(name, ino, blk);
    }

    /** ext3_find_goal: after the file's last block, else near a lower mapped block, else the group start plus the writer's colour. */
    private long goal(Ext3Inode f, long index, int pid) {
        if (f.lastLogical == index - 1 && f.lastPhysical >= 0) {
            return f.lastPhysical + 1;
        }
        for (long i = Math.min(index - 1, f.blocks.length - 1); i >= 0; i--) {
            if (f.blocks[(int) i] >= 0) {
                return f.blocks[(int) i];
            }
        }
        long ind = f.indirectFor(index);
        if (ind >= 0) {
            return ind;
        }
        return layout.groupStart(f.group) + (long) (pid % 16) * (Ext3Layout.BLOCKS_PER_GROUP / 16);
    }

    /** One block for page {@code index} of {@code f} (or for an indirect block before it), journaling its bitmap and descriptor. */
    private long allocate(MetaBuffers.Reads r, Ext3Inode f, long index, int pid, BlockAllocator.Window window) {
        long b = blocks.allocate(goal(f, index, pid), window);
        if (b < 0) {
            throw new IllegalStateException("ext3: no free block");
        }
        int g = layout.groupOf(b);
        r.log(layout.blockBitmap(g));
        r.log(layout.gdtBlock(g));
        return b;
    }

    @Override
    public void open(FsFile dir, String name, boolean direct, int pid, Consumer<OpenFile> done) {
        Ext3Inode d = (Ext3Inode) dir;
        MetaBuffers.Reads r = reads(pid);
        lookup(r, d, name);
        r.then(() -> {
            Directory.Entry e = d.dir.entries.get(name);
            Ext3Inode f = e == null ? null : icache.get(e.ino());
            if (f == null) {
                done.accept(null);
                return;
            }
            f.openCount++;
            done.accept(new OpenFile(f, direct));
        });
    }

    @Override
    public void close(OpenFile f, int pid, Runnable done) {
        Ext3Inode fi = (Ext3Inode) f.file;
        if (--fi.openCount <= 0) {
            fi.openCount = 0;
            blocks.discard(fi.window); // ext3_release_file
        }
        done.run();
    }

    @Override
    public void unlink(FsFile dir, String name, int pid, Runnable done) {
        Ext3Inode d = (Ext3Inode) dir;
        Directory.Entry e = d.dir.entries.get(name);
        if (e == null) {
            done.run();
            return;
        }
        Ext3Inode f = icache.get(e.ino());
        MetaBuffers.Reads lookup = reads(pid);
        lookup(lookup, d, name);
        lookup.need(layout.inodeBlock(d.ino));
        lookup.need(layout.inodeBlock(f.ino));
        lookup.then(() -> jbd.startHandle(10, pid, () -> {
            long tid = jbd.runningTid();
            MetaBuffers.Reads r = reads(pid);
            r.log(d.dir.blocks.get(d.dir.entries.get(name).block()));
            d.dir.remove(name);
            r.log(layout.inodeBlock(d.ino));
            r.log(layout.inodeBlock(f.ino));
            r.log(0); // the orphan list lives in the super block
            Set<Integer> groups = new LinkedHashSet<>();
            List<Long> freed = new ArrayList<>();
            for (long b : f.blocks) {
                if (b >= 0) {
                    freed.add(b);
                }
            }
            for (long b : f.indirect) {
                if (b >= 0) {
                    freed.add(b);
                }
            }
            for (long b : freed) {
                blocks.free(b);
                jbd.freed(b);
                groups.add(layout.groupOf(b));
            }
            for (int g : groups) {
                r.log(layout.blockBitmap(g));
                r.log(layout.gdtBlock(g));
            }
            int g = layout.groupOfInode(f.ino);
            inodes.free(f.ino, f.directory);
            r.log(layout.inodeBitmap(g));
            r.log(layout.gdtBlock(g));
            for (Page p : f.mapping.pages()) {
                jbd.forget(p);
            }
            cache.removeAll(f.mapping);
            f.deleted = true;
            blocks.discard(f.window);
            icache.remove(f.ino);
            byMapping.remove(f.mapping);
            d.lastTid = tid;
            d.vfsDirty |= Ext3Inode.I_DIRTY_SYNC | Ext3Inode.I_DIRTY_DATASYNC;
            r.then(done);
        }));
    }

    // ------------------------------------------------------------------ data

    @Override
    public void read(OpenFile f, long offset, long length, int pid, Runnable done) {
        Ext3Inode fi = (Ext3Inode) f.file;
        if (offset >= fi.size || length <= 0) {
            done.run();
            return;
        }
        long len = Math.min(length, fi.size - offset);
        reader.read(fi.mapping, fi, f.readAhead, offset, len, pid, () -> {
            appBytesRead += len;
            touchAtime(fi, pid, done);
        });
    }

    /** touch_atime → ext3_dirty_inode: the inode-table block is journaled when the second changed (unless noatime). */
    private void touchAtime(Ext3Inode fi, int pid, Runnable done) {
        long second = sim.now() / NS_PER_S;
        if (!options.atime() || second == fi.atimeSecond) {
            done.run();
            return;
        }
        fi.atimeSecond = second;
        jbd.startHandle(1, pid, () -> {
            MetaBuffers.Reads r = reads(pid);
            r.log(layout.inodeBlock(fi.ino));
            fi.lastTid = jbd.runningTid();
            fi.vfsDirty |= Ext3Inode.I_DIRTY_SYNC; // mark_inode_dirty_sync
            r.then(done);
        });
    }

    /**
     * file_update_time (fs/inode.c), called by every write(2) before its data, O_DIRECT too: mtime
     * and ctime move to the current second, and only a change dirties the inode
     * (mark_inode_dirty_sync → ext3_dirty_inode journals it). Overwrites within one second leave
     * it clean, so their fsync starts no commit (ext3_sync_file). Returns whether it changed.
     */
    private boolean fileUpdateTime(Ext3Inode fi) {
        long second = sim.now() / NS_PER_S;
        if (second == fi.mtimeSecond) {
            return false;
        }
        fi.mtimeSecond = second;
        fi.vfsDirty |= Ext3Inode.I_DIRTY_SYNC;
        return true;
    }

    @Override
    public void write(OpenFile f, long offset, long length, int pid, Runnable done) {
        write(f, offset, length, pid, () -> { }, done);
    }

    /**
     * write(), telling {@code dirtied} the moment its pages are dirty in the page cache (after any
     * read it needed and its journal handle), before balance_dirty_pages may block the caller: a
     * write-back started after that carries the data (a virtual disk's durability account).
     */
    public void write(OpenFile f, long offset, long length, int pid, Runnable dirtied, Runnable done) {
        Ext3Inode fi = (Ext3Inode) f.file;
        if (length <= 0) {
            done.run();
            return;
        }
        long first = offset / 4096;
        long last = (offset + length - 1) / 4096;
        MetaBuffers.Reads pre = reads(pid);
        // block_prepare_write: a partly written block that exists on disk and is not cached is read first
        rmw(pre, fi, first, offset, length, pid);
        if (last != first) {
            rmw(pre, fi, last, offset, length, pid);
        }
        pre.need(layout.inodeBlock(fi.ino));
        int credits = (int) Math.min(64, last - first + 1) * 2 + 4;
        pre.then(() -> jbd.startHandle(credits, pid, () -> {
            long tid = jbd.runningTid();
            boolean timesChanged = fileUpdateTime(fi);
            MetaBuffers.Reads r = reads(pid);
            int newlyDirty = 0;
            boolean allocated = false;
            for (long p = first; p <= last; p++) {
                Page page = cache.find(fi.mapping, p);
                if (page == null) {
                    page = cache.add(fi.mapping, p, true, false);
                } else if (!page.uptodate()) {
                    r.waitFor(page);
                }
                if (fi.blockOf(p) < 0) {
                    // ext3_alloc_branch: missing indirect blocks first, then the data block
                    for (int slot : Ext3Inode.slotsFor(p)) {
                        if (fi.indirectSlot(slot) < 0) {
                            long ind = allocate(r, fi, p, pid, null);
                            fi.setIndirect(slot, ind);
                            r.logFresh(ind);
                        }
                    }
                    long b = allocate(r, fi, p, pid, options.reservation() ? fi.window : null);
                    fi.map(p, b);
                    if (p >= Ext3Inode.DIRECT) {
                        r.log(fi.indirectFor(p));
                    }
                    allocated = true;
                }
                page.block = fi.blockOf(p);
                durability.rewritten(page.block); // new data: not promised until the next fsync
                if (options.data() == MountOptions.DataMode.JOURNAL) {
                    jbd.journalData(page);
                } else {
                    if (!page.dirty()) {
                        newlyDirty++;
                    }
                    cache.markDirty(page);
                    if (options.data() == MountOptions.DataMode.ORDERED) {
                        jbd.addOrdered(page);
                    }
                }
                cache.markAccessed(page);
            }
            boolean grew = offset + length > fi.size;
            if (grew) {
                fi.size = offset + length;
            }
            if (allocated || grew) {
                // DQUOT_ALLOC_BLOCK and generic_commit_write's i_size: mark_inode_dirty
                fi.vfsDirty |= Ext3Inode.I_DIRTY_SYNC | Ext3Inode.I_DIRTY_DATASYNC;
            }
            if (timesChanged || allocated || grew) {
                r.log(layout.inodeBlock(fi.ino)); // ext3_dirty_inode
                fi.lastTid = tid;
            }
            appBytesWritten += length;
            int newly = newlyDirty;
            r.then(() -> {
                dirtied.run();
                writeback.pagesDirtied(pid, newly, done);
            });
        }));
    }

    private void rmw(MetaBuffers.Reads pre, Ext3Inode fi, long page, long offset, long length, int pid) {
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
        Ext3Inode fi = (Ext3Inode) f.file;
        Runnable transfer = () -> writeback.flushForDirectIo(fi.mapping, pid, () -> io.direct(fi, op, offset, length, pid, () -> {
            if (op == Op.READ) {
                appBytesRead += length;
            } else {
                appBytesWritten += length;
            }
            done.run();
        }));
        if (op != Op.WRITE) {
            transfer.run();
            return;
        }
        durability.directWrite(fi, offset, length);
        if (!fileUpdateTime(fi)) {
            transfer.run();
            return;
        }
        // __generic_file_aio_write_nolock: file_update_time before generic_file_direct_write; its
        // ext3_dirty_inode journals the inode in a handle of its own
        MetaBuffers.Reads pre = reads(pid);
        pre.need(layout.inodeBlock(fi.ino));
        pre.then(() -> jbd.startHandle(1, pid, () -> {
            MetaBuffers.Reads r = reads(pid);
            r.log(layout.inodeBlock(fi.ino));
            fi.lastTid = jbd.runningTid();
            r.then(transfer);
        }));
    }

    /**
     * ftruncate (fs/ext3/inode.c {@code ext3_setattr}, then fs/attr.c {@code inode_setattr} →
     * mm/memory.c {@code vmtruncate} → {@code ext3_truncate}). The same size changes only the
     * timestamps (inode_setattr calls vmtruncate only for another size): the inode block is
     * journaled. Otherwise vmtruncate sets i_size and, shrinking, drops the pages past it
     * ({@code truncate_inode_pages}: dirty ones never written, their ordered buffers forgotten by
     * {@code journal_invalidatepage}, pages under IO waited for); then ext3_truncate runs in one
     * handle, growing as well as shrinking: {@code ext3_orphan_add} and {@code ext3_orphan_del}
     * journal the super block (s_last_orphan) and the inode; the data blocks past the size are
     * freed ({@code ext3_free_data}) with their bitmap and group descriptor, the indirect blocks
     * whose pointers left of the cut are all zero are freed whole ({@code ext3_find_shared},
     * {@code ext3_free_branches}, each read first with {@code sb_bread}), the surviving indirect
     * block on the cut's path is journaled ({@code ext3_free_data} with its buffer), so is a
     * surviving double-indirect block a child was cut from; the reservation window goes
     * ({@code ext3_discard_reservation}). Freed blocks are reusable after the commit. Revoke
     * records are not modelled (as for unlink).
     */
    @Override
    public void truncate(OpenFile f, long size, int pid, Runnable done) {
        Ext3Inode fi = (Ext3Inode) f.file;
        MetaBuffers.Reads pre = reads(pid);
        pre.need(layout.inodeBlock(fi.ino));
        if (size == fi.size) {
            pre.then(() -> jbd.startHandle(1, pid, () -> {
                MetaBuffers.Reads r = reads(pid);
                r.log(layout.inodeBlock(fi.ino)); // mark_inode_dirty: mtime and ctime
                fi.lastTid = jbd.runningTid();
                fi.vfsDirty |= Ext3Inode.I_DIRTY_SYNC | Ext3Inode.I_DIRTY_DATASYNC;
                fi.mtimeSecond = sim.now() / NS_PER_S;
                r.then(done);
            }));
            return;
        }
        long keep = (size + 4095) / 4096;
        List<Page> busy = List.of();
        if (size < fi.size) {
            for (Page p : fi.mapping.pagesFrom(keep)) {
                jbd.forget(p);
            }
            busy = cache.truncateFrom(fi.mapping, keep);
        }
        fi.size = size;
        List<Integer> freedSlots = new ArrayList<>();
        List<Integer> loggedSlots = new ArrayList<>();
        cutIndirect(fi, keep, freedSlots, loggedSlots);
        for (int slot : freedSlots) {
            pre.need(fi.indirectSlot(slot));
        }
        for (int slot : loggedSlots) {
            pre.need(fi.indirectSlot(slot));
        }
        List<Page> waits = busy;
        // blocks_for_truncate: the file's blocks, 2 to EXT3_MAX_TRANS_DATA (64), plus a data
        // transaction's 8 (the handle is extended as the truncate goes, try_to_extend_transaction)
        int credits = (int) Math.min(64, Math.max(2, fi.mappedBlocks + fi.indirect.length)) + 8;
        pre.then(() -> PageCache.afterIo(waits, () -> jbd.startHandle(credits, pid, () -> {
            long tid = jbd.runningTid();
            MetaBuffers.Reads r = reads(pid);
            r.log(0); // ext3_orphan_add / ext3_orphan_del: the super block's s_last_orphan
            r.log(layout.inodeBlock(fi.ino));
            Set<Integer> groups = new LinkedHashSet<>();
            for (long p = keep; p < fi.blocks.length; p++) {
                long b = fi.blockOf(p);
                if (b >= 0) {
                    freeBlock(b, groups);
                    fi.unmap(p);
                }
            }
            for (int slot : loggedSlots) {
                r.log(fi.indirectSlot(slot));
            }
            for (int slot : freedSlots) {
                long ind = fi.indirectSlot(slot);
                freeBlock(ind, groups);
                fi.setIndirect(slot, -1);
                // ext3_forget → journal_forget / journal_revoke (__bforget): the freed indirect
                // block's buffer is clean and never written home (revoke records not modelled)
                Page home = cache.find(bdev, ind);
                if (home != null) {
                    cache.remove(home);
                }
            }
            for (int g : groups) {
                r.log(layout.blockBitmap(g));
                r.log(layout.gdtBlock(g));
            }
            blocks.discard(fi.window);
            fi.lastTid = tid;
            fi.vfsDirty |= Ext3Inode.I_DIRTY_SYNC | Ext3Inode.I_DIRTY_DATASYNC; // inode_setattr: mark_inode_dirty
            fi.mtimeSecond = sim.now() / NS_PER_S;
            r.then(done);
        })));
    }

    /**
     * Which indirect blocks a truncate to {@code keep} pages frees (those with no surviving
     * pointer left of the cut: no mapped page below {@code keep} under them) and which surviving
     * ones it journals (the single-indirect block holding page {@code keep}'s pointer; a
     * double-indirect block a child is cut from).
     */
    private static void cutIndirect(Ext3Inode fi, long keep, List<Integer> freed, List<Integer> logged) {
        boolean childFreed = false;
        boolean childKept = false;
        for (int slot = 2; slot < fi.indirect.length; slot++) {
            if (fi.indirect[slot] < 0) {
                continue;
            }
            long[] range = Ext3Inode.slotRange(slot);
            if (!fi.anyMapped(range[0], Math.min(keep, range[1]))) {
                freed.add(slot);
                childFreed = true;
            } else {
                childKept = true;
                if (keep < range[1]) {
                    logged.add(slot);
                }
            }
        }
        if (fi.indirectSlot(1) >= 0) {
            if (!childKept) {
                freed.add(1);
            } else if (childFreed) {
                logged.add(1);
            }
        }
        if (fi.indirectSlot(0) >= 0) {
            long[] range = Ext3Inode.slotRange(0);
            if (!fi.anyMapped(range[0], Math.min(keep, range[1]))) {
                freed.add(0);
            } else if (keep < range[1]) {
                logged.add(0);
            }
        }
    }

    /** ext3_free_blocks: the bit clears; the block is allocatable after this transaction commits; no longer promised durable. */
    private void freeBlock(long b, Set<Integer> groups) {
        blocks.free(b);
        jbd.freed(b);
        durability.rewritten(b);
        groups.add(layout.groupOf(b));
    }

    @Override
    public void fsync(OpenFile f, boolean datasync, int pid, Runnable done) {
        Ext3Inode fi = (Ext3Inode) f.file;
        // filemap_fdatawrite, ->fsync, filemap_fdatawait (do_fsync)
        writeback.writeDirty(fi.mapping, pid, 0);
        Runnable fdatawait = () -> writeback.waitWriteback(fi.mapping, () -> {
            for (long b : fi.blocks) {
                if (b >= 0) {
                    durability.fsynced(b);
                }
            }
            done.run();
        });
        if (options.data() == MountOptions.DataMode.JOURNAL) {
            forceCommit(pid, fdatawait); // ext3_sync_file: the data is in the journal
            return;
        }
        int needed = datasync ? Ext3Inode.I_DIRTY_DATASYNC : Ext3Inode.I_DIRTY_SYNC | Ext3Inode.I_DIRTY_DATASYNC;
        if ((fi.vfsDirty & needed) == 0) {
            // ext3_sync_file: "If the inode is unaltered then we need not start a commit" (and 2.6.18
            // sends no flush of its own: with the drive's write cache on, the data may be only there)
            fdatawait.run();
            return;
        }
        fi.vfsDirty = 0; // sync_inode → __sync_single_inode clears I_DIRTY, then ext3_write_inode(wait)
        forceCommit(pid, fdatawait);
    }

    /**
     * ext3_force_commit → journal_force_commit: a handle joins the running transaction (a new,
     * possibly empty one) and, synchronous, commits it and waits: a commit block, with barrier=1 a
     * barrier, even when the inode's own transaction had committed already.
     */
    private void forceCommit(int pid, Runnable then) {
        jbd.startHandle(1, pid, () -> jbd.waitCommit(jbd.runningTid(), then)); // log_start_commit: kjournald commits
    }

    @Override
    public void sync(int pid, Runnable done) {
        writeback.writeAll(pid);
        jbd.forceCommit(() -> {
            writeback.writeAll(pid); // the metadata the commit left dirty at home
            List<Mapping> all = new ArrayList<>();
            all.add(bdev);
            for (Ext3Inode i : icache.values()) {
                all.add(i.mapping);
            }
            waitAll(all, 0, done);
        });
    }

    private void waitAll(List<Mapping> ms, int i, Runnable done) {
        if (i == ms.size()) {
            done.run();
            return;
        }
        writeback.waitWriteback(ms.get(i), () -> waitAll(ms, i + 1, done));
    }

    /**
     * Power fails now: the page cache is gone, and so are the writes the drive held only in its
     * cache, given as partition-independent sector ranges {@code lost[i] = {sector, sectors}}.
     */
    @Override
    public boolean barriers() {
        return options.barrier();
    }

    @Override
    public FsPowerLoss powerFail(List<long[]> lost) {
        List<Mapping> files = new ArrayList<>();
        for (Ext3Inode i : icache.values()) {
            files.add(i.mapping);
        }
        io.iopath.fs.journal.LostWrites lostWrites = new io.iopath.fs.journal.LostWrites(lost);
        FsPowerLoss loss = durability.powerFail(files, lost, jbd.replayableData(lostWrites))
                .withJournal(jbd.consistencyAt(lostWrites));
        writeback.stop();
        return loss;
    }

    /**
     * A regular file in the root directory that existed before the run, written in full (a VM
     * image made by {@code qemu-img create} and filled, or fallocate'd): its blocks are allocated
     * contiguously from the first data block of the root's group, its metadata is on disk and
     * nothing of it is cached. No IO; the journal knows nothing of it. Up to 4 GiB (no triple
     * indirect blocks here).
     */
    public FsFile preallocate(String name, long size) {
        if (root.dir.entries.containsKey(name)) {
            throw new IllegalStateException("'" + name + "' exists in " + root);
        }
        long pages = (size + 4095) / 4096;
        if (pages > Ext3Inode.DIRECT + Ext3Inode.PER_INDIRECT + (long) Ext3Inode.PER_INDIRECT * Ext3Inode.PER_INDIRECT) {
            throw new IllegalArgumentException("a file of " + size + " bytes needs triple indirect blocks (not modelled: up to 4 GiB)");
        }
        long ino = inodes.allocate(root.group, root.ino, false, root.topDir);
        if (ino < 0) {
            throw new IllegalStateException("ext3: no free inode");
        }
        Ext3Inode f = new Ext3Inode(ino, layout.groupOfInode(ino), false, new Mapping("ino" + ino, false));
        f.parent = root;
        long goal = layout.firstData(f.group);
        for (long i = 0; i < pages; i++) {
            for (int slot : Ext3Inode.slotsFor(i)) {
                if (f.indirectSlot(slot) < 0) {
                    long ind = blocks.allocate(goal, null);
                    f.setIndirect(slot, ind);
                    goal = ind + 1;
                }
            }
            long b = blocks.allocate(goal, null);
            if (b < 0) {
                throw new IllegalStateException("ext3: no room for a file of " + size + " bytes");
            }
            f.map(i, b);
            goal = b + 1;
        }
        f.size = size;
        icache.put(ino, f);
        byMapping.put(f.mapping, f);
        int blk = root.dir.insertBlock(name);
        if (blk < 0) {
            throw new IllegalStateException("ext3: the root directory's first block is full");
        }
        root.dir.insert(name, ino, blk);
        return f;
    }

    /** The drive sector holding byte {@code offset} of {@code f} (which must be mapped there). */
    public long driveSectorOf(FsFile f, long offset) {
        long b = ((Ext3Inode) f).blockOf(offset / 4096);
        if (b < 0) {
            throw new IllegalStateException("no block at offset " + offset + " of " + f);
        }
        return config.partitionOffset() / 512 + b * PageIo.BLOCK_SECTORS + (offset % 4096) / 512;
    }

    @Override
    public void invalidate(FsFile f) {
        cache.invalidateClean(((Ext3Inode) f).mapping);
    }

    @Override
    public void unmount() {
        writeback.stop();
    }

    @Override
    public FsStats stats() {
        return new FsStats(cache.hits(), cache.misses(), appBytesRead, appBytesWritten, io.bytesRead(), io.bytesWritten(),
                jbd.commits(), jbd.journalBlocksWritten(), jbd.commitNsTotal(), jbd.commitNsMax(), jbd.checkpoints(),
                writeback.throttledCalls(), cache.peakDirtyPlusWriteback(), writeback.limits().dirty, cache.evictions());
    }

    // ------------------------------------------------------------------ for tests and reports

    public Ext3Layout layout() {
        return layout;
    }

    public PageCache pageCache() {
        return cache;
    }

    public Writeback writeback() {
        return writeback;
    }

    public BlockAllocator blockAllocator() {
        return blocks;
    }

    /** Physical blocks of the journal, in log order (block 0 is the journal super block). */
    public long[] journalBlocks() {
        return journal.clone();
    }

    /** The indirect and double-indirect blocks a file holds. */
    public int indirectBlocks(FsFile f) {
        int n = 0;
        for (long b : ((Ext3Inode) f).indirect) {
            if (b >= 0) {
                n++;
            }
        }
        return n;
    }

    /** Page {@code index} of a file's block map (-1 for a hole). */
    public long blockOf(FsFile f, long index) {
        return ((Ext3Inode) f).blockOf(index);
    }

    public Mapping mappingOf(FsFile f) {
        return ((Ext3Inode) f).mapping;
    }

    public Mapping bdevMapping() {
        return bdev;
    }

    public long metadataReads() {
        return meta.reads();
    }

    /** Per commit: start ns, end ns, metadata blocks, ordered pages, journal blocks. */
    public List<long[]> commitLog() {
        return List.copyOf(jbd.commitLog());
    }

    /** The transaction that last journaled {@code f} has committed (fsync has nothing to wait for). */
    public boolean inodeCommitted(FsFile f) {
        return jbd.committed(((Ext3Inode) f).lastTid);
    }

    /** The VFS holds {@code f}'s inode dirty: its next fsync commits (ext3_sync_file). */
    public boolean inodeDirty(FsFile f) {
        return ((Ext3Inode) f).vfsDirty != 0;
    }

    public int groupOf(FsFile f) {
        return ((Ext3Inode) f).group;
    }
}
