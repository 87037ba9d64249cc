package io.iopath.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.fs.FsStats;
import io.iopath.result.Result;
import io.iopath.scenario.Scenario;
import io.iopath.scenario.ScenarioReader;
import io.iopath.workload.Workload;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Runs of fio jobs on ext3 through the whole stack. */
class FileSystemRunTest {
    private static final String SCAN = """
            name: scan
            seed: 1
            host:
              memory: 512m
              queue_depth: 4
            filesystem:
              size: 20g
            jobs:
              - name: scan
                rw: read
                bs: 4k
                ioengine: psync
                direct: 0
                filename: big
                filesize: 256m
            """;

    private static double readRate(ScenarioRun run) {
        run.execute(p -> { });
        Workload w = run.workloads().get(0);
        return w.stats().read.bytes / (w.stats().runtimeNs() / 1e9);
    }

    /**
     * A buffered sequential read of a large cold file at depth 1 (4 KiB read() calls) reaches at
     * least 90 % of an O_DIRECT sequential read of the same file in read-ahead-sized (128 KiB)
     * requests, on the same drive: read-ahead works end to end. The host queue depth is 4, so
     * read-ahead's two windows in flight are both queued at the drive: the second joins the
     * read-ahead stream the first left running (until issue 10's queued-read fix each lost a
     * revolution, and this test had to run at depth 1).
     */
    @Test
    void bufferedSequentialReadReachesTheDirectRate() {
        double buffered = readRate(new ScenarioRun(ScenarioReader.read("s.yaml", SCAN, List.of())));
        double direct = readRate(new ScenarioRun(ScenarioReader.read("s.yaml", SCAN,
                List.of("jobs[0].direct=1", "jobs[0].bs=128k"))));
        assertThat(buffered).isGreaterThanOrEqualTo(0.9 * direct);
        double direct4k = readRate(new ScenarioRun(ScenarioReader.read("s.yaml", SCAN, List.of("jobs[0].direct=1"))));
        assertThat(buffered).as("read-ahead beats 4 KiB O_DIRECT reads").isGreaterThan(1.5 * direct4k);
    }

    @Test
    void fileSystemRunReportsCacheAndJournalFigures() {
        Scenario s = ScenarioReader.read("s.yaml", SCAN.replace("rw: read", "rw: write").replace("filesize: 256m", "filesize: 32m")
                + "    fsync: 16\n", List.of());
        ScenarioRun run = new ScenarioRun(s);
        Result r = run.execute(p -> { });
        FsStats st = run.fileSystemStats().orElseThrow();
        assertThat(st.appBytesWritten()).isEqualTo(32L << 20);
        assertThat(st.deviceBytesWritten()).isGreaterThanOrEqualTo(32L << 20);
        assertThat(st.journalCommits()).isGreaterThanOrEqualTo(32L * 256 / 16 / 2);
        assertThat(run.workloads().get(0).stats().sync.ios).isEqualTo(32L * 256 / 16);
        assertThat(r.write().ios()).isGreaterThan(0);
        assertThat(r.filesystem().appBytesWritten()).isEqualTo(st.appBytesWritten());
        assertThat(run.notes()).noneMatch(n -> n.startsWith("file system")); // the result's record, not a note
    }

    @Test
    void aTimeBasedJobOfCacheHitsStopsAndSaysWhy() {
        // with cpu: none every call is a page-cache hit and takes no simulated time: runtime would never come
        Scenario s = ScenarioReader.read("s.yaml", SCAN.replace("filesize: 256m", "filesize: 4m")
                + "    invalidate: 0\n    runtime: 10s\n    time_based: 1\ncpu: none\n", List.of());
        ScenarioRun run = new ScenarioRun(s);
        run.execute(p -> { });
        assertThat(run.notes()).anyMatch(n -> n.contains("stopped before its runtime"));
    }

    /**
     * With the CPU cost of a call (the default), the same cache-resident job reaches its runtime, and each
     * call's latency is at least its CPU time: 4 KiB reads at 100 ns + 4 x 27.5 ns.
     */
    @Test
    void cacheHitsTakeTheirCpuTime() {
        Scenario s = ScenarioReader.read("s.yaml", SCAN.replace("filesize: 256m", "filesize: 4m")
                + "    invalidate: 0\n    runtime: 20ms\n    time_based: 1\n", List.of());
        ScenarioRun run = new ScenarioRun(s);
        run.execute(p -> { });
        assertThat(run.notes()).noneMatch(n -> n.contains("stopped before its runtime"));
        var read = run.workloads().get(0).stats().read;
        long cpu = io.iopath.fs.CpuCost.MEASURED.dataCallNs(4096);
        assertThat(cpu).isEqualTo(210);
        // the run's 20 ms hold at most 20 ms / 210 ns calls (the cold ones wait for the drive too)
        assertThat(read.ios).isPositive().isLessThanOrEqualTo(20_000_000L / cpu + 1);
        assertThat(read.ios).as("most calls are hits that cost only their CPU time").isGreaterThan(20_000_000L / cpu / 4);
    }

    /**
     * An O_DIRECT job on a file another job has just written through the page cache, on each file
     * system: the direct IO first writes the dirty pages back and waits (generic_file_direct_IO's
     * filemap_write_and_wait; XFS allocates its delayed extents there), then drops them. XFS used to
     * fail with "O_DIRECT WRITE of a hole" (a stack trace from the command line), its pages still
     * delayed-allocated.
     */
    @Test
    void directIoAfterBufferedWritesOfTheSameFileWritesThemBackFirst() {
        for (String type : List.of("ext3", "reiserfs", "xfs")) {
            for (String rw : List.of("randwrite", "randread")) {
                ScenarioRun run = new ScenarioRun(ScenarioReader.read("s.yaml", """
                        name: mixed-io
                        seed: 1
                        filesystem: {type: %s, size: 10g}
                        jobs:
                          - {name: layout, rw: write, bs: 64k, direct: 0, filename: f, filesize: 1m}
                          - {name: db, stonewall: 1, rw: %s, bs: 4k, ioengine: psync, direct: 1, filename: f,
                             filesize: 1m, number_ios: 50}
                        """.formatted(type, rw), List.of()));
                Result r = run.execute(p -> { });
                Workload db = run.workloads().get(1);
                assertThat(db.stats().read.ios + db.stats().write.ios).as("%s %s", type, rw).isEqualTo(50);
                assertThat(r.write().bytes()).as("%s %s: the layout's 1 MiB reached the drive", type, rw)
                        .isGreaterThanOrEqualTo((1L << 20) + (rw.equals("randwrite") ? 50 * 4096 : 0));
            }
        }
    }

    @Test
    void sameSeedSameResult() {
        Scenario s = ScenarioReader.read("s.yaml", SCAN.replace("filesize: 256m", "filesize: 16m"), List.of());
        assertThat(ScenarioRun.run(s)).isEqualTo(ScenarioRun.run(s));
    }
}
