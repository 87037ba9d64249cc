package io.iopath.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iopath.request.Op;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Spec §6.7 check 2: one file dirtied at t = 0 and nothing else: with data=writeback its data is
 * written by pdflush in the kupdate pass at 30–35 s; with data=ordered by kjournald at the first
 * commit, within 5 s.
 */
class KupdateAcceptanceTest {
    private static final long S = 1_000_000_000L;

    private static List<FsRig.Io> dataWrites(FsRig rig, FsFile f) {
        long b = rig.fs.blockOf(f, 0);
        return rig.ios.stream().filter(io -> io.bio.op == Op.WRITE && io.bio.sector == b * 8).toList();
    }

    @Test
    void writebackModeDataIsWrittenByKupdateBetween30And35Seconds() {
        FsRig rig = new FsRig(FsRig.small().withOptions("data=writeback"));
        FsFile f = rig.create("f");
        OpenFile o = rig.open("f");
        rig.write(o, 0, 8192);
        rig.close(o);
        rig.runUntil(29 * S);
        assertTrue(dataWrites(rig, f).isEmpty(), "nothing before 30 s: " + rig.ios);
        rig.runUntil(40 * S);
        List<FsRig.Io> w = dataWrites(rig, f);
        assertEquals(1, w.size());
        assertEquals(FsRig.PDFLUSH, w.get(0).bio.processId);
        assertTrue(w.get(0).submitNs >= 30 * S && w.get(0).submitNs <= 35 * S, "at " + w.get(0).submitNs);
    }

    @Test
    void orderedModeDataIsWrittenByTheFirstCommit() {
        FsRig rig = new FsRig(FsRig.small());
        FsFile f = rig.create("f");
        OpenFile o = rig.open("f");
        rig.write(o, 0, 8192);
        rig.close(o);
        rig.runUntil(40 * S);
        List<FsRig.Io> w = dataWrites(rig, f);
        assertEquals(1, w.size(), "written once: the commit writes it, pdflush later finds the buffer clean");
        assertEquals(FsRig.KJOURNALD, w.get(0).bio.processId);
        assertTrue(w.get(0).submitNs <= 5 * S + S / 10, "at " + w.get(0).submitNs);
        assertFalse(rig.fs.pageCache().nrDirty() > 0 && rig.sim.now() > 36 * S && rig.fs.mappingOf(f).dirtyPages() > 0,
                "pdflush cleaned the page at the 35 s pass");
    }
}
