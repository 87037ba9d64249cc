package io.iopath.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.iopath.request.Op;
import io.iopath.workload.trace.io.TraceRecord;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClosedLoopReplayTest {

    private static TraceRecord req(int i, long serviceNs, long idleNs) {
        return new TraceRecord(0, 0, Op.READ, 51_200L * i, 4096, 0, 0, serviceNs, idleNs);
    }

    @Test
    void nextIssueIsCompletionPlusIdleAndMeasuredNeverDrivesIt() {
        List<TraceRecord> trace = List.of(req(0, 5_000_000, 1_000_000), req(1, 9_000_000, 2_000_000),
                req(2, 1, 0));
        List<Long> seenIssue = new ArrayList<>();
        List<ClosedLoopReplay.Replayed> out = new ArrayList<>();
        // Service depends on issue time, so a wrong issue time changes the result.
        ClosedLoopReplay.run(trace, (r, t) -> {
            seenIssue.add(t);
            return 3_000_000 + t / 10;
        }, out::add);
        assertThat(seenIssue).containsExactly(0L, 4_000_000L, 9_400_000L);
        assertThat(out).extracting(ClosedLoopReplay.Replayed::completionNs)
                .containsExactly(3_000_000L, 7_400_000L, 13_340_000L);
        assertThat(out.get(1).simulatedMs()).isEqualTo(3.4);
        assertThat(out.get(1).measuredMs()).isEqualTo(9.0);
    }

    @Test
    void aRecordWithoutMeasuredTimesIsRefused() {
        TraceRecord open = TraceRecord.of(0, 0, Op.READ, 0, 4096);
        assertThatThrownBy(() -> ClosedLoopReplay.run(List.of(open), (r, t) -> 1, r -> { }))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("DiskSim validate trace");
    }

    @Test
    void replayOfTheAtlasTraceWithMeasuredTimesReproducesTheMeasuredColumn() throws Exception {
        Comparison c = ClosedLoopReplay.run(BundledTracesTest.trace("atlas10k.trace"),
                (r, t) -> r.serviceNs());
        assertThat(c.requests()).isEqualTo(10_000);
        assertThat(c.simulatedMs()).containsExactly(c.measuredMs());
        ValidationReport report = ValidationReport.of(c);
        assertThat(report.demeritMs()).isZero();
        assertThat(report.sampleDemeritMs()).isZero();
        assertThat(report.meanErrorPercent()).isZero();
        assertThat(report.differences().get(3).count()).isEqualTo(10_000); // all in [0, 1)
    }
}
