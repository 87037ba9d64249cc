package io.iopath.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.iopath.result.BlockStats;
import io.iopath.result.Btt;
import io.iopath.result.DirectionStats;
import io.iopath.result.FileSystemReport;
import io.iopath.result.FlushStats;
import io.iopath.result.HostStats;
import io.iopath.result.JobResult;
import io.iopath.result.LatencyCdf;
import io.iopath.result.LatencyCdfs;
import io.iopath.result.LatencySummary;
import io.iopath.result.PostmarkResult;
import io.iopath.result.PowerLossReport;
import io.iopath.result.Result;

/**
 * {@code results.json}: field names are part of iopath's interface to scripts, so they are
 * written here explicitly rather than derived from class names.
 */
public final class ResultJson {
    private ResultJson() {
    }

    public static ObjectNode toJson(Result r) {
        ObjectNode root = JsonText.object();
        root.put("scenario", r.scenario());
        root.put("seed", r.seed());
        root.put("iopath_version", r.provenance().version());
        root.put("scenario_hash", r.provenance().scenarioHash());
        root.put("drive", r.drive());
        root.put("scheduler", r.scheduler());
        root.put("queue_depth", r.queueDepth());
        root.put("elapsed_ns", r.elapsedNs());
        root.set("read", direction(r.read()));
        root.set("write", direction(r.write()));
        root.set("total", direction(r.total()));
        root.put("drive_utilisation", r.driveUtilisation());
        root.put("bio_merges", r.bioMerges());
        root.put("queue_full", r.queueFulls());
        driveTime(root, r.driveTime(), r.destageTime());
        root.set("latency_cdf", latencyCdf(r.latencyCdf()));
        if (r.host() != null) {
            root.set("host", host(r.host()));
        }
        if (r.driveQueue() != null) {
            driveQueue(root.putObject("drive_queue"), r.driveQueue());
        }
        if (r.powerLoss() != null) {
            PowerLossReport p = r.powerLoss();
            ObjectNode pf = root.putObject("power_failure");
            pf.put("at_ns", p.atNs());
            pf.put("acknowledged_lost", p.acknowledgedLost());
            pf.put("acknowledged_lost_bytes", p.acknowledgedLostBytes());
            pf.put("promised_lost", p.promisedLost());
            pf.put("oldest_lost_age_ns", p.oldestLostAgeNs());
            pf.put("in_flight_lost", p.inFlightLost());
            pf.put("torn_writes", p.tornWrites());
            if (p.fileSystem() != null) {
                // a run on a file system: what the application lost
                ObjectNode fs = pf.putObject("file_system");
                fs.put("fsynced_blocks_lost", p.fileSystem().fsyncedBlocksLost());
                fs.put("page_cache_pages_lost", p.fileSystem().pageCachePagesLost());
                fs.put("commit_blocks_lost", p.fileSystem().commitBlocksLost());
                fs.put("barriers", p.fileSystem().barriers());
            }
            if (p.journal() != null) {
                // a run on a journaled file system: committed transactions incomplete on the media
                ObjectNode jc = pf.putObject("journal_consistency");
                jc.put("violations", p.journal().violations());
                jc.put("first_tid", p.journal().firstTid());
                jc.put("first_commit_ns", p.journal().firstCommitNs());
            }
        }
        root.set("flush", flush(r.flush()));
        if (r.filesystem() != null) {
            root.set("filesystem", filesystem(r.filesystem()));
        }
        ArrayNode jobs = root.putArray("jobs");
        for (JobResult j : r.jobs()) {
            ObjectNode n = jobs.addObject();
            n.put("name", j.name());
            n.put("elapsed_ns", j.elapsedNs());
            n.set("read", direction(j.read()));
            n.set("write", direction(j.write()));
            n.set("total", direction(j.total()));
            n.set("flush", flush(j.flush()));
        }
        if (!r.postmark().isEmpty()) { // only runs with a postmark: job have the key
            ArrayNode pm = root.putArray("postmark");
            for (PostmarkResult p : r.postmark()) {
                ObjectNode n = pm.addObject();
                n.put("transactions", p.transactions());
                n.put("transactions_per_second", p.transactionsPerSecond());
                n.put("files_created", p.filesCreated());
                n.put("files_read", p.filesRead());
                n.put("files_appended", p.filesAppended());
                n.put("files_deleted", p.filesDeleted());
                n.put("bytes_read", p.bytesRead());
                n.put("bytes_written", p.bytesWritten());
                n.put("out_of_files", p.outOfFiles());
                n.put("start_ns", p.startNs());
                n.put("transactions_start_ns", p.transactionsStartNs());
                n.put("transactions_end_ns", p.transactionsEndNs());
                n.put("end_ns", p.endNs());
            }
        }
        if (r.timeSeries().coarsened()) { // only a run too long for every interval of timeseries.csv has the key
            ObjectNode ts = root.putObject("time_series");
            ts.put("interval_ns", r.timeSeries().intervalNs());
            ts.put("requested_interval_ns", r.timeSeries().requestedIntervalNs());
            ts.put("points", r.timeSeries().pointCount());
            ts.put("percentiles", "highest of the requested intervals'");
        }
        return root;
    }

    /** A drive's command queue and buffer: {@code drive_queue} of a run, {@code virtual_disk.drive_queue} of a guest's. */
    static void driveQueue(ObjectNode q, io.iopath.result.DriveQueueStats d) {
        q.put("mean_tagged", d.meanTagged());
        q.put("max_tagged", d.maxTagged());
        q.put("mean_effective", d.meanEffective());
        q.put("max_effective", d.maxEffective());
        q.put("queue_full_answered", d.queueFullAnswered());
        q.put("cache_hits", d.cacheHits());
        q.put("destages", d.destages());
    }

