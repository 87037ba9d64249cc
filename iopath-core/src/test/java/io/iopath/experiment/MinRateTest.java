package io.iopath.experiment;

import static io.iopath.experiment.JobOrderTest.last;
import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.block.BlkAction;
import io.iopath.metrics.blktrace.BlkEvent;
import io.iopath.metrics.blktrace.BlkTraceLog;
import io.iopath.scenario.FioJobFile;
import io.iopath.scenario.ScenarioReader;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * fio's rate_min / rate_iops_min / ratecycle (backend.c __check_min_rate): no check in the first
 * 2 s; the first check after them records the bytes done; the first completion at least
 * ratecycle ms later computes the rate over that window and fails the job below the minimum.
 */
class MinRateTest {
    private record Outcome(List<BlkEvent> events, List<String> notes) {
    }

    private static Outcome run(String fio) {
        BlkTraceLog log = new BlkTraceLog();
        ScenarioRun r = new ScenarioRun(ScenarioReader.read(FioJobFile.parse("rate.fio", fio).tree(), List.of()), log);
        r.execute(p -> { });
        return new Outcome(log.events(), r.notes());
    }

    /** A job throttled by its think time: one 4k read, then 100 ms asleep (about 10 IOPS, 40 KiB/s). */
    private static final String THROTTLED = "[j]\nioengine=psync\nrw=randread\nthinktime=100ms\ntime_based\nruntime=10\n";

    @Test
    void aThrottledJobFailsAtTheFirstCycleAfterTheSettle() {
        Outcome o = run(THROTTLED + "rate_iops_min=20\n");
        long end = last(o.events(), 1, BlkAction.C);
        // recorded at the first completion after 2 s, failed at the first one 1000 ms after that
        assertThat(end).isBetween(3_000_000_000L, 3_200_000_000L);
        assertThat(o.notes()).anySatisfy(n -> assertThat(n).startsWith("job j: fio: j: rate_iops_min=20 not met, got ")
                .endsWith(" IOPS; the job ended with err=5 (Input/output error, func=check_min_rate)"));
    }

    @Test
    void ratecycleIsTheWindow() {
        long end = last(run(THROTTLED + "rate_iops_min=20\nratecycle=500\n").events(), 1, BlkAction.C);
        assertThat(end).isBetween(2_500_000_000L, 2_700_000_000L);
    }

    @Test
    void aJobAboveItsMinimumRunsItsRuntime() {
        Outcome o = run(THROTTLED + "rate_iops_min=5\n");
        assertThat(last(o.events(), 1, BlkAction.C)).isGreaterThan(9_800_000_000L);
        assertThat(o.notes()).noneMatch(n -> n.contains("not met"));
    }

    @Test
    void theByteMinimumIsReportedInBytesPerSecond() {
        Outcome o = run(THROTTLED + "ratemin=100k\n");
        assertThat(o.notes()).anySatisfy(n -> assertThat(n).startsWith("job j: fio: j: rate_min=102400B/s not met, got "));
    }
}
