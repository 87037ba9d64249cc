package io.iopath.report;

import io.iopath.result.Btt;
import io.iopath.result.DirectionStats;
import io.iopath.result.DriveTimeSplit;
import io.iopath.result.FileSystemReport;
import io.iopath.result.FlushStats;
import io.iopath.result.HostStats;
import io.iopath.result.JobResult;
import io.iopath.result.LatencySummary;
import io.iopath.result.Result;
import io.iopath.units.Units;
import java.util.Locale;

/** The terminal summary of one run: a table per direction, latencies in milliseconds. */
public final class ResultTable {
    private ResultTable() {
    }

    public static String render(Result r) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "scenario %s  drive %s  scheduler %s  queue_depth %d  seed %d%n",
                r.scenario(), r.drive(), r.scheduler(), r.queueDepth(), r.seed()));
        sb.append(provenance(r)).append('\n');
        sb.append(String.format(Locale.ROOT, "simulated %.3f s, drive utilisation %.1f %%, bio merges %d, QUEUE FULL %d%n%n",
                Units.seconds(r.elapsedNs()), 100 * r.driveUtilisation(), r.bioMerges(), r.queueFulls()));
        sb.append(String.format(Locale.ROOT, "%-6s %9s %9s %9s | %8s %8s %8s %8s %8s %8s | %8s %8s%n",
                "", "IOs", "IOPS", "MB/s", "mean", "p50", "p95", "p99", "p99.9", "max", "Q2D", "D2C"));
        sb.append(String.format(Locale.ROOT, "%-6s %9s %9s %9s | %53s | %17s%n",
                "", "", "", "", "latency (ms)", "mean (ms)"));
        row(sb, "read", r.read());
        row(sb, "write", r.write());
        row(sb, "total", r.total());
        flushRow(sb, "flush", 6, r.flush(), r.elapsedNs());
        if (r.jobs().size() > 1) {
            jobs(sb, r);
        }
        DriveTimeSplit t = r.driveTime();
        if (t.seekMeanNs() + t.rotationMeanNs() + t.transferMeanNs() > 0) {
            // a drive without mechanics (a guest's virtual disk) or without commands has nothing to say here
            sb.append(String.format(Locale.ROOT, "%ndrive, mean per command: seek %.3f ms, rotation %.3f ms, transfer %.3f ms%n",
                    Units.ms(t.seekMeanNs()), Units.ms(t.rotationMeanNs()), Units.ms(t.transferMeanNs())));
        }
        if (r.destageTime().commands() > 0) {
            // under write-back the host's writes end in the buffer; the media work is the destages'
            sb.append(String.format(Locale.ROOT, "drive, mean per destage (%d destages): seek %.3f ms, rotation %.3f ms, transfer %.3f ms%n",
                    r.destageTime().commands(), Units.ms(r.destageTime().seekMeanNs()),
                    Units.ms(r.destageTime().rotationMeanNs()), Units.ms(r.destageTime().transferMeanNs())));
        }
        if (r.host() != null) {
            host(sb, r.host());
        }
        if (r.filesystem() != null) {
            filesystem(sb, r.filesystem());
        }
        if (r.powerLoss() != null) {
            sb.append(String.format(Locale.ROOT, "%n%s%n", PowerLossText.describe(r.powerLoss())));
        }
        return sb.toString();
    }

    /** The line naming what made the result: iopath's version and the scenario's hash. */
    public static String provenance(Result r) {
        String hash = r.provenance().scenarioHash();
        return "iopath " + r.provenance().version() + "  scenario hash " + (hash.isEmpty() ? "(none: not read from a file)" : hash);
    }

    /** The file system's lines: what the applications asked for against what reached the device (above). */
    private static void filesystem(StringBuilder sb, FileSystemReport f) {
        sb.append(String.format(Locale.ROOT, "%nfile system %s: page cache %d hits, %d misses (%.1f %% hit)%n",
                f.type(), f.pageCacheHits(), f.pageCacheMisses(), 100 * f.hitRatio()));
        sb.append(String.format(Locale.ROOT, "  application read %.1f MB, wrote %.1f MB; device read %.1f MB, wrote %.1f MB%n",
                f.appBytesRead() / 1e6, f.appBytesWritten() / 1e6, f.deviceBytesRead() / 1e6, f.deviceBytesWritten() / 1e6));
        sb.append(String.format(Locale.ROOT, "  journal: %d commits, %d blocks, commit mean %.1f ms, max %.1f ms; %d checkpoints%n",
                f.journalCommits(), f.journalBlocks(), Units.ms(f.commitMeanNs()), Units.ms(f.commitMaxNs()), f.checkpoints()));
        sb.append(String.format(Locale.ROOT, "  dirty pages: peak %d of limit %d, %d throttled writes%n",
                f.peakDirtyPages(), f.dirtyLimitPages(), f.throttled()));
        if (f.fsyncs() > 0) {
            LatencySummary l = f.fsyncLatency();
            sb.append(String.format(Locale.ROOT,
                    "  fsync/fdatasync: %d calls, latency (ms) mean %.3f, p50 %.3f, p95 %.3f, p99 %.3f, p99.9 %.3f, max %.3f%n",
                    f.fsyncs(), Units.ms(l.mean()), Units.ms(l.p50()), Units.ms(l.p95()), Units.ms(l.p99()),
                    Units.ms(l.p99_9()), Units.ms(l.max())));
        }
    }

    /**
     * A row per job and direction, under the totals: the comparison examples such as ionice and
     * bfq-startup exist for. Rates over each job's own span (first bio queued to last completed).
     */
    private static void jobs(StringBuilder sb, Result r) {
        int width = 6;
        for (JobResult j : r.jobs()) {
            width = Math.max(width, j.name().length() + 7);
        }
        sb.append(String.format(Locale.ROOT, "%nper job (rates over the job's own span, first IO queued to last completed)%n"));
        sb.append(String.format(Locale.ROOT, "%-" + width + "s %9s %9s %9s | %8s %8s %8s %8s %8s %8s | %8s %8s%n",
                "", "IOs", "IOPS", "MB/s", "mean", "p50", "p95", "p99", "p99.9", "max", "Q2D", "D2C"));
        for (JobResult j : r.jobs()) {
            boolean both = j.read().ios() > 0 && j.write().ios() > 0;
            if (j.read().ios() > 0) {
                row(sb, j.name() + " read", width, j.read());
            }
            if (j.write().ios() > 0) {
                row(sb, j.name() + " write", width, j.write());
            }
            if (both) {
                row(sb, j.name() + " total", width, j.total());
            }
            flushRow(sb, j.name() + " flush", width, j.flush(), j.elapsedNs());
        }
    }

    /** Flushes: count, rate and latency; no bytes, and no Q2D / D2C split (a flush is no request's data). */
    private static void flushRow(StringBuilder sb, String label, int width, FlushStats f, long elapsedNs) {
        if (f.count() == 0) {
            return;
        }
        var l = f.latency();
        double seconds = Units.seconds(elapsedNs);
        sb.append(String.format(Locale.ROOT, "%-" + width + "s %9d %9.1f %9s | %8.3f %8.3f %8.3f %8.3f %8.3f %8.3f |%n",
                label, f.count(), seconds > 0 ? f.count() / seconds : 0, "",
                Units.ms(l.mean()), Units.ms(l.p50()), Units.ms(l.p95()), Units.ms(l.p99()), Units.ms(l.p99_9()), Units.ms(l.max())));
    }

    private static void host(StringBuilder sb, HostStats h) {
        sb.append(String.format(Locale.ROOT, "%nbtt (mean ms) %8s %8s %8s %8s %8s %8s %8s   %s%n",
                "Q2G", "G2I", "Q2M", "I2D", "M2D", "D2C", "Q2C", "new / merged bios"));
        bttRow(sb, "read", h.bttRead());
        bttRow(sb, "write", h.bttWrite());
        var b = h.block();
        sb.append(String.format(Locale.ROOT,
                "%nblock: %s plugging, %d requests, merges %d back / %d front / %d request, %d plugs, %d unplugs (%d timer), %d sleeps, %d requeues, %d flushes%n",
                h.plugging(), b.requestsAllocated(), b.backMerges(), b.frontMerges(), b.requestMerges(), b.plugs(),
                b.ioUnplugs(), b.timerUnplugs(), b.sleeps(), b.requeues(), b.flushes()));
        sb.append(String.format(Locale.ROOT, "scsi: %s, queue_depth now %d, %d BUSY, %d device_blocked stalls (%.3f ms)%n",
                h.driver(), h.finalQueueDepth(), h.busies(), h.stalls(), Units.ms(h.stalledNs())));
    }

    private static void bttRow(StringBuilder sb, String label, Btt t) {
        if (t.bios() == 0) {
            return;
        }
        sb.append(String.format(Locale.ROOT, "%-13s %8.3f %8.3f %8.3f %8.3f %8.3f %8.3f %8.3f   %d / %d%n", label,
                Units.ms(t.q2gNs()), Units.ms(t.g2iNs()), Units.ms(t.q2mNs()), Units.ms(t.i2dNs()), Units.ms(t.m2dNs()),
                Units.ms(t.d2cNs()), Units.ms(t.q2cNs()), t.newRequests(), t.merged()));
    }

    private static void row(StringBuilder sb, String label, DirectionStats d) {
        if (d.ios() == 0 && !label.equals("total")) {
            return;
        }
        row(sb, label, 6, d);
    }

    private static void row(StringBuilder sb, String label, int width, DirectionStats d) {
        var l = d.latency();
        sb.append(String.format(Locale.ROOT, "%-" + width + "s %9d %9.1f %9.2f | %8.3f %8.3f %8.3f %8.3f %8.3f %8.3f | %8.3f %8.3f%n",
                label, d.ios(), d.iops(), Units.megabytes(d.bandwidthBytesPerS()),
                Units.ms(l.mean()), Units.ms(l.p50()), Units.ms(l.p95()), Units.ms(l.p99()), Units.ms(l.p99_9()), Units.ms(l.max()),
                Units.ms(d.q2dMeanNs()), Units.ms(d.d2cMeanNs())));
    }
}
