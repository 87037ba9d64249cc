package io.iopath.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The invariants of {@link FsInvariantsTest} on ReiserFS, default small tails and notail: no
 * block in two places (file blocks, tree nodes, journal), every dirtied page written, deleted or
 * still dirty, fsync returning only after the commit holding the inode, same seed same IO.
 */
class ReiserFsInvariantsTest {
    private static FsConfig cfg(String options) {
        return FsConfig.reiserfs(0, 1L << 30, 80L << 20).withOptions(options);
    }

    @Test
    void invariantsHoldOverSeededWorkloads() {
        List<String> problems = new ArrayList<>();
        for (long seed = 1; seed <= 6; seed++) {
            FsInvariantsTest.workload(cfg(""), seed, problems);
        }
        for (long seed = 7; seed <= 9; seed++) {
            FsInvariantsTest.workload(cfg("notail,barrier=flush"), seed, problems);
        }
        assertTrue(problems.isEmpty(), problems.size() + " problems, first: " + problems.subList(0, Math.min(5, problems.size())));
    }

    @Test
    void sameSeedSameIo() {
        List<String> problems = new ArrayList<>();
        assertEquals(FsInvariantsTest.workload(cfg(""), 11, problems), FsInvariantsTest.workload(cfg(""), 11, problems));
    }
}
