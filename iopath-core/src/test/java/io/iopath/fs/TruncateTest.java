package io.iopath.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iopath.fs.pagecache.Page;
import io.iopath.request.Op;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * ftruncate on ext3, ReiserFS and XFS (FileSystem#truncate): invariants over seeded random
 * sequences of writes, truncates, fsyncs and write-back on each type, and the analytic case of an
 * ext3 file truncated to 0.
 */
class TruncateTest {
    private static final int OPS = 300;
    private static final long PARTITION = 1L << 30;

    private static FsConfig config(String type) {
        long memory = 80L << 20;
        return switch (type) {
            case FsConfig.EXT3 -> FsConfig.ext3(0, PARTITION, memory);
            case FsConfig.REISERFS -> FsConfig.reiserfs(0, PARTITION, memory);
            default -> FsConfig.xfs(0, PARTITION, memory);
        };
    }

    private static boolean allocated(FsRig rig, long b) {
        if (rig.fs != null) {
            return rig.fs.blockAllocator().isUsed(b);
        }
        return rig.mounted instanceof io.iopath.fs.xfs.Xfs ? rig.xfs().isAllocated(b) : rig.reiser().isAllocated(b);
    }

    private static long blockOf(FsRig rig, FsFile f, long page) {
        if (rig.fs != null) {
            return rig.fs.blockOf(f, page);
        }
        return rig.mounted instanceof io.iopath.fs.xfs.Xfs ? rig.xfs().blockOf(f, page) : rig.reiser().blockOf(f, page);
    }

    private static io.iopath.fs.pagecache.Mapping mapping(FsRig rig, FsFile f) {
        if (rig.fs != null) {
            return rig.fs.mappingOf(f);
        }
        return rig.mounted instanceof io.iopath.fs.xfs.Xfs ? rig.xfs().mappingOf(f) : rig.reiser().mappingOf(f);
    }

    /** Blocks in use on the whole partition. */
    private static long used(FsRig rig) {
        long n = 0;
        for (long b = 0; b < PARTITION / 4096; b++) {
            if (allocated(rig, b)) {
                n++;
            }
        }
        return n;
    }

    /**
     * Blocks the live files and the file system's own structures need: each file's mapped data
     * blocks (on ext3 with its indirect blocks, with the root directory's blocks), on ReiserFS the
     * tree's nodes. Used blocks less this must not change over the run (no block leaks, none is
     * freed twice). XFS's inode chunks and directory blocks have no accessor: it is checked per truncate.
     */
    private static long needed(FsRig rig, Map<String, FsFile> files) {
        long n = 0;
        for (FsFile f : files.values()) {
            for (long p = 0; p < (f.size() + 4095) / 4096; p++) {
                if (blockOf(rig, f, p) >= 0) {
                    n++;
                }
            }
            if (rig.fs != null) {
                n += rig.fs.indirectBlocks(f);
            }
        }
        if (rig.fs != null) {
            FsFile root = rig.mounted.root();
            for (long p = 0; p < root.size() / 4096; p++) {
                n += rig.fs.blockOf(root, p) >= 0 ? 1 : 0;
            }
        } else if (!(rig.mounted instanceof io.iopath.fs.xfs.Xfs)) {
            n += rig.reiser().treeNodes().size();
        }
        return n;
    }

    private static void truncate(FsRig rig, OpenFile o, long size) {
        rig.run(r -> rig.mounted.truncate(o, size, FsRig.APP, r));
    }

    /** A random workload; problems found are added to {@code problems}. */
    static void workload(String type, long seed, List<String> problems) {
        FsRig rig = new FsRig(config(type), seed);
        SplittableRandom rnd = new SplittableRandom(seed);
        Map<String, FsFile> files = new HashMap<>();
        Map<String, OpenFile> open = new HashMap<>();
        for (int i = 0; i < 4; i++) {
            String n = "t" + i;
            files.put(n, rig.create(n));
            open.put(n, rig.open(n));
        }
        boolean accounting = !(rig.mounted instanceof io.iopath.fs.xfs.Xfs);
        long fixed = accounting ? used(rig) - needed(rig, files) : 0;
        /** Blocks freed by a truncate → when; a write of one after that, before it is allocated again, wrote a dropped page. */
        Map<Long, Long> freedAt = new HashMap<>();
        List<long[]> badWindows = new ArrayList<>(); // {block, from, to}
        String where = type + " seed " + seed;
        for (int op = 0; op < OPS; op++) {
            long opStart = rig.sim.now();
            String n = "t" + rnd.nextInt(4);
            FsFile f = files.get(n);
            OpenFile o = open.get(n);
            int kind = rnd.nextInt(100);
            if (kind < 40) {
                long off = rnd.nextLong(8L << 20);
                rig.write(o, off, 1 + rnd.nextInt(256 << 10));
            } else if (kind < 75) {
                long oldSize = f.size();
                long oldPages = (oldSize + 4095) / 4096;
                long size = rnd.nextInt(4) == 0 ? rnd.nextLong(oldSize + 1) / 4096 * 4096 : rnd.nextLong((oldSize + 1) * 2);
                long keep = (size + 4095) / 4096;
                List<Long> past = new ArrayList<>();
                long[] below = new long[(int) Math.min(keep, oldPages)];
                for (long p = 0; p < oldPages; p++) {
                    long b = blockOf(rig, f, p);
                    if (p < keep && p < below.length) {
                        below[(int) p] = b;
                    } else if (p >= keep && b >= 0) {
                        past.add(b);
                    }
                }
                long at = rig.sim.now();
                truncate(rig, o, size);
                if (f.size() != size) {
                    problems.add(where + ": i_size " + f.size() + " after a truncate to " + size);
                }
                for (long p = keep; p < Math.max(oldPages, keep + 1); p++) {
                    if (blockOf(rig, f, p) >= 0 && p >= keep) {
                        problems.add(where + ": page " + p + " still mapped past the size " + size);
                    }
                }
                for (int p = 0; p < below.length; p++) {
                    if (blockOf(rig, f, p) != below[p] && !(p == below.length - 1 && size % 4096 != 0)) {
                        problems.add(where + ": page " + p + " below the size " + size + " changed its block");
                    }
                }
                for (Page p : mapping(rig, f).pages()) {
                    if (p.index >= keep) {
                        problems.add(where + ": page " + p + " still cached past the size " + size);
                    }
                }
                for (long b : past) {
                    freedAt.put(b, at);
                }
                if (size > oldSize) {
                    // regrown: the pages past the old size are holes, read as zeros without IO
                    for (long p = oldPages; p < keep - 1; p++) {
                        if (blockOf(rig, f, p) >= 0) {
                            problems.add(where + ": page " + p + " of a sparse extension has block " + blockOf(rig, f, p));
                        }
                    }
                }
            } else if (kind < 85) {
                rig.run(r -> rig.mounted.fsync(o, false, FsRig.APP, r));
            } else if (kind < 92) {
                // a shrink then a grow back reads zeros: no block behind the regrown pages, no data read
                long oldSize = f.size();
                long k = oldSize / 2 / 4096 * 4096;
                truncate(rig, o, k);
                truncate(rig, o, oldSize);
                rig.mounted.invalidate(f);
                int mark = rig.ios.size();
                List<Long> regrown = new ArrayList<>();
                for (long p = k / 4096; p < oldSize / 4096; p++) {
                    regrown.add(p);
                    if (blockOf(rig, f, p) >= 0) {
                        problems.add(where + ": page " + p + " regrown with block " + blockOf(rig, f, p));
                    }
                }
                if (oldSize > k) {
                    rig.read(o, k, oldSize / 4096 * 4096 - k);
                }
                for (FsRig.Io io : rig.since(mark)) {
                    if (io.bio.op == Op.READ && freedAt.containsKey(io.block(0))) {
                        problems.add(where + ": the read of a regrown range read freed block " + io.block(0));
                    }
                }
                for (long p : regrown) {
                    Page pg = mapping(rig, f).find(p);
                    if (pg != null && pg.block >= 0) {
                        problems.add(where + ": regrown page " + p + " read from block " + pg.block);
                    }
                }
            } else {
                rig.runUntil(rig.sim.now() + rnd.nextLong(6_000_000_000L));
            }
            // a freed block allocated again ends its window (its new owner may write it)
            for (var it = freedAt.entrySet().iterator(); it.hasNext(); ) {
                var e = it.next();
                if (allocated(rig, e.getKey())) {
                    badWindows.add(new long[] {e.getKey(), e.getValue(), opStart});
                    it.remove();
                }
            }
            if (accounting && op % 10 == 0 && used(rig) - needed(rig, files) != fixed) {
                problems.add(where + " op " + op + ": used blocks " + used(rig) + " != needed " + needed(rig, files) + " + " + fixed);
            }
        }
        long syncStart = rig.sim.now();
        rig.sync();
        rig.runUntil(rig.sim.now() + 40_000_000_000L);
        for (var e : freedAt.entrySet()) {
            // allocated again by the final sync's write-back (XFS's delayed allocation): its window ends there
            badWindows.add(new long[] {e.getKey(), e.getValue(), allocated(rig, e.getKey()) ? syncStart : Long.MAX_VALUE});
        }
        Map<Long, List<long[]>> byBlock = new HashMap<>();
        for (long[] w : badWindows) {
            byBlock.computeIfAbsent(w[0], x -> new ArrayList<>()).add(w);
        }
        for (FsRig.Io io : rig.ios) {
            if (io.bio.op != Op.WRITE) {
                continue;
            }
            for (int i = 0; i < io.blocks(); i++) {
                for (long[] w : byBlock.getOrDefault(io.block(0) + i, List.of())) {
                    if (io.submitNs > w[1] && io.submitNs < w[2]) {
                        problems.add(where + ": block " + w[0] + " written at " + io.submitNs + " after its page was truncated at " + w[1] + " by " + io);
                    }
                }
            }
        }
        if (accounting && used(rig) - needed(rig, files) != fixed) {
            problems.add(where + " at the end: used blocks " + used(rig) + " != needed " + needed(rig, files) + " + " + fixed);
        }
        var c = rig.mounted.pageCache();
        if (c.dirtyEvents() != c.cleanedEvents() + c.deletedDirty() + c.nrDirty() + c.nrWriteback()) {
            problems.add(where + ": dirtied " + c.dirtyEvents() + " != cleaned " + c.cleanedEvents() + " + deleted "
                    + c.deletedDirty() + " + dirty " + c.nrDirty() + " + writeback " + c.nrWriteback());
        }
    }

    @Test
    void invariantsHoldOverSeededWritesAndTruncates() {
        List<String> problems = new ArrayList<>();
        for (String type : FsConfig.TYPES) {
            for (long seed = 1; seed <= 3; seed++) {
                workload(type, seed, problems);
            }
        }
        assertTrue(problems.isEmpty(), problems.size() + " problems, first: " + problems.subList(0, Math.min(5, problems.size())));
    }

    /**
     * ext3, 2000 blocks written and synced (12 direct, 1024 under the single-indirect block, 964
     * under the first child of the double-indirect block): a truncate to 0 frees the 2000 data
     * blocks and the 3 indirect blocks, journals the super block (orphan list) and the inode, and
     * drops every cached page.
     */
    @Test
    void ext3TruncateToZeroFreesEveryDataAndIndirectBlock() {
        FsRig rig = new FsRig(FsConfig.ext3(0, PARTITION, 512L << 20));
        FsFile f = rig.create("big");
        OpenFile o = rig.open("big");
        rig.write(o, 0, 2000L * 4096);
        rig.sync();
        assertEquals(3, rig.fs.indirectBlocks(f));
        long before = rig.fs.blockAllocator().usedBlocks().size();
        truncate(rig, o, 0);
        assertEquals(before - 2000 - 3, rig.fs.blockAllocator().usedBlocks().size());
        assertEquals(0, rig.fs.indirectBlocks(f));
        assertEquals(0, rig.fs.mappingOf(f).cachedPages());
        assertEquals(0, f.size());
        // a second truncate of the shrunk file frees nothing more; growing it back allocates nothing
        truncate(rig, o, 0);
        truncate(rig, o, 2000L * 4096);
        assertEquals(before - 2003, rig.fs.blockAllocator().usedBlocks().size());
    }

    /**
     * ext3: a truncate inside the double-indirect range keeps the single-indirect block, frees the
     * children wholly past the cut and their data, and keeps the child the cut falls in.
     */
    @Test
    void ext3TruncateInsideTheDoubleIndirectRange() {
        FsRig rig = new FsRig(FsConfig.ext3(0, PARTITION, 512L << 20));
        FsFile f = rig.create("big");
        OpenFile o = rig.open("big");
        long pages = 12 + 1024 + 3 * 1024; // three children under the double-indirect block
        rig.write(o, 0, pages * 4096);
        rig.sync();
        assertEquals(1 + 1 + 3, rig.fs.indirectBlocks(f));
        long before = rig.fs.blockAllocator().usedBlocks().size();
        long keep = 12 + 1024 + 1024 + 10; // ten pages into the second child
        truncate(rig, o, keep * 4096);
        assertEquals(before - (pages - keep) - 1, rig.fs.blockAllocator().usedBlocks().size()); // the third child
        assertEquals(4, rig.fs.indirectBlocks(f));
    }

    /** A dirty page dropped by a shrink is never written: its write-back never happens. */
    @Test
    void dirtyPagesPastTheSizeAreNeverWritten() {
        for (String type : FsConfig.TYPES) {
            FsRig rig = new FsRig(config(type));
            FsFile f = rig.create("d");
            OpenFile o = rig.open("d");
            rig.write(o, 0, 64 * 4096);
            rig.run(r -> rig.mounted.fsync(o, false, FsRig.APP, r));
            rig.write(o, 32 * 4096, 32 * 4096); // pages 32..63 dirty again
            List<Long> tail = new ArrayList<>();
            for (long p = 32; p < 64; p++) {
                tail.add(blockOf(rig, f, p));
            }
            int mark = rig.ios.size();
            truncate(rig, o, 32 * 4096);
            long deleted = rig.mounted.pageCache().deletedDirty();
            rig.sync();
            rig.runUntil(rig.sim.now() + 40_000_000_000L);
            for (FsRig.Io io : rig.since(mark)) {
                if (io.bio.op == Op.WRITE) {
                    for (int i = 0; i < io.blocks(); i++) {
                        assertTrue(!tail.contains(io.block(0) + i) || allocated(rig, io.block(0) + i),
                                type + ": truncated block " + (io.block(0) + i) + " written");
                    }
                }
            }
            assertEquals(32, deleted, type + ": dirty pages dropped");
        }
    }
}
