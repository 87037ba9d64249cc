package io.iopath.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.fs.CpuCost;
import io.iopath.metrics.fio.JobStats;
import io.iopath.scenario.FioJobFile;
import io.iopath.scenario.ScenarioReader;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * fio's examples/ftruncate.fio (its runtime cut to 100 ms): both jobs run on ext3 and XFS, one
 * truncate at a time, each costing its CPU time and whatever the file system makes it wait for.
 */
class FtruncateRunTest {
    private static final String FIO = """
            [global]
            ioengine=ftruncate
            directory=/scratch
            size=102404k ; 100Mb+4k
            stonewall
            filename=truncate
            runtime=100ms
            time_based
            direct=1
            bs=4k

            [grow-truncate]
            rw=write

            [rand-truncate]
            rw=randwrite
            norandommap
            """;

    private static List<JobStats> run(String type) {
        ScenarioRun r = new ScenarioRun(ScenarioReader.read(FioJobFile.parse("ftruncate.fio", FIO).tree(),
                List.of("filesystem.type=" + type)));
        r.execute(p -> { });
        assertThat(r.fioExitValue()).isZero();
        return r.workloads().stream().map(w -> w.stats()).toList();
    }

    @Test
    void onExt3EveryTruncateTakesItsCpuTimeOnly() {
        // nothing waits on ext3: the handle journals the same inode and super block each time
        for (JobStats s : run("ext3")) {
            long call = CpuCost.MEASURED.truncateCallNs();
            assertThat(s.write.ios).isEqualTo((100_000_000L + call - 1) / call); // calls begun before the runtime
            assertThat(s.read.ios).isZero();
        }
    }

    @Test
    void onXfsTheLogWritesSlowTheTruncates() {
        // each truncate is a logged transaction: the in-core log buffers fill and wait for the disk
        for (JobStats s : run("xfs")) {
            assertThat(s.write.ios).isPositive().isLessThan(100_000_000L / CpuCost.MEASURED.truncateCallNs());
        }
    }
}
