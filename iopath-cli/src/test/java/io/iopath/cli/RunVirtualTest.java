package io.iopath.cli;

import static io.iopath.cli.CliRunner.iopath;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.iopath.cli.CliRunner.Outcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunVirtualTest {
    @TempDir
    Path dir;

    private Path scenario() throws IOException {
        return Files.writeString(dir.resolve("guest.yaml"), """
                name: g
                drive: {preset: laptop-7200-250g, write_cache: on}
                power_failure: {at: 300ms}
                qemu: {cache: unsafe, volume: {size: 10g}}
                guest:
                  filesystem: {type: ext3, size: 256m, options: barrier=1}
                  jobs:
                    - {name: mail, rw: randwrite, bs: 4k, direct: 0, nrfiles: 4, filesize: 16k, fsync: 1,
                       runtime: 1s, time_based: 1}
                """);
    }

    @Test
    void runsAGuestAndReportsEachLevelsLosses() throws IOException {
        Outcome o = iopath("run", scenario().toString());
        assertThat(o.status()).as(o.err()).isZero();
        assertThat(o.out()).contains("virtual disk   virtio-blk, cache unsafe", "power failure  of the host at 0.300 s",
                "<- the guest's fsync was broken");
        Outcome json = iopath("run", scenario().toString(), "--json", "--set", "qemu.cache=writethrough");
        assertThat(json.status()).as(json.err()).isZero();
        JsonNode v = new ObjectMapper().readTree(json.out()).get("virtual_disk");
        assertThat(v.get("cache").asText()).isEqualTo("writethrough");
        assertThat(v.get("power_failure").get("guest_flushed_lost").asLong()).isZero();
        assertThat(v.get("completed_before_durable").asLong()).isZero();
        Outcome check = iopath("run", scenario().toString(), "--check");
        assertThat(check.out().strip()).isEqualTo("ok: 1 guest job(s) on virtio-blk, cache unsafe");
    }

    @Test
    void anOutputDirectoryHoldsTheGuestsRunAndEachLevelsLosses() throws Exception {
        Path out = dir.resolve("out");
        Outcome o = iopath("run", scenario().toString(), "--out", out.toString(), "--interval", "100ms");
        assertThat(o.status()).as(o.err()).isZero();
        assertThat(o.out()).contains("wrote results.json, results.csv, latency.csv, timeseries.csv, report.html in " + out);
        for (String f : io.iopath.report.RunReport.FILES) {
            assertThat(out.resolve(f)).isNotEmptyFile();
        }
        // results.json is what --json prints, with the hash the table names
        Outcome json = iopath("run", scenario().toString(), "--json");
        String written = Files.readString(out.resolve("results.json"));
        assertThat(written).isEqualTo(json.out());
        JsonNode root = new ObjectMapper().readTree(written);
        String hash = root.get("scenario_hash").asText();
        assertThat(hash).matches("[0-9a-f]{16}");
        assertThat(o.out()).contains("scenario hash " + hash);
        assertThat(root.has("drive_queue")).as("the guest's disk is the virtual one: no drive queue of its own").isFalse();
        assertThat(root.get("virtual_disk").get("drive_queue").get("max_tagged").asLong()).isPositive();
        assertThat(root.get("filesystem").get("fsyncs").asLong()).isPositive();
        JsonNode pf = root.get("virtual_disk").get("power_failure");

        // results.csv: the guest's rows, each ending in the virtual disk's columns with results.json's figures
        java.util.List<String> lines = Files.readAllLines(out.resolve("results.csv"));
        java.util.List<String> header = java.util.List.of(lines.get(0).split(","));
        assertThat(header.subList(header.size() - io.iopath.report.ResultsCsv.VIRTUAL_DISK_COLUMNS.size(), header.size()))
                .isEqualTo(io.iopath.report.ResultsCsv.VIRTUAL_DISK_COLUMNS);
        assertThat(lines).hasSize(1 + 3 + 3 * root.get("jobs").size());
        for (String line : lines.subList(1, lines.size())) {
            java.util.List<String> cells = java.util.List.of(line.split(",", -1));
            assertThat(cells).hasSameSizeAs(header);
            assertThat(cells.get(header.indexOf("scenario_hash"))).isEqualTo(hash);
            assertThat(cells.get(header.indexOf("virtual_disk_cache"))).isEqualTo("unsafe");
            assertThat(cells.get(header.indexOf("fs_type"))).isEqualTo("ext3");
            for (String key : java.util.List.of("guest_acked_lost", "guest_flushed_lost", "host_page_cache_lost", "drive_acknowledged_lost")) {
                assertThat(cells.get(header.indexOf("virtual_disk_power_failure_" + key))).isEqualTo(pf.get(key).asText());
            }
        }
        assertThat(pf.get("guest_flushed_lost").asLong()).as("unsafe breaks the guest's fsync").isPositive();
        // the mechanics are the physical drive's, under the host drive; the guest's disk has none to print
        JsonNode mechanics = root.get("virtual_disk").get("drive_time_ns");
        assertThat(mechanics.get("commands").asLong()).isPositive();
        assertThat(mechanics.get("seek_mean").asDouble() + mechanics.get("rotation_mean").asDouble()
                + mechanics.get("transfer_mean").asDouble()).isPositive();
        java.util.List<String> row = java.util.List.of(lines.get(1).split(",", -1));
        assertThat(row.get(header.indexOf("virtual_disk_drive_commands"))).isEqualTo(mechanics.get("commands").asText());
        assertThat(row.get(header.indexOf("virtual_disk_drive_seek_mean_ns"))).isEqualTo(mechanics.get("seek_mean").asText());
        assertThat(row.get(header.indexOf("drive_seek_mean_ns"))).as("the virtual disk's own").isEqualTo("0.0");
        assertThat(o.out()).contains("host drive     write cache on:", "               mean per command: seek ")
                .doesNotContain("drive, mean per command");

        // the time series at --interval: 100 ms steps over the 300 ms to the power failure
        assertThat(Files.readAllLines(out.resolve("timeseries.csv")).stream().skip(1).map(l -> l.split(",")[0]).distinct())
                .containsExactly("0", "100000000", "200000000");
        // the page: well-formed, with the virtual disk's section
        String html = Files.readString(out.resolve("report.html"));
        javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new java.io.ByteArrayInputStream(html.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        assertThat(html).contains("<h2>Virtual disk</h2>", "cache unsafe", "the guest&#39;s fsync was broken");
    }

    @Test
    void aSweepOfAGuestRunsEachPointAsRunDoes() throws Exception {
        java.util.List<String> modes = java.util.List.of("unsafe", "none", "writethrough");
        Outcome one = iopath("sweep", scenario().toString(), "--vary", "qemu.cache=" + String.join(",", modes), "--json", "--jobs", "1");
        assertThat(one.status()).as(one.err()).isZero();
        Outcome two = iopath("sweep", scenario().toString(), "--vary", "qemu.cache=" + String.join(",", modes), "--json", "--jobs", "2");
        assertThat(two.out()).as("the same whatever the number of runs at a time").isEqualTo(one.out());
        JsonNode points = new ObjectMapper().readTree(one.out());
        assertThat(points).hasSize(modes.size());
        Path out = dir.resolve("sweep");
        Outcome table = iopath("sweep", scenario().toString(), "--vary", "qemu.cache=" + String.join(",", modes), "--out", out.toString());
        assertThat(table.status()).as(table.err()).isZero();
        java.util.List<String> csv = Files.readAllLines(out.resolve("results.csv"));
        assertThat(csv.get(0)).startsWith("qemu.cache,scenario,");
        int row = 1;
        for (int i = 0; i < modes.size(); i++) {
            // each point is the run of the scenario with its value set: the same results.json, the same results.csv rows
            Path single = dir.resolve("run-" + i);
            Outcome run = iopath("run", scenario().toString(), "--set", "qemu.cache=" + modes.get(i), "--out", single.toString());
            assertThat(run.status()).as(run.err()).isZero();
            assertThat(points.get(i).get("point").get("qemu.cache").asText()).isEqualTo(modes.get(i));
            assertThat(points.get(i).get("result")).isEqualTo(new ObjectMapper().readTree(single.resolve("results.json").toFile()));
            java.util.List<String> rows = Files.readAllLines(single.resolve("results.csv"));
            assertThat(csv.get(0)).isEqualTo("qemu.cache," + rows.get(0));
            for (String r : rows.subList(1, rows.size())) {
                assertThat(csv.get(row++)).isEqualTo(modes.get(i) + "," + r);
            }
        }
        assertThat(csv).hasSize(row);
        // the table: the guest's columns, then the virtual disk's, with each level's losses
        java.util.List<String> lines = table.out().lines().toList();
        java.util.List<String> header = cells(lines.get(0));
        assertThat(header).contains("write IOPS", "app IOPS", "guest flushes", "guest acked lost", "guest flushed lost",
                "guest fsync'd blocks lost", "host page cache lost", "drive acked lost");
        for (int i = 0; i < modes.size(); i++) {
            java.util.List<String> r = cells(lines.get(2 + i));
            long flushedLost = points.get(i).get("result").get("virtual_disk").get("power_failure").get("guest_flushed_lost").asLong();
            assertThat(r.get(0)).isEqualTo(modes.get(i));
            assertThat(r.get(header.indexOf("guest flushed lost"))).isEqualTo(Long.toString(flushedLost));
        }
        assertThat(cells(lines.get(2)).get(header.indexOf("guest flushed lost"))).as("unsafe breaks the guest's fsync").isNotEqualTo("0");
        assertThat(cells(lines.get(4)).get(header.indexOf("guest flushed lost"))).as("writethrough keeps it").isEqualTo("0");
        String html = Files.readString(out.resolve("report.html"));
        javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new java.io.ByteArrayInputStream(html.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        assertThat(html).contains("<h2>Virtual disk</h2>", "<th>guest flushed lost</th>", "id='chart-app-iops'",
                "id='chart-guest-lost'");
    }

    /** The cells of one Markdown table row, without the outer bars. */
    private static java.util.List<String> cells(String row) {
        return java.util.Arrays.stream(row.substring(1, row.length() - 1).split("\\|")).map(String::strip).toList();
    }

    @Test
    void aSplitOfAGuestIsRefusedWithWhatRunsOne() throws IOException {
        Outcome split = iopath("run", scenario().toString(), "--split-by-device");
        assertThat(split.status()).isEqualTo(2);
        assertThat(split.err()).contains("--split-by-device: a guest on a virtual disk replays no multi-device trace");
    }

    /** iopath compare of two guests' runs: what the guest jobs saw, QEMU, the host drive and each level's losses. */
    @Test
    void compareSetsTwoGuestsVirtualDisksSideBySide() throws IOException {
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        assertThat(iopath("run", scenario().toString(), "--out", a.toString()).status()).isZero();
        assertThat(iopath("run", scenario().toString(), "--set", "qemu.cache=writethrough", "--out", b.toString()).status()).isZero();
        Outcome c = iopath("compare", a.toString(), b.toString());
        assertThat(c.status()).as(c.err()).isZero();
        JsonNode ja = new ObjectMapper().readTree(a.resolve("results.json").toFile());
        String flushed = ja.get("virtual_disk").get("power_failure").get("guest_flushed_lost").asText();
        assertThat(c.out()).contains("| guest jobs IOPS (fio's) |", "| host drive seek ms / command |",
                "| power failure: guest flushed lost | " + flushed + " | 0 |")
                .as("the guest's own drive is the virtual disk, with no mechanics").doesNotContain("| drive seek ms / command |");
    }

    /** fio's output formats report the guest's jobs as fio in the guest would, its disk the guest kernel's vda or hda. */
    @Test
    void fioOutputFormatsReportTheGuestsJobs() throws IOException {
        Outcome fio = iopath("run", scenario().toString(), "--output-format", "json");
        assertThat(fio.status()).as(fio.err()).isZero();
        assertThat(fio.err()).contains("iopath: virtual disk   virtio-blk, cache unsafe", "iopath: power failure  of the host at 0.300 s");
        JsonNode job = new ObjectMapper().readTree(fio.out()).get("jobs").get(0);
        assertThat(job.get("jobname").asText()).isEqualTo("mail");
        JsonNode results = new ObjectMapper().readTree(iopath("run", scenario().toString(), "--json").out());
        assertThat(job.get("write").get("total_ios").asLong()).isEqualTo(results.get("virtual_disk").get("app_ops").asLong());
        assertThat(new ObjectMapper().readTree(fio.out()).get("disk_util").get(0).get("name").asText()).isEqualTo("vda");
        Outcome ide = iopath("run", scenario().toString(), "--output-format", "normal", "--set", "qemu.device=ide-2008");
        assertThat(ide.out()).contains("Disk stats (read/write):", "  hda: ios=");
        Outcome both = iopath("run", scenario().toString(), "--output-format", "json", "--json");
        assertThat(both.status()).isEqualTo(2);
        assertThat(both.err()).contains("--json: prints iopath's results.json, which --output-format json replaces");
    }

    @Test
    void theTraceOutputsOfAPlainRunAreRefusedForNow() throws IOException {
        Outcome o = iopath("run", scenario().toString(), "--trace-out", dir.resolve("t.blk").toString());
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).contains("--trace-out: not for a guest on a virtual disk yet");
        Outcome late = iopath("run", scenario().toString(), "--set", "power_failure.at=30s");
        assertThat(late.status()).isEqualTo(2);
        assertThat(late.err()).contains("power_failure.at: 30.000 s is after the run's end");
    }
}
