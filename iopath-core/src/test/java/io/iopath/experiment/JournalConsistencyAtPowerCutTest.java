package io.iopath.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.result.JournalConsistency;
import io.iopath.result.PowerLossReport;
import io.iopath.result.Result;
import io.iopath.scenario.ScenarioReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The commit-sequence crash test (durability-and-virtualization.md §5, §6.2): power cuts at many
 * seeded points of a journal-heavy workload (a 4 KiB write and an fsync, each a commit, in a
 * 64 MiB file system whose 4 MiB journal wraps every few seconds), and at each whether a
 * committed transaction is incomplete on the media — its commit block durable while a log block
 * it covers is not.
 */
class JournalConsistencyAtPowerCutTest {
    private static final String FSYNC_EVERY_WRITE = """
            name: journal-cut
            seed: 1
            drive:
              preset: laptop-7200-250g
              write_cache: on
            host:
              scheduler: cfq
              memory: 256m
            filesystem:
              type: ext3
              offset: 1g
              size: 64m
              options: barrier=0
            power_failure:
              at: 2s
            jobs:
              - name: db
                rw: randwrite
                bs: 4k
                ioengine: psync
                direct: 0
                filename: db.0
                filesize: 32m
                fsync: 1
                runtime: 30s
                time_based: 1
            """;

    static final int CUTS = 16;

    /** Cut k of {@link #CUTS}: seed k, at 0.3 s + k × 0.61 s. */
    private static List<Result> cuts(String... sets) {
        List<Result> out = new ArrayList<>();
        for (int k = 1; k <= CUTS; k++) {
            List<String> s = new ArrayList<>(List.of(sets));
            s.add("seed=" + k);
            s.add(String.format(Locale.ROOT, "power_failure.at=%.3fs", 0.3 + k * 0.61));
            out.add(ScenarioRun.run(ScenarioReader.read("cut.yaml", FSYNC_EVERY_WRITE, s)));
        }
        return out;
    }

    private static long violations(List<Result> runs) {
        return runs.stream().mapToLong(r -> r.powerLoss().journal().violations()).sum();
    }

    private static long acknowledgedLost(List<Result> runs) {
        return runs.stream().mapToLong(r -> r.powerLoss().acknowledgedLost()).sum();
    }

    @Test
    void barriersWithTheWriteCacheOnNeverLeaveACommittedTransactionIncomplete() {
        for (String[] mount : List.of(
                new String[] {"filesystem.options=barrier=1"},
                new String[] {"filesystem.type=reiserfs", "filesystem.options=barrier=flush"},
                new String[] {"filesystem.type=xfs", "filesystem.options=barrier"})) {
            List<Result> runs = cuts(mount);
            assertThat(violations(runs)).as(String.join(" ", mount)).isZero();
            // the cuts did take acknowledged writes from the drive's cache: there was something to check
            assertThat(acknowledgedLost(runs)).as(String.join(" ", mount)).isPositive();
        }
    }

    @Test
    void withoutBarriersTheCommitBlockCanReachTheMediaBeforeTheBlocksItCovers() {
        List<Result> runs = cuts();
        assertThat(violations(runs)).as("ext3 barrier=0, write cache on: some cut finds a torn transaction").isPositive();
        PowerLossReport p = runs.stream().map(Result::powerLoss).filter(l -> l.journal().violations() > 0).findFirst().orElseThrow();
        JournalConsistency j = p.journal();
        assertThat(j.firstTid()).isPositive();
        assertThat(j.firstCommitNs()).isPositive().isLessThanOrEqualTo(p.atNs());
    }

    @Test
    void withTheWriteCacheOffNothingIsIncomplete() {
        List<Result> runs = cuts("drive.write_cache=off");
        assertThat(violations(runs)).isZero();
        assertThat(acknowledgedLost(runs)).isZero();
    }

    @Test
    void aRunWithoutAFileSystemHasNoJournalCheck() {
        Result r = ScenarioRun.run(ScenarioReader.read("cut.yaml", """
                name: raw
                seed: 1
                drive:
                  preset: laptop-7200-250g
                  write_cache: on
                power_failure:
                  at: 200ms
                jobs:
                  - name: w
                    rw: randwrite
                    bs: 4k
                    iodepth: 4
                    runtime: 1s
                    time_based: 1
                """, List.of()));
        assertThat(r.powerLoss()).isNotNull();
        assertThat(r.powerLoss().journal()).isNull();
    }
}
