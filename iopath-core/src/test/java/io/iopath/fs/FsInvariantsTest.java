package io.iopath.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iopath.fs.pagecache.DirtyLimits;
import io.iopath.fs.pagecache.Page;
import io.iopath.fs.pagecache.PageCache;
import io.iopath.request.Op;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Invariants over seeded random file workloads (creates, appends, overwrites, reads, fsyncs,
 * unlinks) on a small page cache: every dirtied page is written back, deleted before write-out,
 * or still dirty, never lost; dirty pages never exceed the limit by more than one rate-limit
 * step; fsync returns only after its data and its commit are complete at the device; no block is
 * allocated twice; the same seed gives the same IO, bio for bio.
 */
class FsInvariantsTest {
    private static final int OPS = 400;

    /** What the invariants look at in a mounted file system, whatever its type. */
    interface Inspect {
        PageCache pageCache();

        long[] journalBlocks();

        long blockOf(FsFile f, long page);

        io.iopath.fs.pagecache.Mapping mappingOf(FsFile f);

        boolean inodeCommitted(FsFile f);

        /** Whether an fsync of {@code f} now must commit its inode (ext3: the VFS holds it dirty; the others: always). */
        default boolean fsyncCommits(FsFile f) {
            return true;
        }

        /** Other blocks the file system holds (tree nodes), none of which may be a file's. */
        List<Long> otherBlocks();

        static Inspect of(FsRig rig) {
            if (rig.fs != null) {
                var fs = rig.fs;
                return new Inspect() {
                    public PageCache pageCache() { return fs.pageCache(); }
                    public long[] journalBlocks() { return fs.journalBlocks(); }
                    public long blockOf(FsFile f, long page) { return fs.blockOf(f, page); }
                    public io.iopath.fs.pagecache.Mapping mappingOf(FsFile f) { return fs.mappingOf(f); }
                    public boolean inodeCommitted(FsFile f) { return fs.inodeCommitted(f); }
                    public boolean fsyncCommits(FsFile f) { return fs.inodeDirty(f); }
                    public List<Long> otherBlocks() { return List.of(); }
                };
            }
            if (rig.mounted instanceof io.iopath.fs.xfs.Xfs) {
                var x = rig.xfs();
                return new Inspect() {
                    public PageCache pageCache() { return x.pageCache(); }
                    public long[] journalBlocks() { return x.journalBlocks(); }
                    public long blockOf(FsFile f, long page) { return x.blockOf(f, page); }
                    public io.iopath.fs.pagecache.Mapping mappingOf(FsFile f) { return x.mappingOf(f); }
                    public boolean inodeCommitted(FsFile f) { return x.inodeCommitted(f); }
                    public List<Long> otherBlocks() {
                        List<Long> out = new ArrayList<>();
                        x.metadataBuffers().forEach((sector, sectors) -> {
                            if (sectors >= 8) {
                                for (long b = sector / 8; b < (sector + sectors) / 8; b++) {
                                    out.add(b);
                                }
                            }
                        });
                        return out;
                    }
                };
            }
            var fs = rig.reiser();
            return new Inspect() {
                public PageCache pageCache() { return fs.pageCache(); }
                public long[] journalBlocks() { return fs.journalBlocks(); }
                public long blockOf(FsFile f, long page) { return fs.blockOf(f, page); }
                public io.iopath.fs.pagecache.Mapping mappingOf(FsFile f) { return fs.mappingOf(f); }
                public boolean inodeCommitted(FsFile f) { return fs.inodeCommitted(f); }
                public List<Long> otherBlocks() { return fs.treeNodes(); }
            };
        }
    }

    /** Runs a random workload on ext3 and returns its IO as text. */
    private static String workload(long seed, List<String> problems) {
        return workload(FsConfig.ext3(0, 1L << 30, 80L << 20), seed, problems);
    }

