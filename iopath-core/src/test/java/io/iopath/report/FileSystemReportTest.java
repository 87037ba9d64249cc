package io.iopath.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.iopath.experiment.ScenarioRun;
import io.iopath.fs.FsPowerLoss;
import io.iopath.result.FileSystemLoss;
import io.iopath.result.FileSystemReport;
import io.iopath.result.Result;
import io.iopath.scenario.ScenarioReader;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The file system's record in a run's result and its writers (issue 11 item 6). */
class FileSystemReportTest {
    /** One process writes 8 pages of a new file with 4 KiB write() calls, then fsync()s it (fio's fsync=8). */
    private static final String EIGHT_PAGES_THEN_FSYNC = """
            name: eight-pages
            seed: 1
            host:
              memory: 512m
            filesystem:
              type: ext3
              size: 1g
            jobs:
              - name: w
                rw: write
                bs: 4k
                ioengine: psync
                direct: 0
                filename: f
                filesize: 32k
                fsync: 8
            """;

    private static final String BLOCK_ONLY = """
            name: block-only
            seed: 1
            jobs:
              - name: r
                rw: randread
                bs: 4k
                number_ios: 50
            """;

    private static Result run(String yaml) {
        return ScenarioRun.run(ScenarioReader.read("s.yaml", yaml, List.of()));
    }

    @Test
    void eightPagesAndAnFsyncOnExt3() {
        FileSystemReport f = run(EIGHT_PAGES_THEN_FSYNC).filesystem();
        assertThat(f.type()).isEqualTo("ext3");
        assertThat(f.appBytesWritten()).isEqualTo(8 * 4096);
        assertThat(f.appBytesRead()).isZero();
        // the data reaches the device (ordered mode writes it before the commit fsync forces), with the journal
        assertThat(f.deviceBytesWritten()).isGreaterThanOrEqualTo(8 * 4096 + 2 * 4096);
        assertThat(f.journalCommits()).isGreaterThanOrEqualTo(1);
        // a commit writes at least a descriptor, the inode's table block and a commit block
        assertThat(f.journalBlocks()).isGreaterThanOrEqualTo(3 * f.journalCommits());
        assertThat(f.commitMaxNs()).isPositive().isGreaterThanOrEqualTo(f.commitMeanNs());
        assertThat(f.fsyncs()).isEqualTo(1);
        // the one fsync waits for the data, the journal blocks and the commit block: longer than the longest commit's tail
        assertThat(f.fsyncLatency().max()).isPositive();
        assertThat(f.fsyncLatency().mean()).isEqualTo((double) f.fsyncLatency().max());
    }

    @Test
    void theWritersCarryTheRecord() {
        Result r = run(EIGHT_PAGES_THEN_FSYNC);
        JsonNode fs = ResultJson.toJson(r).get("filesystem");
        assertThat(fs.get("type").asText()).isEqualTo("ext3");
        assertThat(fs.get("app_bytes_written").asLong()).isEqualTo(32768);
        assertThat(fs.get("journal_commits").asLong()).isEqualTo(r.filesystem().journalCommits());
        assertThat(fs.get("fsyncs").asLong()).isEqualTo(1);
        assertThat(fs.get("fsync_latency_ns").get("max").asLong()).isEqualTo(r.filesystem().fsyncLatency().max());

        String[] lines = ResultsCsv.of(r).split("\n");
        List<String> header = List.of(lines[0].split(","));
        assertThat(header).endsWith(ResultsCsv.FILESYSTEM_COLUMNS.toArray(String[]::new));
        List<String> first = List.of(lines[1].split(",", -1));
        assertThat(first.get(header.indexOf("fs_type"))).isEqualTo("ext3");
        assertThat(first.get(header.indexOf("app_bytes_written"))).isEqualTo("32768");
        assertThat(first.get(header.indexOf("fsyncs"))).isEqualTo("1");

        String table = ResultTable.render(r);
        assertThat(table).contains("file system ext3: page cache")
                .contains("application read 0.0 MB, wrote 0.0 MB")
                .contains("journal: " + r.filesystem().journalCommits() + " commits")
                .contains("fsync/fdatasync: 1 calls");
        String html = HtmlReport.run(r, new ScenarioSource("s.yaml", List.of(), EIGHT_PAGES_THEN_FSYNC));
        assertThat(html).contains("<h2>File system (ext3)</h2>").contains("fsync / fdatasync");
    }