    private static ObjectNode filesystem(FileSystemReport f) {
        ObjectNode n = JsonText.object();
        n.put("type", f.type());
        n.put("page_cache_hits", f.pageCacheHits());
        n.put("page_cache_misses", f.pageCacheMisses());
        n.put("app_bytes_read", f.appBytesRead());
        n.put("app_bytes_written", f.appBytesWritten());
        n.put("device_bytes_read", f.deviceBytesRead());
        n.put("device_bytes_written", f.deviceBytesWritten());
        n.put("journal_commits", f.journalCommits());
        n.put("journal_blocks", f.journalBlocks());
        n.put("commit_mean_ns", f.commitMeanNs());
        n.put("commit_max_ns", f.commitMaxNs());
        n.put("checkpoints", f.checkpoints());
        n.put("throttled_writes", f.throttled());
        n.put("peak_dirty_pages", f.peakDirtyPages());
        n.put("dirty_limit_pages", f.dirtyLimitPages());
        n.put("fsyncs", f.fsyncs());
        n.set("fsync_latency_ns", latency(f.fsyncLatency()));
        return n;
    }

    private static ObjectNode flush(FlushStats f) {
        ObjectNode n = JsonText.object();
        n.put("count", f.count());
        n.set("latency_ns", latency(f.latency()));
        return n;
    }

    private static ObjectNode latency(LatencySummary l) {
        ObjectNode lat = JsonText.object();
        lat.put("mean", l.mean());
        lat.put("p50", l.p50());
        lat.put("p95", l.p95());
        lat.put("p99", l.p99());
        lat.put("p99_9", l.p99_9());
        lat.put("max", l.max());
        return lat;
    }

    private static ObjectNode host(HostStats h) {
        ObjectNode n = JsonText.object();
        n.put("plugging", h.plugging());
        n.put("driver", h.driver());
        n.put("final_queue_depth", h.finalQueueDepth());
        ObjectNode btt = n.putObject("btt");
        btt.set("read", btt(h.bttRead()));
        btt.set("write", btt(h.bttWrite()));
        BlockStats b = h.block();
        ObjectNode block = n.putObject("block");
        block.put("requests_allocated", b.requestsAllocated());
        block.put("back_merges", b.backMerges());
        block.put("front_merges", b.frontMerges());
        block.put("request_merges", b.requestMerges());
        block.put("plugs", b.plugs());
        block.put("io_unplugs", b.ioUnplugs());
        block.put("timer_unplugs", b.timerUnplugs());
        block.put("sleeps", b.sleeps());
        block.put("requeues", b.requeues());
        block.put("flushes", b.flushes());
        ObjectNode drv = n.putObject("scsi");
        drv.put("busy", h.busies());
        drv.put("device_blocked_stalls", h.stalls());
        drv.put("device_blocked_ns", h.stalledNs());
        return n;
    }

    private static ObjectNode btt(Btt b) {
        ObjectNode n = JsonText.object();
        n.put("bios", b.bios());
        n.put("new_requests", b.newRequests());
        n.put("merged", b.merged());
        n.put("q2g_mean_ns", b.q2gNs());
        n.put("g2i_mean_ns", b.g2iNs());
        n.put("q2m_mean_ns", b.q2mNs());
        n.put("i2d_mean_ns", b.i2dNs());
        n.put("m2d_mean_ns", b.m2dNs());
        n.put("d2c_mean_ns", b.d2cNs());
        n.put("q2c_mean_ns", b.q2cNs());
        return n;
    }

    /** Parallel arrays: {@code <direction>_ns[i]} is the latency at {@code percentile[i]}; empty without IOs. */
    private static ObjectNode latencyCdf(LatencyCdfs cdfs) {
        ObjectNode n = JsonText.object();
        ArrayNode percentiles = n.putArray("percentile");
        LatencyCdf.PERCENTILES.forEach(percentiles::add);
        latencies(n.putArray("read_ns"), cdfs.read());
        latencies(n.putArray("write_ns"), cdfs.write());
        latencies(n.putArray("total_ns"), cdfs.total());
        return n;
    }

    private static void latencies(ArrayNode into, LatencyCdf cdf) {
        for (LatencyCdf.Point p : cdf.points()) {
            into.add(p.latencyNs());
        }
    }

    private static ObjectNode direction(DirectionStats d) {
        ObjectNode n = JsonText.object();
        n.put("ios", d.ios());
        n.put("bytes", d.bytes());
        n.put("iops", d.iops());
        n.put("bandwidth_bytes_per_s", d.bandwidthBytesPerS());
        n.set("latency_ns", latency(d.latency()));
        n.put("q2d_mean_ns", d.q2dMeanNs());
        n.put("d2c_mean_ns", d.d2cMeanNs());
        return n;
    }

    /** {@code drive_time_ns} and {@code destage_time_ns}: the drive's mechanics per command, and per destage. */
    static void driveTime(ObjectNode into, io.iopath.result.DriveTimeSplit command, io.iopath.result.DriveTimeSplit destages) {
        ObjectNode drive = into.putObject("drive_time_ns");
        drive.put("commands", command.commands());
        drive.put("seek_mean", command.seekMeanNs());
        drive.put("rotation_mean", command.rotationMeanNs());
        drive.put("transfer_mean", command.transferMeanNs());
        // write-back's media work, which no host command carries: listed apart, per destage
        ObjectNode destage = into.putObject("destage_time_ns");
        destage.put("destages", destages.commands());
        destage.put("seek_mean", destages.seekMeanNs());
        destage.put("rotation_mean", destages.rotationMeanNs());
        destage.put("transfer_mean", destages.transferMeanNs());
    }

    public static String toText(Result r) {
        return JsonText.of(toJson(r));
    }
}
