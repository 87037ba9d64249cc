package io.iopath.workload.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.request.Op;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Workload shapes of fio's own job files, simulated: {@code random_distribution=zoned}
 * (examples/rand-zones.fio), {@code verify_backlog} (t/jobs/t0005), {@code rw=read:-8k}
 * (examples/backwards-read.fio), {@code rate_process=poisson} (examples/poisson-rate-submission.fio).
 */
class FioShapesTest {
    private static final long SECTORS_1G = (1L << 30) / 512;

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3})
    void zonedSendsEachAccessShareToItsShareOfTheRegion(long seed) {
        // rand-zones.fio's split: 50% of the IOs to the first 5%, 30% to the next 15%, 20% to the last 80%
        int n = 4000;
        JobHarness h = JobHarness.runJob(seed, "rw: randread", "bs: 4k", "size: 1g", "norandommap: 1",
                "number_ios: " + n, "random_distribution: 'zoned:50/5:30/15:20/'");
        int[] hits = new int[3];
        for (JobHarness.Issue io : h.data()) {
            double at = (double) io.sector() / SECTORS_1G;
            hits[at < 0.05 ? 0 : at < 0.20 ? 1 : 2]++;
        }
        assertThat(hits[0] + hits[1] + hits[2]).isEqualTo(n);
        assertThat(hits[0]).isBetween(1840, 2160); // 50 % of 4000, ±4 sigma
        assertThat(hits[1]).isBetween(1085, 1315);
        assertThat(hits[2]).isBetween(690, 910);
    }

    @Test
    void verifyBacklogReadsBackEachBatchOfWritesInOrderBeforeWritingOn() {
        // t0005: verify_backlog=32 on a sequential write of 100 writes: 32 writes, their 32 reads, ...
        JobHarness h = JobHarness.runJob(1, "rw: write", "bs: 4k", "size: 400k", "verify: md5", "verify_backlog: 32",
                "ioengine: psync");
        List<JobHarness.Issue> io = h.data();
        List<Long> writes = new ArrayList<>();
        List<Long> reads = new ArrayList<>();
        for (JobHarness.Issue i : io) {
            (i.op() == Op.WRITE ? writes : reads).add(i.sector());
        }
        assertThat(writes).hasSize(100);
        assertThat(reads).isEqualTo(writes); // every extent read back once, in the order written
        for (int batch = 0; batch < 3; batch++) {
            for (int k = 0; k < 32; k++) {
                assertThat(io.get(batch * 64 + k).op()).isEqualTo(Op.WRITE);
                assertThat(io.get(batch * 64 + 32 + k).op()).isEqualTo(Op.READ);
                assertThat(io.get(batch * 64 + 32 + k).sector()).isEqualTo(io.get(batch * 64 + k).sector());
            }
        }
        // the last 4 writes are read back by the verify phase after the writes
        assertThat(io.subList(192, 196)).allMatch(i -> i.op() == Op.WRITE);
        assertThat(io.subList(196, 200)).allMatch(i -> i.op() == Op.READ);
    }

    @Test
    void verifyBacklogAtDepthOnlyReadsWritesThatHaveCompleted() {
        JobHarness h = JobHarness.runJob(3, "rw: write", "bs: 4k", "size: 1m", "verify: crc32c", "verify_backlog: 1",
                "ioengine: libaio", "iodepth: 8");
        List<JobHarness.Issue> io = h.data();
        assertThat(io.stream().filter(i -> i.op() == Op.WRITE)).hasSize(256);
        assertThat(io.stream().filter(i -> i.op() == Op.READ)).hasSize(256);
        // each read follows the issue of the write it reads back
        for (int r = 0; r < io.size(); r++) {
            if (io.get(r).op() == Op.READ) {
                long s = io.get(r).sector();
                assertThat(io.subList(0, r)).anyMatch(w -> w.op() == Op.WRITE && w.sector() == s);
            }
        }
    }

    @Test
    void verifyBacklogBatchReadsBackThatManyOfEachBacklog() {
        // io_u.c check_get_verify: a batch of verify_backlog_batch reads begins when the writes not
        // read back are a multiple of verify_backlog: W8 R4, then 4 more writes make 8 again, R4, ...
        JobHarness h = JobHarness.runJob(1, "rw: write", "bs: 4k", "size: 64k", "verify: md5", "verify_backlog: 8",
                "verify_backlog_batch: 4", "ioengine: psync");
        StringBuilder ops = new StringBuilder();
        for (JobHarness.Issue i : h.data()) {
            ops.append(i.op() == Op.WRITE ? 'W' : 'R');
        }
        assertThat(ops.toString()).isEqualTo("WWWWWWWW" + "RRRR" + "WWWW" + "RRRR" + "WWWW" + "RRRR" + "RRRR");
    }

    @Test
    void backwardsReadStepsBackFromTheEnd() {
        // backwards-read.fio: bs=4k, rw=read:-8k: 0, then end-8k, end-12k, ... (io_u.c get_next_seq_offset)
        JobHarness h = JobHarness.runJob(1, "rw: 'read:-8k'", "bs: 4k", "size: 64k");
        assertThat(h.data()).extracting(JobHarness.Issue::sector)
                .containsExactly(0L, 112L, 104L, 96L, 88L, 80L, 72L, 64L, 56L, 48L, 40L, 32L, 24L, 16L, 8L, 0L);
    }

    @Test
    void poissonArrivalsKeepTheMeanRateWithUnequalGaps() {
        JobHarness h = JobHarness.runJob(5, "rw: randread", "bs: 4k", "size: 1g", "number_ios: 2000", "rate_iops: 100",
                "rate_process: poisson", "ioengine: libaio", "iodepth: 32");
        List<JobHarness.Issue> io = h.data();
        long span = io.get(io.size() - 1).queuedNs() - io.get(0).queuedNs();
        // 1999 gaps of mean 10 ms: about 20 s (±10 %)
        assertThat(span).isBetween(18_000_000_000L, 22_000_000_000L);
        int shortGaps = 0;
        for (int i = 1; i < io.size(); i++) {
            if (io.get(i).queuedNs() - io.get(i - 1).queuedNs() < 5_000_000L) {
                shortGaps++;
            }
        }
        // exponential gaps: P(gap < mean/2) = 1 - e^-0.5 ≈ 39 %; equal gaps would give none
        assertThat(shortGaps).isBetween(700, 880);
    }

    @Test
    void flowKeepsEachJobsShareOfTheIosToItsShareOfTheWeight() {
        // flow.fio's weights: a writer of weight 1 and a random reader of weight 8 in flow group 0
        JobHarness h = JobHarness.runYaml("name: t\nseed: 2\nhost:\n  queue_depth: 32\njobs:\n"
                + "  - {name: w, rw: write, bs: 8k, size: 1g, ioengine: libaio, iodepth: 16, flow: 1, number_ios: 300}\n"
                + "  - {name: r, rw: randread, bs: 8k, size: 1g, ioengine: libaio, iodepth: 16, flow: 8, norandommap: 1, number_ios: 2400}\n");
        List<JobHarness.Issue> io = h.data();
        // while both run, reads stay near 8 per write (flow_threshold_exceeded holds the one ahead)
        int reads = 0;
        int writes = 0;
        for (JobHarness.Issue i : io.subList(0, 1800)) {
            if (i.op() == Op.READ) {
                reads++;
            } else {
                writes++;
            }
        }
        assertThat((double) reads / writes).isBetween(7.0, 9.2);
        assertThat(io).hasSize(2700);
    }

    @Test
    void withoutFlowTheSameJobsRunAtTheirOwnPace() {
        JobHarness h = JobHarness.runYaml("name: t\nseed: 2\nhost:\n  queue_depth: 32\njobs:\n"
                + "  - {name: w, rw: write, bs: 8k, size: 1g, ioengine: libaio, iodepth: 16, number_ios: 300}\n"
                + "  - {name: r, rw: randread, bs: 8k, size: 1g, ioengine: libaio, iodepth: 16, norandommap: 1, number_ios: 2400}\n");
        long reads = h.data().subList(0, 600).stream().filter(i -> i.op() == Op.READ).count();
        assertThat(reads).isLessThan(450); // sequential writes are cheap: far from 8 reads per write
    }
}
