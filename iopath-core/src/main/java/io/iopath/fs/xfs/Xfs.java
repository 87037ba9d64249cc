package io.iopath.fs.xfs;

import io.iopath.block.BioSink;
import io.iopath.fs.DurabilityLedger;
import io.iopath.fs.FileSystem;
import io.iopath.fs.FsConfig;
import io.iopath.fs.FsFile;
import io.iopath.fs.FsPids;
import io.iopath.fs.FsPowerLoss;
import io.iopath.fs.FsStats;
import io.iopath.fs.OpenFile;
import io.iopath.fs.XfsOptions;
import io.iopath.fs.pagecache.BufferedRead;
import io.iopath.fs.pagecache.Mapping;
import io.iopath.fs.pagecache.Page;
import io.iopath.fs.pagecache.PageCache;
import io.iopath.fs.pagecache.PageIo;
import io.iopath.fs.pagecache.Writeback;
import io.iopath.request.Bio;
import io.iopath.request.Op;
import io.iopath.sim.Simulator;
import io.iopath.sim.Timer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * XFS on a partition, made by mkfs.xfs of the era and mounted with the 2.6.18–2.6.20 defaults
 * (spec §5): allocation groups with their headers and B+tree roots, 64-inode chunks, v2
 * directories, delayed allocation (write() reserves, pdflush's write-back allocates and logs the
 * extent, a file deleted first costs no data IO at all), metadata in XFS's own buffer cache
 * written home by xfsbufd, and the log of in-core log buffers, each write a barrier by default.
 * What each call reads and logs is the table of §5.8.
 */
public final class Xfs implements FileSystem {
    private static final long NS_PER_S = 1_000_000_000L;
    /** xfssyncd_centisecs 3000, xfsbufd_centisecs 100, age_buffer_centisecs 1500. */
    static final long SYNCD_NS = 30 * NS_PER_S;
    static final long BUFD_NS = NS_PER_S;
    static final long BUF_AGE_NS = 15 * NS_PER_S;
    /** Logged bytes of an inode core with its fork (xfs_icdinode and a small extent list). */
    static final int CORE_BYTES = 176;

    private final Simulator sim;
    private final XfsOptions options;
    private final XfsGeometry geo;
    private final XfsSpace space;
    private final XfsInodes inodes;
    private final PageIo io;
    private final PageCache cache;
    private final Writeback writeback;
    private final BufferedRead reader;
    private final XfsBuffers buffers;
    private final XfsLog log;
    private final int daemonPid;
    private final Timer xfssyncd;
    private final Map<Long, XfsInode> icache = new HashMap<>();
    private final LinkedHashSet<XfsInode> dirtyCores = new LinkedHashSet<>();
    private final XfsInode root;
    private final DurabilityLedger durability;
    private final long[] logBlocks;
    private long appBytesRead;
    private long appBytesWritten;

    /** mkfs.xfs and mount. */
    public Xfs(Simulator sim, BioSink sink, FsConfig config, FsPids pids, LongSupplier ids, Consumer<Bio> deviceDone) {
        this.sim = sim;
        this.options = config.xfsOptions();
        this.geo = new XfsGeometry(config.blocks());
        this.space = new XfsSpace(geo);
        for (int a = 0; a < geo.agCount; a++) {
            for (long b = geo.agStart(a); b < geo.agStart(a) + XfsGeometry.PREALLOC_BLOCKS && b < geo.agEnd(a); b++) {
                space.markUsed(b);
            }
        }
        this.logBlocks = new long[(int) geo.logBlocks];
        for (int i = 0; i < geo.logBlocks; i++) {
            logBlocks[i] = geo.logStart + i;
            if (!space.isUsed(logBlocks[i])) {
                space.markUsed(logBlocks[i]); // the log AG's free-list reserve is where the log begins
            }
        }
        this.inodes = new XfsInodes(geo, space);
        this.io = new PageIo(sim, sink, config.partitionOffset() / 512, ids, deviceDone);
        this.cache = new PageCache(config.vm(), io, pids.kswapd(), sim::now);
        this.writeback = new Writeback(sim, cache, sink, config.vm(), pids.pdflush());
        this.reader = new BufferedRead(cache, io);
        this.daemonPid = pids.kjournald();
        this.buffers = new XfsBuffers(sim, io, pids.xfsbufd(), BUFD_NS, BUF_AGE_NS);
        this.log = new XfsLog(sim, io, buffers, space, geo, options.logBufs(), options.logBsize(), options.barrier(), daemonPid);
        long rootIno = inodes.mkfsRootChunk();
        this.root = newInode(rootIno, true);
        buffers.fresh(geo.clusterOfInode(rootIno), XfsGeometry.CLUSTER_BLOCKS); // read at mount (xfs_mountfs)
        this.durability = new DurabilityLedger(config.partitionOffset() / 512, logBlocks);
        this.xfssyncd = sim.timer("xfssyncd", this::xfssyncd);
        xfssyncd.scheduleAfter(SYNCD_NS);
        buffers.start();
        writeback.start();
    }

