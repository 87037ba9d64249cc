package io.iopath.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.request.Bio;
import io.iopath.request.Op;
import io.iopath.request.Request;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A one-job run's figures are its job's own recorders ({@link RunMetrics}); a job that appears
 * later gives the run copies. Either way the run's figures must be exactly those of a run that
 * recorded every bio itself from the start: here, the same seeded random completions with both
 * jobs registered up front.
 */
class RunMetricsTest {

    /** A bio of {@code pid} queued, got a request, was inserted, issued and completed at random times. */
    private static void complete(RunMetrics metrics, SplittableRandom rnd, long id, int pid) {
        Op op = rnd.nextInt(3) == 0 ? Op.WRITE : Op.READ;
        Bio bio = new Bio(id, op, id * 8, 8 * (1 + rnd.nextInt(4)), 0, pid, metrics::bioCompleted);
        long q = id * 1_000_000L + rnd.nextInt(1000);
        bio.queuedNs = q;
        Request rq = new Request(id, bio);
        if (rnd.nextInt(5) == 0) {
            bio.mergeNs = q + rnd.nextInt(777); // counted as merged in btt
        } else {
            bio.getRqNs = q + rnd.nextInt(333);
            bio.insertNs = bio.getRqNs + rnd.nextInt(999);
        }
        rq.issuedNs = q + 5_000 + rnd.nextInt(100_000);
        rq.seekNs = rnd.nextInt(9_000_000);
        rq.complete(rq.issuedNs + 1 + rnd.nextInt(50_000_000));
    }

    @ParameterizedTest(name = "second job after {0} bios")
    @ValueSource(ints = {0, 1, 137, 5000})
    void aLateSecondJobLeavesTheRunsFiguresThoseOfOneRecordingFromTheStart(int before) {
        RunMetrics late = new RunMetrics();
        late.registerJob(1, "first");
        RunMetrics upFront = new RunMetrics();
        upFront.registerJob(1, "first");
        upFront.registerJob(2, "pid 2"); // what the late run registers when pid 2's first bio completes
        for (RunMetrics m : new RunMetrics[] {late, upFront}) {
            SplittableRandom rnd = new SplittableRandom(42);
            for (long id = 0; id < 6000; id++) {
                complete(m, rnd, id, id < before || rnd.nextBoolean() ? 1 : 2);
            }
        }
        assertThat(late.read()).isEqualTo(upFront.read());
        assertThat(late.write()).isEqualTo(upFront.write());
        assertThat(late.total()).isEqualTo(upFront.total());
        assertThat(late.bttRead()).isEqualTo(upFront.bttRead());
        assertThat(late.bttWrite()).isEqualTo(upFront.bttWrite());
        assertThat(late.latencyCdfs()).isEqualTo(upFront.latencyCdfs());
        assertThat(late.jobs()).isEqualTo(upFront.jobs());
        assertThat(late.read().ios()).isGreaterThan(3000);
    }

    @ParameterizedTest(name = "{0} bios")
    @ValueSource(ints = {1, 4000})
    void aOneJobRunsFiguresAreItsJobs(int n) {
        RunMetrics m = new RunMetrics();
        m.registerJob(7, "only");
        SplittableRandom rnd = new SplittableRandom(9);
        for (long id = 0; id < n; id++) {
            complete(m, rnd, id, 7);
        }
        assertThat(m.jobs()).hasSize(1);
        assertThat(m.total()).isEqualTo(m.jobs().get(0).total());
        assertThat(m.read()).isEqualTo(m.jobs().get(0).read());
        assertThat(m.write()).isEqualTo(m.jobs().get(0).write());
    }
}
