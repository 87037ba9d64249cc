package io.iopath.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Each class of configuration error names the file, line, column and field at fault. */
class ScenarioErrorsTest {
    private static final String GOOD = """
            name: t
            seed: 3
            drive:
              preset: laptop-7200-250g
            host:
              queue_depth: 8
            jobs:
              - name: r
                rw: randread
                bs: 4k
                size: 1g
                number_ios: 10
            """;

    private static ScenarioException error(String yaml, String... overrides) {
        try {
            ScenarioReader.read("s.yaml", yaml, List.of(overrides));
        } catch (ScenarioException e) {
            return e;
        }
        throw new AssertionError("expected a ScenarioException");
    }

    @Test
    void theGoodScenarioReads() {
        Scenario s = ScenarioReader.read("s.yaml", GOOD, List.of());
        assertThat(s.seed()).isEqualTo(3);
        assertThat(s.host().queueDepth()).isEqualTo(8);
        assertThat(s.jobs().get(0).blockSize()).isEqualTo(4096);
        assertThat(s.jobs().get(0).size()).isEqualTo(1L << 30);
    }

    @Test
    void unknownKey() {
        ScenarioException e = error(GOOD.replace("    bs: 4k", "    blocksise: 4k"));
        assertThat(e.getMessage()).startsWith("s.yaml:10:5: jobs[0].blocksise: unknown key (did you mean 'blocksize'?); expected one of");
        assertThat(e.getMessage()).contains("bs");
    }

    @Test
    void aMisspeltJobsKeyIsReportedAsUnknownNotAsNoJobs() {
        ScenarioException e = error(GOOD.replace("jobs:", "jobz:"));
        assertThat(e.getMessage()).startsWith("s.yaml:7:1: jobz: unknown key (did you mean 'jobs'?); expected one of");
        assertThat(error("name: t\n").getMessage()).isEqualTo("s.yaml:1:1: jobs: expected at least one job");
    }

    @Test
    void aSeedIsAnyIntegerAndItsErrorSaysSo() {
        assertThat(error(GOOD.replace("seed: 3", "seed: 1g")).getMessage()).isEqualTo("s.yaml:2:7: seed: expected an integer, got '1g'");
        assertThat(ScenarioReader.read("s.yaml", GOOD.replace("seed: 3", "seed: -9223372036854775808"), List.of()).seed()).isEqualTo(Long.MIN_VALUE);
    }

    @Test
    void aControlCharacterFromAYamlEscapeIsRefusedWhereverItIs() {
        // "\0" in a file name used to reach Path.of and leave as InvalidPathException's stack trace
        assertThat(error(GOOD.replace("preset: laptop-7200-250g", "preset: \"a\\0b.parv\"")).getMessage())
                .isEqualTo("s.yaml:4:11: drive.preset: expected a text, got 'a\\x00b.parv' (control character \\x00)");
        assertThat(error(GOOD.replace("number_ios: 10", "read_iolog: \"t\\x01.ascii\"")).getMessage())
                .startsWith("s.yaml:12:17: jobs[0].read_iolog: expected ").endsWith(" (control character \\x01)");
        assertThat(error(GOOD, "jobs[0].name=r\u0007x").getMessage()).endsWith("got 'r\\x07x' (control character \\x07)");
        // a tab and a line break (a block scalar's) are text
        assertThat(ScenarioReader.read("s.yaml", GOOD.replace("name: r", "name: \"r\\tx\""), List.of()).jobs().get(0).name())
                .isEqualTo("r\tx");
        assertThat(ScenarioReader.read("s.yaml", GOOD.replace("bs: 4k", "bs: \"8k\\n\""), List.of()).jobs().get(0).blockSize())
                .isEqualTo(8192L);
    }

