package io.iopath.experiment;

import io.iopath.fs.FsPowerLoss;
import io.iopath.fs.FsStats;
import java.util.Locale;

/** The one-line summary of a file-system run that the CLI prints with its notes. */
final class FsSummary {
    private FsSummary() {
    }

    static String line(FsStats s) {
        long lookups = s.pageCacheHits() + s.pageCacheMisses();
        return String.format(Locale.ROOT,
                "file system: page cache %d hits, %d misses (%.1f%% hit); application read %.1f MB, wrote %.1f MB;"
                        + " device read %.1f MB, wrote %.1f MB; %d journal commits (%d blocks, mean %.1f ms, max %.1f ms);"
                        + " %d throttled writes, peak dirty %d of limit %d pages; %d checkpoints",
                s.pageCacheHits(), s.pageCacheMisses(), lookups == 0 ? 0.0 : 100.0 * s.pageCacheHits() / lookups,
                s.appBytesRead() / 1e6, s.appBytesWritten() / 1e6, s.deviceBytesRead() / 1e6, s.deviceBytesWritten() / 1e6,
                s.journalCommits(), s.journalBlocks(),
                s.journalCommits() == 0 ? 0.0 : s.commitNsTotal() / 1e6 / s.journalCommits(), s.commitNsMax() / 1e6,
                s.throttled(), s.peakDirtyPages(), s.dirtyLimitPages(), s.checkpoints());
    }

    static String powerLoss(FsPowerLoss l, boolean barrier) {
        return String.format(Locale.ROOT,
                "power failure, file system: %d pages written by applications and only in the page cache lost (expected);"
                        + " %d blocks of fsync'd data lost in the drive's cache%s; %d journal blocks lost in the drive's cache",
                l.bufferedPagesLost(), l.fsyncedBlocksLost(),
                l.fsyncedBlocksLost() > 0 ? (barrier ? " (a contract violation: barrier=1)" : " (barrier=0 with the write cache on)") : "",
                l.commitBlocksLost());
    }
}
