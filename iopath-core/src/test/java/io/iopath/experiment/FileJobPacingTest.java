package io.iopath.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.scenario.FioJobFile;
import io.iopath.scenario.ScenarioReader;
import io.iopath.workload.Workload;
import java.util.List;
import org.junit.jupiter.api.Test;

/** rate, rate_min and exitall on file jobs (a job file naming files: buffered IO on ext3). */
class FileJobPacingTest {
    private static List<Workload> run(String fio) {
        ScenarioRun r = new ScenarioRun(ScenarioReader.read(FioJobFile.parse("files.fio", fio).tree(), List.of()));
        r.execute(p -> { });
        return r.workloads();
    }

    private static double seconds(Workload w) {
        return (w.stats().lastCompletionNs - w.stats().startNs) / 1e9;
    }

    @Test
    void rateCapsAFileJobsBandwidth() {
        // 1 MiB of 4k reads at 256 KiB/s: 256 calls, one every 1/64 s, the last at about 255/64 s
        Workload w = run("[r]\nfilename=data\nrw=read\nbs=4k\nsize=1m\nrate=256k\n").get(0);
        assertThat(seconds(w)).isBetween(3.9, 4.05);
        Workload free = run("[r]\nfilename=data\nrw=read\nbs=4k\nsize=1m\n").get(0);
        assertThat(seconds(free)).isLessThan(1.0);
    }

    @Test
    void rateIopsCapsAFileJobsCalls() {
        Workload w = run("[r]\nfilename=data\nrw=read\nbs=4k\nsize=400k\nrate_iops=50\n").get(0);
        assertThat(seconds(w)).isBetween(1.95, 2.05); // 100 calls at 50 a second
    }

    @Test
    void exitallEndsAFileJobAtTheOthersEnd() {
        List<Workload> w = run("[global]\nexitall\nrw=read\nbs=4k\n[short]\nfilename=a\nsize=1m\nrate=1m\n"
                + "[long]\nfilename=b\nsize=8m\nrate=1m\n");
        long shortEnd = w.get(0).stats().lastCompletionNs;
        assertThat(w.get(1).stats().lastCompletionNs).isLessThanOrEqualTo(shortEnd + 50_000_000L); // its call in flight
        assertThat(w.get(1).completed()).isLessThan(2048 / 2); // far from its 8 MiB
    }

    @Test
    void aFileJobBelowItsMinimumRateFails() {
        // 4k calls at 4 KiB/s: 4096 B/s measured over each window, below 8 KiB/s
        Workload w = run("[r]\nfilename=data\nrw=read\nbs=4k\nsize=1m\nrate=16k\nrate_min=8k\nthinktime=1s\n").get(0);
        assertThat(w.error()).startsWith("r: rate_min=8192B/s not met, got ");
        assertThat(w.completed()).isLessThan(10);
    }
}