    private XfsInode newInode(long ino, boolean directory) {
        XfsInode n = new XfsInode(ino, geo.agOfInode(ino), directory);
        if (!directory) {
            n.mapping.delalloc = (p, pid) -> allocateAtWriteback(n, p, pid);
        }
        icache.put(ino, n);
        return n;
    }

    // ------------------------------------------------------------------ buffers of one call

    private XfsBuffers.Buf cluster(XfsInode i) {
        return buffers.block(geo.clusterOfInode(i.ino), XfsGeometry.CLUSTER_BLOCKS);
    }

    private XfsBuffers.Buf agi(int ag) {
        return buffers.get(geo.agiSector(ag), 1);
    }

    private XfsBuffers.Buf agf(int ag) {
        return buffers.get(geo.agfSector(ag), 1);
    }

    private XfsBuffers.Buf superBlock() {
        return buffers.get(0, 1);
    }

    private XfsBuffers.Buf block(long b) {
        return buffers.block(b, 1);
    }

    /** The buffers a directory lookup of {@code name} reads: the name's leaf and the data block holding it (none while shortform). */
    private void lookup(XfsInode d, String name, List<XfsBuffers.Buf> need) {
        if (d.dir.shortform()) {
            return;
        }
        need.add(block(d.dir.leafBlocks.get(d.dir.leafOf(name))));
        XfsDirectory.Entry e = d.dir.entries.get(name);
        need.add(block(d.dir.dataBlocks.get(e != null ? e.dataBlock() : d.dir.dataBlocks.size() - 1)));
    }

    private void read(List<XfsBuffers.Buf> need, int pid, Runnable then) {
        List<XfsBuffers.Buf> waits = new ArrayList<>();
        for (XfsBuffers.Buf b : need) {
            buffers.need(b, pid, waits);
        }
        XfsBuffers.whenUptodate(waits, then);
    }

    /** xfs_alloc_vextent for metadata or data: {@code n} blocks near {@code goal}; the AGF and both free-space B+tree roots are logged. */
    private long allocate(XfsLog.Tx tx, long goal, int n, int[] len) {
        long b = space.allocateExtent(goal, n, len);
        if (b < 0) {
            throw new IllegalStateException("xfs: no free space");
        }
        int ag = geo.agOf(b);
        tx.log(agf(ag), 64).log(block(geo.bnoRoot(ag)), 64).log(block(geo.cntRoot(ag)), 64);
        return b;
    }

    // ------------------------------------------------------------------ namespace

    @Override
    public FsFile root() {
        return root;
    }

    @Override
    public FsFile lookupCached(FsFile dir, String name) {
        XfsDirectory.Entry e = ((XfsInode) dir).dir.entries.get(name);
        return e == null ? null : e.inode();
    }

    @Override
    public void create(FsFile dir, String name, int pid, Consumer<FsFile> done) {
        makeNode((XfsInode) dir, name, false, pid, done);
    }

    @Override
    public void mkdir(FsFile dir, String name, int pid, Consumer<FsFile> done) {
        makeNode((XfsInode) dir, name, true, pid, done);
    }

