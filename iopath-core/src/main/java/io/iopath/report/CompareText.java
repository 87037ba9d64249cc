package io.iopath.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * {@code iopath compare A B}: two runs' {@code results.json} side by side, the headline figures
 * with their difference and ratio, as a Markdown table. Works on the JSON (not on Result
 * records) so that it compares files written by another iopath version too: a figure one file
 * lacks is shown blank rather than failing.
 */
public final class CompareText {
    /** A figure: where it is in A's file and in B's (a job's index may differ), its scale and digits. */
    private record Row(String label, String pointerA, String pointerB, double scale, int decimals) {
        Row(String label, String pointer, double scale, int decimals) {
            this(label, pointer, pointer, scale, decimals);
        }
    }

    private CompareText() {
    }

    public static String of(String nameA, JsonNode a, String nameB, JsonNode b) {
        StringBuilder sb = new StringBuilder();
        sb.append("A: ").append(nameA).append(" (").append(describe(a)).append(")\n");
        sb.append("B: ").append(nameB).append(" (").append(describe(b)).append(")\n\n");
        sb.append("| figure | A | B | B − A | B / A |\n|---|---:|---:|---:|---:|\n");
        for (Row r : rows(a, b)) {
            JsonNode va = a.at(r.pointerA());
            JsonNode vb = b.at(r.pointerB());
            if (!va.isNumber() && !vb.isNumber()) {
                continue;
            }
            sb.append("| ").append(r.label()).append(" | ").append(cell(va, r)).append(" | ").append(cell(vb, r)).append(" | ");
            if (va.isNumber() && vb.isNumber()) {
                double x = va.asDouble() / r.scale();
                double y = vb.asDouble() / r.scale();
                sb.append(String.format(Locale.ROOT, "%+." + r.decimals() + "f", y - x)).append(" | ")
                        .append(x == 0 ? (y == 0 ? "=" : "") : String.format(Locale.ROOT, "%.3f", y / x));
            } else {
                sb.append(" | ");
            }
            sb.append(" |\n");
        }
        return sb.toString();
    }

    private static String describe(JsonNode r) {
        return "scenario " + r.path("scenario").asText("?") + ", drive " + r.path("drive").asText("?") + ", scheduler "
                + r.path("scheduler").asText("?") + ", queue_depth " + r.path("queue_depth").asText("?") + ", seed "
                + r.path("seed").asText("?")
                // files of iopath before the version and hash were written lack them: shown as "?"
                + ", iopath " + r.path("iopath_version").asText("?") + ", scenario hash " + r.path("scenario_hash").asText("?");
    }

    private static String cell(JsonNode v, Row r) {
        return v.isNumber() ? String.format(Locale.ROOT, "%." + r.decimals() + "f", v.asDouble() / r.scale()) : "";
    }

    private static List<Row> rows(JsonNode a, JsonNode b) {
        List<Row> rows = new ArrayList<>();
        rows.add(new Row("simulated s", "/elapsed_ns", 1e9, 3));
        for (String d : List.of("read", "write", "total")) {
            if (a.at("/" + d + "/ios").asLong() == 0 && b.at("/" + d + "/ios").asLong() == 0) {
                continue;
            }
            direction(rows, d, "/" + d);
        }
        rows.add(new Row("flushes", "/flush/count", 1, 0));
        if (a.at("/flush/count").asLong() + b.at("/flush/count").asLong() > 0) {
            rows.add(new Row("flush p99 ms", "/flush/latency_ns/p99", 1e6, 3));
        }
        rows.add(new Row("drive utilisation %", "/drive_utilisation", 0.01, 1));
        rows.add(new Row("bio merges", "/bio_merges", 1, 0));
        rows.add(new Row("QUEUE FULL", "/queue_full", 1, 0));
        boolean virtual = a.has("virtual_disk") || b.has("virtual_disk");
        if (!virtual) { // a guest's own drive is the virtual disk, with no mechanics: the host drive's are below
            rows.add(new Row("drive seek ms / command", "/drive_time_ns/seek_mean", 1e6, 3));
            rows.add(new Row("drive rotation ms / command", "/drive_time_ns/rotation_mean", 1e6, 3));
        }
        if (a.at("/destage_time_ns/destages").asLong() + b.at("/destage_time_ns/destages").asLong() > 0) {
            rows.add(new Row("destages", "/destage_time_ns/destages", 1, 0));
            rows.add(new Row("drive seek ms / destage", "/destage_time_ns/seek_mean", 1e6, 3));
            rows.add(new Row("drive rotation ms / destage", "/destage_time_ns/rotation_mean", 1e6, 3));
        }
        rows.add(new Row("drive mean tagged", "/drive_queue/mean_tagged", 1, 2));
        rows.add(new Row("power failure: acknowledged lost", "/power_failure/acknowledged_lost", 1, 0));
        rows.add(new Row("power failure: promised lost", "/power_failure/promised_lost", 1, 0));
        if (virtual) {
            virtualDisk(rows);
        }
        // jobs by name, in A's order then B's
        Set<String> names = new LinkedHashSet<>();
        for (JsonNode r : List.of(a, b)) {
            for (JsonNode j : r.path("jobs")) {
                names.add(j.path("name").asText());
            }
        }
        if (names.size() > 1) {
            for (String name : names) {
                String ja = "/jobs/" + index(a, name);
                String jb = "/jobs/" + index(b, name);
                rows.add(new Row("job " + name + " total IOPS", ja + "/total/iops", jb + "/total/iops", 1, 1));
                rows.add(new Row("job " + name + " total p99 ms", ja + "/total/latency_ns/p99", jb + "/total/latency_ns/p99",
                        1e6, 3));
            }
        }
        return rows;
    }

