package io.iopath.metrics.fio;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** fio's io_u_lat buckets: bucket i holds the latencies above edge i − 1 up to edge i. */
class LatencyBucketsTest {
    private static final long[] EDGES = JobStats.LatencyBuckets.EDGES_NS;

    @Test
    void everyLatencyFallsInTheBucketWhoseEdgesEncloseIt() {
        List<Long> probes = new ArrayList<>(List.of(0L, 1L, Long.MAX_VALUE / 4, Long.MAX_VALUE));
        for (long e : EDGES) {
            probes.addAll(List.of(e - 1, e, e + 1));
        }
        SplittableRandom rnd = new SplittableRandom(5);
        for (int i = 0; i < 100_000; i++) {
            probes.add((long) Math.pow(10, rnd.nextDouble(0, 11))); // 1 ns to 100 s, evenly in decades
        }
        for (long ns : probes) {
            int i = JobStats.LatencyBuckets.index(ns);
            assertThat(i).as("bucket of %d ns", ns).isBetween(0, EDGES.length);
            if (i > 0) {
                assertThat(EDGES[i - 1]).as("edge below the bucket of %d ns", ns).isLessThan(ns);
            }
            if (i < EDGES.length) {
                assertThat(EDGES[i]).as("edge of the bucket of %d ns", ns).isGreaterThanOrEqualTo(ns);
            }
        }
    }

    @Test
    void bucketsFollowFiosEdgesAtTheirBoundaries() {
        // fio prints lat (msec): 10=…, 20=…: 10 ms itself counts in "10", 10 ms + 1 ns in "20"
        assertThat(JobStats.LatencyBuckets.index(10_000_000L)).isEqualTo(22);
        assertThat(JobStats.LatencyBuckets.index(10_000_001L)).isEqualTo(23);
        assertThat(JobStats.LatencyBuckets.index(2_000_000_001L)).isEqualTo(EDGES.length);
    }
}
