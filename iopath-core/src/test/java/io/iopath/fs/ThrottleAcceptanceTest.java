package io.iopath.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iopath.fs.pagecache.DirtyLimits;
import io.iopath.fs.pagecache.VmSysctls;
import org.junit.jupiter.api.Test;

/**
 * Spec §6.7 check 3: a writer dirtying pages faster than the disk drains them starts blocking
 * when NR_FILE_DIRTY + NR_WRITEBACK exceeds vm.dirty_ratio of the available pages, and never
 * gets further over the limit than one rate-limit step.
 */
class ThrottleAcceptanceTest {
    @Test
    void writerBlocksOnlyAboveTheDirtyLimit() {
        FsConfig cfg = FsConfig.ext3(0, 1L << 30, 96L << 20).withOptions("data=writeback");
        FsRig rig = new FsRig(cfg);
        DirtyLimits limits = new DirtyLimits(cfg.vm());
        assertEquals(VmSysctls.defaults(96L << 20).capacityPages() * 40 / 100, limits.dirty);
        rig.create("big");
        OpenFile o = rig.open("big");
        long chunk = 64 * 1024;
        long firstBlockedAtPages = -1;
        for (long off = 0; off < 100L << 20; off += chunk) {
            long throttledBefore = rig.fs.writeback().throttledCalls();
            long pagesBefore = rig.fs.pageCache().nrDirty() + rig.fs.pageCache().nrWriteback();
            rig.write(o, off, chunk);
            if (rig.fs.writeback().throttledCalls() > throttledBefore && firstBlockedAtPages < 0) {
                firstBlockedAtPages = pagesBefore + chunk / 4096;
            }
            long now = rig.fs.pageCache().nrDirty() + rig.fs.pageCache().nrWriteback();
            assertTrue(now <= limits.dirty + limits.ratelimit + chunk / 4096,
                    "dirty + writeback " + now + " exceeds the limit " + limits.dirty + " by more than a step");
        }
        assertTrue(rig.fs.writeback().throttledCalls() > 0, "the writer was throttled");
        assertTrue(rig.fs.writeback().firstThrottleAtPages() > limits.dirty,
                "first blocked at " + rig.fs.writeback().firstThrottleAtPages() + " pages, limit " + limits.dirty);
        assertTrue(firstBlockedAtPages > limits.dirty, "no write() was throttled below the limit: " + firstBlockedAtPages);
        assertTrue(rig.fs.pageCache().peakDirtyPlusWriteback() <= limits.dirty + limits.ratelimit + chunk / 4096);
    }
}