    /** A guest's virtual disk (results.json's {@code virtual_disk}): what its jobs saw, QEMU, the host drive, each level's losses. */
    private static void virtualDisk(List<Row> rows) {
        String v = "/virtual_disk";
        rows.add(new Row("guest jobs IOPS (fio's)", v + "/app_iops", 1, 1));
        rows.add(new Row("guest jobs clat p99 ms", v + "/app_clat_p99_ns", 1e6, 3));
        rows.add(new Row("guest flushes", v + "/guest_flushes", 1, 0));
        rows.add(new Row("host fdatasyncs", v + "/host_fdatasyncs", 1, 0));
        rows.add(new Row("guest writes completed before durable", v + "/completed_before_durable", 1, 0));
        rows.add(new Row("host drive writes", v + "/drive_writes", 1, 0));
        rows.add(new Row("host drive FLUSH CACHE", v + "/drive_flushes", 1, 0));
        rows.add(new Row("host drive seek ms / command", v + "/drive_time_ns/seek_mean", 1e6, 3));
        rows.add(new Row("host drive rotation ms / command", v + "/drive_time_ns/rotation_mean", 1e6, 3));
        String pf = v + "/power_failure";
        rows.add(new Row("power failure: guest acked lost", pf + "/guest_acked_lost", 1, 0));
        rows.add(new Row("power failure: guest flushed lost", pf + "/guest_flushed_lost", 1, 0));
        rows.add(new Row("power failure: guest fsync'd blocks lost", pf + "/guest_fsynced_blocks_lost", 1, 0));
        rows.add(new Row("power failure: host page cache lost", pf + "/host_page_cache_lost", 1, 0));
        rows.add(new Row("power failure: host drive acked lost", pf + "/drive_acknowledged_lost", 1, 0));
    }

    private static void direction(List<Row> rows, String d, String at) {
        rows.add(new Row(d + " IOs", at + "/ios", 1, 0));
        rows.add(new Row(d + " IOPS", at + "/iops", 1, 1));
        rows.add(new Row(d + " MB/s", at + "/bandwidth_bytes_per_s", 1e6, 2));
        rows.add(new Row(d + " mean ms", at + "/latency_ns/mean", 1e6, 3));
        rows.add(new Row(d + " p50 ms", at + "/latency_ns/p50", 1e6, 3));
        rows.add(new Row(d + " p99 ms", at + "/latency_ns/p99", 1e6, 3));
        rows.add(new Row(d + " p99.9 ms", at + "/latency_ns/p99_9", 1e6, 3));
        rows.add(new Row(d + " max ms", at + "/latency_ns/max", 1e6, 3));
        rows.add(new Row(d + " Q2D mean ms", at + "/q2d_mean_ns", 1e6, 3));
        rows.add(new Row(d + " D2C mean ms", at + "/d2c_mean_ns", 1e6, 3));
    }

    private static int index(JsonNode r, String name) {
        int i = 0;
        for (JsonNode j : r.path("jobs")) {
            if (j.path("name").asText().equals(name)) {
                return i;
            }
            i++;
        }
        return -1;
    }
}
