package io.iopath.fs;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iopath.fs.xfs.Xfs;
import io.iopath.fs.xfs.XfsGeometry;
import io.iopath.request.Op;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A Postmark-like pool of small files on XFS for minutes of simulated time: the directory grows
 * from shortform to data and leaf blocks, new inode chunks follow each other, the log wraps and
 * the AIL is pushed, and most deleted files never cost a data write (delayed allocation).
 */
class XfsSmallFilePoolTest {
    @Test
    void poolOfSmallFilesRunsThroughLogWraps() {
        FsRig rig = new FsRig(FsConfig.xfs(0, 1L << 30, 256L << 20));
        Xfs fs = rig.xfs();
        SplittableRandom rnd = new SplittableRandom(5);
        List<String> live = new ArrayList<>();
        int n = 0;
        long dataBytes = 0;
        for (int i = 0; i < 40_000; i++) {
            // a pool of 500 with one delete per create: a file lives about 500 × 2 × 5 ms = 5 s
            if (live.size() < 500 || i % 2 == 0) {
                String name = "p" + n++;
                rig.create(name);
                OpenFile o = rig.open(name);
                long size = 500 + rnd.nextInt(9500);
                rig.write(o, 0, size);
                dataBytes += size;
                rig.close(o);
                live.add(name);
            } else {
                String name = live.remove(rnd.nextInt(live.size()));
                OpenFile o = rig.open(name);
                rig.read(o, 0, o.file.size());
                rig.close(o);
                rig.run(r -> rig.mounted.unlink(rig.mounted.root(), name, FsRig.APP, r));
            }
            rig.runUntil(rig.sim.now() + 5_000_000L);
        }
        rig.sync();
        XfsGeometry g = fs.geometry();
        long logBytes = 0;
        long dataWritten = 0;
        for (FsRig.Io io : rig.ios) {
            if (io.bio.op != Op.WRITE) {
                continue;
            }
            long b = io.block(0);
            if (b >= g.logStart && b < g.logStart + g.logBlocks) {
                logBytes += io.bio.sectors * 512L;
            } else if (io.bio.sectors == 8 && !fs.metadataBuffers().containsKey(io.bio.sector)) {
                dataWritten += 4096;
            }
        }
        assertTrue(logBytes > g.logBlocks * 4096, "the log wrapped: " + logBytes + " bytes written");
        assertTrue(dataWritten < dataBytes / 2, "most short-lived files are never written: " + dataWritten + " of " + dataBytes);
        assertTrue(fs.stats().checkpoints() > 0, "the AIL was pushed");
    }
}
