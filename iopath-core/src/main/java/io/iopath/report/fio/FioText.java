package io.iopath.report.fio;

import io.iopath.result.FioJobOptions;
import io.iopath.result.FioResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * fio's normal (terminal) output ({@code stat.c: show_thread_status_normal}, {@code
 * show_run_stats}, {@code show_disk_util}): the same lines, units and number formats, so
 * people and tools that read fio's summary read iopath's. CPU counters are 0 (no CPU model).
 */
public final class FioText {
    private FioText() {
    }

    public static String render(FioResult r) {
        StringBuilder sb = new StringBuilder();
        header(sb, r);
        sb.append('\n'); // __show_run_stats starts with a newline
        for (FioResult.Job e : r.jobs()) {
            job(sb, e, FioFigures.group(r, e.groupId()));
        }
        for (int group = 0; group < FioFigures.groups(r); group++) {
            groupStats(sb, FioFigures.group(r, group), group);
        }
        FioFigures.Disk k = FioFigures.disk(r);
        if (k == null) {
            return sb.toString();
        }
        sb.append('\n').append("Disk stats (read/write):\n");
        sb.append(String.format(Locale.ROOT, "  %s: ios=%d/%d, sectors=%d/%d, merge=%d/%d, ticks=%d/%d, in_queue=%d, util=%.2f%%\n",
                k.name(), k.ios()[0], k.ios()[1], k.sectors()[0], k.sectors()[1], k.merges()[0], k.merges()[1], k.ticksMs()[0], k.ticksMs()[1],
                k.inQueueMs(), k.util()));
        return sb.toString();
    }

    /**
     * What fio prints before the run: per job section its line (init.c {@code add_job}; "..."
     * once for its numjobs clones), the version and "Starting N processes" (backend.c
     * {@code run_threads}).
     */
    private static void header(StringBuilder sb, FioResult r) {
        int processes = 0;
        for (FioResult.Section s : r.sections()) {
            FioResult.Options o = s.options();
            long rMin = o.bsRange().get(0);
            long rMax = o.bsRange().get(1);
            long wMin = o.bsRange().get(2);
            long wMax = o.bsRange().get(3);
            // fio's trim block size follows the last one given, here the write size unless the range has a trim's
            long tMin = o.bsRange().size() > 4 ? o.bsRange().get(4) : wMin;
            long tMax = o.bsRange().size() > 4 ? o.bsRange().get(5) : wMax;
            sb.append(String.format(Locale.ROOT, "%s: (g=%d): rw=%s, bs=(R) %s-%s, (W) %s-%s, (T) %s-%s, ioengine=%s, iodepth=%d\n",
                    FioJobOptions.section(s.name()), s.groupId(), o.rw(), bs(rMin), bs(rMax), bs(wMin), bs(wMax), bs(tMin), bs(tMax),
                    o.ioengine(), o.iodepth()));
            if (s.processes() > 1) {
                sb.append("...\n");
            }
            processes += s.processes();
        }
        sb.append(FioJson.FIO_VERSION).append('\n');
        sb.append("Starting ").append(processes).append(processes == 1 ? " process\n" : " processes\n");
    }

