package io.iopath.report;

import io.iopath.result.CacheModeRow;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The QEMU cache-mode grid as {@code table.csv} and as an HTML page that answers the 2008
 * qemu-devel thread "[RFC] Disk integrity in QEMU": what each mode costs (guest IOPS) and what it
 * risks (guest writes lost at a host power failure, those merely acknowledged and those the guest
 * had been told were flushed), with the 2008 default (writethrough) and today's (writeback) marked.
 * Pure functions of the rows.
 */
public final class CacheModesReport {
    /** What each mode is, in the words of the QEMU manual and spec §7.1 (host path, guest view, flushes). */
    private static final List<String[]> MODES = List.of(
            new String[] {"writeback", "host page cache", "write cache (WCE=1)", "fdatasync", "default since QEMU 1.2 (2012)"},
            new String[] {"none", "O_DIRECT", "write cache (WCE=1)", "fdatasync → FLUSH CACHE", ""},
            new String[] {"writethrough", "host page cache, flush after every write (2008: O_DSYNC)", "no write cache", "n/a: every write is durable",
                    "default of 2008 (Anthony Liguori's patch after the thread)"},
            new String[] {"directsync", "O_DIRECT, flush after every write", "no write cache", "n/a: every write is durable", "added 2011"},
            new String[] {"unsafe", "host page cache", "write cache (WCE=1)", "ignored", "QEMU 0.13"});

    private CacheModesReport() {
    }

    public static String csv(List<CacheModeRow> rows) {
        StringBuilder sb = new StringBuilder("mode,device,drive_write_cache,workload,iops,p99_ms,acked_lost,flushed_lost\n");
        for (CacheModeRow r : rows) {
            sb.append(String.format(Locale.ROOT, "%s,%s,%s,%s,%.1f,%.3f,%d,%d%n", r.mode(), r.device(),
                    r.driveWriteCache() ? "on" : "off", r.workload(), r.iops(), r.p99Ns() / 1e6, r.ackedLost(), r.flushedLost()));
        }
        return sb.toString();
    }

