package io.iopath.report.fio;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.iopath.report.JsonText;
import io.iopath.result.FioJobOptions;
import io.iopath.result.FioResult;
import java.util.List;
import java.util.Locale;

/**
 * fio's {@code --output-format=json} and {@code json+} layouts ({@code stat.c:
 * __show_run_stats}, {@code show_thread_status_json}, {@code add_ddir_status_json}, {@code
 * add_ddir_lat_json}), key for key in fio 3.33's order: {@code jobs[].read.iops}, {@code .bw}
 * (KiB/s), {@code .bw_bytes}, {@code .runtime} (ms), {@code .clat_ns.mean}, {@code
 * .clat_ns.percentile["99.000000"]} (only when the direction has samples, as fio), json+'s
 * {@code .clat_ns.bins}, and the same for write, trim and sync; {@code iodepth_submit} / {@code
 * iodepth_complete}; {@code disk_util[]}.
 *
 * <p>fio's {@code timestamp}, {@code timestamp_ms} and {@code time} are the wall clock at the
 * end of the run; iopath's runs are in simulated time, which starts at 0, so they are the epoch
 * (0, 0, "Thu Jan  1 00:00:00 1970", ctime in UTC) and equal runs give equal files.
 * {@code "fio version"} names the layout, fio 3.33's; the {@code "iopath"} object says who
 * made the file.
 */
public final class FioJson {
    /** The fio release whose layouts iopath writes (checked against its output, docs/workloads.md). */
    public static final String FIO_VERSION = "fio-3.33";
    /** ctime(0) in UTC: the run's wall clock is simulated time, which starts at the epoch. */
    static final String EPOCH_CTIME = "Thu Jan  1 00:00:00 1970";

    private FioJson() {
    }

    public static ObjectNode toJson(FioResult r) {
        return toJson(r, FioJobOptions.NONE, false);
    }

    /**
     * @param written the job file's options as written (for {@code global options} and {@code
     *                job options}); for a YAML scenario {@link FioJobOptions#NONE}, and the job
     *                options are the ones iopath derived
     * @param plus    json+: the clat histograms' bins too
     */
    public static ObjectNode toJson(FioResult r, FioJobOptions written, boolean plus) {
        ObjectNode root = JsonText.object();
        root.put("fio version", FIO_VERSION);
        root.put("timestamp", 0);
        root.put("timestamp_ms", 0);
        root.put("time", EPOCH_CTIME);
        ObjectNode iopath = root.putObject("iopath");
        iopath.put("scenario", r.scenario());
        iopath.put("seed", r.seed());
        iopath.put("iopath_version", r.provenance().version());
        iopath.put("scenario_hash", r.provenance().scenarioHash());
        iopath.put("drive", r.drive());
        if (!written.global().isEmpty()) {
            root.set("global options", written(written.global()));
        }
        ArrayNode jobs = root.putArray("jobs");
        for (FioResult.Job e : r.jobs()) {
            List<FioJobOptions.Option> own = written.job(e.name());
            boolean fromFile = !written.jobs().isEmpty();
            jobs.add(job(e, FioFigures.group(r, e.groupId()), fromFile ? own : null, plus));
        }
        FioFigures.Disk d = FioFigures.disk(r);
        if (d == null) {
            return root; // show_disk_util: no disk, no disk_util
        }
        ArrayNode disks = root.putArray("disk_util");
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

    /** fio's {@code json_add_job_opts}: a flag written without a value has a NULL value, which fio's JSON leaves out. */
    private static ObjectNode written(List<FioJobOptions.Option> options) {
        ObjectNode o = JsonText.object();
        for (FioJobOptions.Option opt : options) {
            if (opt.value() != null) {
                o.put(opt.name(), opt.value());
            }
        }
        return o;
    }

    private static ObjectNode job(FioResult.Job e, FioFigures.Group g, List<FioJobOptions.Option> own, boolean plus) {
        FioResult.Stats s = e.stats();
        ObjectNode j = JsonText.object();
        j.put("jobname", FioJobOptions.section(e.name()));
        j.put("groupid", e.groupId());
        j.put("error", e.error().errno());
        j.put("eta", 0);
        long runMs = FioFigures.runtimeMs(s);
        j.put("elapsed", (runMs + 999) / 1000);
        if (own == null) {
            j.set("job options", options(e.options()));
        } else if (own.stream().anyMatch(o -> o.value() != null)) {
            j.set("job options", written(own)); // fio leaves out an empty list
        }
        double[] list = FioFigures.percentiles(e.options());
        boolean async = e.options().asyncEngine();
        j.set("read", direction(s.read(), runMs, list, g.aggBw()[0], plus, async));
        j.set("write", direction(s.write(), runMs, list, g.aggBw()[1], plus, async));
        j.set("trim", direction(s.trim(), runMs, list, g.aggBw()[2], plus, async));
        ObjectNode sync = j.putObject("sync");
        sync.put("total_ios", s.sync().ios());
        sync.set("lat_ns", latency(s.sync().lat(), s.sync(), list, plus));
        j.put("job_runtime", Math.round(s.totalRuntimeNs() / 1e6));
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
        map(j.putObject("iodepth_submit"), s.submitCalls());
        map(j.putObject("iodepth_complete"), s.completeCalls());
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
        if (e.error().continueOnError()) {
            // show_thread_status_json: "Additional output if continue_on_error set"
            j.put("total_err", e.error().count());
            j.put("first_error", e.error().firstError());
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

    /** {@code stat_calc_dist} of fio's submit / complete maps, labelled as fio's JSON labels them. */
    private static void map(ObjectNode n, List<Long> calls) {
        double[] pct = FioFigures.mapPercents(calls);
        for (int i = 0; i < pct.length; i++) {
            n.put(FioFigures.MAP_LABELS[i], pct[i]);
        }
    }

    private static ObjectNode direction(FioResult.Direction d, long runMs, double[] list, long groupAggBw, boolean plus,
                                        boolean async) {
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
        // fio records slat only for IO an engine queues: a sync engine's slat has no samples
        n.set("slat_ns", stat(async ? d.slat() : FioResult.Moments.EMPTY));
        n.set("clat_ns", latency(d.clat(), d, list, plus));
        n.set("lat_ns", stat(d.lat()));
        FioResult.Moments bw = d.bwSamples();
        n.put("bw_min", bw.min());
        n.put("bw_max", bw.max());
        n.put("bw_agg", bw.count() == 0 ? 0.0 : FioFigures.percentOfAggregate(bw.mean(), groupAggBw));
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

    /**
     * {@code add_ddir_lat_json} with percentiles: the moments, then, when there are samples,
     * {@code percentile} and with json+ {@code bins}.
     */
    private static ObjectNode latency(FioResult.Moments m, FioResult.Direction d, double[] list, boolean plus) {
        ObjectNode n = stat(m);
        if (m.count() == 0) {
            return n;
        }
        ObjectNode pct = n.putObject("percentile");
        List<Long> v = d.clatPercentiles();
        for (int i = 0; i < v.size(); i++) {
            pct.put(String.format(Locale.ROOT, "%f", list[i]), v.get(i));
        }
        if (plus) {
            ObjectNode bins = n.putObject("bins");
            List<Long> b = d.clatBins();
            for (int i = 0; i + 1 < b.size(); i += 2) {
                bins.put(Long.toString(b.get(i)), b.get(i + 1));
            }
        }
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

    public static String toText(FioResult r, FioJobOptions written, boolean plus) {
        return JsonText.of(toJson(r, written, plus));
    }
}
