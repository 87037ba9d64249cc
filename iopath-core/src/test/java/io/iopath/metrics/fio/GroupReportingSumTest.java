package io.iopath.metrics.fio;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.result.FioResult;
import org.junit.jupiter.api.Test;

/** fio's stat.c {@code sum_thread_stats} and {@code __io_u_mark_map}, as JobStats reproduces them. */
class GroupReportingSumTest {
    @Test
    void bwSamplesArePureSumsAndTheRuntimeIsTheLongestMembers() {
        JobStats a = member(0, 1_000_000_000L, 100, 300);
        JobStats b = member(0, 3_000_000_000L, 1_000, 1_000);
        JobStats sum = new JobStats();
        sum.sumGroupMember(a);
        sum.sumGroupMember(b);
        FioResult.Stats s = sum.snapshot(new double[] {50});
        // sum_stat(pure_sum): means, mins and maxes add up: the group's bandwidth, not an average
        assertThat(s.read().bwSamples().mean()).isEqualTo(200.0 + 1_000.0);
        assertThat(s.read().bwSamples().min()).isEqualTo(100 + 1_000);
        assertThat(s.read().bwSamples().count()).isEqualTo(4);
        assertThat(s.runtimeNs()).isEqualTo(3_000_000_000L); // max, not the span
        assertThat(s.totalRuntimeNs()).isEqualTo(4_000_000_000L); // total_run_time adds up
    }

    /** A job whose stats ran from {@code startNs} for {@code runNs}, with two bw samples (KiB/s). */
    private static JobStats member(long startNs, long runNs, long bw1, long bw2) {
        JobStats j = new JobStats();
        j.started(startNs, 0);
        j.lastCompletionNs = startNs + runNs;
        j.read.bwSamples.add(bw1);
        j.read.bwSamples.add(bw2);
        return j;
    }

    @Test
    void submitAndCompleteCallsUseFiosBuckets() {
        assertThat(JobStats.mapIndex(0)).isZero();
        assertThat(JobStats.mapIndex(1)).isEqualTo(1);
        assertThat(JobStats.mapIndex(4)).isEqualTo(1);
        assertThat(JobStats.mapIndex(5)).isEqualTo(2);
        assertThat(JobStats.mapIndex(16)).isEqualTo(3);
        assertThat(JobStats.mapIndex(17)).isEqualTo(4);
        assertThat(JobStats.mapIndex(64)).isEqualTo(5);
        assertThat(JobStats.mapIndex(65)).isEqualTo(6);
        JobStats j = new JobStats();
        for (int i = 0; i < 8; i++) {
            j.submitted(io.iopath.request.Op.READ, i + 1);
        }
        j.committed(); // one io_submit of 8
        j.reaped(10);
        j.reaped(10);
        j.reaped(20); // two reaps: 2 IOs, then 1
        FioResult.Stats s = j.snapshot(new double[] {50});
        assertThat(s.submitCalls()).containsExactly(0L, 0L, 1L, 0L, 0L, 0L, 0L);
        assertThat(s.completeCalls()).containsExactly(0L, 2L, 0L, 0L, 0L, 0L, 0L);
    }
}
