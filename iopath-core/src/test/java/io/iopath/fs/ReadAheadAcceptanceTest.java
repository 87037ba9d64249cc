package io.iopath.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iopath.request.Op;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Spec filesystem-and-pagecache.md §6.7 check 1: a 4 KiB read of a cold 9 000-byte file is one 12 KiB read. */
class ReadAheadAcceptanceTest {
    @Test
    void coldSmallFileIsOneReadOfItsRoundedSizeAndASecondReadDoesNoIo() {
        FsRig rig = new FsRig(FsRig.small());
        FsFile file = rig.create("f");
        OpenFile w = rig.open("f");
        rig.write(w, 0, 9000);
        rig.close(w);
        rig.sync();
        rig.fs.invalidate(file);
        assertEquals(0, rig.fs.mappingOf(file).cachedPages(), "cold: no page of the file is cached");
        // contiguous on disk
        long b0 = rig.fs.blockOf(file, 0);
        assertEquals(b0 + 1, rig.fs.blockOf(file, 1));
        assertEquals(b0 + 2, rig.fs.blockOf(file, 2));

        OpenFile r = rig.open("f");
        int mark = rig.ios.size();
        long start = rig.sim.now();
        rig.read(r, 0, 4096);
        List<FsRig.Io> reads = rig.since(mark).stream().filter(io -> io.bio.op == Op.READ).toList();
        assertEquals(1, reads.size(), "one read request: " + reads);
        assertEquals(24, reads.get(0).bio.sectors, "12 KiB: the file's size rounded up to pages");
        assertEquals(b0 * 8, reads.get(0).bio.sector);
        assertTrue(rig.sim.now() >= reads.get(0).doneNs && reads.get(0).doneNs > start,
                "the process blocked until the read completed");

        int mark2 = rig.ios.size();
        rig.read(r, 0, 4096);
        rig.read(r, 4096, 4096);
        assertEquals(0, rig.since(mark2).stream().filter(io -> io.bio.op == Op.READ).count(), "a second read does no IO");
    }
}