    private void makeNode(XfsInode d, String name, boolean directory, int pid, Consumer<FsFile> done) {
        if (d.dir.entries.containsKey(name)) {
            throw new IllegalStateException("'" + name + "' exists in " + d);
        }
        List<XfsBuffers.Buf> need = new ArrayList<>();
        lookup(d, name, need);
        need.add(agi(d.ag));
        need.add(block(geo.inoRoot(d.ag)));
        read(need, pid, () -> {
            XfsLog.Tx tx = new XfsLog.Tx();
            XfsInodes.Allocated a = inodes.allocate(d.ag, directory);
            int ag = geo.agOfInode(a.ino());
            List<XfsBuffers.Buf> more = new ArrayList<>();
            if (a.newChunk() >= 0) {
                // xfs_ialloc_ag_alloc: the chunk's 64 inodes initialised in memory and logged
                tx.log(agf(ag), 64).log(block(geo.bnoRoot(ag)), 64).log(block(geo.cntRoot(ag)), 64);
                for (int c = 0; c < XfsGeometry.CHUNK_BLOCKS; c += XfsGeometry.CLUSTER_BLOCKS) {
                    tx.log(buffers.fresh(a.newChunk() + c, XfsGeometry.CLUSTER_BLOCKS), XfsGeometry.INODES_PER_CHUNK / 2 * 96);
                }
            }
            XfsInode n = newInode(a.ino(), directory);
            n.parent = d;
            XfsBuffers.Buf cl = cluster(n);
            more.add(cl);
            more.add(agi(ag));
            more.add(block(geo.inoRoot(ag)));
            read(more, pid, () -> {
                tx.log(cl, CORE_BYTES).log(agi(ag), 64).log(block(geo.inoRoot(ag)), 64).log(superBlock(), 64);
                addEntry(tx, d, name, n);
                tx.log(cluster(d), CORE_BYTES);
                log.commit(tx, pid, lsn -> {
                    n.lastLsn = lsn;
                    d.lastLsn = lsn;
                    done.accept(n);
                });
            });
        });
    }

    /** xfs_dir_createname: the entry goes inline, or into a data block with room, its hash leaf, the free index. */
    private void addEntry(XfsLog.Tx tx, XfsInode d, String name, XfsInode n) {
        XfsDirectory dir = d.dir;
        if (dir.shortform() && dir.shortformBytes + XfsDirectory.sfEntsize(name) <= XfsDirectory.SHORTFORM_BYTES) {
            dir.shortformBytes += XfsDirectory.sfEntsize(name);
            dir.entries.put(name, new XfsDirectory.Entry(n, -1));
            return;
        }
        long goal = geo.blockOfInode(d.ino);
        int[] len = {1};
        if (dir.shortform()) {
            // shortform to leaf form: a data block holding the inline entries and a hash leaf
            long data = allocate(tx, goal, 1, len);
            dir.dataBlocks.add(data);
            dir.used.add(dir.shortformBytes * 2);
            long leaf = allocate(tx, data + 1, 1, len);
            dir.leafBlocks.add(leaf);
            tx.log(buffers.fresh(data, 1), 4096).log(buffers.fresh(leaf, 1), 4096);
            for (Map.Entry<String, XfsDirectory.Entry> e : dir.entries.entrySet()) {
                e.setValue(new XfsDirectory.Entry(e.getValue().inode(), 0));
            }
        }
        int blk = dir.dataBlockFor(name);
        if (blk < 0) {
            long data = allocate(tx, dir.dataBlocks.get(dir.dataBlocks.size() - 1) + 1, 1, len);
            dir.dataBlocks.add(data);
            dir.used.add(0);
            blk = dir.dataBlocks.size() - 1;
            tx.log(buffers.fresh(data, 1), 64);
            if (dir.freeIndex < 0) {
                dir.freeIndex = allocate(tx, data + 1, 1, len);
                tx.log(buffers.fresh(dir.freeIndex, 1), 64);
            }
        }
        if (dir.leavesNeeded(dir.entries.size() + 1) > dir.leafBlocks.size()) {
            long leaf = allocate(tx, dir.leafBlocks.get(dir.leafBlocks.size() - 1) + 1, 1, len);
            dir.leafBlocks.add(leaf);
            tx.log(buffers.fresh(leaf, 1), 2048); // half the entries move to the new leaf
        }
        dir.used.set(blk, dir.used.get(blk) + XfsDirectory.entsize(name));
        dir.entries.put(name, new XfsDirectory.Entry(n, blk));
        tx.log(block(dir.dataBlocks.get(blk)), XfsDirectory.entsize(name) + 16);
        tx.log(block(dir.leafBlocks.get(dir.leafOf(name))), 16);
        if (dir.freeIndex >= 0) {
            tx.log(block(dir.freeIndex), 8);
        }
    }

