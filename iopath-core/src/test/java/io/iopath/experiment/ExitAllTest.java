package io.iopath.experiment;

import static io.iopath.experiment.JobOrderTest.first;
import static io.iopath.experiment.JobOrderTest.last;
import static io.iopath.experiment.JobOrderTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.block.BlkAction;
import io.iopath.metrics.blktrace.BlkEvent;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * fio's exitall, exit_what and exitall_on_error (backend.c thread_main's end, libfio.c
 * fio_terminate_threads): when a job ends, the jobs its exit_what names stop issuing then.
 * pid 1 is job a, 2 is b, 3 is c.
 */
class ExitAllTest {
    private static final long TEN_S = 10_000_000_000L;

    /** a ends after 20 IOs; b and c would run for 10 s. */
    private static String jobs(String global, String a, String c) {
        return "[global]\nioengine=libaio\nrw=randread\n" + global + "\n[a]\nnumber_ios=20\n" + a
                + "\n[b]\ntime_based\nruntime=10\n[c]\ntime_based\nruntime=10\n" + c + "\n";
    }

    private static long count(List<BlkEvent> e, int pid) {
        return e.stream().filter(x -> x.pid() == pid && x.action() == BlkAction.Q).count();
    }

    @Test
    void exitallEndsTheOthersAtTheFirstJobsEnd() {
        List<BlkEvent> e = run(jobs("exitall", "", ""));
        long aEnd = last(e, 1, BlkAction.C);
        assertThat(last(e, 2, BlkAction.Q)).isLessThanOrEqualTo(aEnd); // nothing issued after a's end
        assertThat(last(e, 3, BlkAction.Q)).isLessThanOrEqualTo(aEnd);
        assertThat(aEnd).isLessThan(TEN_S / 10);
    }

    @Test
    void withoutExitallTheOthersRunTheirRuntime() {
        List<BlkEvent> e = run(jobs("", "", ""));
        assertThat(last(e, 2, BlkAction.Q)).isGreaterThan(TEN_S - TEN_S / 100);
    }

    @Test
    void exitWhatGroupLeavesAnotherGroupRunning() {
        List<BlkEvent> e = run(jobs("exitall", "", "new_group"));
        long aEnd = last(e, 1, BlkAction.C);
        assertThat(last(e, 2, BlkAction.Q)).isLessThanOrEqualTo(aEnd); // b: a's group (0)
        assertThat(last(e, 3, BlkAction.Q)).isGreaterThan(TEN_S - TEN_S / 100); // c: group 1
    }

    @Test
    void exitWhatStonewallEndsTheRunningJobsAndTheNextStonewallRuns() {
        List<BlkEvent> e = run(jobs("exitall", "exit_what=stonewall", "stonewall"));
        long aEnd = last(e, 1, BlkAction.C);
        assertThat(last(e, 2, BlkAction.Q)).isLessThanOrEqualTo(aEnd);
        long cStart = first(e, 3, BlkAction.Q);
        assertThat(cStart).isGreaterThanOrEqualTo(aEnd); // c waited for its stonewall, then ran
        assertThat(last(e, 3, BlkAction.Q) - cStart).isGreaterThan(TEN_S - TEN_S / 100);
    }

    @Test
    void exitWhatAllEndsEvenTheJobsNotStarted() {
        List<BlkEvent> e = run(jobs("exitall", "exit_what=all", "stonewall"));
        assertThat(count(e, 1)).isEqualTo(20);
        assertThat(count(e, 3)).isZero(); // c never runs
    }

    @Test
    void aGroupJobInItsStartdelayNeverRuns() {
        List<BlkEvent> e = run(jobs("exitall", "", "startdelay=5"));
        assertThat(count(e, 3)).isZero();
    }

    @Test
    void exitallOnErrorEndsTheOthersOnlyWhenTheJobFails() {
        // a cannot get 100 MiB/s of 4k random reads from a laptop disk: check_min_rate fails it near 3 s
        String failing = "[global]\nioengine=libaio\nrw=randread\nexitall_on_error\n[a]\ntime_based\nruntime=10\n"
                + "rate_min=100m\n[b]\ntime_based\nruntime=10\n";
        List<BlkEvent> e = run(failing);
        long aEnd = last(e, 1, BlkAction.C);
        assertThat(aEnd).isBetween(3_000_000_000L, 3_200_000_000L);
        assertThat(last(e, 2, BlkAction.Q)).isLessThanOrEqualTo(aEnd);
        List<BlkEvent> ok = run(failing.replace("rate_min=100m", "rate_min=1k"));
        assertThat(last(ok, 2, BlkAction.Q)).isGreaterThan(TEN_S - TEN_S / 100);
    }
}
