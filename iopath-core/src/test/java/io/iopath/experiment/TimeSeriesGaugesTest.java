package io.iopath.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.result.Result;
import io.iopath.result.TimeSeries;
import io.iopath.scenario.ScenarioReader;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The time series' in-flight and dirty counts, where the layers have them (issue 15 item 2). */
class TimeSeriesGaugesTest {
    @Test
    void onTheDriveTheBlockLayerAndTheDriveAreSampledAndThereIsNoPageCache() {
        Result r = ScenarioRun.run(ScenarioReader.read("g.yaml", """
                name: g
                drive: {preset: laptop-7200-250g, write_cache: on}
                host: {queue_depth: 8}
                jobs:
                  - {name: w, rw: randwrite, bs: 4k, iodepth: 16, size: 50g, runtime: 3s}
                """, List.of()));
        List<TimeSeries.Gauges> g = r.timeSeries().gauges();
        // one per interval with a completion, in the points' order
        assertThat(g).extracting(TimeSeries.Gauges::startNs).containsExactlyElementsOf(
                r.timeSeries().points().stream().map(TimeSeries.Point::startNs).distinct().toList());
        assertThat(g).hasSizeGreaterThanOrEqualTo(3);
        for (TimeSeries.Gauges x : g) {
            assertThat(x.blockInFlight()).as("at most the driver's queue depth").isBetween(0L, 8L);
            assertThat(x.driveTagged()).isBetween(0L, 8L);
            assertThat(x.pageCacheDirtyBytes()).as("no file system: no page cache").isEqualTo(-1);
            assertThat(x.pageCacheWritebackBytes()).isEqualTo(-1);
        }
        assertThat(g).anyMatch(x -> x.blockInFlight() == 8);
        assertThat(g).as("write-back: dirty extents wait in the buffer").anyMatch(x -> x.driveDirtyExtents() > 0);
    }

    @Test
    void withAFileSystemThePageCacheDirtyBytesAreSampled() {
        Result r = ScenarioRun.run(ScenarioReader.read("fs.yaml", """
                name: fs
                drive: {preset: laptop-7200-250g}
                host: {scheduler: cfq, memory: 256m}
                filesystem: {type: ext3, size: 2g}
                jobs:
                  - {name: logger, rw: write, bs: 16k, ioengine: psync, direct: 0, filename: log.0, filesize: 32m}
                """, List.of()));
        List<TimeSeries.Gauges> g = r.timeSeries().gauges();
        assertThat(g).isNotEmpty();
        assertThat(g).allMatch(x -> x.pageCacheDirtyBytes() >= 0 && x.pageCacheDirtyBytes() % 4096 == 0);
        assertThat(g).as("buffered writes leave dirty pages").anyMatch(x -> x.pageCacheDirtyBytes() > 0);
    }
}
