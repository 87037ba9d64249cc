package io.iopath.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.metrics.fio.JobStats;
import io.iopath.scenario.ScenarioReader;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A file job draws each call's size from bssplit or bsrange, from the stream a block job uses. */
class FileJobBlockSizesTest {
    private static final String JOB = """
            name: fbs
            seed: 1
            drive:
              preset: laptop-7200-250g
            host:
              scheduler: noop
            filesystem:
              type: ext3
              offset: 1g
              size: 4g
            jobs:
              - name: r
                rw: randread
                bssplit: 4k/50:64k/50
                ioengine: psync
                direct: 1
                filename: data
                filesize: 64m
                number_ios: 400
            """;

    private static JobStats.Direction reads(String yaml) {
        ScenarioRun run = new ScenarioRun(ScenarioReader.read("fbs.yaml", yaml, List.of()));
        run.execute(p -> { });
        return run.workloads().get(0).stats().read;
    }

    @Test
    void bssplitMixesTheSizesByTheirShares() {
        JobStats.Direction r = reads(JOB);
        assertThat(r.ios).isEqualTo(400);
        // k calls of 4 KiB and 400 - k of 64 KiB
        long k = (400 * 65536L - r.bytes) / (65536 - 4096);
        assertThat(k * 4096 + (400 - k) * 65536).isEqualTo(r.bytes);
        assertThat(k).isBetween(140L, 260L); // 50 %, a binomial of 400 draws (sd 10)
        assertThat(reads(JOB).bytes).isEqualTo(r.bytes); // the same draws every run
    }

    @Test
    void bsrangeDrawsMultiplesOfItsMinimum() {
        JobStats.Direction r = reads(JOB.replace("bssplit: 4k/50:64k/50", "bsrange: 4k-16k"));
        assertThat(r.ios).isEqualTo(400);
        assertThat(r.bytes % 4096).isZero();
        assertThat(r.bytes).isGreaterThan(400 * 4096L * 2).isLessThan(400 * 4096L * 3); // mean 10 KiB
    }
}
