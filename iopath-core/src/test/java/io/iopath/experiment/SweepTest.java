package io.iopath.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.iopath.report.ResultJson;
import io.iopath.result.Result;
import io.iopath.scenario.Scenario;
import io.iopath.scenario.ScenarioException;
import io.iopath.scenario.ScenarioReader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class SweepTest {
    private static final String YAML = """
            seed: 5
            drive: {preset: cheetah-15k5-146g}
            jobs:
              - {name: r, rw: randread, bs: 4k, iodepth: 8, size: 10g, number_ios: 150}
              - {name: w, rw: write, bs: 64k, iodepth: 4, offset: 20g, size: 1g, number_ios: 60}
            """;

    private static Function<List<String>, Scenario> reader() {
        return o -> ScenarioReader.read("s.yaml", YAML, o);
    }

    private static List<SweepAxis> axes(String... specs) {
        return java.util.Arrays.stream(specs).map(SweepAxis::parse).toList();
    }

    /** What a listener was told, as lines. */
    static final class Log implements Sweep.Listener<Result> {
        final List<String> started = Collections.synchronizedList(new ArrayList<>());
        final List<String> finished = Collections.synchronizedList(new ArrayList<>());

        @Override
        public void started(SweepGrid.Point<?> p) {
            started.add(p.index() + " " + p.description());
        }

        @Override
        public void finished(SweepGrid.Point<?> p, Result r) {
            finished.add(p.index() + " " + p.values() + " " + ResultJson.toText(r));
        }
    }

    @Test
    void theGridIsTheCrossProductWithTheFirstAxisSlowest() {
        List<List<String>> read = new ArrayList<>();
        SweepGrid<Scenario> g = SweepGrid.of(o -> {
            read.add(o);
            return ScenarioReader.read("s.yaml", YAML, o);
        }, List.of("seed=7"), axes("host.scheduler=noop,cfq", " host.queue_depth = 1, 4 ,16"));
        assertThat(g.columns()).containsExactly("host.scheduler", "host.queue_depth");
        assertThat(g.points()).extracting(SweepGrid.Point::values).containsExactly(
                List.of("noop", "1"), List.of("noop", "4"), List.of("noop", "16"),
                List.of("cfq", "1"), List.of("cfq", "4"), List.of("cfq", "16"));
        assertThat(g.points()).extracting(SweepGrid.Point::index).containsExactly(0, 1, 2, 3, 4, 5);
        assertThat(g.points().get(4).description()).isEqualTo("seed=7 host.scheduler=cfq host.queue_depth=4");
        assertThat(g.points().get(4).scenario().host().queueDepth()).isEqualTo(4);
        assertThat(read).hasSize(6);
    }

    @Test
    void aFieldVariedTwiceIsAnErrorHoweverItIsSpelled() {
        assertThatThrownBy(() -> SweepGrid.of(reader(), List.of(), axes("host.scheduler=noop", "host.scheduler=cfq")))
                .isInstanceOf(SweepException.class)
                .hasMessage("host.scheduler is varied twice; give all its values once: host.scheduler=V1,V2,...");
        assertThatThrownBy(() -> SweepGrid.of(reader(), List.of(), axes("jobs[0].bs=4k,8k", "jobs.0.bs=16k")))
                .isInstanceOf(SweepException.class)
                .hasMessageStartingWith("jobs.0.bs is varied twice (as 'jobs[0].bs' and 'jobs.0.bs')");
    }

    @Test
    void aMalformedAxisIsAnError() {
        assertThatThrownBy(() -> SweepAxis.parse("host.queue_depth")).isInstanceOf(SweepException.class)
                .hasMessage("expected PATH=V1,V2,..., got 'host.queue_depth'");
        assertThatThrownBy(() -> SweepAxis.parse("host.queue_depth=1,,4")).isInstanceOf(SweepException.class);
        assertThatThrownBy(() -> SweepAxis.parse("=1")).isInstanceOf(SweepException.class);
    }

    @Test
    void everyPointIsReadBeforeAnyRuns() {
        List<String> ran = new ArrayList<>();
        // the bad value is in the last point: the grid fails while being built, before a run
        assertThatThrownBy(() -> Sweep.run(SweepGrid.of(reader(), List.of(), axes("host.scheduler=noop,deadline,elevator")),
                2, new Sweep.Listener<Result>() {
                    @Override
                    public void started(SweepGrid.Point<?> p) {
                        ran.add(p.description());
                    }
                })).isInstanceOf(ScenarioException.class).hasMessageContaining("host.scheduler");
        assertThat(ran).isEmpty();
    }

    @Test
    void resultsAndReportsAreTheSameWhateverTheNumberOfThreads() {
        SweepGrid<Scenario> g = SweepGrid.of(reader(), List.of(),
                axes("host.scheduler=cfq,bfq,kyber,deadline", "drive.write_cache=off,on", "host.queue_depth=1,16"));
        Log one = new Log();
        List<Result> sequential = Sweep.run(g, 1, one);
        Log three = new Log();
        List<Result> parallel = Sweep.run(g, 3, three);
        assertThat(parallel.stream().map(ResultJson::toText).toList())
                .isEqualTo(sequential.stream().map(ResultJson::toText).toList());
        assertThat(three.started).isEqualTo(one.started).hasSize(16);
        assertThat(three.finished).isEqualTo(one.finished).hasSize(16);
        assertThat(one.started.get(0)).isEqualTo("0 host.scheduler=cfq drive.write_cache=off host.queue_depth=1");
        // and each is the run `iopath run` does alone
        assertThat(ResultJson.toText(parallel.get(13))).isEqualTo(ResultJson.toText(ScenarioRun.run(g.points().get(13).scenario())));
    }

    @Test
    void aFailedRunStopsTheSweepAndTheEarliestFailureInGridOrderIsThrown() {
        SweepGrid<Scenario> g = SweepGrid.of(reader(), List.of(), axes("host.queue_depth=1,2,3,4,5,6,7,8"));
        Map<Scenario, Integer> index = new IdentityHashMap<>();
        g.points().forEach(p -> index.put(p.scenario(), p.index()));
        Function<Scenario, Result> runner = s -> {
            int i = index.get(s);
            if (i == 2 || i == 3) {
                throw new IllegalStateException("run " + i + " failed");
            }
            return ScenarioRun.run(s);
        };
        for (int jobs : new int[] {1, 3}) {
            Log log = new Log();
            assertThatThrownBy(() -> Sweep.run(g, jobs, log, runner)).as("jobs %d", jobs)
                    .isInstanceOf(IllegalStateException.class).hasMessage("run 2 failed");
            assertThat(log.finished).as("jobs %d", jobs).hasSize(2);
            assertThat(log.finished.get(1)).startsWith("1 [2] ");
        }
    }

    @Test
    void atLeastOneRunAtATime() {
        SweepGrid<Scenario> g = SweepGrid.of(reader(), List.of(), axes("host.queue_depth=1"));
        assertThatThrownBy(() -> Sweep.run(g, 0, new Sweep.Listener<Result>() { })).isInstanceOf(IllegalArgumentException.class);
    }
}
