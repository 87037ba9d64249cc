package io.iopath.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ScenarioYamlTest {
    private static final String FLOW = """
            # the description, which the as-run text keeps
            #   over two lines
            name: flow style  # a comment that the as-run text drops
            seed: 3
            host: {scheduler: noop, queue_depth: 4}
            jobs:
              - {name: a, rw: randrw, rwmixread: 70, bs: 8k, iodepth: 4, size: 20g, number_ios: 100}
              - {name: b, rw: write, bs: 64k, offset: 100g, size: 1g, runtime: 2s}
            """;

    @Test
    void theTextAsRunReadsBackAsTheSameScenario() {
        List<String> overrides = List.of("jobs[1].bs=128k", "host.queue_depth=16", "seed=42");
        String asRun = ScenarioYaml.asRun("flow.yaml", FLOW, overrides);
        assertThat(ScenarioReader.read("as-run.yaml", asRun, List.of()))
                .isEqualTo(ScenarioReader.read("flow.yaml", FLOW, overrides));
        assertThat(asRun).isEqualTo("""
                # the description, which the as-run text keeps
                #   over two lines
                name: flow style
                seed: 42
                host:
                  scheduler: noop
                  queue_depth: 16
                jobs:
                  - name: a
                    rw: randrw
                    rwmixread: 70
                    bs: 8k
                    iodepth: 4
                    size: 20g
                    number_ios: 100
                  - name: b
                    rw: write
                    bs: 128k
                    offset: 100g
                    size: 1g
                    runtime: 2s
                """);
    }

    @Test
    void theBuiltInDefaultRoundTrips() {
        String asRun = ScenarioYaml.asRun("default", ScenarioReader.defaultText(), List.of("jobs[0].number_ios=10"));
        assertThat(ScenarioReader.read("as-run.yaml", asRun, List.of()))
                .isEqualTo(ScenarioReader.readDefault(List.of("jobs[0].number_ios=10")));
    }

    /** Names that plain YAML would misread: each must come back as the same text. */
    @ParameterizedTest
    @ValueSource(strings = {"a: b", "x # not a comment", "- dash", "-", "null", "~", "", " lead", "trail ",
        "quote \" and \\ backslash", "[list]", "{map}", "*alias", "&anchor", "!tag", "%percent", "@at", "`tick",
        "'single'", "line\nbreak", "tab\there", "ünïcödé", "1e3", "0x1F", "yes"})
    void awkwardScalarsSurviveTheRoundTrip(String name) {
        Node.MapNode root = new Node.MapNode(new Location("t", 1, 1));
        Location at = new Location("t", 1, 1);
        root.put("name", at, new Node.ScalarNode(at, name, false));
        root.put("odd key: #", at, new Node.ScalarNode(at, "v", false));
        String text = ScenarioYaml.write(root);
        Node back = YamlTree.parse("back", text);
        Node.MapNode map = (Node.MapNode) back;
        assertThat(((Node.ScalarNode) map.entries().get("name")).text()).as(text).isEqualTo(name);
        assertThat(((Node.ScalarNode) map.entries().get("name")).isNull()).as(text).isFalse();
        assertThat(map.entries()).containsKey("odd key: #");
    }

    @Test
    void nullsAndEmptyCollectionsAreWrittenAsSuch() {
        String text = ScenarioYaml.asRun("t", "a:\nb: {}\nc: []\nd: [[1, 2], []]\n", List.of());
        assertThat(text).isEqualTo("a: null\nb: {}\nc: []\nd:\n  -\n    - 1\n    - 2\n  - []\n");
        Node.MapNode back = (Node.MapNode) YamlTree.parse("t", text);
        assertThat(((Node.ScalarNode) back.entries().get("a")).isNull()).isTrue();
        assertThat(((Node.ListNode) back.entries().get("d")).items()).hasSize(2);
    }
}
