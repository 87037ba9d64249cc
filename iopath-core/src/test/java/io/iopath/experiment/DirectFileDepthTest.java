package io.iopath.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.block.BlkAction;
import io.iopath.block.BlockTracepoints;
import io.iopath.fs.ext3.Ext3;
import io.iopath.scenario.ScenarioReader;
import io.iopath.workload.Workload;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * O_DIRECT file jobs keep {@code iodepth} calls in flight with an asynchronous engine (libaio), as
 * block jobs do; a synchronous engine keeps one (fio's semantics). Each call's sectors come from
 * the file's block map.
 */
class DirectFileDepthTest {
    private static final String RANDREAD = """
            name: dio
            seed: 1
            drive:
              preset: laptop-7200-250g
            host:
              scheduler: noop
              queue_depth: 32
            filesystem:
              type: ext3
              offset: 1g
              size: 4g
            jobs:
              - name: dio
                rw: randread
                bs: 4k
                ioengine: libaio
                iodepth: 16
                direct: 1
                filename: data
                filesize: 256m
                number_ios: 2000
            """;

    /**
     * A run, with what the job's reads did at the drive: their sectors in queueing order, and the
     * job's read commands issued to the drive and not yet completed (D less C events), highest
     * and time-averaged from the first issue to the last completion.
     */
    private record Run(ScenarioRun run, List<Long> jobReadSectors, int maxAtDrive, double meanAtDrive) {
        double iops() {
            Workload w = run.workloads().get(0);
            return w.stats().read.ios / (w.stats().runtimeNs() / 1e9);
        }
    }

    private static Run run(String... sets) {
        List<Long> sectors = new ArrayList<>();
        List<long[]> issuesAndCompletions = new ArrayList<>(); // {ns, +1 issued / -1 completed}
        BlockTracepoints tap = (t, pid, action, rwbs, sector, n, payload, command) -> {
            if (pid != 1 || !rwbs.startsWith("R")) {
                return;
            }
            if (action == BlkAction.Q) {
                sectors.add(sector);
            } else if (action == BlkAction.D || action == BlkAction.C) {
                issuesAndCompletions.add(new long[] {t, action == BlkAction.D ? 1 : -1});
            }
        };
        ScenarioRun run = new ScenarioRun(ScenarioReader.read("dio.yaml", RANDREAD, List.of(sets)), tap);
        run.execute(p -> { });
        // from the start of the IO phase (after the lay-out): the commands at the drive, per instant
        long from = run.workloads().get(0).stats().startNs;
        long at = 0;
        long last = -1;
        long first = -1;
        int max = 0;
        double area = 0;
        for (int i = 0; i < issuesAndCompletions.size(); i++) {
            long[] e = issuesAndCompletions.get(i);
            if (e[0] < from) {
                continue;
            }
            if (first < 0) {
                first = e[0];
            } else {
                area += at * (double) (e[0] - last);
            }
            last = e[0];
            at += e[1];
            // events of one instant are one change: a completion and the issue it makes room for
            boolean instantEnds = i + 1 == issuesAndCompletions.size() || issuesAndCompletions.get(i + 1)[0] != e[0];
            if (instantEnds) {
                max = (int) Math.max(max, at);
            }
        }
        return new Run(run, sectors, max, area / (last - first));
    }

    @Test
    void libaioKeepsIodepthCommandsAtTheDriveAndBeatsDepthOne() {
        Run deep = run();
        Run one = run("jobs[0].iodepth=1");
        assertThat(deep.run.workloads().get(0).stats().read.ios).isEqualTo(2000);
        assertThat(deep.maxAtDrive).isEqualTo(16);
        assertThat(deep.meanAtDrive).as("16 at the drive nearly all the time").isGreaterThan(15);
        assertThat(one.maxAtDrive).isEqualTo(1);
        // NCQ reorders 16 random reads by position: far more IOPS than one at a time
        assertThat(deep.iops()).isGreaterThan(1.5 * one.iops());
    }

    @Test
    void aSyncEngineKeepsOneCallInFlightWhateverTheIodepth() {
        Run psync = run("jobs[0].ioengine=psync");
        assertThat(psync.maxAtDrive).isEqualTo(1);
        assertThat(psync.run.workloads().get(0).stats().read.ios).isEqualTo(2000);
    }

    @Test
    void eachCallsSectorsComeFromTheFilesBlockMap() {
        Run deep = run();
        Ext3 fs = (Ext3) deep.run.fileSystem().orElseThrow();
        var file = fs.lookupCached(fs.root(), "data");
        Set<Long> fileSectors = new HashSet<>();
        for (long page = 0; page < (256L << 20) / 4096; page++) {
            fileSectors.add(fs.driveSectorOf(file, page * 4096));
        }
        // the job's reads: a few metadata blocks of the create and open, then its 2000 calls
        List<Long> reads = deep.jobReadSectors;
        assertThat(reads.size()).isBetween(2000, 2020);
        List<Long> calls = reads.subList(reads.size() - 2000, reads.size());
        assertThat(calls).allMatch(fileSectors::contains);
        assertThat(new HashSet<>(calls)).as("random over the file").hasSizeGreaterThan(1900);
        // through the partition: nothing below its first sector
        assertThat(calls).allMatch(s -> s >= (1L << 30) / 512);
    }
}