    @Override
    public void open(FsFile dir, String name, boolean direct, int pid, Consumer<OpenFile> done) {
        XfsInode d = (XfsInode) dir;
        List<XfsBuffers.Buf> need = new ArrayList<>();
        lookup(d, name, need);
        read(need, pid, () -> {
            XfsDirectory.Entry e = d.dir.entries.get(name);
            if (e == null) {
                done.accept(null);
                return;
            }
            XfsInode f = e.inode();
            read(List.of(cluster(f)), pid, () -> {
                f.openCount++;
                done.accept(new OpenFile(f, direct));
            });
        });
    }

    @Override
    public void close(OpenFile f, int pid, Runnable done) {
        XfsInode fi = (XfsInode) f.file;
        fi.openCount = Math.max(0, fi.openCount - 1);
        done.run();
    }

    @Override
    public void unlink(FsFile dir, String name, int pid, Runnable done) {
        XfsInode d = (XfsInode) dir;
        XfsDirectory.Entry e = d.dir.entries.get(name);
        if (e == null) {
            done.run();
            return;
        }
        XfsInode f = e.inode();
        List<XfsBuffers.Buf> need = new ArrayList<>();
        lookup(d, name, need);
        need.add(cluster(f));
        need.add(agi(f.ag));
        read(need, pid, () -> {
            // xfs_remove: the entry, the directory inode, the file's link count and the AGI unlinked bucket
            XfsLog.Tx remove = new XfsLog.Tx();
            XfsDirectory dirShape = d.dir;
            if (!dirShape.shortform()) {
                remove.log(block(dirShape.dataBlocks.get(e.dataBlock() < 0 ? 0 : e.dataBlock())), 16);
                remove.log(block(dirShape.leafBlocks.get(dirShape.leafOf(name))), 16);
                if (dirShape.freeIndex >= 0) {
                    remove.log(block(dirShape.freeIndex), 8);
                }
            } else {
                dirShape.shortformBytes -= XfsDirectory.sfEntsize(name);
            }
            if (e.dataBlock() >= 0) {
                dirShape.used.set(e.dataBlock(), Math.max(0, dirShape.used.get(e.dataBlock()) - XfsDirectory.entsize(name)));
            }
            dirShape.entries.remove(name);
            remove.log(cluster(d), CORE_BYTES).log(cluster(f), CORE_BYTES).log(agi(f.ag), 64);
            // xfs_inactive: the extents freed (busy until on disk), the inode freed; delayed pages simply go
            XfsLog.Tx inactive = new XfsLog.Tx();
            for (long p = 0; p < f.blocks.slots(); p++) {
                long b = f.blockOf(p);
                if (b >= 0) {
                    space.free(b);
                    inactive.freed.add(b);
                    int ag = geo.agOf(b);
                    inactive.log(agf(ag), 64).log(block(geo.bnoRoot(ag)), 64).log(block(geo.cntRoot(ag)), 64);
                    f.blocks.map(p, -1);
                }
            }
            inactive.log(agi(f.ag), 64).log(block(geo.inoRoot(f.ag)), 64).log(superBlock(), 64).log(cluster(f), CORE_BYTES);
            inodes.free(f.ino);
            cache.removeAll(f.mapping);
            f.deleted = true;
            dirtyCores.remove(f);
            icache.remove(f.ino);
            log.commit(remove, pid, lsn -> {
                d.lastLsn = lsn;
                log.commit(inactive, pid, lsn2 -> done.run());
            });
        });
    }

