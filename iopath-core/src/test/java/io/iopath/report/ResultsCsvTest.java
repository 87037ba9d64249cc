package io.iopath.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.iopath.result.LatencyCdf;
import io.iopath.result.Result;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ResultsCsvTest {
    /**
     * Where each CSV column's value sits in results.json; {@code %d} is the row's direction and
     * {@code %p} the row's job: empty for all jobs, {@code /jobs/i} for the i-th.
     */
    private static final Map<String, String> JSON_POINTER = Map.ofEntries(
            Map.entry("scenario", "/scenario"), Map.entry("seed", "/seed"), Map.entry("drive", "/drive"),
            Map.entry("scheduler", "/scheduler"), Map.entry("queue_depth", "/queue_depth"),
            Map.entry("elapsed_ns", "/elapsed_ns"),
            Map.entry("ios", "%p/%d/ios"), Map.entry("bytes", "%p/%d/bytes"), Map.entry("iops", "%p/%d/iops"),
            Map.entry("bandwidth_bytes_per_s", "%p/%d/bandwidth_bytes_per_s"),
            Map.entry("latency_mean_ns", "%p/%d/latency_ns/mean"), Map.entry("latency_p50_ns", "%p/%d/latency_ns/p50"),
            Map.entry("latency_p95_ns", "%p/%d/latency_ns/p95"), Map.entry("latency_p99_ns", "%p/%d/latency_ns/p99"),
            Map.entry("latency_p99_9_ns", "%p/%d/latency_ns/p99_9"), Map.entry("latency_max_ns", "%p/%d/latency_ns/max"),
            Map.entry("q2d_mean_ns", "%p/%d/q2d_mean_ns"), Map.entry("d2c_mean_ns", "%p/%d/d2c_mean_ns"),
            Map.entry("drive_utilisation", "/drive_utilisation"), Map.entry("bio_merges", "/bio_merges"),
            Map.entry("queue_full", "/queue_full"), Map.entry("drive_commands", "/drive_time_ns/commands"),
            Map.entry("drive_seek_mean_ns", "/drive_time_ns/seek_mean"),
            Map.entry("drive_rotation_mean_ns", "/drive_time_ns/rotation_mean"),
            Map.entry("drive_transfer_mean_ns", "/drive_time_ns/transfer_mean"),
            Map.entry("power_failure_acknowledged_lost", "/power_failure/acknowledged_lost"),
            Map.entry("power_failure_promised_lost", "/power_failure/promised_lost"),
            Map.entry("job_elapsed_ns", "%p/elapsed_ns"), Map.entry("flushes", "%p/flush/count"),
            Map.entry("flush_latency_mean_ns", "%p/flush/latency_ns/mean"),
            Map.entry("flush_latency_p50_ns", "%p/flush/latency_ns/p50"),
            Map.entry("flush_latency_p99_ns", "%p/flush/latency_ns/p99"),
            Map.entry("flush_latency_max_ns", "%p/flush/latency_ns/max"),
            Map.entry("destages", "/destage_time_ns/destages"),
            Map.entry("destage_seek_mean_ns", "/destage_time_ns/seek_mean"),
            Map.entry("destage_rotation_mean_ns", "/destage_time_ns/rotation_mean"),
            Map.entry("destage_transfer_mean_ns", "/destage_time_ns/transfer_mean"),
            Map.entry("iopath_version", "/iopath_version"),
            Map.entry("scenario_hash", "/scenario_hash"));

    /** RFC 4180 reader: quoted cells may hold commas, doubled quotes and line breaks. */
    static List<List<String>> parse(String csv) {
        List<List<String>> rows = new ArrayList<>();
        List<String> row = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < csv.length(); i++) {
            char c = csv.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < csv.length() && csv.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cell.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                row.add(cell.toString());
                cell.setLength(0);
            } else if (c == '\n') {
                row.add(cell.toString());
                cell.setLength(0);
                rows.add(row);
                row = new ArrayList<>();
            } else {
                cell.append(c);
            }
        }
        assertThat(quoted).as("unterminated quote").isFalse();
        assertThat(row).as("text after the last line end").isEmpty();
        assertThat(cell.length()).isZero();
        return rows;
    }

    @Test
    void everyCellEqualsTheSameValueInResultsJson() throws Exception {
        everyCellEqualsTheSameValueInResultsJson(Runs.mixed());
        everyCellEqualsTheSameValueInResultsJson(Runs.mixed("power_failure.at=300ms"));
    }

    private static void everyCellEqualsTheSameValueInResultsJson(Result r) throws Exception {
        JsonNode json = new ObjectMapper().readTree(ResultJson.toText(r));
        List<List<String>> rows = parse(ResultsCsv.of(r));
        assertThat(rows.get(0)).containsExactlyElementsOf(ResultsCsv.COLUMNS);
        assertThat(JSON_POINTER.keySet()).containsExactlyInAnyOrderElementsOf(
                ResultsCsv.COLUMNS.stream().filter(c -> !c.equals("direction") && !c.equals("job")).toList());
        int jobs = json.get("jobs").size();
        assertThat(jobs).isEqualTo(2);
        assertThat(rows).hasSize(1 + 3 * (1 + jobs));
        int jobColumn = ResultsCsv.COLUMNS.indexOf("job");
        for (int i = 1; i < rows.size(); i++) {
            List<String> row = rows.get(i);
            String direction = row.get(ResultsCsv.COLUMNS.indexOf("direction"));
            assertThat(direction).isEqualTo(List.of("read", "write", "total").get((i - 1) % 3));
            int job = (i - 1) / 3 - 1; // -1: all jobs
            String prefix = job < 0 ? "" : "/jobs/" + job;
            assertThat(row.get(jobColumn)).isEqualTo(job < 0 ? "all" : json.at(prefix + "/name").asText());
            for (int c = 0; c < row.size(); c++) {
                String column = ResultsCsv.COLUMNS.get(c);
                if (column.equals("direction") || column.equals("job")) {
                    continue;
                }
                JsonNode value = json.at(JSON_POINTER.get(column).replace("%d", direction).replace("%p", prefix));
                if (column.startsWith("power_failure_") && r.powerLoss() == null) {
                    assertThat(value.isMissingNode()).as(column).isTrue();
                    assertThat(row.get(c)).as(column).isEmpty();
                    continue;
                }
                assertThat(value.isMissingNode()).as(column).isFalse();
                if (value.isNumber()) {
                    assertThat(Double.parseDouble(row.get(c))).as(direction + " " + column).isEqualTo(value.asDouble());
                }
                assertThat(row.get(c)).as(direction + " " + column).isEqualTo(value.asText());
            }
        }
        // the fixture has both directions, so no row is trivially zero
        assertThat(json.at("/read/ios").asLong()).isPositive();
        assertThat(json.at("/write/ios").asLong()).isPositive();
    }

    @Test
    void latencyCsvHoldsTheCdfOfResultsJson() throws Exception {
        Result r = Runs.mixed();
        JsonNode cdf = new ObjectMapper().readTree(ResultJson.toText(r)).get("latency_cdf");
        List<List<String>> rows = parse(LatencyCsv.of(r));
        assertThat(rows.get(0)).containsExactly("direction", "percentile", "latency_ns", "iopath_version", "scenario_hash");
        int n = LatencyCdf.PERCENTILES.size();
        assertThat(rows).hasSize(1 + 3 * n);
        String[] directions = {"read", "write", "total"};
        for (int d = 0; d < 3; d++) {
            for (int i = 0; i < n; i++) {
                List<String> row = rows.get(1 + d * n + i);
                assertThat(row.get(0)).isEqualTo(directions[d]);
                assertThat(Double.parseDouble(row.get(1))).isEqualTo(cdf.get("percentile").get(i).asDouble());
                assertThat(Long.parseLong(row.get(2))).isEqualTo(cdf.get(directions[d] + "_ns").get(i).asLong());
            }
        }
    }

    @Test
    void aDirectionWithoutIosHasZeroesInResultsCsvAndNoRowsInLatencyCsv() {
        Result r = Runs.mixed("jobs[0].rw=randread", "jobs[1].rw=read");
        List<List<String>> rows = parse(ResultsCsv.of(r));
        List<String> write = rows.get(2);
        assertThat(write.get(ResultsCsv.COLUMNS.indexOf("direction"))).isEqualTo("write");
        assertThat(write.get(ResultsCsv.COLUMNS.indexOf("ios"))).isEqualTo("0");
        assertThat(LatencyCsv.of(r)).doesNotContain("\nwrite,").contains("\nread,").contains("\ntotal,");
    }

    @Test
    void manyRunsGetLabelColumnsFirstAndThreeRowsEach() {
        List<String> labels = List.of("queue_depth_set", "note");
        List<LabelledResult> runs = List.of(
                new LabelledResult(List.of("1", "plain"), Runs.mixed("host.queue_depth=1")),
                new LabelledResult(List.of("32", "has, a comma and \"quotes\""), Runs.mixed("host.queue_depth=32")));
        String csv = ResultsCsv.of(labels, runs);
        assertThat(csv.split("\n")[10]).startsWith("32,\"has, a comma and \"\"quotes\"\"\",mixed-small,5,");
        List<List<String>> rows = parse(csv);
        assertThat(rows).hasSize(1 + 2 * 9); // per run: all jobs, then each of the two jobs

        assertThat(rows.get(0)).containsExactlyElementsOf(
                java.util.stream.Stream.concat(labels.stream(), ResultsCsv.COLUMNS.stream()).toList());
        int qd = 2 + ResultsCsv.COLUMNS.indexOf("queue_depth");
        int dir = 2 + ResultsCsv.COLUMNS.indexOf("direction");
        for (int i = 1; i <= 18; i++) {
            List<String> row = rows.get(i);
            assertThat(row).hasSize(2 + ResultsCsv.COLUMNS.size());
            boolean first = i <= 9;
            assertThat(row.subList(0, 2)).containsExactly(first ? "1" : "32", first ? "plain" : "has, a comma and \"quotes\"");
            // each run's rows carry its own numbers: the queue depth column follows the override
            assertThat(row.get(qd)).isEqualTo(first ? "1" : "32");
            assertThat(row.get(dir)).isEqualTo(List.of("read", "write", "total").get((i - 1) % 3));
        }
    }

    @Test
    void labelsMustMatchTheLabelColumns() {
        Result r = Runs.mixed();
        assertThatThrownBy(() -> ResultsCsv.text(List.of("a", "b"), List.of(ResultsCsv.cells(List.of("only one"), r))))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ResultsCsv.text(List.of("iops"), List.of(ResultsCsv.cells(List.of("1"), r))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("iops");
    }
}
