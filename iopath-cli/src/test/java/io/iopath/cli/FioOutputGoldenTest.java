package io.iopath.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * iopath's fio outputs against what real fio 3.33 printed for the same job file
 * (src/test/resources/io/iopath/cli/fio, README there): the layout, not the figures, which are
 * the capturing machine's.
 */
class FioOutputGoldenTest {
    @TempDir
    Path dir;

    private static String resource(String name) throws IOException {
        try (InputStream in = FioOutputGoldenTest.class.getResourceAsStream("fio/" + name)) {
            assertThat(in).as(name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private String iopath(String format) throws IOException {
        Path job = Files.writeString(dir.resolve("two-groups.fio"), resource("two-groups.fio"));
        CliRunner.Outcome o = CliRunner.run("run", job.toString(), "--output-format=" + format);
        assertThat(o.status()).as(o.err()).isZero();
        return o.out();
    }

    /** Every leaf's path, in document order; a "bins" object's keys (latency values) and the options' values left out. */
    static List<String> paths(JsonNode n, String at, List<String> out) {
        if (n.isObject()) {
            if (at.endsWith("/bins")) {
                out.add(at + "/…");
                return out;
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (at.isEmpty() && e.getKey().equals("iopath")) {
                    continue; // iopath's own: who made the file
                }
                if (at.startsWith("/disk_util") && e.getKey().endsWith("_sectors")) {
                    continue; // newer fio's disk fields, kept for the scripts that read them
                }
                paths(e.getValue(), at + "/" + e.getKey(), out);
            }
        } else if (n.isArray()) {
            for (int i = 0; i < n.size(); i++) {
                paths(n.get(i), at + "[" + i + "]", out);
            }
        } else {
            out.add(at);
        }
        return out;
    }

    @ParameterizedTest(name = "--output-format={0}")
    @ValueSource(strings = {"json", "json+"})
    void jsonHasFiosKeysInFiosOrder(String format) throws IOException {
        ObjectMapper m = new ObjectMapper();
        JsonNode fio = m.readTree(resource("fio-3.33-two-groups." + format));
        JsonNode ours = m.readTree(iopath(format));
        // fio lists the options in its parse order (options.c priorities); iopath as written: compare names
        for (String key : new String[] {"global options"}) {
            assertThat(names(ours.get(key))).containsExactlyInAnyOrderElementsOf(names(fio.get(key)));
        }
        for (int j = 0; j < 2; j++) {
            assertThat(names(ours.get("jobs").get(j).get("job options")))
                    .containsExactlyInAnyOrderElementsOf(names(fio.get("jobs").get(j).get("job options")));
        }
        List<String> expected = withoutOptions(paths(fio, "", new ArrayList<>()));
        assertThat(withoutOptions(paths(ours, "", new ArrayList<>()))).containsExactlyElementsOf(expected);
        assertThat(ours.get("jobs").get(1).get("groupid").asInt()).isEqualTo(1);
        assertThat(ours.get("timestamp").asLong()).isZero();
        assertThat(ours.get("time").asText()).isEqualTo("Thu Jan  1 00:00:00 1970");
        if (format.equals("json+")) {
            JsonNode bins = ours.get("jobs").get(0).get("read").get("clat_ns").get("bins");
            long sum = 0;
            for (JsonNode c : bins) {
                sum += c.asLong();
            }
            assertThat(sum).isEqualTo(ours.get("jobs").get(0).get("read").get("total_ios").asLong());
        }
    }

    private static List<String> names(JsonNode n) {
        List<String> out = new ArrayList<>();
        n.fieldNames().forEachRemaining(out::add);
        return out;
    }

    static List<String> withoutOptions(List<String> paths) {
        return paths.stream().filter(p -> !p.contains(" options/")).toList();
    }

    @Test
    void terseHasFiosFieldsInFiosOrder() throws IOException {
        String[] fio = resource("fio-3.33-two-groups.terse").split("\n");
        String[] ours = iopath("terse").split("\n");
        assertThat(ours).hasSameSizeAs(fio);
        for (int i = 0; i < fio.length; i++) {
            String[] a = fio[i].split(";", -1);
            String[] b = ours[i].split(";", -1);
            assertThat(b).hasSameSizeAs(a);
            for (int f = 0; f < 5; f++) {
                assertThat(b[f]).as("field %d", f + 1).isEqualTo(a[f]); // 3;fio-3.33;name;groupid;error
            }
            for (int f = 0; f < a.length; f++) {
                // the same kind of field everywhere: percentile P%=v, percentage, plain number, name
                assertThat(kind(b[f])).as("line %d field %d: %s vs fio's %s", i + 1, f + 1, b[f], a[f]).isEqualTo(kind(a[f]));
            }
        }
    }

    private static String kind(String field) {
        if (field.matches("[0-9.]+%=[0-9]+")) {
            return "percentile";
        }
        if (field.matches("[0-9.]+%")) {
            return "percent";
        }
        if (field.matches("[0-9]+")) {
            return "integer";
        }
        if (field.matches("[0-9]+\\.[0-9]{6}")) {
            return "float";
        }
        return "text";
    }

    @Test
    void normalHasFiosHeaderGroupsAndSubmitLines() throws IOException {
        String fio = resource("fio-3.33-two-groups.normal");
        String ours = iopath("normal");
        // the header is made from the job file alone: the same bytes
        String header = fio.substring(0, fio.indexOf("\n\n") + 2);
        assertThat(ours).startsWith(header);
        for (String line : new String[] {"\nRun status group 0 (all jobs):\n", "\nRun status group 1 (all jobs):\n"}) {
            assertThat(ours).contains(line);
            assertThat(fio).contains(line);
        }
        String stripped = ours.replaceAll("[0-9.]+", "#");
        for (String shape : fio.replaceAll("[0-9.]+", "#").split("\n")) {
            if (shape.startsWith("     submit") || shape.startsWith("     complete") || shape.startsWith("  write:")
                    || shape.startsWith("    sync") || shape.startsWith("     issued")) {
                assertThat(stripped).as(shape).contains(shape);
            }
        }
        assertThat(ours).containsPattern("(?m)^mixed: \\(groupid=0, jobs=2\\): err= 0: pid=1: Thu Jan  1 00:00:00 1970$")
                .containsPattern("(?m)^stream: \\(groupid=1, jobs=1\\): err= 0: pid=3: Thu Jan  1 00:00:00 1970$");
    }
}