    // ------------------------------------------------------------------ data

    @Override
    public void read(OpenFile f, long offset, long length, int pid, Runnable done) {
        XfsInode fi = (XfsInode) f.file;
        if (offset >= fi.size || length <= 0) {
            done.run();
            return;
        }
        long len = Math.min(length, fi.size - offset);
        reader.read(fi.mapping, fi, f.readAhead, offset, len, pid, () -> {
            appBytesRead += len;
            // atime is not logged in 2.6.18: the core is written back with its cluster later
            long second = sim.now() / NS_PER_S;
            if (options.atime() && second != fi.atimeSecond) {
                fi.atimeSecond = second;
                markCoreDirty(fi);
            }
            done.run();
        });
    }

    private void markCoreDirty(XfsInode fi) {
        fi.coreDirty = true;
        dirtyCores.add(fi);
    }

    @Override
    public void write(OpenFile f, long offset, long length, int pid, Runnable done) {
        XfsInode fi = (XfsInode) f.file;
        if (length <= 0) {
            done.run();
            return;
        }
        long first = offset / 4096;
        long last = (offset + length - 1) / 4096;
        List<Page> waits = new ArrayList<>();
        rmw(waits, fi, first, offset, length, pid);
        if (last != first) {
            rmw(waits, fi, last, offset, length, pid);
        }
        Runnable body = () -> {
            int newlyDirty = 0;
            for (long p = first; p <= last; p++) {
                Page page = cache.find(fi.mapping, p);
                if (page == null) {
                    page = cache.add(fi.mapping, p, true, false);
                }
                page.block = fi.blockOf(p); // -1: delayed allocation, a block is chosen at write-back
                if (page.block >= 0) {
                    durability.rewritten(page.block);
                }
                if (!page.dirty()) {
                    newlyDirty++;
                }
                cache.markDirty(page);
                cache.markAccessed(page);
            }
            if (offset + length > fi.size) {
                fi.size = offset + length;
            }
            markCoreDirty(fi); // xfs_ichgtime: mtime, not logged
            appBytesWritten += length;
            writeback.pagesDirtied(pid, newlyDirty, done);
        };
        waitPages(waits, body);
    }

    private void rmw(List<Page> waits, XfsInode fi, long page, long offset, long length, int pid) {
        long pageStart = page * 4096;
        boolean whole = offset <= pageStart && offset + length >= pageStart + 4096;
        Page cached = cache.find(fi.mapping, page);
        if (cached != null && !cached.uptodate()) {
            waits.add(cached);
        }
        if (whole || fi.blockOf(page) < 0 || cached != null) {
            return;
        }
        Page p = cache.add(fi.mapping, page, false, false);
        p.block = fi.blockOf(page);
        cache.countLookup(false);
        io.readPages(List.of(p), pid, 0, cache);
        waits.add(p);
    }

