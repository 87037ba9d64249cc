package io.iopath.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.iopath.fs.ext3.Ext3Layout;
import io.iopath.request.Op;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Spec §6.7 check 4: 100 creates of 5 000-byte files in one transaction, all in one group: the
 * data is 200 blocks in a few contiguous runs from the colour goal; the journal holds the
 * inode-table blocks of the new inodes, the inode bitmap, block bitmap, group descriptor,
 * directory block and directory inode block, behind one descriptor and before one commit block;
 * data complete → journal complete → commit block.
 */
class Ext3CommitAcceptanceTest {
    /**
     * 2.6.18: pdflush's write-back of a file clears its inode's I_DIRTY bits (__sync_single_inode)
     * and ext3_write_inode without wait commits nothing, so a later fsync of the unchanged inode
     * starts no commit; written and fsync'd with no write-back between, the same fsync commits.
     */
    @Test
    void anFsyncAfterPdflushWroteTheFileBackCommitsNothing() {
        FsRig rig = new FsRig(FsRig.small());
        FsFile f = rig.create("f");
        OpenFile o = rig.open("f");
        rig.write(o, 0, 4096); // allocates: the inode is dirty
        rig.runUntil(40_000_000_000L); // kjournald commits at 5 s; kupdate writes the page once it is 30 s old
        assertEquals(0, rig.fs.mappingOf(f).dirtyPages(), "kupdate wrote the page");
        int commits = rig.fs.commitLog().size();
        rig.fsync(o);
        assertEquals(commits, rig.fs.commitLog().size(), "the inode is clean: nothing to commit");
        rig.write(o, 4096, 4096); // grows the file: dirty again
        rig.fsync(o);
        assertEquals(commits + 1, rig.fs.commitLog().size(), "a dirty inode's fsync commits");
    }

    @Test
    void hundredCreatesCommitAsTheSpecSays() {
        FsRig rig = new FsRig(FsRig.small());
        List<FsFile> files = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            FsFile f = rig.create("f" + i);
            OpenFile o = rig.open("f" + i);
            rig.write(o, 0, 5000);
            rig.close(o);
            files.add(f);
        }
        assertTrue(rig.sim.now() < 5_000_000_000L, "all in the first transaction");
        rig.runUntil(6_000_000_000L);
        assertEquals(1, rig.fs.commitLog().size(), "one commit");
        Set<Integer> groups = new HashSet<>();
        TreeSet<Long> data = new TreeSet<>();
        for (FsFile f : files) {
            groups.add(rig.fs.groupOf(f));
            data.add(rig.fs.blockOf(f, 0));
            data.add(rig.fs.blockOf(f, 1));
        }
        assertEquals(Set.of(0), groups, "all inodes in the root's group");
        assertEquals(200, data.size());
        int runs = 1;
        for (long b : data) {
            if (b != data.first() && !data.contains(b - 1)) {
                runs++;
            }
        }
        assertTrue(runs <= 3, runs + " runs");
        long colour = (FsRig.APP % 16) * (Ext3Layout.BLOCKS_PER_GROUP / 16);
        assertTrue(data.first() >= colour, "from the colour goal " + colour + " on, got " + data.first());
        for (long b = colour; b < data.first(); b++) {
            assertTrue(rig.fs.blockAllocator().isUsed(b), "the run starts at the first free block at or after the goal");
        }

        Set<Long> journal = new HashSet<>();
        for (long j : rig.fs.journalBlocks()) {
            journal.add(j);
        }
        List<FsRig.Io> writes = rig.ios.stream().filter(io -> io.bio.op == Op.WRITE).toList();
        List<FsRig.Io> dataWrites = writes.stream().filter(io -> data.contains(io.block(0))).toList();
        List<FsRig.Io> log = writes.stream().filter(io -> journal.contains(io.block(0))).toList();
        assertEquals(200, dataWrites.stream().mapToInt(FsRig.Io::blocks).sum());
        // new inodes 12..111: slots 11..110 of group 0 = inode-table blocks 0..3; block 0 is also the root's
        Ext3Layout l = rig.fs.layout();
        int expectedMeta = 4 + 1 + 1 + 1 + 1; // itable 4 (root's inode among them), inode bitmap, block bitmap, GDT, dir block
        assertEquals(1 + expectedMeta + 1, log.size(), "descriptor + metadata copies + commit block: " + log);
        assertEquals(expectedMeta, rig.fs.commitLog().get(0)[2]);
        FsRig.Io commit = log.get(log.size() - 1);
        long lastData = dataWrites.stream().mapToLong(io -> io.doneNs).max().orElseThrow();
        long firstLog = log.stream().mapToLong(io -> io.submitNs).min().orElseThrow();
        long lastLogCopy = log.subList(0, log.size() - 1).stream().mapToLong(io -> io.doneNs).max().orElseThrow();
        assertTrue(lastData <= firstLog, "data complete before the journal writes");
        assertTrue(lastLogCopy <= commit.submitNs, "journal complete before the commit block");
        assertTrue(l.inodeBlock(12) == l.inodeTable(0) && l.inodeBlock(111) == l.inodeTable(0) + 3);
    }

    @Test
    void freedBlocksAreReusedOnlyAfterTheFreeingCommit() {
        // §6.7 check 7
        FsRig rig = new FsRig(FsRig.small());
        FsFile a = rig.create("a");
        OpenFile oa = rig.open("a");
        rig.write(oa, 0, 5 * 4096);
        rig.close(oa);
        rig.sync();
        Set<Long> aBlocks = new HashSet<>();
        for (int i = 0; i < 5; i++) {
            aBlocks.add(rig.fs.blockOf(a, i));
        }
        rig.run(r -> rig.fs.unlink(rig.fs.root(), "a", FsRig.APP, r));
        FsFile b = rig.create("b");
        OpenFile ob = rig.open("b");
        rig.write(ob, 0, 5 * 4096);
        rig.close(ob);
        for (int i = 0; i < 5; i++) {
            assertTrue(!aBlocks.contains(rig.fs.blockOf(b, i)), "same transaction: the freed blocks are not reused");
        }
        rig.sync();
        FsFile c = rig.create("c");
        OpenFile oc = rig.open("c");
        rig.write(oc, 0, 5 * 4096);
        rig.close(oc);
        Set<Long> cBlocks = new HashSet<>();
        for (int i = 0; i < 5; i++) {
            cBlocks.add(rig.fs.blockOf(c, i));
        }
        assertEquals(aBlocks, cBlocks, "after the commit: first fit takes the freed blocks");
    }
}
