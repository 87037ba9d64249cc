package io.iopath.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iopath.fs.reiserfs.ReiserFs;
import io.iopath.fs.reiserfs.ReiserLayout;
import io.iopath.request.Flags;
import io.iopath.request.Op;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Spec §6.7 check 5 and the ReiserFS journal timing of §4.6: a small file's data never reaches
 * the disk (its tail is packed into the leaf at close, before the commit), the journal commits
 * every 5 s through pdflush's sync_supers, and a larger file's data is written as ordered data
 * before the log blocks.
 */
class ReiserFsAcceptanceTest {
    static FsConfig reiserfs() {
        return FsConfig.reiserfs(0, 1L << 30, 512L << 20);
    }

    private static List<FsRig.Io> writesOf(FsRig rig, long block) {
        return rig.ios.stream().filter(io -> io.bio.op == Op.WRITE && io.block(0) <= block && block < io.block(0) + io.blocks()).toList();
    }

    @Test
    void smallFileIsNeverWrittenItsLeafBitmapAndSuperBlockAreLogged() {
        FsRig rig = new FsRig(reiserfs());
        ReiserFs fs = rig.reiser();
        FsFile f = rig.create("small");
        OpenFile o = rig.open("small");
        rig.write(o, 0, 2000);
        long dataBlock = fs.blockOf(f, 0);
        assertTrue(dataBlock >= 0, "written through an unformatted block");
        rig.close(o);
        assertTrue(fs.packed(f), "packed into a direct item at close");
        assertEquals(-1, fs.blockOf(f, 0));
        assertFalse(fs.isAllocated(dataBlock), "the unformatted block is freed by the conversion");
        rig.runUntil(6_000_000_000L);
        assertEquals(1, fs.commitLog().size(), "one commit, by the 5-s sync_supers");
        assertTrue(writesOf(rig, dataBlock).isEmpty(), "no data-block write");
        List<Long> logged = fs.loggedBlocks().get(0);
        long leaf = fs.leafOf(f);
        assertTrue(logged.contains(leaf), "the object's leaf " + leaf + " in " + logged);
        assertTrue(logged.contains(fs.layout().bitmapBlockOf(dataBlock)), "its bitmap block");
        assertTrue(logged.contains(ReiserLayout.SUPER_BLOCK), "the super block");
        // description + blocks + commit, consecutive from the journal start, by pdflush
        List<FsRig.Io> log = rig.ios.stream().filter(io -> io.bio.op == Op.WRITE
                && io.block(0) >= ReiserLayout.JOURNAL_START && io.block(0) < ReiserLayout.JOURNAL_HEADER).toList();
        assertEquals(logged.size() + 2, log.size());
        for (int i = 0; i < log.size(); i++) {
            assertEquals(ReiserLayout.JOURNAL_START + i, log.get(i).block(0));
            assertEquals(FsRig.PDFLUSH, log.get(i).bio.processId, "sync_supers commits as pdflush");
        }
        FsRig.Io commit = log.get(log.size() - 1);
        for (FsRig.Io io : log.subList(0, log.size() - 1)) {
            assertTrue(io.doneNs <= commit.submitNs, "barrier=none: the commit block waits for the log blocks");
        }
        assertTrue(commit.submitNs >= 5_000_000_000L && commit.submitNs < 5_500_000_000L, "at the first kupdate pass");
        assertEquals(0, commit.bio.flags & Flags.PREFLUSH);
    }