    @Test
    void aLongValueIsShownByItsStartAndLength() {
        // a trace given as the scenario is one YAML scalar (its lines folded into one, hence the one less
        // character); it was the whole message
        String trace = "8,0    0        1     0.000000000     1  Q   R 64356632 + 8 [randread]\n".repeat(20_000);
        String message = error(trace).getMessage();
        assertThat(message).startsWith("s.yaml:1:1: expected a mapping, got '8,0    0        1     0.000000000     1  Q")
                .endsWith("…' (" + (trace.length() - 1) + " characters)").hasSizeLessThan(200);
        String value = "x".repeat(ScenarioException.VALUE_SHOWN);
        assertThat(error(GOOD.replace("queue_depth: 8", "queue_depth: " + value)).getMessage()).endsWith("got '" + value + "'");
        assertThat(error(GOOD.replace("queue_depth: 8", "queue_depth: " + value + "y")).getMessage())
                .endsWith("got '" + value + "…' (" + (value.length() + 1) + " characters)");
        // what follows the quoted value stays; a character of two chars is not cut in half
        String astral = "a" + "\uD835\uDFD8".repeat(100); // a surrogate pair's first half at VALUE_SHOWN - 1
        assertThat(error(GOOD.replace("bs: 4k", "bs: \"" + astral + "\\0\"")).getMessage())
                .endsWith("got '" + astral.substring(0, ScenarioException.VALUE_SHOWN - 1) + "…' (202 characters) (control character \\x00)");
        String key = "k".repeat(100_000);
        assertThat(error(GOOD, key + "=3").getMessage()) // the key named twice: in --set and as the field
                .hasSize(ScenarioException.MESSAGE_SHOWN + "… (NNNNNN characters in all)".length()).endsWith(" characters in all)");
    }

    @Test
    void wrongType() {
        ScenarioException e = error(GOOD.replace("queue_depth: 8", "queue_depth: deep"));
        assertThat(e.getMessage()).isEqualTo("s.yaml:6:16: host.queue_depth: expected an integer from 1 to 256, got 'deep'");
    }

    @Test
    void aMappingWhereAValueBelongs() {
        ScenarioException e = error(GOOD.replace("rw: randread", "rw: [randread]"));
        assertThat(e.getMessage()).startsWith("s.yaml:9:9: jobs[0].rw: expected one of read, write");
        assertThat(e.getMessage()).endsWith("got a list");
    }

    @Test
    void negativeSize() {
        ScenarioException e = error(GOOD.replace("size: 1g", "size: -1g"));
        assertThat(e.getMessage()).isEqualTo(
                "s.yaml:11:11: jobs[0].size: expected a size such as 512, 4k, 1m or 90g, got a negative size '-1g'");
    }

    @Test
    void unknownPreset() {
        ScenarioException e = error(GOOD.replace("preset: laptop-7200-250g", "preset: floppy"));
        assertThat(e.getMessage()).startsWith("s.yaml:4:11: drive.preset: expected one of laptop-7200-250g");
        assertThat(e.getMessage()).endsWith("got 'floppy'");
    }

    @Test
    void aRegionBeyondTheDrive() {
        ScenarioException e = error(GOOD.replace("size: 1g", "size: 300g"));
        assertThat(e.getMessage()).startsWith("s.yaml:11:11: jobs[0].size: expected a region that ends inside the drive");
    }

    @Test
    void aJobWithoutAnEndCoversTheDevice() {
        // fio: with no size the job uses the whole device, and ends after one pass over it
        Scenario s = ScenarioReader.read("s.yaml", GOOD.replace("    number_ios: 10\n", "").replace("    size: 1g\n", ""),
                java.util.List.of());
        assertThat(s.jobs().get(0).size()).isEqualTo(s.drive().spec().capacitySectors() * 512L - s.jobs().get(0).offset());
    }

    @Test
    void yamlSyntaxErrorsHaveALine() {
        ScenarioException e = error("jobs:\n  - rw: [read\n");
        assertThat(e.getMessage()).isEqualTo("s.yaml:2:14: not valid YAML: while parsing a flow sequence; "
                + "expected ',' or ']', but got <stream end>");
    }

    @Test
    void overridesAreCheckedLikeFileValues() {
        Scenario s = ScenarioReader.read("s.yaml", GOOD, List.of("jobs[0].bs=128k", "host.queue_depth=32"));
        assertThat(s.jobs().get(0).blockSize()).isEqualTo(128 * 1024);
        assertThat(s.host().queueDepth()).isEqualTo(32);
        ScenarioException e = error(GOOD, "jobs.0.bs=huge");
        assertThat(e.getMessage()).isEqualTo(
                "--set jobs.0.bs=huge: jobs[0].bs: expected a size such as 512, 4k, 1m or 90g, got 'huge'");
        assertThat(error(GOOD, "jobs[3].bs=4k").getMessage()).isEqualTo("--set jobs[3].bs=4k: jobs[3]: expected an index from 0 to 0, got 3");
        assertThat(error(GOOD, "jobs.x.bs=4k").getMessage()).isEqualTo("--set jobs.x.bs=4k: jobs[x]: expected a list index, got 'x'");
    }
}
