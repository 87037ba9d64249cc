package io.iopath.workload.job;

import io.iopath.device.IssueTap;
import io.iopath.experiment.ScenarioRun;
import io.iopath.metrics.fio.JobStats;
import io.iopath.request.Op;
import io.iopath.request.Request;
import io.iopath.result.Result;
import io.iopath.scenario.ScenarioReader;
import java.util.ArrayList;
import java.util.List;

/** Runs a scenario written as YAML and records every command issued to the drive. */
final class JobHarness implements IssueTap.Listener {
    record Issue(long timeNs, Op op, long sector, int sectors, int pid, long queuedNs) {
    }

    final List<Issue> issues = new ArrayList<>();
    final ScenarioRun run;
    final Result result;

    private JobHarness(String yaml) {
        this(ScenarioReader.read("test.yaml", yaml, List.of()));
    }

    private JobHarness(io.iopath.scenario.Scenario s) {
        run = new ScenarioRun(s);
        run.issueTap().setListener(this);
        result = run.execute(p -> { });
    }

    /** A fio job file's scenario, run. */
    static JobHarness runFio(String jobFile) {
        return new JobHarness(ScenarioReader.read(io.iopath.scenario.FioJobFile.parse("j.fio", jobFile, java.util.Map.of()).tree(),
                List.of()));
    }

    /** A scenario with the default drive and one job whose options are given as YAML lines. */
    static JobHarness runJob(long seed, String... jobLines) {
        StringBuilder y = new StringBuilder("name: t\nseed: " + seed + "\nhost:\n  queue_depth: 32\n  write_cache: true\njobs:\n  - name: j\n");
        for (String l : jobLines) {
            y.append("    ").append(l).append('\n');
        }
        return new JobHarness(y.toString());
    }

    static JobHarness runYaml(String yaml) {
        return new JobHarness(yaml);
    }

    @Override
    public void issued(Request rq, long nowNs) {
        issues.add(new Issue(nowNs, rq.op, rq.sector(), rq.sectors(), rq.processId, rq.firstBio().queuedNs));
    }

    @Override
    public void completed(Request rq, long nowNs) {
    }

    List<Issue> data() {
        return issues.stream().filter(i -> i.op().transfersData()).toList();
    }

    JobStats stats() {
        return run.workloads().get(0).stats();
    }
}