    @Test
    void largerFileIsOrderedDataBeforeTheLog() {
        FsRig rig = new FsRig(reiserfs());
        ReiserFs fs = rig.reiser();
        FsFile f = rig.create("big");
        OpenFile o = rig.open("big");
        rig.write(o, 0, 5000);
        rig.close(o);
        assertFalse(fs.packed(f), "5000 bytes > 3976: stays in unformatted blocks");
        long b0 = fs.blockOf(f, 0);
        long b1 = fs.blockOf(f, 1);
        assertEquals(b0 + 1, b1, "the file's second block follows its first");
        assertEquals(ReiserLayout.BLOCKS_PER_BITMAP + 2048, b0, "dirid_groups: locality 2 starts in bitmap group 1, 2048 blocks in");
        rig.runUntil(6_000_000_000L);
        List<FsRig.Io> data = writesOf(rig, b0);
        assertEquals(1, data.size());
        long firstLog = rig.ios.stream().filter(io -> io.bio.op == Op.WRITE && io.block(0) >= ReiserLayout.JOURNAL_START
                && io.block(0) < ReiserLayout.JOURNAL_HEADER).mapToLong(io -> io.submitNs).min().orElseThrow();
        assertTrue(data.get(0).doneNs <= firstLog, "ordered data complete before the description block");
    }

    @Test
    void notailWritesTheSmallFile() {
        FsRig rig = new FsRig(reiserfs().withOptions("notail"));
        ReiserFs fs = rig.reiser();
        FsFile f = rig.create("small");
        OpenFile o = rig.open("small");
        rig.write(o, 0, 2000);
        rig.close(o);
        assertFalse(fs.packed(f));
        rig.runUntil(6_000_000_000L);
        assertEquals(1, writesOf(rig, fs.blockOf(f, 0)).size(), "written as ordered data at the commit");
    }

    @Test
    void barrierFlushMakesTheCommitBlockABarrier() {
        FsRig rig = new FsRig(reiserfs().withOptions("barrier=flush"));
        rig.create("a");
        rig.runUntil(6_000_000_000L);
        FsRig.Io last = rig.ios.stream().filter(io -> io.bio.op == Op.WRITE && io.block(0) >= ReiserLayout.JOURNAL_START
                && io.block(0) < ReiserLayout.JOURNAL_HEADER).reduce((a, b) -> b).orElseThrow();
        assertTrue((last.bio.flags & Flags.PREFLUSH) != 0 && (last.bio.flags & Flags.FUA) != 0);
    }

    @Test
    void commitsEveryFiveSecondsUnderActivityAndSmallFilesShareLeaves() {
        FsRig rig = new FsRig(reiserfs());
        ReiserFs fs = rig.reiser();
        FsFile first = null;
        FsFile second = null;
        for (int i = 0; i < 40; i++) {
            FsFile f = rig.create("f" + i);
            OpenFile o = rig.open("f" + i);
            rig.write(o, 0, 1000);
            rig.close(o);
            if (i == 0) {
                first = f;
            } else if (i == 1) {
                second = f;
            }
            rig.runUntil(rig.sim.now() + 500_000_000L);
        }
        assertEquals(fs.leafOf(first), fs.leafOf(second), "two small files of one directory in one leaf");
        List<long[]> commits = fs.commitLog();
        assertTrue(commits.size() >= 3, commits.size() + " commits in 20 s");
        for (int i = 1; i < commits.size(); i++) {
            long gap = commits.get(i)[0] - commits.get(i - 1)[0];
            assertTrue(gap >= 4_900_000_000L && gap <= 6_100_000_000L, "commit gap " + gap);
        }
        assertEquals(2, fs.packingLocality(first), "files of the root share its objectid as locality");
    }

    @Test
    void unknownAndBadOptionsAreRefused() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> reiserfs().withOptions("notail,data=journalx"));
        assertTrue(e.getMessage().contains("unknown reiserfs mount option 'data=journalx'"), e.getMessage());
        e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> reiserfs().withOptions("barrier=1"));
        assertTrue(e.getMessage().contains("barrier= takes none or flush"), e.getMessage());
        e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> reiserfs().withOptions("commit=x"));
        assertTrue(e.getMessage().contains("commit= takes whole seconds"), e.getMessage());
        assertEquals(new ReiserOptions(ReiserOptions.Tails.OFF, true, 5000, true, true),
                ReiserOptions.parse("notail,barrier=flush,commit=5"));
        assertEquals(ReiserOptions.DEFAULTS, ReiserOptions.parse(""));
    }
}