    /** fsync after every 4 KiB write on ext3 with barrier=0 and the write cache on, cut at a point that tears a transaction. */
    private static final String TORN_COMMIT = """
            name: journal-cut
            seed: 5
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
              at: 3.35s
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

    @Test
    void theJournalCheckIsInEveryReportOfThePowerLoss() {
        Result r = run(TORN_COMMIT);
        var j = r.powerLoss().journal();
        assertThat(j.violations()).isPositive();

        JsonNode jc = ResultJson.toJson(r).get("power_failure").get("journal_consistency");
        assertThat(jc.get("violations").asLong()).isEqualTo(j.violations());
        assertThat(jc.get("first_tid").asLong()).isEqualTo(j.firstTid());
        assertThat(jc.get("first_commit_ns").asLong()).isEqualTo(j.firstCommitNs());

        String[] lines = ResultsCsv.of(r).split("\n");
        List<String> header = List.of(lines[0].split(","));
        List<String> first = List.of(lines[1].split(",", -1));
        assertThat(first.get(header.indexOf("power_failure_journal_violations"))).isEqualTo(Long.toString(j.violations()));
        assertThat(first.get(header.indexOf("power_failure_journal_first_tid"))).isEqualTo(Long.toString(j.firstTid()));
        assertThat(first.get(header.indexOf("power_failure_journal_first_commit_ns"))).isEqualTo(Long.toString(j.firstCommitNs()));

        String sentence = "JOURNAL CONSISTENCY VIOLATION: " + j.violations() + " committed transaction";
        assertThat(ResultTable.render(r)).contains(sentence).contains("the first transaction " + j.firstTid());
        assertThat(HtmlReport.run(r, new ScenarioSource("s.yaml", List.of(), TORN_COMMIT))).contains(sentence);
    }

    /**
     * What the application lost (fsync'd blocks, page-cache pages, commit blocks) is in every
     * report, not only in a note on standard error: a sweep over barrier=0,1 showed no column for
     * the one figure it was run for.
     */
    @Test
    void theApplicationsLossesAreInEveryReportOfThePowerLoss() {
        // the first cut from 3.30 s on, 10 ms apart, at which barrier=0 loses fsync'd data
        String cut = null;
        for (int ms = 3300; ms <= 3600 && cut == null; ms += 10) {
            ScenarioRun run = new ScenarioRun(ScenarioReader.read("s.yaml", TORN_COMMIT.replace("at: 3.35s", "at: " + ms + "ms"),
                    List.of()));
            run.execute(p -> { });
            if (run.fileSystemPowerLoss().orElseThrow().fsyncedBlocksLost() > 0) {
                cut = "at: " + ms + "ms";
            }
        }
        assertThat(cut).as("a cut that loses fsync'd data without barriers").isNotNull();
        List<LabelledResult> sweep = new java.util.ArrayList<>();
        for (String options : List.of("barrier=0", "barrier=1")) {
            String yaml = TORN_COMMIT.replace("barrier=0", options).replace("at: 3.35s", cut);
            ScenarioRun run = new ScenarioRun(ScenarioReader.read("s.yaml", yaml, List.of()));
            Result r = run.execute(p -> { });
            FsPowerLoss fs = run.fileSystemPowerLoss().orElseThrow();
            assertThat(r.powerLoss().fileSystem()).isEqualTo(new FileSystemLoss(fs.bufferedPagesLost(), fs.fsyncedBlocksLost(),
                    fs.commitBlocksLost(), options.equals("barrier=1")));

            JsonNode j = ResultJson.toJson(r).get("power_failure").get("file_system");
            assertThat(j.get("fsynced_blocks_lost").asLong()).isEqualTo(fs.fsyncedBlocksLost());
            assertThat(j.get("page_cache_pages_lost").asLong()).isEqualTo(fs.bufferedPagesLost());
            assertThat(j.get("commit_blocks_lost").asLong()).isEqualTo(fs.commitBlocksLost());
            assertThat(j.get("barriers").asBoolean()).isEqualTo(options.equals("barrier=1"));

            String[] lines = ResultsCsv.of(r).split("\n");
            List<String> header = List.of(lines[0].split(","));
            List<String> first = List.of(lines[1].split(",", -1));
            assertThat(first.get(header.indexOf("power_failure_fsynced_blocks_lost"))).isEqualTo(Long.toString(fs.fsyncedBlocksLost()));
            assertThat(first.get(header.indexOf("power_failure_page_cache_pages_lost"))).isEqualTo(Long.toString(fs.bufferedPagesLost()));
            assertThat(first.get(header.indexOf("power_failure_commit_blocks_lost"))).isEqualTo(Long.toString(fs.commitBlocksLost()));
            assertThat(header.subList(header.size() - 3, header.size())).as("new columns at the end")
                    .containsExactly("power_failure_fsynced_blocks_lost", "power_failure_page_cache_pages_lost",
                            "power_failure_commit_blocks_lost");

            String clause = "file system: " + fs.fsyncedBlocksLost() + " block" + (fs.fsyncedBlocksLost() == 1 ? "" : "s")
                    + " of fsync'd data lost";
            assertThat(ResultTable.render(r)).contains(clause);
            assertThat(SweepTable.render(List.of("filesystem.options"), List.of(new LabelledResult(List.of(options), r))))
                    .contains("| fsync'd blocks lost |").contains("| " + fs.fsyncedBlocksLost() + " |");
            if (options.equals("barrier=0")) {
                assertThat(fs.fsyncedBlocksLost()).as("this cut loses fsync'd data without barriers").isPositive();
                assertThat(ResultTable.render(r)).contains("(no barriers, write cache on)");
            } else {
                assertThat(fs.fsyncedBlocksLost()).isZero();
            }
            sweep.add(new LabelledResult(List.of(options), r));
        }
        // a sweep's page over one categorical parameter: a chart per loss, a sentence for one no run has
        String html = HtmlReport.comparison("t", List.of("filesystem.options"), sweep);
        assertThat(html).contains("<h2>Blocks of fsync&#39;d data lost at the power failure</h2>\n<figure>");
        String withBarriers = HtmlReport.comparison("t", List.of("filesystem.options"), sweep.subList(1, 2));
        assertThat(withBarriers).contains("<h2>Blocks of fsync&#39;d data lost at the power failure</h2>\n<p>None in any run.</p>");
    }

    @Test
    void aCutThatLeavesTheJournalWholeSaysSo() {
        Result r = run(TORN_COMMIT.replace("barrier=0", "barrier=1"));
        assertThat(r.powerLoss().journal().violations()).isZero();
        assertThat(ResultJson.toJson(r).get("power_failure").get("journal_consistency").get("first_tid").asLong()).isEqualTo(-1);
        assertThat(ResultTable.render(r)).contains("journal consistent (no committed transaction incomplete on the media)");
        String[] lines = ResultsCsv.of(r).split("\n");
        List<String> header = List.of(lines[0].split(","));
        List<String> first = List.of(lines[1].split(",", -1));
        assertThat(first.get(header.indexOf("power_failure_journal_violations"))).isEqualTo("0");
        assertThat(first.get(header.indexOf("power_failure_journal_first_tid"))).isEmpty();
    }

    @Test
    void aBlockOnlyRunHasNoFileSystemRecord() {
        Result r = run(BLOCK_ONLY);
        assertThat(r.filesystem()).isNull();
        assertThat(ResultJson.toJson(r).has("filesystem")).isFalse();
        assertThat(ResultsCsv.of(r).lines().findFirst().orElseThrow()).isEqualTo(String.join(",", ResultsCsv.COLUMNS));
        assertThat(ResultTable.render(r)).doesNotContain("file system");
        assertThat(HtmlReport.run(r, new ScenarioSource("s.yaml", List.of(), BLOCK_ONLY))).doesNotContain("File system");
    }

    @Test
    void aSweepTableWithOneRunOnAFileSystemLeavesTheOthersCellsEmpty() {
        List<LabelledResult> runs = List.of(new LabelledResult(List.of("a"), run(BLOCK_ONLY)),
                new LabelledResult(List.of("b"), run(EIGHT_PAGES_THEN_FSYNC)));
        String[] lines = ResultsCsv.of(List.of("label"), runs).split("\n");
        List<String> header = List.of(lines[0].split(","));
        assertThat(header).contains("fs_type");
        assertThat(List.of(lines[1].split(",", -1)).get(header.indexOf("fs_type"))).isEmpty();
        assertThat(List.of(lines[lines.length - 1].split(",", -1)).get(header.indexOf("fs_type"))).isEqualTo("ext3");
    }
}
