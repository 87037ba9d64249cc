package io.iopath.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iopath.fs.reiserfs.ReiserFs;
import io.iopath.fs.reiserfs.ReiserLayout;
import io.iopath.request.Op;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A Postmark-like pool of small files (500–9 999 bytes) created, read and deleted for minutes of
 * simulated time: the tree grows internal nodes, the journal wraps and flushes its oldest lists
 * (header-block writes), blocks are freed and reused, and exactly the files that fit a direct
 * item are packed.
 */
class ReiserFsSmallFilePoolTest {
    @Test
    void poolOfSmallFilesRunsThroughJournalWraps() {
        FsRig rig = new FsRig(FsConfig.reiserfs(0, 2L << 30, 256L << 20));
        ReiserFs fs = rig.reiser();
        SplittableRandom rnd = new SplittableRandom(5);
        List<String> live = new ArrayList<>();
        int n = 0;
        for (int i = 0; i < 12_000; i++) {
            if (live.size() < 500 || rnd.nextBoolean()) {
                String name = "p" + n++;
                FsFile f = rig.create(name);
                OpenFile o = rig.open(name);
                long size = 500 + rnd.nextInt(9500);
                rig.write(o, 0, size);
                rig.close(o);
                assertEquals(size <= ReiserFs.MAX_DIRECT_ITEM_LEN, fs.packed(f), "packed exactly when it fits a direct item");
                live.add(name);
            } else if (rnd.nextInt(3) == 0) {
                String name = live.remove(rnd.nextInt(live.size()));
                rig.run(r -> rig.mounted.unlink(rig.mounted.root(), name, FsRig.APP, r));
            } else {
                String name = live.get(rnd.nextInt(live.size()));
                OpenFile o = rig.open(name);
                rig.read(o, 0, o.file.size());
                rig.close(o);
            }
            rig.runUntil(rig.sim.now() + 20_000_000L);
        }
        rig.sync();
        assertTrue(fs.treeNodes().size() > 100, fs.treeNodes().size() + " tree nodes");
        long header = rig.ios.stream().filter(io -> io.bio.op == Op.WRITE && io.block(0) == ReiserLayout.JOURNAL_HEADER).count();
        assertTrue(header > 0, "the journal header block is rewritten when lists are flushed");
        assertTrue(fs.commitLog().size() > 40, fs.commitLog().size() + " commits");
        long journalBlocks = fs.commitLog().stream().mapToLong(c -> c[4]).sum();
        assertTrue(journalBlocks > ReiserLayout.JOURNAL_BLOCKS, "the journal wrapped: " + journalBlocks + " blocks logged");
        assertEquals(0, fs.pageCache().overCapacity());
    }
}
