package io.iopath.validation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClosedLoopReplayTest {

    private static ValidateRequest req(int i, long serviceNs, long idleNs) {
        return new ValidateRequest(i, false, "Hit", 100L * i, 8, serviceNs, idleNs, i + 1);
    }

    @Test
    void nextIssueIsCompletionPlusIdleAndMeasuredNeverDrivesIt() {
        List<ValidateRequest> trace = List.of(req(0, 5_000_000, 1_000_000), req(1, 9_000_000, 2_000_000),
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
    void replayOfTheAtlasTraceWithMeasuredTimesReproducesTheMeasuredColumn() throws Exception {
        Comparison c = ClosedLoopReplay.run(ValidateTraceReaderTest.trace("atlas10k.trace"),
                (r, t) -> r.serviceTimeNs());
        assertThat(c.requests()).isEqualTo(10_000);
        assertThat(c.simulatedMs()).containsExactly(c.measuredMs());
        ValidationReport report = ValidationReport.of(c);
        assertThat(report.demeritMs()).isZero();
        assertThat(report.sampleDemeritMs()).isZero();
        assertThat(report.meanErrorPercent()).isZero();
        assertThat(report.differences().get(3).count()).isEqualTo(10_000); // all in [0, 1)
    }
}
