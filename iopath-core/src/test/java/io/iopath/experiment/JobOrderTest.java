package io.iopath.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.block.BlkAction;
import io.iopath.metrics.blktrace.BlkEvent;
import io.iopath.metrics.blktrace.BlkTraceLog;
import io.iopath.scenario.FioJobFile;
import io.iopath.scenario.ScenarioReader;
import java.util.List;
import org.junit.jupiter.api.Test;

/** fio's job ordering: stonewall waits for every earlier job, wait_for for one, startdelay counts from the start. */
class JobOrderTest {
    static List<BlkEvent> run(String fio) {
        BlkTraceLog log = new BlkTraceLog();
        new ScenarioRun(ScenarioReader.read(FioJobFile.parse("order.fio", fio).tree(), List.of()), log).execute(p -> { });
        return log.events();
    }

    static long first(List<BlkEvent> e, int pid, BlkAction a) {
        return e.stream().filter(x -> x.pid() == pid && x.action() == a).mapToLong(BlkEvent::timeNs).min().orElseThrow();
    }

    static long last(List<BlkEvent> e, int pid, BlkAction a) {
        return e.stream().filter(x -> x.pid() == pid && x.action() == a).mapToLong(BlkEvent::timeNs).max().orElseThrow();
    }

    static final String JOBS = "[global]\nioengine=libaio\nrw=randread\nnumber_ios=20\n"
            + "[a]\niodepth=4\n[b]\nnumber_ios=40\n[c]\n%s\n";

    @Test
    void withoutStonewallJobsRunTogether() {
        List<BlkEvent> e = run(String.format(JOBS, ""));
        assertThat(first(e, 3, BlkAction.Q)).isZero();
        assertThat(first(e, 2, BlkAction.Q)).isZero();
    }

    @Test
    void stonewallWaitsForEveryEarlierJob() {
        List<BlkEvent> e = run(String.format(JOBS, "stonewall"));
        long lastEarlier = Math.max(last(e, 1, BlkAction.C), last(e, 2, BlkAction.C));
        assertThat(first(e, 3, BlkAction.Q)).isEqualTo(lastEarlier).isPositive();
    }

    @Test
    void waitForWaitsForTheNamedJobOnly() {
        List<BlkEvent> e = run(String.format(JOBS, "wait_for=a"));
        assertThat(first(e, 3, BlkAction.Q)).isEqualTo(last(e, 1, BlkAction.C));
        assertThat(last(e, 2, BlkAction.C)).isGreaterThan(first(e, 3, BlkAction.Q)); // b still running
    }

    @Test
    void startdelayCountsFromTheStartOfTheRunNotFromTheWait() {
        List<BlkEvent> e = run(String.format(JOBS, "stonewall\nstartdelay=10"));
        long earlierDone = Math.max(last(e, 1, BlkAction.C), last(e, 2, BlkAction.C));
        assertThat(earlierDone).isLessThan(10_000_000_000L);
        assertThat(first(e, 3, BlkAction.Q)).isEqualTo(10_000_000_000L);
    }
}
