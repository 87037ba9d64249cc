package io.iopath.report.fio;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.iopath.report.JsonText;
import io.iopath.result.FioResult;
import java.util.List;
import java.util.Locale;

/**
 * fio's {@code --output-format=json} layout ({@code stat.c: show_thread_status_json}), with
 * the fields scripts read: {@code jobs[].read.iops}, {@code .bw} (KiB/s), {@code .bw_bytes},
 * {@code .runtime} (ms), {@code .clat_ns.mean}, {@code .clat_ns.percentile["99.000000"]}, and
 * the same for write; {@code disk_util[]}. There are no wall-clock timestamps, so equal runs
 * give equal files.
 */
public final class FioJson {
    private FioJson() {
    }

    public static ObjectNode toJson(FioResult r) {
        ObjectNode root = JsonText.object();
        root.put("fio version", "iopath");
        ObjectNode iopath = root.putObject("iopath");
        iopath.put("scenario", r.scenario());
        iopath.put("seed", r.seed());
        iopath.put("iopath_version", r.provenance().version());
        iopath.put("scenario_hash", r.provenance().scenarioHash());
        iopath.put("drive", r.drive());
        root.putObject("global options");
        ArrayNode jobs = root.putArray("jobs");
        for (FioResult.Job e : r.jobs()) {
            jobs.add(job(e));
        }
        ArrayNode disks = root.putArray("disk_util");
        FioFigures.Disk d = FioFigures.disk(r);
        ObjectNode disk = disks.addObject();
        disk.put("name", d.name());
        disk.put("read_ios", d.ios()[0]);
        disk.put("write_ios", d.ios()[1]);
        disk.put("read_sectors", d.sectors()[0]);
        disk.put("write_sectors", d.sectors()[1]);
        disk.put("read_merges", d.merges()[0]);
        disk.put("write_merges", d.merges()[1]);
        disk.put("read_ticks", d.ticksMs()[0]);
        disk.put("write_ticks", d.ticksMs()[1]);
        disk.put("in_queue", d.inQueueMs());
        disk.put("util", d.util());
        return root;
    }

    private static ObjectNode job(FioResult.Job e) {
        FioResult.Stats s = e.stats();
        ObjectNode j = JsonText.object();
        j.put("jobname", e.name());
        j.put("groupid", 0);
        j.put("error", 0);
        j.put("eta", 0);
        long runMs = FioFigures.runtimeMs(s);
        j.put("elapsed", (runMs + 999) / 1000);
        j.set("job options", options(e.options()));
        double[] list = FioFigures.percentiles(e.options());
        j.set("read", direction(s.read(), runMs, list));
        j.set("write", direction(s.write(), runMs, list));
        j.set("trim", direction(FioResult.Direction.empty(list.length), runMs, list));
        ObjectNode sync = j.putObject("sync");
        sync.put("total_ios", s.sync().ios());
        sync.set("lat_ns", stat(s.sync().lat()));
        j.put("job_runtime", runMs);
        j.put("usr_cpu", 0.0);
        j.put("sys_cpu", 0.0);
        j.put("ctx", 0);
        j.put("majf", 0);
        j.put("minf", 0);
        double[] depths = FioFigures.depthPercents(s);
        ObjectNode depth = j.putObject("iodepth_level");
        for (int i = 0; i < depths.length; i++) {
            depth.put(FioFigures.DEPTH_LABELS[i], depths[i]);
        }
        long total = 0;
        for (long c : s.latencyBuckets()) {
            total += c;
        }
        long[] edges = FioResult.LATENCY_EDGES_NS.stream().mapToLong(Long::longValue).toArray();
        ObjectNode ns = j.putObject("latency_ns");
        ObjectNode us = j.putObject("latency_us");
        ObjectNode ms = j.putObject("latency_ms");
        for (int i = 0; i <= edges.length; i++) {
            double pct = total == 0 ? 0 : 100.0 * s.latencyBuckets().get(i) / total;
            if (i < 10) {
                ns.put(Long.toString(edges[i]), pct);
            } else if (i < 20) {
                us.put(Long.toString(edges[i] / 1000), pct);
            } else if (i < edges.length) {
                ms.put(Long.toString(edges[i] / 1_000_000), pct);
            } else {
                ms.put(">=2000", pct);
            }
        }
        j.put("latency_depth", e.options().effectiveDepth());
        j.put("latency_target", 0);
        j.put("latency_percentile", 100.0);
        j.put("latency_window", 0);
        return j;
    }

    private static ObjectNode options(FioResult.Options spec) {
        ObjectNode o = JsonText.object();
        o.put("rw", spec.rw());
        o.put("bs", Long.toString(spec.blockSize()));
        o.put("iodepth", Integer.toString(spec.iodepth()));
        o.put("ioengine", spec.ioengine());
        o.put("size", Long.toString(spec.size()));
        o.put("numjobs", Integer.toString(spec.numjobs()));
        if (spec.readIolog() != null) {
            o.put("read_iolog", spec.readIolog());
        }
        if (spec.prioClass() >= 0) {
            o.put("prioclass", Integer.toString(spec.prioClass()));
            o.put("prio", Integer.toString(spec.prioData()));
        }
        return o;
    }

    private static ObjectNode direction(FioResult.Direction d, long runMs, double[] list) {
        ObjectNode n = JsonText.object();
        long bwBytes = runMs == 0 ? 0 : d.bytes() * 1000 / runMs;
        n.put("io_bytes", d.bytes());
        n.put("io_kbytes", d.bytes() / 1024);
        n.put("bw_bytes", bwBytes);
        n.put("bw", bwBytes / 1024);
        n.put("iops", runMs == 0 ? 0.0 : d.ios() * 1000.0 / runMs);
        n.put("runtime", d.ios() == 0 ? 0 : runMs);
        n.put("total_ios", d.ios());
        n.put("short_ios", 0);
        n.put("drop_ios", 0);
        n.set("slat_ns", stat(d.slat()));
        ObjectNode clat = stat(d.clat());
        ObjectNode pct = clat.putObject("percentile");
        List<Long> v = d.clatPercentiles();
        for (int i = 0; i < v.size(); i++) {
            pct.put(String.format(Locale.ROOT, "%f", list[i]), d.ios() == 0 ? 0 : v.get(i));
        }
        n.set("clat_ns", clat);
        n.set("lat_ns", stat(d.lat()));
        FioResult.Moments bw = d.bwSamples();
        n.put("bw_min", bw.min());
        n.put("bw_max", bw.max());
        n.put("bw_agg", d.ios() == 0 ? 0.0 : 100.0);
        n.put("bw_mean", bw.mean());
        n.put("bw_dev", bw.stdev());
        n.put("bw_samples", bw.count());
        FioResult.Moments io = d.iopsSamples();
        n.put("iops_min", io.min());
        n.put("iops_max", io.max());
        n.put("iops_mean", io.mean());
        n.put("iops_stddev", io.stdev());
        n.put("iops_samples", io.count());
        return n;
    }

    private static ObjectNode stat(FioResult.Moments l) {
        ObjectNode n = JsonText.object();
        n.put("min", l.min());
        n.put("max", l.max());
        n.put("mean", l.mean());
        n.put("stddev", l.stdev());
        n.put("N", l.count());
        return n;
    }

    public static String toText(FioResult r) {
        return JsonText.of(toJson(r));
    }
}