    /**
     * A block size as fio's header shows it ({@code num2str(bs, 4, 1, 1, N2S_BYTE)} in
     * lib/num2str.c): at most four digits, divided by 1024 until it fits, the remainder as
     * decimals when there is room: 4096B, 64.0KiB, 128KiB, 1024KiB.
     */
    static String bs(long bytes) {
        String[] prefix = {"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};
        long n = bytes;
        int p = 0;
        long rem = -1;
        while (Long.toString(n).length() > 4 && p < prefix.length - 1) {
            rem = n % 1024;
            n /= 1024;
            p++;
        }
        if (rem < 0) {
            return n + prefix[p] + "B";
        }
        int decimals = 4 - Long.toString(n).length() - 1;
        if (decimals <= 0) {
            return (rem >= 512 ? n + 1 : n) + prefix[p] + "B";
        }
        String frac = String.format(Locale.ROOT, "%." + decimals + "f", rem / 1024.0);
        if (frac.charAt(0) == '1') {
            n++;
        }
        return n + "." + frac.substring(2) + prefix[p] + "B";
    }

    /** {@code show_group_stats}: one "Run status group N" block per reporting group. */
    private static void groupStats(StringBuilder sb, FioFigures.Group g, int group) {
        sb.append('\n').append("Run status group ").append(group).append(" (all jobs):\n");
        String[] names = {"READ", "WRITE", "TRIM"};
        for (int d = 0; d < names.length; d++) {
            if (g.ioBytes()[d] == 0) {
                continue;
            }
            sb.append(String.format(Locale.ROOT, "  %5s: bw=%s (%s), %s-%s (%s-%s), io=%s (%s), run=%d-%dmsec\n",
                    names[d], bw2(g.aggBw()[d]), bw10(g.aggBw()[d]), bw2(g.minBw()[d]), bw2(g.maxBw()[d]),
                    bw10(g.minBw()[d]), bw10(g.maxBw()[d]), num2str(g.ioBytes()[d], 1024, "B"),
                    num2str(g.ioBytes()[d], 1000, "B"), g.minRunMs()[d], g.maxRunMs()[d]));
        }
    }

    private static void job(StringBuilder sb, FioResult.Job e, FioFigures.Group g) {
        FioResult.Stats s = e.stats();
        if (s.read().bytes() + s.write().bytes() + s.trim().bytes() == 0 && s.issuedRead() + s.issuedWrite() + s.issuedTrim() == 0) {
            return; // show_thread_status_normal: a job that moved nothing and issued nothing is not shown
        }
        // fio ends the line with ctime() of the report; simulated time starts at the epoch (see FioJson)
        FioResult.Error err = e.error();
        sb.append(String.format(Locale.ROOT, "%s: (groupid=%d, jobs=%d): err=%2d%s: pid=%d: %s\n", FioJobOptions.section(e.name()), e.groupId(),
                e.clones(), err.errno(), err.errno() == 0 ? "" : " (" + err.verror() + ")", e.pid(), FioJson.EPOCH_CTIME));
        long runMs = FioFigures.runtimeMs(s);
        direction(sb, "read", s.read(), runMs, e, g.aggBw()[0]);
        direction(sb, "write", s.write(), runMs, e, g.aggBw()[1]);
        direction(sb, "trim", s.trim(), runMs, e, g.aggBw()[2]);
        if (s.sync().ios() > 0) {
            sb.append(String.format(Locale.ROOT, "  fsync/fdatasync/sync_file_range:\n"));
            latencyLine(sb, "    sync", s.sync().lat());
            percentiles(sb, "sync", s.sync(), FioFigures.percentiles(e.options()));
        }
        latencyBuckets(sb, s);
        sb.append("  cpu          : usr=0.00%, sys=0.00%, ctx=0, majf=0, minf=0\n");
        double[] depths = FioFigures.depthPercents(s);
        sb.append("  IO depths    : ");
        for (int i = 0; i < depths.length; i++) {
            sb.append(String.format(Locale.ROOT, "%s%s=%.1f%%", i == 0 ? "" : ", ", FioFigures.DEPTH_LABELS[i], depths[i]));
        }
        sb.append('\n');
        mapLine(sb, "     submit    : ", s.submitCalls());
        mapLine(sb, "     complete  : ", s.completeCalls());
        sb.append(String.format(Locale.ROOT, "     issued rwts: total=%d,%d,%d,%d short=0,0,0,0 dropped=0,0,0,0\n",
                s.issuedRead(), s.issuedWrite(), s.issuedTrim(), s.issuedSync()));
        if (err.continueOnError()) {
            sb.append(String.format(Locale.ROOT, "     errors    : total=%d, first_error=%d/<%s>\n", err.count(), err.firstError(),
                    FioResult.Error.strerror(err.firstError())));
        }
        sb.append(String.format(Locale.ROOT, "     latency   : target=0, window=0, percentile=100.00%%, depth=%d\n",
                e.options().effectiveDepth()));
        if (e.blockTrims() != null && !e.blockTrims().isEmpty()) {
            blockInfos(sb, e.blockTrims(), FioFigures.percentiles(e.options()));
        }
    }

    /**
     * stat.c {@code show_block_infos} ({@code block_error_percentiles}): the trims per block at each
     * of the job's percentiles, over the blocks ever trimmed (sorted by state category, then
     * trims: {@code calc_block_percentiles}), wrapped at 75 characters, then the blocks per state.
     * Only trims set a block's state here (written and the failure states come from verify's
     * {@code unlog_io_piece}), so a block is unwritten or trimmed.
     */
    private static void blockInfos(StringBuilder sb, List<Integer> trims, double[] plist) {
        int[] sorted = trims.stream().mapToInt(Integer::intValue).sorted().toArray(); // uninit (0 trims) first
        int uninit = 0;
        while (uninit < sorted.length && sorted[uninit] == 0) {
            uninit++;
        }
        int len = 0;
        while (len < plist.length && len < 20 && plist[len] != 0.0) { // FIO_IO_U_LIST_MAX_LEN
            len++;
        }
        if (len == 0 || uninit == sorted.length) {
            // calc_block_percentiles returns 0 without counting the states: fio prints its heading and
            // uninitialised counts; here nothing
            return;
        }
        double[] p = java.util.Arrays.copyOf(plist, len);
        java.util.Arrays.sort(p);
        sb.append("  block lifetime percentiles :\n   |");
        int pos = 0;
        for (int i = 0; i < len; i++) {
            int idx = Math.min(sorted.length - 1, (int) (p[i] * (sorted.length - uninit) / 100) + uninit);
            String str = String.format(Locale.ROOT, " %3.2fth=%d%c", p[i], sorted[idx], i == len - 1 ? '\n' : ',');
            if (pos + str.length() > 75) {
                pos = 0;
                sb.append("\n   |");
            }
            sb.append(str);
            pos += str.length();
        }
        sb.append(String.format(Locale.ROOT, "        states               : unwritten=%d, trimmed=%d, written=0, trim failure=0,"
                + " write failure=0\n", uninit, sorted.length - uninit));
    }

    /** fio's submit / complete lines: IOs per submission call and per reap. */
    private static void mapLine(StringBuilder sb, String label, List<Long> calls) {
        double[] pct = FioFigures.mapPercents(calls);
        sb.append(label);
        for (int i = 0; i < pct.length; i++) {
            sb.append(String.format(Locale.ROOT, "%s%s=%.1f%%", i == 0 ? "" : ", ", FioFigures.MAP_LABELS[i], pct[i]));
        }
        sb.append('\n');
    }

    private static void direction(StringBuilder sb, String label, FioResult.Direction d, long runMs, FioResult.Job e,
                                  long groupAggBw) {
        if (d.ios() == 0) {
            return;
        }
        double iops = runMs == 0 ? 0 : d.ios() * 1000.0 / runMs;
        long bw = runMs == 0 ? 0 : d.bytes() * 1000 / runMs;
        // fio 3.33 ends the write line with zbd_write_status: the job's zone resets, 0 off zoned devices
        sb.append(String.format(Locale.ROOT, "  %s: IOPS=%s, BW=%s (%s)(%s/%dmsec)%s\n", label, num2str(Math.round(iops), 1000, ""),
                bw2(bw), bw10(bw), num2str(d.bytes(), 1024, "B"), runMs, label.equals("write") ? "; " + e.stats().zoneResets() + " zone resets" : ""));
        if (e.options().asyncEngine() && d.slat().count() > 0) { // a trim completed in its queue call has none
            latencyLine(sb, "    slat", d.slat());
        }
        if (d.clat().count() > 0) { // none under gtod_reduce (disable_clat, disable_lat: show_ddir_status's calc_lat finds no samples)
            latencyLine(sb, "    clat", d.clat());
            latencyLine(sb, "     lat", d.lat());
            percentiles(sb, "clat", d, FioFigures.percentiles(e.options()));
        }
        FioResult.Moments bwS = d.bwSamples();
        if (bwS.count() > 0) {
            sb.append(String.format(Locale.ROOT, "   bw (  KiB/s): min=%5d, max=%5d, per=%3.2f%%, avg=%5.2f, stdev=%5.2f, samples=%d\n",
                    bwS.min(), bwS.max(), FioFigures.percentOfAggregate(bwS.mean(), groupAggBw), bwS.mean(), bwS.stdev(),
                    bwS.count()));
            FioResult.Moments io = d.iopsSamples();
            sb.append(String.format(Locale.ROOT, "   iops        : min=%5d, max=%5d, avg=%5.2f, stdev=%5.2f, samples=%d\n",
                    io.min(), io.max(), io.mean(), io.stdev(), io.count()));
        }
    }

    /** {@code show_lat}: nsec, scaled to usec or msec when the values are large enough. */
    private static void latencyLine(StringBuilder sb, String name, FioResult.Moments l) {
        double min = l.min();
        double max = l.max();
        double mean = l.mean();
        double dev = l.stdev();
        String unit = "nsec";
        if (min > 2_000_000 && max > 99_999_999 && dev > 1_000_000.0) {
            unit = "msec";
            min /= 1e6;
            max /= 1e6;
            mean /= 1e6;
            dev /= 1e6;
        } else if (min > 2000 && max > 99_999 && dev > 1000.0) {
            unit = "usec";
            min /= 1e3;
            max /= 1e3;
            mean /= 1e3;
            dev /= 1e3;
        }
        sb.append(String.format(Locale.ROOT, "%s (%s): min=%d, max=%d, avg=%5.2f, stdev=%5.2f\n",
                name, unit, (long) min, (long) max, mean, dev));
    }

    /** {@code show_clat_percentiles}: four to a line, values rounded up to the unit. */
    private static void percentiles(StringBuilder sb, String name, FioResult.Direction d, double[] list) {
        long[] v = d.clatPercentiles().stream().mapToLong(Long::longValue).toArray();
        long minv = Long.MAX_VALUE;
        long maxv = 0;
        for (long x : v) {
            minv = Math.min(minv, x);
            maxv = Math.max(maxv, x);
        }
        int scaleDown = 0;
        String unit = "nsec";
        if (minv > 2_000_000 && maxv > 99_999_999L) {
            scaleDown = 2;
            unit = "msec";
        } else if (minv > 2000 && maxv > 99_999) {
            scaleDown = 1;
            unit = "usec";
        }
        long[] shown = new long[v.length];
        int width = 1;
        for (int j = 0; j < v.length; j++) {
            long x = v[j];
            for (int i = 0; i < scaleDown; i++) {
                x = (x + 999) / 1000;
            }
            shown[j] = x;
            width = Math.max(width, Long.toString(x).length());
        }
        sb.append(String.format(Locale.ROOT, "    %s percentiles (%s):\n", name, unit));
        for (int j = 0; j < v.length; j++) {
            if (j % 4 == 0) {
                sb.append("     |");
            }
            boolean last = j == v.length - 1;
            sb.append(String.format(Locale.ROOT, " %5.2fth=[%" + (width + 1) + "d]%s", list[j], shown[j], last ? "" : ","));
            if (last || j % 4 == 3) {
                sb.append('\n');
            }
        }
    }

    private static void latencyBuckets(StringBuilder sb, FioResult.Stats s) {
        long total = 0;
        for (long c : s.latencyBuckets()) {
            total += c;
        }
        if (total == 0) {
            return;
        }
        long[] edges = FioResult.LATENCY_EDGES_NS.stream().mapToLong(Long::longValue).toArray();
        String[] units = {"nsec", "usec", "msec"};
        for (int u = 0; u < 3; u++) {
            List<String> parts = new ArrayList<>();
            for (int i = u * 10; i < Math.min(edges.length + 1, u * 10 + (u == 2 ? 12 : 10)); i++) {
                double pct = 100.0 * s.latencyBuckets().get(i) / total;
                if (pct < 0.01) {
                    continue;
                }
                String label = i == edges.length ? ">=2000" : Long.toString(edges[i] / (u == 0 ? 1 : u == 1 ? 1000 : 1_000_000));
                parts.add(String.format(Locale.ROOT, "%s=%.2f%%", label, pct));
            }
            if (!parts.isEmpty()) {
                sb.append(String.format(Locale.ROOT, "  lat (%s)   : %s\n", units[u], String.join(", ", parts)));
            }
        }
    }

    /** Bandwidth in bytes/s as fio's power-of-2 form, e.g. {@code 335KiB/s}. */
    static String bw2(long bytesPerS) {
        return num2str(bytesPerS, 1024, "B") + "/s";
    }

    /** The power-of-10 form, e.g. {@code 343kB/s}. */
    static String bw10(long bytesPerS) {
        return num2str(bytesPerS, 1000, "B") + "/s";
    }

    /**
     * fio's {@code num2str(num, 4, …)}: at most 4 significant digits, scaled by 1024 (Ki, Mi…)
     * or 1000 (k, M…); a scaled value keeps as many decimals as fit.
     */
    static String num2str(long value, int base, String unit) {
        String[] prefixes = base == 1024 ? new String[] {"", "Ki", "Mi", "Gi", "Ti", "Pi"} : new String[] {"", "k", "M", "G", "T", "P"};
        double v = value;
        int p = 0;
        if (base == 1024 && !unit.isEmpty() && value >= 1024 && p == 0) {
            // fio shows bytes in KiB at least once they reach a KiB (e.g. BW=335KiB/s)
            v /= 1024;
            p = 1;
        }
        while (v >= 10_000 && p < prefixes.length - 1) {
            v /= base;
            p++;
        }
        String number;
        if (p == 0 || v == Math.rint(v) && v >= 1000) {
            number = Long.toString(Math.round(v));
        } else {
            int intDigits = Long.toString((long) v).length();
            int decimals = Math.max(0, 3 - intDigits);
            number = String.format(Locale.ROOT, "%." + decimals + "f", v);
            if (number.length() > 5 && decimals > 0) {
                number = String.format(Locale.ROOT, "%." + (decimals - 1) + "f", v);
            }
        }
        return number + prefixes[p] + unit;
    }
}
