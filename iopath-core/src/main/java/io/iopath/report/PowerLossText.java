package io.iopath.report;

import io.iopath.result.PowerLossReport;
import io.iopath.units.Units;
import java.util.Locale;

/** What a power failure destroyed, in words. */
public final class PowerLossText {
    private PowerLossText() {
    }

    /** The journal check of a run on a journaled file system, as a clause of {@link #describe}. */
    static String journal(io.iopath.result.JournalConsistency j) {
        if (j.violations() == 0) {
            return "; journal consistent (no committed transaction incomplete on the media)";
        }
        return String.format(Locale.ROOT, "; JOURNAL CONSISTENCY VIOLATION: %d committed transaction%s incomplete on the media"
                        + " (commit block durable, a block it covers not), the first transaction %d, committed at %.3f s",
                j.violations(), j.violations() == 1 ? "" : "s", j.firstTid(), Units.seconds(j.firstCommitNs()));
    }

    /** What the application lost on its file system, as a clause of {@link #describe}. */
    static String fileSystem(io.iopath.result.FileSystemLoss f) {
        return String.format(Locale.ROOT, "; file system: %d block%s of fsync'd data lost in the drive's cache%s, %d page%s"
                        + " written but only in the page cache lost (expected), %d journal commit block%s lost",
                f.fsyncedBlocksLost(), f.fsyncedBlocksLost() == 1 ? "" : "s",
                f.fsyncedBlocksLost() == 0 ? "" : f.barriers() ? " (barriers on: fsyncs that found nothing to commit sent no flush)" : " (no barriers, write cache on)",
                f.pageCachePagesLost(), f.pageCachePagesLost() == 1 ? "" : "s", f.commitBlocksLost(), f.commitBlocksLost() == 1 ? "" : "s");
    }

    /** One sentence for people: the terminal table, report.html, and fio-format runs' standard error. */
    public static String describe(PowerLossReport p) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "power failure at %.3f s: ", Units.seconds(p.atNs())));
        if (p.acknowledgedLost() == 0) {
            sb.append("no acknowledged write lost");
        } else {
            sb.append(String.format(Locale.ROOT,
                    "%d acknowledged write%s lost (%s, the oldest acknowledged %.3f ms before the failure), %d of them "
                            + "promised durable by a completed flush or FUA",
                    p.acknowledgedLost(), p.acknowledgedLost() == 1 ? "" : "s", Units.formatSize(p.acknowledgedLostBytes()),
                    Units.ms(p.oldestLostAgeNs()), p.promisedLost()));
        }
        sb.append(String.format(Locale.ROOT, "; %d write%s in flight lost", p.inFlightLost(), p.inFlightLost() == 1 ? "" : "s"));
        if (p.tornWrites() > 0) {
            sb.append(String.format(Locale.ROOT, "; %d torn (cut while being written to the media)", p.tornWrites()));
        }
        if (p.fileSystem() != null) {
            sb.append(fileSystem(p.fileSystem()));
        }
        if (p.journal() != null) {
            sb.append(journal(p.journal()));
        }
        return sb.toString();
    }
}