    /** The terminal summary: per mode, guest IOPS and losses for virtio-blk and ide-2008, drive cache on. */
    public static String text(List<CacheModeRow> rows) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%-13s %-11s %-6s %10s %10s %10s %10s %12s %12s%n", "mode", "device", "wcache",
                "4k-write", "4k-rw", "ext3-fsync", "p99 ms", "acked_lost", "flushed_lost"));
        for (String mode : distinct(rows, CacheModeRow::mode)) {
            for (String device : distinct(rows, CacheModeRow::device)) {
                for (boolean wc : new boolean[] {false, true}) {
                    List<CacheModeRow> cell = select(rows, mode, device, wc);
                    if (cell.isEmpty()) {
                        continue;
                    }
                    sb.append(String.format(Locale.ROOT, "%-13s %-11s %-6s %10.1f %10.1f %10.1f %10.2f %12d %12d%n", mode, device,
                            wc ? "on" : "off", iops(cell, "4k-write"), iops(cell, "4k-rw"), iops(cell, "ext3-fsync"),
                            p99(cell, "ext3-fsync") / 1e6, sum(cell, CacheModeRow::ackedLost), sum(cell, CacheModeRow::flushedLost)));
                }
            }
        }
        return sb.toString();
    }

    public static String html(List<CacheModeRow> rows, String cutDescription) {
        StringBuilder h = new StringBuilder();
        h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<title>QEMU cache modes: what each costs and what it risks</title>\n<style>\n").append(Html.CSS)
                .append("td.bad { color: #b00020; font-weight: 600; } td.good { color: #1b7a1b; } td small { color: #555; } td.wrap, td.label { white-space: normal; }\n")
                .append("tr.default td { background: #fff8e1; }\n</style>\n</head>\n<body>\n");
        h.append("<h1>Which host caching should a virtual disk use?</h1>\n");
        h.append("<p class=\"meta\">The question of the qemu-devel thread “[RFC] Disk integrity in QEMU” (October 2008), answered"
                + " by simulation: a guest’s workload on a virtual disk, QEMU in each cache mode, the image on a 90 GB raw"
                + " logical volume of a 2.5″ 7200 rpm laptop disk, and the host’s power cut " + Html.esc(cutDescription) + ".</p>\n");
        h.append("<p class=\"meta\"><b>acked lost</b>: guest writes the virtual disk had completed and whose data was not on the"
                + " platters; <b>flushed lost</b>: of those, the ones the guest had been told were durable (a flush it sent had"
                + " completed, or its disk showed no write cache, so completion meant durable). A mode that loses flushed"
                + " writes breaks the guest’s fsync.</p>\n");

        h.append("<h2>The answer</h2>\n");
        h.append("<div class=\"wide\"><table>\n<tr><th class=\"label\">mode</th><th class=\"label\">what QEMU does</th>"
                + "<th>4k write IOPS<br>virtio-blk,<br>drive cache off / on</th><th>ext3 fsync IOPS<br>virtio-blk,<br>drive cache on</th>"
                + "<th>flushed lost<br>virtio-blk</th><th>flushed lost<br>ide-2008</th><th>acked lost<br>(all cells)</th>"
                + "<th class=\"label\">verdict</th></tr>\n");
        for (String[] m : MODES) {
            List<CacheModeRow> virtio = new ArrayList<>();
            virtio.addAll(select(rows, m[0], "virtio-blk", false));
            virtio.addAll(select(rows, m[0], "virtio-blk", true));
            List<CacheModeRow> ide = new ArrayList<>();
            ide.addAll(select(rows, m[0], "ide-2008", false));
            ide.addAll(select(rows, m[0], "ide-2008", true));
            if (virtio.isEmpty() && ide.isEmpty()) {
                continue;
            }
            long flushedVirtio = sum(virtio, CacheModeRow::flushedLost);
            long flushedIde = sum(ide, CacheModeRow::flushedLost);
            List<CacheModeRow> all = new ArrayList<>(virtio);
            all.addAll(ide);
            long acked = sum(all, CacheModeRow::ackedLost);
            String verdict = flushedVirtio > 0 ? "unsafe: loses what the guest flushed"
                    : flushedIde > 0 ? "safe only for a guest that flushes"
                    : "safe even for a guest that never flushes";
            boolean isDefault = m[4].startsWith("default");
            h.append("<tr").append(isDefault ? " class=\"default\"" : "").append("><td class=\"label\"><b>")
                    .append(m[0]).append("</b>").append(m[4].isEmpty() ? "" : "<br><small>" + Html.esc(m[4]) + "</small>")
                    .append("</td><td class=\"label\">").append(Html.esc(m[1])).append("<br><small>guest sees ")
                    .append(Html.esc(m[2])).append("; guest flush: ").append(Html.esc(m[3])).append("</small></td><td>")
                    .append(Html.fixed(iops(select(rows, m[0], "virtio-blk", false), "4k-write"), 0)).append(" / ")
                    .append(Html.fixed(iops(select(rows, m[0], "virtio-blk", true), "4k-write"), 0)).append("</td><td>")
                    .append(Html.fixed(iops(select(rows, m[0], "virtio-blk", true), "ext3-fsync"), 0)).append("</td>")
                    .append(lossCell(flushedVirtio)).append(lossCell(flushedIde)).append("<td>").append(acked)
                    .append("</td><td class=\"label wrap\">").append(Html.esc(verdict)).append("</td></tr>\n");
        }
        h.append("</table></div>\n");
        h.append("<p class=\"note\">Highlighted: the defaults. In 2008 the thread ended with writethrough (O_DSYNC) as the"
                + " default: safe whatever the guest does, at the price of a synchronous write for every guest write. In 2012"
                + " (QEMU 1.2) the default became writeback, once guests were shown a volatile write cache and their flushes were"
                + " honoured — safe as long as the guest flushes. cache=none was not a safe default in 2008: O_DIRECT bypasses"
                + " only the host page cache, the drive’s own write cache still acknowledges early, and the IDE emulation of the"
                + " time never received a flush (ide-2008 column).</p>\n");

        List<String> workloads = distinct(rows, CacheModeRow::workload);
        List<String> modes = distinct(rows, CacheModeRow::mode);
        h.append("<h2>What each mode costs</h2>\n");
        for (boolean wc : new boolean[] {false, true}) {
            double[][] v = new double[workloads.size()][modes.size()];
            for (int w = 0; w < workloads.size(); w++) {
                for (int m = 0; m < modes.size(); m++) {
                    v[w][m] = iops(select(rows, modes.get(m), "virtio-blk", wc), workloads.get(w));
                }
            }
            String id = "iops-" + (wc ? "on" : "off");
            h.append("<figure>").append(SvgCharts.bars("cache mode", modes, workloads, v, "guest IOPS", true, id))
                    .append("<figcaption>Guest IOPS on virtio-blk, the physical drive’s write cache ").append(wc ? "on" : "off")
                    .append(". Modes that keep data in the host page cache (writeback, unsafe) run writes at memory speed until the"
                            + " host writes them back; writethrough and directsync pay a flush per write.</figcaption></figure>\n");
        }
        h.append("<h2>What each mode risks</h2>\n");
        for (String device : distinct(rows, CacheModeRow::device)) {
            List<String> series = List.of("acked lost, drive cache off", "acked lost, drive cache on",
                    "flushed lost, drive cache off", "flushed lost, drive cache on");
            double[][] v = new double[4][modes.size()];
            for (int m = 0; m < modes.size(); m++) {
                List<CacheModeRow> off = select(rows, modes.get(m), device, false);
                List<CacheModeRow> on = select(rows, modes.get(m), device, true);
                v[0][m] = sum(off, CacheModeRow::ackedLost);
                v[1][m] = sum(on, CacheModeRow::ackedLost);
                v[2][m] = sum(off, CacheModeRow::flushedLost);
                v[3][m] = sum(on, CacheModeRow::flushedLost);
            }
            h.append("<figure>").append(SvgCharts.bars("cache mode", modes, series, v, "guest writes lost (all workloads)",
                    true, "loss-" + device)).append("<figcaption>Guest writes lost at the host’s power cut, ").append(Html.esc(device))
                    .append(", summed over the seven workloads; no bar: none lost.</figcaption></figure>\n");
        }
        h.append("<h2>Every cell</h2>\n<div class=\"wide\"><table>\n<tr><th class=\"label\">mode</th><th class=\"label\">device</th>"
                + "<th>drive cache</th><th class=\"label\">workload</th><th>IOPS</th><th>p50 ms</th><th>p99 ms</th>"
                + "<th>acked lost</th><th>flushed lost</th><th>host page cache lost</th><th>drive cache lost</th></tr>\n");
        for (CacheModeRow r : rows) {
            h.append("<tr><td class=\"label\">").append(r.mode()).append("</td><td class=\"label\">").append(r.device())
                    .append("</td><td>").append(r.driveWriteCache() ? "on" : "off").append("</td><td class=\"label\">")
                    .append(r.workload()).append("</td><td>").append(Html.fixed(r.iops(), 1)).append("</td><td>")
                    .append(Html.ms(r.p50Ns())).append("</td><td>").append(Html.ms(r.p99Ns())).append("</td><td>")
                    .append(r.ackedLost()).append("</td>").append(lossCell(r.flushedLost())).append("<td>")
                    .append(r.hostPageCacheLost()).append("</td><td>").append(r.driveCacheLost()).append("</td></tr>\n");
        }
        h.append("</table></div>\n<footer>iopath reproduce qemu-cache-modes — deterministic: the same rows for the same"
                + " scenarios, whatever --jobs. Model and history: docs/virtual-disks.md.</footer>\n</body>\n</html>\n");
        return h.toString();
    }

    private static String lossCell(long n) {
        return "<td class=\"" + (n > 0 ? "bad" : "good") + "\">" + n + "</td>";
    }

    private static List<CacheModeRow> select(List<CacheModeRow> rows, String mode, String device, boolean wc) {
        List<CacheModeRow> out = new ArrayList<>();
        for (CacheModeRow r : rows) {
            if (r.mode().equals(mode) && r.device().equals(device) && r.driveWriteCache() == wc) {
                out.add(r);
            }
        }
        return out;
    }

    private static double iops(List<CacheModeRow> cell, String workload) {
        for (CacheModeRow r : cell) {
            if (r.workload().equals(workload)) {
                return r.iops();
            }
        }
        return 0;
    }

    private static long p99(List<CacheModeRow> cell, String workload) {
        for (CacheModeRow r : cell) {
            if (r.workload().equals(workload)) {
                return r.p99Ns();
            }
        }
        return 0;
    }

    private static long sum(List<CacheModeRow> rows, java.util.function.ToLongFunction<CacheModeRow> f) {
        long s = 0;
        for (CacheModeRow r : rows) {
            s += f.applyAsLong(r);
        }
        return s;
    }

    private static List<String> distinct(List<CacheModeRow> rows, java.util.function.Function<CacheModeRow, String> f) {
        LinkedHashSet<String> s = new LinkedHashSet<>();
        for (CacheModeRow r : rows) {
            s.add(Objects.requireNonNull(f.apply(r)));
        }
        return List.copyOf(s);
    }
}
