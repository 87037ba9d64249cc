package io.iopath.metrics.blktrace;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.block.BlkAction;
import io.iopath.experiment.ScenarioRun;
import io.iopath.scenario.Scenario;
import io.iopath.scenario.ScenarioReader;
import java.util.List;
import org.junit.jupiter.api.Test;

class BlkparseTextTest {
    @Test
    void formatsAnEventAsBlkparseDoes() {
        // The example line of blkparse(1).
        BlkEvent e = new BlkEvent(0, 3, 1, 697, BlkAction.G, "W", 223490, 8, 0, "kjournald");
        assertThat(BlkparseText.write(List.of(e)))
                .isEqualTo("  8,0    3        1     0.000000000   697  G   W 223490 + 8 [kjournald]\n");
    }

    @Test
    void aTraceWrittenByIopathParsesBackIntoTheSameEvents() {
        String yaml = """
                name: trace
                seed: 3
                host:
                  scheduler: cfq
                  queue_depth: 8
                jobs:
                  - name: reader
                    rw: randread
                    bs: 4k
                    iodepth: 4
                    size: 1g
                    number_ios: 300
                  - name: writer
                    rw: write
                    bs: 16k
                    iodepth: 8
                    offset: 2g
                    size: 1g
                    number_ios: 300
                """;
        Scenario s = ScenarioReader.read("test.yaml", yaml, List.of());
        BlkTraceLog log = new BlkTraceLog();
        new ScenarioRun(s, log).execute(n -> { });
        List<BlkEvent> events = log.events();
        assertThat(events).hasSizeGreaterThan(1000);
        assertThat(events).extracting(BlkEvent::action).contains(BlkAction.Q, BlkAction.G, BlkAction.I, BlkAction.D,
                BlkAction.C, BlkAction.M, BlkAction.P);
        long origin = events.get(0).timeNs();
        List<BlkEvent> parsed = BlkparseText.parse(BlkparseText.write(events));
        assertThat(parsed).isEqualTo(events.stream().map(e -> e.relativeTo(origin)).toList());
    }

    @Test
    void skipsSummaryLinesAndActionsItDoesNotModel() {
        String text = """
                  8,0    0        1     0.000000000   697  A   W 223490 + 8 <- (8,1) 223427
                  8,0    0        2     0.000001000   697  Q   W 223490 + 8 [kjournald]
                  8,0    0        3     0.000002000   697  U   N [kjournald] 2
                CPU0 (sda):
                 Reads Queued:           0,        0KiB	 Writes Queued:           1,        4KiB
                """;
        List<BlkEvent> parsed = BlkparseText.parse(text);
        assertThat(parsed).hasSize(2);
        assertThat(parsed.get(1).payload()).isEqualTo(2);
        assertThat(parsed.get(0).timeNs()).isEqualTo(1000);
    }
}