    private static void waitPages(List<Page> waits, Runnable then) {
        int[] left = {1};
        Runnable one = () -> {
            if (--left[0] == 0) {
                then.run();
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

    /**
     * xfs_page_state_convert → xfs_map_blocks → xfs_iomap_write_allocate: the delayed extent
     * holding {@code p} (the run of dirty unmapped pages around it) gets real blocks near the
     * file's previous block, else near its inode, in one allocation transaction (AGF, both
     * free-space B+trees, the inode's extent list); the pages are written by the caller.
     */
    private void allocateAtWriteback(XfsInode f, Page p, int pid) {
        long from = p.index;
        while (from > 0 && delayed(f, from - 1)) {
            from--;
        }
        long to = p.index;
        while (delayed(f, to + 1)) {
            to++;
        }
        XfsLog.Tx tx = new XfsLog.Tx();
        long page = from;
        while (page <= to) {
            long before = f.blocks.blockBefore(page);
            long goal = before >= 0 ? before + 1 : geo.blockOfInode(f.ino);
            int[] len = {0};
            long b = allocate(tx, goal, (int) Math.min(Integer.MAX_VALUE, to - page + 1), len);
            for (int i = 0; i < len[0]; i++, page++) {
                f.blocks.map(page, b + i);
                Page q = cache.find(f.mapping, page);
                q.block = b + i;
            }
        }
        tx.log(cluster(f), CORE_BYTES);
        log.commit(tx, pid, lsn -> f.lastLsn = lsn);
    }

    private boolean delayed(XfsInode f, long index) {
        Page q = cache.find(f.mapping, index);
        return q != null && q.dirty() && !q.underWriteback() && q.bufferDirty && f.blockOf(index) < 0;
    }

    @Override
    public void directIo(OpenFile f, Op op, long offset, long length, int pid, Runnable done) {
        XfsInode fi = (XfsInode) f.file;
        if (op == Op.WRITE) {
            durability.directWrite(fi, offset, length);
            // xfs_write: xfs_ichgtime for O_DIRECT as for buffered writes, so the next fsync logs the core
            markCoreDirty(fi);
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
     * ftruncate (fs/xfs/xfs_vnodeops.c {@code xfs_setattr} with XFS_AT_SIZE; XFS does not go
     * through inode_setattr, so the same size is truncated too). Growing: {@code xfs_igrow_start}
     * (its zeroing of the old last block past EOF carries no data here) and, in one
     * XFS_TRANS_SETATTR_SIZE transaction, {@code xfs_igrow_finish}: the new size and the times
     * in the logged inode core; no block. Otherwise {@code xfs_itruncate_start} first tosses the
     * pages past the size (dirty ones never written, delayed-allocation pages never allocated,
     * pages under IO waited for), then {@code xfs_itruncate_finish} → {@code xfs_bunmapi} frees
     * the extents past it ({@code xfs_bmap_finish} → {@code xfs_free_extent}: each extent logs
     * the AGF and both free-space B+tree roots of its AG; busy until the record is on disk) and
     * the core is logged. The EFI / EFD pair is one transaction here.
     */
    @Override
    public void truncate(OpenFile f, long size, int pid, Runnable done) {
        XfsInode fi = (XfsInode) f.file;
        long keep = (size + 4095) / 4096;
        List<Page> busy = size > fi.size ? List.of() : cache.truncateFrom(fi.mapping, keep);
        read(List.of(cluster(fi)), pid, () -> PageCache.afterIo(busy, () -> {
            XfsLog.Tx tx = new XfsLog.Tx();
            long prev = -2;
            for (long p = keep; p < fi.blocks.slots(); p++) {
                long b = fi.blockOf(p);
                if (b < 0) {
                    continue;
                }
                space.free(b);
                tx.freed.add(b);
                durability.rewritten(b);
                if (b != prev + 1 || geo.agOf(b) != geo.agOf(prev)) { // a new extent
                    int ag = geo.agOf(b);
                    tx.log(agf(ag), 64).log(block(geo.bnoRoot(ag)), 64).log(block(geo.cntRoot(ag)), 64);
                }
                prev = b;
                fi.blocks.map(p, -1);
            }
            fi.size = size;
            fi.coreDirty = false; // size and times go in the logged core
            dirtyCores.remove(fi);
            tx.log(cluster(fi), CORE_BYTES);
            log.commit(tx, pid, lsn -> {
                fi.lastLsn = lsn;
                done.run();
            });
        }));
    }

    @Override
    public void fsync(OpenFile f, boolean datasync, int pid, Runnable done) {
        XfsInode fi = (XfsInode) f.file;
        // filemap_fdatawrite (allocating delayed extents), filemap_fdatawait, then xfs_fsync:
        // a synchronous transaction logging the inode core when it changed, or a log force to the
        // inode's last LSN
        writeback.writeDirty(fi.mapping, pid, 0);
        writeback.waitWriteback(fi.mapping, () -> {
            Runnable promise = () -> {
                for (long p = 0; p < fi.blocks.slots(); p++) {
                    long b = fi.blocks.blockOf(p);
                    if (b >= 0) {
                        durability.fsynced(b);
                    }
                }
                done.run();
            };
            if (fi.coreDirty && !datasync) {
                fi.coreDirty = false;
                dirtyCores.remove(fi);
                XfsLog.Tx tx = new XfsLog.Tx().log(cluster(fi), CORE_BYTES);
                log.commit(tx, pid, lsn -> {
                    fi.lastLsn = lsn;
                    log.force(lsn, pid, promise);
                });
            } else {
                log.force(fi.lastLsn, pid, promise);
            }
        });
    }

    @Override
    public void sync(int pid, Runnable done) {
        writeback.writeAll(pid);
        List<Mapping> all = new ArrayList<>();
        for (XfsInode i : icache.values()) {
            all.add(i.mapping);
        }
        writeback.waitWriteback(all, () -> log.force(Long.MAX_VALUE, pid, () -> buffers.flushAll(pid, done)));
    }

    /** xfssyncd every 30 s: dirty inode cores go to their cluster buffers (xfs_iflush), and the log is forced. */
    private void xfssyncd() {
        for (XfsInode i : new ArrayList<>(dirtyCores)) {
            XfsLog.Tx tx = new XfsLog.Tx().log(cluster(i), CORE_BYTES);
            i.coreDirty = false;
            log.commit(tx, daemonPid, lsn -> i.lastLsn = lsn);
        }
        dirtyCores.clear();
        log.force(Long.MAX_VALUE, daemonPid, () -> { });
        xfssyncd.scheduleAfter(SYNCD_NS);
    }

    @Override
    public boolean barriers() {
        return options.barrier();
    }

    @Override
    public FsPowerLoss powerFail(List<long[]> lost) {
        List<Mapping> files = new ArrayList<>();
        for (XfsInode i : icache.values()) {
            files.add(i.mapping);
        }
        FsPowerLoss loss = durability.powerFail(files, lost)
                .withJournal(log.consistencyAt(new io.iopath.fs.journal.LostWrites(lost)));
        unmount();
        return loss;
    }

    @Override
    public void invalidate(FsFile f) {
        cache.invalidateClean(((XfsInode) f).mapping);
    }

    @Override
    public void unmount() {
        writeback.stop();
        buffers.stop();
        xfssyncd.cancel();
    }

    @Override
    public FsStats stats() {
        return new FsStats(cache.hits(), cache.misses(), appBytesRead, appBytesWritten, io.bytesRead(), io.bytesWritten(),
                log.writes(), (log.bytesWritten() + 4095) / 4096, 0, 0, log.pushes(), writeback.throttledCalls(),
                cache.peakDirtyPlusWriteback(), writeback.limits().dirty, cache.evictions());
    }

    // ------------------------------------------------------------------ for tests and reports

    public XfsGeometry geometry() {
        return geo;
    }

    public PageCache pageCache() {
        return cache;
    }

    public Writeback writeback() {
        return writeback;
    }

    /** The internal log's blocks. */
    public long[] journalBlocks() {
        return logBlocks.clone();
    }

    public long blockOf(FsFile f, long index) {
        return ((XfsInode) f).blockOf(index);
    }

    public Mapping mappingOf(FsFile f) {
        return ((XfsInode) f).mapping;
    }

    public boolean isAllocated(long block) {
        return space.isUsed(block);
    }

    /** The transaction that last logged {@code f} is on disk. */
    public boolean inodeCommitted(FsFile f) {
        return ((XfsInode) f).lastLsn <= log.writtenLsn();
    }

    /** Per iclog write: completion ns, start LSN, bytes. */
    public List<long[]> logWrites() {
        return List.copyOf(log.writeLog());
    }

    /** Metadata buffers in use: start sector → sectors (directory blocks, inode clusters, AG headers). */
    public Map<Long, Integer> metadataBuffers() {
        return buffers.extents();
    }
}
