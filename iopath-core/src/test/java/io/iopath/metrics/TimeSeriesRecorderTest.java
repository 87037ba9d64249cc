package io.iopath.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.iopath.request.Bio;
import io.iopath.request.Op;
import io.iopath.result.TimeSeries;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The time series stays within its bound however long the run (issue 16 item 4: memory flat in
 * the run's length), and what a coarsened interval says follows from the requested intervals it
 * merged: counts, bytes, mean and maximum exactly, each percentile the highest of theirs.
 */
class TimeSeriesRecorderTest {
    private static final long MS = 1_000_000L;
    private static final long S = 1_000_000_000L;

    /**
     * {@code n} bios completing every {@code gapNs} in time order, 70 % reads; job 0 or 1 when
     * {@code jobs} is 2; latencies 0.1–30 ms and sizes 4–64 KiB from a seeded stream.
     */
    private static void feed(TimeSeriesRecorder ts, long n, long gapNs, int jobs, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        long[] gauges = new long[1];
        ts.gauges(new LayerGauges() {
            @Override
            public long blockInFlight() {
                return gauges[0];
            }

            @Override
            public long driveTagged() {
                return -1;
            }

            @Override
            public long driveDirtyExtents() {
                return -1;
            }

            @Override
            public long pageCacheDirtyBytes() {
                return -1;
            }

            @Override
            public long pageCacheWritebackBytes() {
                return -1;
            }
        });
        for (long i = 0; i < n; i++) {
            int sectors = 8 << r.nextInt(4);
            Bio b = new Bio(i, r.nextInt(10) < 7 ? Op.READ : Op.WRITE, 0, sectors, 0, 1, x -> { });
            b.completedNs = (i + 1) * gapNs;
            b.queuedNs = b.completedNs - 100_000 - r.nextLong(30 * MS);
            gauges[0] = r.nextInt(32);
            ts.record(b, jobs == 1 ? 0 : r.nextInt(jobs));
        }
    }

    private static TimeSeriesRecorder recorder(long intervalNs, int maxPoints, int jobs) {
        TimeSeriesRecorder ts = new TimeSeriesRecorder(intervalNs, maxPoints);
        for (int j = 0; j < jobs; j++) {
            ts.addJob("job" + j);
        }
        return ts;
    }

    @Test
    void aRunWithinTheBoundKeepsEveryRequestedInterval() {
        TimeSeriesRecorder ts = recorder(S, TimeSeriesRecorder.MAX_POINTS, 1);
        feed(ts, 1000, 10 * MS, 1, 1); // 10 s
        TimeSeries r = ts.result();
        assertThat(r.coarsened()).isFalse();
        assertThat(r.intervalNs()).isEqualTo(S);
        assertThat(r.requestedIntervalNs()).isEqualTo(S);
        assertThat(r.gauges()).hasSize(11); // completions at 0.01 … 10 s: intervals 0 to 10
        assertThat(r.points()).hasSize(10 * 6 + 4); // interval 10 has one bio: its direction and total, for the job and all
    }

    @Test
    void theDefaultBoundKeepsEveryIntervalOfAOneJobRunOfTenThousandNineHundredAndTwentyTwoSeconds() {
        TimeSeriesRecorder ts = recorder(S, TimeSeriesRecorder.MAX_POINTS, 1);
        // 100 bios a second for 10 922 s: reads and writes in every interval, 6 points each
        feed(ts, 1_092_200 - 1, 10 * MS, 1, 2);
        TimeSeries r = ts.result();
        assertThat(r.points()).hasSize(10_922 * 6);
        assertThat(r.coarsened()).isFalse();

        TimeSeriesRecorder longer = recorder(S, TimeSeriesRecorder.MAX_POINTS, 1);
        feed(longer, 1_092_300 - 1, 10 * MS, 1, 2); // one second more
        assertThat(longer.result().intervalNs()).isEqualTo(2 * S);
    }

    @Test
    void theShapeIsTheResultWithoutItsPoints() {
        for (int bios : new int[] {1_000, 100_000}) { // 20 s, and 2 000 s coarsened under a bound of 600
            TimeSeriesRecorder full = recorder(S, 600, 2);
            feed(full, bios, 20 * MS, 2, 3);
            TimeSeriesRecorder shape = recorder(S, 600, 2);
            feed(shape, bios, 20 * MS, 2, 3);
            TimeSeries r = full.result();
            assertThat(r.pointCount()).isEqualTo(r.points().size()).isPositive();
            assertThat(shape.shape()).isEqualTo(r.withoutPoints());
            assertThat(shape.shape().pointCount()).isEqualTo(r.points().size());
            assertThat(r.withoutPoints().points()).isEmpty();
            assertThat(r.withoutPoints().coarsened()).isEqualTo(bios > 1_000);
        }
    }

    @Test
    void aLongRunKeepsTheSameBoundedNumberOfPointsWhateverItsLength() {
        int bound = 600;
        TimeSeriesRecorder shorter = recorder(S, bound, 2);
        feed(shorter, 100_000, 20 * MS, 2, 3);      // 2 000 s: 9 points a second, 18 000 uncoarsened
        TimeSeriesRecorder longer = recorder(S, bound, 2);
        feed(longer, 2_000_000, 20 * MS, 2, 3);     // 40 000 s
        for (TimeSeriesRecorder ts : List.of(shorter, longer)) {
            assertThat(ts.keptPoints()).isLessThanOrEqualTo(bound).isGreaterThan(bound / 4);
            assertThat(ts.keptIntervals()).isLessThanOrEqualTo(bound / 9 + 1);
        }
        assertThat(shorter.result().intervalNs()).isEqualTo(32 * S);   // 2 000 s in at most 66 intervals
        assertThat(longer.result().intervalNs()).isEqualTo(1024 * S);  // 40 000 s likewise
    }

    @Test
    void aSparseSeriesSpansNoMoreIntervalsThanItMayKeepPoints() {
        TimeSeriesRecorder ts = recorder(MS, 1000, 1);
        feed(ts, 100, 100 * MS, 1, 4); // one bio every 100 intervals: 10 000 intervals spanned, 300 points
        TimeSeries r = ts.result();
        assertThat(r.intervalNs()).isEqualTo(16 * MS);
        assertThat(r.gauges().get(r.gauges().size() - 1).startNs() / r.intervalNs()).isLessThan(1000);
    }

    /** Each coarse point from the fine points it covers: sums, the mean over them, the highest percentile and maximum. */
    @Test
    void aMergedIntervalKeepsCountsBytesMeanAndMaximumExactAndTheHighestPercentiles() {
        TimeSeriesRecorder fine = recorder(S, Integer.MAX_VALUE, 2);
        feed(fine, 200_000, 20 * MS, 2, 5);
        TimeSeriesRecorder coarse = recorder(S, 900, 2);
        feed(coarse, 200_000, 20 * MS, 2, 5);
        TimeSeries f = fine.result();
        TimeSeries c = coarse.result();
        assertThat(f.coarsened()).isFalse();
        assertThat(c.coarsened()).isTrue();
        assertThat(c.requestedIntervalNs()).isEqualTo(S);
        long len = c.intervalNs();
        assertThat(Long.bitCount(len / S)).as("a power of two of the requested interval").isEqualTo(1);
        assertThat(c.points().size()).isLessThanOrEqualTo(900);
        java.util.Map<String, List<TimeSeries.Point>> byCoarse = f.points().stream().collect(
                java.util.stream.Collectors.groupingBy(x -> x.startNs() / len * len + " " + x.job() + " " + x.direction()));
        for (TimeSeries.Point p : c.points()) {
            List<TimeSeries.Point> parts = byCoarse.get(p.startNs() + " " + p.job() + " " + p.direction());
            assertThat(parts).isNotEmpty();
            assertThat(p.ios()).isEqualTo(parts.stream().mapToLong(TimeSeries.Point::ios).sum());
            assertThat(p.bytes()).isEqualTo(parts.stream().mapToLong(TimeSeries.Point::bytes).sum());
            double sum = parts.stream().mapToDouble(x -> x.latency().mean() * x.ios()).sum();
            assertThat(p.latency().mean()).isCloseTo(sum / p.ios(), within(1e-6 * sum / p.ios()));
            assertThat(p.latency().p50()).isEqualTo(parts.stream().mapToLong(x -> x.latency().p50()).max().orElseThrow());
            assertThat(p.latency().p99()).isEqualTo(parts.stream().mapToLong(x -> x.latency().p99()).max().orElseThrow());
            assertThat(p.latency().p99_9()).isEqualTo(parts.stream().mapToLong(x -> x.latency().p99_9()).max().orElseThrow());
            assertThat(p.latency().max()).isEqualTo(parts.stream().mapToLong(x -> x.latency().max()).max().orElseThrow());
        }
        // every fine point is in one coarse point: nothing is dropped, and the order is the fine one's
        assertThat(c.points().stream().mapToLong(TimeSeries.Point::ios).sum())
                .isEqualTo(f.points().stream().mapToLong(TimeSeries.Point::ios).sum());
        assertThat(c.points()).extracting(p -> p.startNs() / len + " " + p.job() + " " + p.direction()).containsExactlyElementsOf(
                f.points().stream().map(p -> p.startNs() / len + " " + p.job() + " " + p.direction()).distinct().toList());
        for (TimeSeries.Gauges g : c.gauges()) {
            long most = f.gauges().stream().filter(x -> x.startNs() / len * len == g.startNs())
                    .mapToLong(TimeSeries.Gauges::blockInFlight).max().orElseThrow();
            assertThat(g.blockInFlight()).isEqualTo(most);
        }
    }
}
