package io.iopath.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.iopath.metrics.DirectionStats;
import io.iopath.metrics.LatencySummary;
import io.iopath.metrics.Result;

/**
 * {@code results.json}: field names are part of iopath's interface to scripts, so they are
 * written here explicitly rather than derived from class names.
 */
public final class ResultJson {
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ResultJson() {
    }

    public static ObjectNode toJson(Result r) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("scenario", r.scenario());
        root.put("seed", r.seed());
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
        ObjectNode drive = root.putObject("drive_time_ns");
        drive.put("commands", r.driveTime().commands());
        drive.put("seek_mean", r.driveTime().seekMeanNs());
        drive.put("rotation_mean", r.driveTime().rotationMeanNs());
        drive.put("transfer_mean", r.driveTime().transferMeanNs());
        return root;
    }

    private static ObjectNode direction(DirectionStats d) {
        ObjectNode n = MAPPER.createObjectNode();
        n.put("ios", d.ios());
        n.put("bytes", d.bytes());
        n.put("iops", d.iops());
        n.put("bandwidth_bytes_per_s", d.bandwidthBytesPerS());
        LatencySummary l = d.latency();
        ObjectNode lat = n.putObject("latency_ns");
        lat.put("mean", l.mean());
        lat.put("p50", l.p50());
        lat.put("p95", l.p95());
        lat.put("p99", l.p99());
        lat.put("p99_9", l.p99_9());
        lat.put("max", l.max());
        n.put("q2d_mean_ns", d.q2dMeanNs());
        n.put("d2c_mean_ns", d.d2cMeanNs());
        return n;
    }

    public static String toText(Result r) {
        try {
            return MAPPER.writeValueAsString(toJson(r)) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
