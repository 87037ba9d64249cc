package io.iopath.metrics;

import io.iopath.result.DirectionStats;
import io.iopath.result.LatencyCdf;
import io.iopath.result.LatencyCdfs;
import io.iopath.result.Result;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.iopath.experiment.ScenarioRun;
import io.iopath.request.Bio;
import io.iopath.request.Op;
import io.iopath.request.Request;
import io.iopath.scenario.ScenarioReader;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LatencyCdfTest {
    /** Completes one bio of {@code op} whose Q-to-C latency is {@code latencyNs}. */
    private static void complete(RunMetrics metrics, long id, Op op, long latencyNs) {
        Bio bio = new Bio(id, op, id * 8, 8, 0, 1, metrics::bioCompleted);
        bio.queuedNs = 0;
        Request rq = new Request(id, bio);
        rq.issuedNs = 0;
        rq.complete(latencyNs);
    }

    @Test
    void uniformLatenciesGiveTheirOrderStatisticsToThreeSignificantDigits() {
        RunMetrics metrics = new RunMetrics();
        int n = 10_000;
        for (int k = 1; k <= n; k++) { // 1 µs, 2 µs, ... 10 ms, each once
            complete(metrics, k, Op.READ, k * 1_000L);
        }
        LatencyCdf cdf = metrics.latencyCdfs().read();
        assertThat(cdf.points()).extracting(LatencyCdf.Point::percentile).containsExactlyElementsOf(LatencyCdf.PERCENTILES);
        for (LatencyCdf.Point p : cdf.points()) {
            // the p-th percentile of 1..n µs is the ceil(p n / 100)-th value (the first for p = 0)
            long rank = Math.max(1, (long) Math.ceil(p.percentile() / 100 * n - 1e-9));
            double exact = rank * 1_000.0;
            assertThat((double) p.latencyNs()).as("p%s", p.percentile()).isCloseTo(exact, within(exact * 0.001));
        }
        assertThat(cdf.points().get(0).latencyNs()).isEqualTo(1_000);
        assertThat(metrics.latencyCdfs().write().isEmpty()).isTrue();
        assertThat(metrics.latencyCdfs().total()).isEqualTo(cdf);
    }

    @Test
    void theTotalMergesBothDirections() {
        RunMetrics metrics = new RunMetrics();
        for (int k = 1; k <= 100; k++) {
            complete(metrics, k, Op.READ, 1_000_000L);          // reads: 1 ms
            complete(metrics, 1000 + k, Op.WRITE, 9_000_000L);  // writes: 9 ms
        }
        LatencyCdfs cdfs = metrics.latencyCdfs();
        assertThat(pointAt(cdfs.total(), 45.0)).isCloseTo(1_000_000L, within(1_000L));
        assertThat(pointAt(cdfs.total(), 55.0)).isCloseTo(9_000_000L, within(9_000L));
        assertThat(pointAt(cdfs.read(), 100.0)).isCloseTo(1_000_000L, within(1_000L));
        assertThat(pointAt(cdfs.write(), 0.0)).isCloseTo(9_000_000L, within(9_000L));
    }

    private static long pointAt(LatencyCdf cdf, double percentile) {
        return cdf.points().stream().filter(p -> p.percentile() == percentile).findFirst().orElseThrow().latencyNs();
    }

    /** Invariants over simulated runs of several shapes and seeds. */
    @ParameterizedTest(name = "{0} seed {1}")
    @CsvSource({
        "randread, 1, 1", "randread, 2, 8", "randrw, 3, 4", "randrw, 4, 16", "write, 5, 2", "rw, 6, 4"})
    void aSimulatedCdfIsMonotoneStartsAtTheMinAndEndsAtTheMax(String rw, long seed, int iodepth) {
        String yaml = """
                seed: %d
                host: {queue_depth: 8}
                jobs:
                  - {rw: %s, bs: 8k, iodepth: %d, size: 10g, number_ios: 1500}
                """.formatted(seed, rw, iodepth);
        Result r = ScenarioRun.run(ScenarioReader.read("cdf.yaml", yaml, List.of()));
        check(r.latencyCdf().read(), r.read());
        check(r.latencyCdf().write(), r.write());
        check(r.latencyCdf().total(), r.total());
        assertThat(last(r.latencyCdf().total())).isEqualTo(Math.max(r.read().latency().max(), r.write().latency().max()));
    }

    private static void check(LatencyCdf cdf, DirectionStats d) {
        if (d.ios() == 0) {
            assertThat(cdf.isEmpty()).isTrue();
            return;
        }
        List<LatencyCdf.Point> pts = cdf.points();
        assertThat(pts).extracting(LatencyCdf.Point::percentile).containsExactlyElementsOf(LatencyCdf.PERCENTILES);
        for (int i = 1; i < pts.size(); i++) {
            assertThat(pts.get(i).latencyNs()).as("point %d", i).isGreaterThanOrEqualTo(pts.get(i - 1).latencyNs());
        }
        assertThat(pts.get(0).latencyNs()).isPositive().isLessThanOrEqualTo(d.latency().p50());
        assertThat(last(cdf)).isEqualTo(d.latency().max());
        assertThat(pointAt(cdf, 50.0)).isEqualTo(d.latency().p50());
        assertThat(pointAt(cdf, 95.0)).isEqualTo(d.latency().p95());
        assertThat(pointAt(cdf, 99.0)).isEqualTo(d.latency().p99());
        assertThat(pointAt(cdf, 99.9)).isEqualTo(d.latency().p99_9());
    }

    private static long last(LatencyCdf cdf) {
        return cdf.points().get(cdf.points().size() - 1).latencyNs();
    }
}
