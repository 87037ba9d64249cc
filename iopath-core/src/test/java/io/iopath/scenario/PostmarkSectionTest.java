package io.iopath.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.iopath.fs.CpuCost;
import io.iopath.workload.postmark.PostmarkConfig;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A scenario's postmark: job takes Postmark's set names and values, and a cpu: section the per-call costs. */
class PostmarkSectionTest {
    private static final String HEAD = """
            name: pm
            filesystem:
              type: ext3
              size: 1g
            jobs:
              - name: pm
                postmark:
            """;

    private static Scenario read(String postmarkLines) {
        return ScenarioReader.read("pm.yaml", HEAD + postmarkLines.indent(6), List.of());
    }

    @Test
    void everyParameterHasItsSetName() {
        Scenario s = read("""
                size: 100 2000
                number: 30
                transactions: 500
                subdirectories: 4
                read: 1024
                write: 2048
                buffering: false
                bias: {read: 3, create: -1}
                location: [a 2, b]
                seed: 7
                report: terse
                """);
        PostmarkConfig c = s.postmark().get(0).config();
        assertThat(c).isEqualTo(new PostmarkConfig(100, 2000, 30, 7, 500, 4, 1024, 2048, 3, -1, false,
                PostmarkConfig.Report.TERSE, List.of(new PostmarkConfig.Location("a", 2), new PostmarkConfig.Location("b", 1))));
        assertThat(s.jobs()).isEmpty();
        assertThat(s.cpu()).isEqualTo(CpuCost.MEASURED);
    }

    @Test
    void leftOutParametersArePostmarksDefaults() {
        Scenario s = ScenarioReader.read("pm.yaml", HEAD, List.of());
        assertThat(s.postmark().get(0).config()).isEqualTo(PostmarkConfig.DEFAULTS);
        // a list is a set line's words; an override reaches a parameter like any field
        Scenario t = ScenarioReader.read("pm.yaml", HEAD + "      size: [600, 700]\n",
                List.of("jobs[0].postmark.transactions=40"));
        assertThat(t.postmark().get(0).config().fileSizeLow()).isEqualTo(600);
        assertThat(t.postmark().get(0).config().fileSizeHigh()).isEqualTo(700);
        assertThat(t.postmark().get(0).config().transactions()).isEqualTo(40);
    }

    @Test
    void badValuesNameTheLineTheFieldAndWhatWasExpected() {
        assertThatThrownBy(() -> read("number: many\n")).isInstanceOf(ScenarioException.class)
                .hasMessage("pm.yaml:8:15: jobs[0].postmark.number: set number: expected a whole number, got 'many'");
        assertThatThrownBy(() -> read("bias: {read: 11}\n"))
                .hasMessageStartingWith("pm.yaml:8:20: jobs[0].postmark.bias.read: set bias read: expected 0..10 (-1 disables)");
        assertThatThrownBy(() -> read("transactions: 5\n"))
                .hasMessageContaining("jobs[0].postmark.transactions: expected at least 10");
        assertThatThrownBy(() -> read("numbr: 5\n"))
                .hasMessageContaining("jobs[0].postmark.numbr: unknown key (did you mean 'number'?)");
        assertThatThrownBy(() -> read("location: [a, a 2]\n")).hasMessageContaining("location 'a' is listed twice");
        assertThatThrownBy(() -> read("buffering: maybe\n")).hasMessageContaining("jobs[0].postmark.buffering: expected true or false");
        // fio options do not mix with Postmark's
        assertThatThrownBy(() -> ScenarioReader.read("pm.yaml", HEAD.replace("    postmark:\n", "    rw: read\n    postmark:\n"),
                List.of())).hasMessageContaining("jobs[0].rw: unknown key");
        // Postmark needs a file system
        assertThatThrownBy(() -> ScenarioReader.read("pm.yaml", "jobs:\n  - postmark:\n", List.of()))
                .hasMessageContaining("jobs[0].postmark: Postmark works on files: add a filesystem: section");
    }

    @Test
    void cpuCostsHaveUnitsAndDefaultToTheMeasurement() {
        Scenario s = ScenarioReader.read("pm.yaml", HEAD + "cpu:\n  syscall_cost: 2us\n  copy_cost: 0.5ns/KiB\n", List.of());
        assertThat(s.cpu()).isEqualTo(new CpuCost(2000, 0.5, CpuCost.MEASURED.lookupNs(), CpuCost.MEASURED.namespaceNs(),
                CpuCost.MEASURED.truncateNs()));
        assertThat(ScenarioReader.read("pm.yaml", HEAD + "cpu: none\n", List.of()).cpu()).isEqualTo(CpuCost.NONE);
        assertThatThrownBy(() -> ScenarioReader.read("pm.yaml", HEAD + "cpu:\n  copy_cost: 3ns\n", List.of()))
                .hasMessageContaining("cpu.copy_cost: expected a time per KiB such as 27.5ns/KiB, got '3ns'");
        assertThatThrownBy(() -> ScenarioReader.read("pm.yaml", HEAD + "cpu:\n  syscall_cost: 2\n", List.of()))
                .hasMessageContaining("cpu.syscall_cost: expected a time with a unit");
        // jobs on the drive are not charged: cpu: without a file system is refused
        assertThatThrownBy(() -> ScenarioReader.read("d.yaml", "cpu:\n  syscall_cost: 1us\njobs:\n  - rw: read\n", List.of()))
                .hasMessageContaining("cpu: cpu: is the CPU cost of system calls on a file system");
        assertThat(ScenarioReader.read("d.yaml", "jobs:\n  - rw: read\n", List.of()).cpu()).isEqualTo(CpuCost.NONE);
    }
}
