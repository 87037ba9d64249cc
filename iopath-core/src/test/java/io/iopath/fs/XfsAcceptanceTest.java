package io.iopath.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iopath.fs.xfs.Xfs;
import io.iopath.fs.xfs.XfsGeometry;
import io.iopath.request.Flags;
import io.iopath.request.Op;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Spec §6.7 check 6 and the XFS geometry of §5.1–5.2: a file created, written and unlinked within
 * 10 s costs no data IO, only log writes, each a barrier write; mkfs geometry by size; a file's
 * data is allocated at write-back near its inode.
 */
class XfsAcceptanceTest {
    static FsConfig xfs() {
        return FsConfig.xfs(0, 1L << 30, 512L << 20);
    }

    private static boolean inLog(Xfs fs, FsRig.Io io) {
        XfsGeometry g = fs.geometry();
        long b = io.block(0);
        return b >= g.logStart && b < g.logStart + g.logBlocks;
    }

    @Test
    void shortLivedFileCostsLogWritesOnlyEachABarrier() {
        FsRig rig = new FsRig(xfs());
        Xfs fs = rig.xfs();
        FsFile f = rig.create("tmp");
        OpenFile o = rig.open("tmp");
        rig.write(o, 0, 5000);
        rig.close(o);
        assertEquals(-1, fs.blockOf(f, 0), "delayed allocation: no block chosen at write()");
        rig.runUntil(8_000_000_000L);
        rig.run(r -> rig.mounted.unlink(rig.mounted.root(), "tmp", FsRig.APP, r));
        rig.runUntil(40_000_000_000L);
        List<FsRig.Io> writes = rig.ios.stream().filter(io -> io.bio.op == Op.WRITE).toList();
        assertTrue(!writes.isEmpty(), "the 30-s xfssyncd forces the log");
        for (FsRig.Io w : writes) {
            assertTrue(inLog(fs, w), "only log writes until the metadata ages: " + w);
            assertTrue((w.bio.flags & Flags.PREFLUSH) != 0 && (w.bio.flags & Flags.FUA) != 0, "every log write a barrier: " + w);
        }
        for (FsRig.Io r : rig.ios.stream().filter(io -> io.bio.op == Op.READ).toList()) {
            assertTrue(r.block(0) < XfsGeometry.PREALLOC_BLOCKS, "only AG 0's AGI and inode B+tree root are read: " + r);
        }
    }

    @Test
    void nobarrierLogWritesAreOrdinary() {
        FsRig rig = new FsRig(xfs().withOptions("nobarrier"));
        rig.create("a");
        rig.runUntil(31_000_000_000L);
        List<FsRig.Io> writes = rig.ios.stream().filter(io -> io.bio.op == Op.WRITE).toList();
        assertEquals(1, writes.size());
        assertEquals(0, writes.get(0).bio.flags & (Flags.PREFLUSH | Flags.FUA));
    }

    @Test
    void dataIsAllocatedAtWritebackNearItsInode() {
        FsRig rig = new FsRig(xfs());
        Xfs fs = rig.xfs();
        FsFile f = rig.create("keep");
        OpenFile o = rig.open("keep");
        rig.write(o, 0, 5 * 4096);
        rig.close(o);
        rig.runUntil(36_000_000_000L); // kupdate at 30-35 s
        long b0 = fs.blockOf(f, 0);
        assertTrue(b0 >= 0, "allocated by write-back");
        for (int i = 1; i < 5; i++) {
            assertEquals(b0 + i, fs.blockOf(f, i), "one extent");
        }
        XfsGeometry g = fs.geometry();
        assertEquals(0, g.agOf(b0), "in the inode's AG");
        assertTrue(b0 < 64, "near the root chunk: " + b0);
        long dataWrites = rig.ios.stream().filter(io -> io.bio.op == Op.WRITE && io.block(0) >= b0 && io.block(0) < b0 + 5)
                .mapToLong(FsRig.Io::blocks).sum();
        assertEquals(5, dataWrites);
    }

    @Test
    void mkfsGeometryBySize() {
        XfsGeometry small = new XfsGeometry((1L << 30) / 4096);
        assertEquals(8, small.agCount, "128 MiB–8 GiB: 8 AGs");
        XfsGeometry g18 = new XfsGeometry(18_350_000_000L / 4096);
        assertEquals(16, g18.agCount, "18 GB: 16 AGs");
        assertEquals(2560, g18.logBlocks, "10 MiB log from 1 GiB up");
        assertEquals(8 * g18.agBlocks + 4, g18.logStart, "the log in the middle AG");
        assertEquals(128, small.inodeNumber(0, 8, 0), "root inode 128 at AG 0 block 8");
        assertEquals(8, small.blockOfInode(128));
        assertEquals(16, new XfsGeometry((20L << 30) / 4096).agCount, "8–512 GiB: 16 AGs");
        assertEquals(1000, XfsGeometry.logBlocks((64L << 20) / 4096), "at least 1000 blocks");
    }

    @Test
    void badOptionsAreRefused() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> xfs().withOptions("logbufs=1"));
        assertTrue(e.getMessage().contains("logbufs= takes 2 to 8"), e.getMessage());
        assertEquals(new XfsOptions(true, 8, 32768, true), XfsOptions.parse(""));
    }
}
