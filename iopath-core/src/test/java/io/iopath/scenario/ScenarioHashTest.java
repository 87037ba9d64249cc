package io.iopath.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The scenario's hash: the same scenario however it is written, another one for any other value. */
class ScenarioHashTest {
    private static final String BLOCK = """
            # a description: comments change nothing
            name: h
            seed: 3
            drive:
              preset: laptop-7200-250g
            jobs:
              - name: r
                rw: randread
                bs: 4k
                number_ios: 10
            """;
    /** The same tree in flow style, keys in another order, quoted where BLOCK is plain. */
    private static final String FLOW = """
            jobs: [{bs: "4k", number_ios: 10, rw: randread, name: r}]
            drive: {preset: 'laptop-7200-250g'}
            seed: 3
            name: h
            """;

    @Test
    void formattingCommentsAndKeyOrderChangeNothing() {
        String a = ScenarioReader.read("a.yaml", BLOCK, List.of()).hash();
        String b = ScenarioReader.read("b.yaml", FLOW, List.of()).hash();
        assertThat(a).matches("[0-9a-f]{16}").isEqualTo(b);
        // pinned: a change of the canonical form would silently change every output's hash
        assertThat(ScenarioHash.canonical(YamlTree.parse("a.yaml", BLOCK))).isEqualTo(
                "{\"drive\":{\"preset\":\"laptop-7200-250g\"},\"jobs\":[{\"bs\":\"4k\",\"name\":\"r\",\"number_ios\":\"10\","
                        + "\"rw\":\"randread\"}],\"name\":\"h\",\"seed\":\"3\"}");
    }

    @Test
    void anyOtherValueOrAnOverrideGivesAnotherHash() {
        String base = ScenarioReader.read("a.yaml", BLOCK, List.of()).hash();
        String seed = ScenarioReader.read("a.yaml", BLOCK, List.of("seed=4")).hash();
        String bs = ScenarioReader.read("a.yaml", BLOCK.replace("bs: 4k", "bs: 8k"), List.of()).hash();
        assertThat(seed).isNotEqualTo(base);
        assertThat(bs).isNotEqualTo(base).isNotEqualTo(seed);
        // an override is the same scenario as the file edited to say it
        assertThat(ScenarioReader.read("a.yaml", BLOCK, List.of("jobs[0].bs=8k")).hash()).isEqualTo(bs);
        assertThat(ScenarioHash.of("a.yaml", BLOCK, List.of("seed=4"))).isEqualTo(seed);
    }

    @Test
    void aScenarioBuiltInCodeHasNoHash() {
        Scenario s = ScenarioReader.read("a.yaml", BLOCK, List.of());
        assertThat(s.withPowerFailureAt(5_000_000_000L).hash()).isEmpty();
        assertThat(s.withPowerFailureAt(s.powerFailureAtNs()).hash()).isEqualTo(s.hash());
    }
}