    /** Runs a random workload and returns its IO as text. */
    static String workload(FsConfig cfg, long seed, List<String> problems) {
        FsRig rig = new FsRig(cfg, seed);
        Inspect fs = Inspect.of(rig);
        DirtyLimits limits = new DirtyLimits(cfg.vm());
        SplittableRandom rnd = new SplittableRandom(seed);
        List<String> names = new ArrayList<>();
        Map<String, FsFile> files = new HashMap<>();
        /** (file, page) → time of the last write() that dirtied it. */
        Map<String, Long> lastWrite = new HashMap<>();
        int counter = 0;
        for (int op = 0; op < OPS; op++) {
            int kind = rnd.nextInt(100);
            if (names.isEmpty() || kind < 20) {
                String n = "f" + counter++;
                FsFile f = rig.create(n);
                files.put(n, f);
                names.add(n);
                OpenFile o = rig.open(n);
                long len = 1 + rnd.nextInt(300_000);
                rig.write(o, 0, len);
                mark(lastWrite, n, 0, len, rig.sim.now());
                rig.close(o);
                continue;
            }
            String n = names.get(rnd.nextInt(names.size()));
            FsFile f = files.get(n);
            OpenFile o = rig.open(n);
            if (kind < 45) {
                long off = f.size() == 0 ? 0 : rnd.nextLong(f.size() + 1);
                long len = 1 + rnd.nextInt(200_000);
                rig.write(o, off, len);
                mark(lastWrite, n, off, len, rig.sim.now());
            } else if (kind < 75) {
                rig.read(o, 0, Math.max(1, f.size()));
            } else if (kind < 85) {
                boolean commits = fs.fsyncCommits(f); // 2.6.18's ext3: an inode left clean (pdflush, the same second) is not
                rig.run(r -> rig.mounted.fsync(o, false, FsRig.APP, r));
                checkFsync(rig, fs, f, n, commits, problems);
            } else {
                rig.close(o);
                rig.run(r -> rig.mounted.unlink(rig.mounted.root(), n, FsRig.APP, r));
                names.remove(n);
                files.remove(n);
                lastWrite.keySet().removeIf(k -> k.startsWith(n + "#"));
                continue;
            }
            rig.close(o);
            checkDirtyTag(fs, f, n, problems);
            long dirty = fs.pageCache().nrDirty() + fs.pageCache().nrWriteback();
            if (dirty > limits.dirty + limits.ratelimit + 200_000 / 4096 + 2) {
                problems.add("seed " + seed + ": dirty + writeback " + dirty + " over the limit " + limits.dirty);
            }
            if (rnd.nextInt(10) == 0) {
                rig.runUntil(rig.sim.now() + rnd.nextLong(8_000_000_000L));
            }
        }
        rig.sync();
        rig.runUntil(rig.sim.now() + 40_000_000_000L);
        PageCache c = fs.pageCache();
        if (c.dirtyEvents() != c.cleanedEvents() + c.deletedDirty() + c.nrDirty() + c.nrWriteback()) {
            problems.add("seed " + seed + ": dirtied " + c.dirtyEvents() + " != cleaned " + c.cleanedEvents()
                    + " + deleted " + c.deletedDirty() + " + dirty " + c.nrDirty() + " + writeback " + c.nrWriteback());
        }
        // never lost: each live page's block was written (completed) after the page's last write()
        Map<Long, Long> lastBlockWrite = new HashMap<>();
        for (FsRig.Io io : rig.ios) {
            if (io.bio.op == Op.WRITE && io.doneNs >= 0) {
                for (int i = 0; i < io.blocks(); i++) {
                    lastBlockWrite.merge(io.block(0) + i, io.submitNs, Math::max);
                }
            }
        }
        Set<Long> seen = new HashSet<>();
        for (long j : fs.journalBlocks()) {
            seen.add(j);
        }
        for (long b : fs.otherBlocks()) {
            if (!seen.add(b)) {
                problems.add("seed " + seed + ": tree node " + b + " in two places");
            }
        }
        for (Map.Entry<String, FsFile> e : files.entrySet()) {
            FsFile f = e.getValue();
            for (long p = 0; p < (f.size() + 4095) / 4096; p++) {
                long b = fs.blockOf(f, p);
                if (b >= 0 && !seen.add(b)) {
                    problems.add("seed " + seed + ": block " + b + " in two places");
                }
                Long w = lastWrite.get(e.getKey() + "#" + p);
                if (w != null && b >= 0 && lastBlockWrite.getOrDefault(b, -1L) < w) {
                    problems.add("seed " + seed + ": " + e.getKey() + " page " + p + " written at " + w + " never reached block " + b);
                }
            }
        }
        StringBuilder sb = new StringBuilder();
        for (FsRig.Io io : rig.ios) {
            sb.append(io).append(' ').append(io.doneNs).append('\n');
        }
        return sb.toString();
    }

    private static void mark(Map<String, Long> lastWrite, String n, long off, long len, long now) {
        for (long p = off / 4096; p <= (off + len - 1) / 4096; p++) {
            lastWrite.put(n + "#" + p, now);
        }
    }

    private static void checkFsync(FsRig rig, Inspect fs, FsFile f, String n, boolean commits, List<String> problems) {
        if (commits && !fs.inodeCommitted(f)) {
            problems.add(n + ": fsync returned before the commit holding its inode");
        }
        Set<Long> blocks = new HashSet<>();
        for (long p = 0; p < (f.size() + 4095) / 4096; p++) {
            blocks.add(fs.blockOf(f, p));
        }
        for (FsRig.Io io : rig.ios) {
            if (io.bio.op == Op.WRITE && blocks.contains(io.block(0)) && io.doneNs < 0) {
                problems.add(n + ": fsync returned with a write of its data in flight");
            }
        }
        for (Page p : fs.mappingOf(f).pages()) {
            if (p.dirty() && p.bufferDirty) {
                problems.add(n + ": fsync returned with page " + p.index + " not written");
            }
        }
    }

    /** The dirty tag that write-back and fsync walk (PageIndexSet) holds exactly the dirty pages, in index order. */
    private static void checkDirtyTag(Inspect fs, FsFile f, String n, List<String> problems) {
        List<Page> toWrite = fs.mappingOf(f).pages().stream().filter(p -> p.dirty() && !p.underWriteback()).toList();
        if (!toWrite.equals(fs.mappingOf(f).toWrite())) {
            problems.add(n + ": the dirty tag gives " + fs.mappingOf(f).toWrite() + ", the pages " + toWrite);
        }
    }

    @Test
    void invariantsHoldOverSeededWorkloads() {
        List<String> problems = new ArrayList<>();
        for (long seed = 1; seed <= 6; seed++) {
            workload(seed, problems);
        }
        assertTrue(problems.isEmpty(), problems.size() + " problems, first: " + problems.subList(0, Math.min(5, problems.size())));
    }

    @Test
    void sameSeedSameIo() {
        List<String> problems = new ArrayList<>();
        assertEquals(workload(11, problems), workload(11, problems));
    }
}
