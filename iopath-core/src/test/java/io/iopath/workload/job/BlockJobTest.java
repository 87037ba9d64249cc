package io.iopath.workload.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.metrics.fio.JobStats;
import io.iopath.request.Op;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** Invariants of fio's job options, over several seeds. */
class BlockJobTest {
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 42, 1234})
    void theRandomMapTouchesEveryBlockOncePerPass(long seed) {
        // 256 blocks of 4k; one pass = 256 IOs, and each block exactly once
        JobHarness h = JobHarness.runJob(seed, "rw: randread", "bs: 4k", "size: 1m", "iodepth: 4");
        List<JobHarness.Issue> io = h.data();
        assertThat(io).hasSize(256);
        assertThat(io.stream().map(JobHarness.Issue::sector).collect(Collectors.toSet())).hasSize(256);
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3})
    void norandommapDrawsWithReplacement(long seed) {
        JobHarness h = JobHarness.runJob(seed, "rw: randread", "size: 1m", "norandommap: 1", "number_ios: 256");
        Set<Long> distinct = h.data().stream().map(JobHarness.Issue::sector).collect(Collectors.toSet());
        // 256 draws from 256 blocks with replacement: expected distinct = 256 (1 - 1/e) ≈ 162
        assertThat(distinct.size()).isBetween(130, 195);
    }

    @Test
    void sizeEndsASequentialJobAndSuffixLeavesHoles() {
        JobHarness h = JobHarness.runJob(1, "rw: write:4k", "bs: 4k", "size: 64k");
        List<JobHarness.Issue> io = h.data();
        assertThat(io).extracting(JobHarness.Issue::sector).containsExactly(0L, 16L, 32L, 48L, 64L, 80L, 96L, 112L);
    }

    @Test
    void randomWithSuffixGoesSequentialBetweenNewOffsets() {
        JobHarness h = JobHarness.runJob(7, "rw: randread:4", "bs: 4k", "size: 100m", "number_ios: 40", "norandommap: 1");
        List<JobHarness.Issue> io = h.data();
        for (int i = 0; i < io.size(); i += 4) {
            for (int k = 1; k < 4; k++) {
                assertThat(io.get(i + k).sector()).isEqualTo(io.get(i).sector() + 8L * k);
            }
        }
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 5, 9})
    void rwmixreadAndBssplitHitTheirShares(long seed) {
        int n = 4000;
        JobHarness h = JobHarness.runJob(seed, "rw: randrw", "rwmixread: 70", "bssplit: 4k/25:16k/75", "size: 1g",
                "number_ios: " + n, "iodepth: 8");
        JobStats s = h.stats();
        double reads = s.read.ios / (double) n;
        // binomial: 4 sigma = 4 sqrt(0.7 0.3 / 4000) ≈ 0.029
        assertThat(reads).isCloseTo(0.70, org.assertj.core.data.Offset.offset(0.029));
        long small = h.data().stream().filter(i -> i.sectors() == 8).count();
        assertThat(small / (double) n).isCloseTo(0.25, org.assertj.core.data.Offset.offset(0.028));
    }

    @Test
    void bsrangeGivesMultiplesOfTheMinimumWithinTheRange() {
        JobHarness h = JobHarness.runJob(3, "rw: randread", "bsrange: 4k-32k", "size: 1g", "number_ios: 500");
        Set<Integer> sizes = h.data().stream().map(JobHarness.Issue::sectors).collect(Collectors.toSet());
        assertThat(sizes).isSubsetOf(8, 16, 24, 32, 40, 48, 56, 64).hasSizeGreaterThan(5);
    }

    @Test
    void aSynchronousEngineKeepsOneIoInFlightWhateverTheIodepth() {
        JobHarness h = JobHarness.runJob(1, "rw: randread", "ioengine: psync", "iodepth: 32", "number_ios: 200", "size: 1g");
        assertThat(h.stats().depthAtSubmit[0]).isEqualTo(200);
    }

    @Test
    void anAsynchronousEngineFillsItsDepth() {
        JobHarness h = JobHarness.runJob(1, "rw: randread", "ioengine: libaio", "iodepth: 16", "number_ios: 400", "size: 1g");
        // after the first 16 submissions each new one refills the 16th slot
        assertThat(h.stats().depthAtSubmit[4] + h.stats().depthAtSubmit[5]).isGreaterThanOrEqualTo(400 - 15);
    }

    @Test
    void fsyncEveryNWritesSendsAFlushAfterTheWritesDrain() {
        JobHarness h = JobHarness.runJob(1, "rw: randwrite", "iodepth: 4", "fsync: 10", "number_ios: 100", "size: 1g");
        List<JobHarness.Issue> all = h.issues;
        assertThat(all.stream().filter(i -> i.op() == Op.FLUSH).count()).isEqualTo(10);
        int writesSince = 0;
        for (JobHarness.Issue i : all) {
            if (i.op() == Op.FLUSH) {
                assertThat(writesSince).isEqualTo(10);
                writesSince = 0;
            } else {
                writesSince++;
            }
        }
        assertThat(h.stats().issuedSync).isEqualTo(10);
    }

    @Test
    void writeBarrierMakesEveryNthWriteABarrier() {
        // 2.6 noop on a write-back drive with FUA: each barrier write is a pre-flush, then the write with FUA
        JobHarness h = JobHarness.runJob(1, "rw: randwrite", "iodepth: 4", "write_barrier: 4", "number_ios: 100",
                "size: 1g");
        assertThat(h.issues.stream().filter(i -> i.op() == Op.FLUSH).count()).isEqualTo(25);
        assertThat(h.issues.stream().filter(i -> i.op() == Op.WRITE).count()).isEqualTo(100);
        assertThat(h.result.host().block().flushes()).isEqualTo(25);
        JobHarness none = JobHarness.runJob(1, "rw: randwrite", "iodepth: 4", "number_ios: 100", "size: 1g");
        assertThat(none.issues.stream().filter(i -> i.op() == Op.FLUSH).count()).isZero();
    }

    @Test
    void rateIopsCapsTheIssueRate() {
        JobHarness h = JobHarness.runJob(1, "rw: randread", "iodepth: 8", "rate_iops: 20", "number_ios: 100", "size: 1g");
        List<JobHarness.Issue> io = h.data();
        for (int i = 1; i < io.size(); i++) {
            assertThat(io.get(i).queuedNs() - io.get(i - 1).queuedNs()).isGreaterThanOrEqualTo(50_000_000L);
        }
    }

    @Test
    void thinktimeStallsAfterEachBlockOfIos() {
        JobHarness h = JobHarness.runJob(1, "rw: read", "ioengine: psync", "thinktime: 5ms", "thinktime_blocks: 2",
                "number_ios: 20", "size: 1g");
        List<JobHarness.Issue> io = h.data();
        for (int i = 2; i < io.size(); i += 2) {
            assertThat(io.get(i).queuedNs() - io.get(i - 1).queuedNs()).isGreaterThanOrEqualTo(5_000_000L);
        }
    }

    @Test
    void startdelayAndTimeBased() {
        JobHarness h = JobHarness.runJob(1, "rw: read", "startdelay: 1", "runtime: 2", "time_based: 1", "size: 64k");
        List<JobHarness.Issue> io = h.data();
        assertThat(io.get(0).queuedNs()).isEqualTo(1_000_000_000L);
        // time_based loops over the 16-block region until runtime: far more than 16 IOs
        assertThat(io.size()).isGreaterThan(100);
        assertThat(io.get(io.size() - 1).queuedNs()).isLessThan(3_000_000_000L);
    }

    @Test
    void zipfConcentratesOnFewBlocks() {
        JobHarness h = JobHarness.runJob(1, "rw: randread", "random_distribution: zipf:1.2", "norandommap: 1",
                "size: 4m", "number_ios: 2000");
        Map<Long, Integer> counts = new HashMap<>();
        h.data().forEach(i -> counts.merge(i.sector(), 1, Integer::sum));
        int top = counts.values().stream().mapToInt(Integer::intValue).max().orElseThrow();
        // uniform over 1024 blocks would give about 2 per block; Zipf(1.2)'s top rank has ~1/zeta(1.2) ≈ 18 %
        assertThat(top).isGreaterThan(200);
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3})
    void slatIsTheSleepForARequestAndLatIsSlatPlusClat(long seed) {
        // 64 in flight against a pool of 16 requests: the job sleeps in get_request_wait
        JobHarness h = JobHarness.runYaml("name: t\nseed: " + seed + "\nhost:\n  nr_requests: 16\njobs:\n"
                + "  - name: j\n    rw: randread\n    iodepth: 64\n    number_ios: 2000\n    size: 1g\n");
        JobStats.Direction d = h.stats().read;
        assertThat(d.slat.max()).isPositive();
        assertThat(d.lat.mean()).isCloseTo(d.slat.mean() + d.clat.mean(), org.assertj.core.data.Offset.offset(1e-6 * d.lat.mean()));
        JobHarness easy = JobHarness.runJob(seed, "rw: randread", "iodepth: 4", "number_ios: 200", "size: 1g");
        assertThat(easy.stats().read.slat.max()).isZero();
    }

    @Test
    void numjobsMakesDistinctProcessesWithTheirOwnStreams() {
        JobHarness h = JobHarness.runJob(1, "rw: randread", "numjobs: 3", "number_ios: 50", "size: 1g", "norandommap: 1");
        assertThat(h.run.workloads()).hasSize(3);
        Map<Integer, List<Long>> byPid = new HashMap<>();
        h.data().forEach(i -> byPid.computeIfAbsent(i.pid(), p -> new java.util.ArrayList<>()).add(i.sector()));
        assertThat(byPid.keySet()).containsExactlyInAnyOrder(1, 2, 3);
        assertThat(new HashSet<>(byPid.values())).hasSize(3);
    }
}
