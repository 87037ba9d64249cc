package io.iopath.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.block.BlockTracepoints;
import io.iopath.metrics.RunMetrics;
import io.iopath.report.ResultJson;
import io.iopath.report.ResultTable;
import io.iopath.result.Result;
import io.iopath.result.TimeSeries;
import io.iopath.scenario.Scenario;
import io.iopath.scenario.ScenarioReader;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A run without its time series ({@code iopath run} with neither {@code --out} nor {@code --json})
 * reports everything else as the same run with it: the table and results.json (which names the
 * series only when coarsened) byte for byte, on issue 16's shape and on a two-job mix.
 */
class WithoutTimeSeriesTest {

    @Test
    void issue16sShape() {
        same(HostStackLoad.scenario(3_000));
    }

    @Test
    void twoJobsWithWritesAndTheCacheOn() {
        same(ScenarioReader.read("(test)", """
                name: two
                seed: 7
                drive:
                  preset: laptop-7200-250g
                  write_cache: on
                host:
                  scheduler: cfq
                  queue_depth: 8
                jobs:
                  - name: a
                    rw: randrw
                    bs: 4k
                    iodepth: 4
                    size: 1g
                    number_ios: 1500
                    direct: 1
                  - name: b
                    rw: write
                    bs: 64k
                    iodepth: 2
                    size: 1g
                    offset: 2g
                    number_ios: 300
                    direct: 1
                """, List.of()));
    }

    private static void same(Scenario s) {
        Result with = new ScenarioRun(s, BlockTracepoints.NONE, RunMetrics.DEFAULT_INTERVAL_NS).execute(p -> { });
        Result without = new ScenarioRun(s, BlockTracepoints.NONE, RunMetrics.DEFAULT_INTERVAL_NS)
                .withoutTimeSeries().execute(p -> { });
        assertThat(with.timeSeries().points()).isNotEmpty();
        assertThat(without.timeSeries()).isEqualTo(TimeSeries.NONE);
        assertThat(ResultTable.render(without)).isEqualTo(ResultTable.render(with));
        assertThat(ResultJson.toText(without)).isEqualTo(ResultJson.toText(with));
    }
}
