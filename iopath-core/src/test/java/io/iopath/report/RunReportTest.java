package io.iopath.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.result.DirectionStats;
import io.iopath.result.DriveTimeSplit;
import io.iopath.result.LatencyCdf;
import io.iopath.result.LatencyCdfs;
import io.iopath.result.LatencySummary;
import io.iopath.result.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunReportTest {
    @TempDir
    Path dir;

    private List<Path> writeFreshRun(String subdir, String... overrides) throws Exception {
        return RunReport.write(dir.resolve(subdir), Runs.mixed(overrides), Runs.source(overrides));
    }

    @Test
    void writesTheFourFilesAndNothingElse() throws Exception {
        List<Path> written = writeFreshRun("out");
        assertThat(written).extracting(p -> p.getFileName().toString()).containsExactlyElementsOf(RunReport.FILES);
        try (Stream<Path> files = Files.list(dir.resolve("out"))) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrderElementsOf(RunReport.FILES);
        }
        for (Path p : written) {
            assertThat(Files.size(p)).as(p.toString()).isPositive();
        }
    }

    @Test
    void theSameScenarioAndSeedGiveByteIdenticalFilesEvenFromAnotherThread() throws Exception {
        List<Path> a = writeFreshRun("a", "jobs[1].bs=128k");
        List<Path> b = writeFreshRun("b", "jobs[1].bs=128k");
        ExecutorService pool = Executors.newFixedThreadPool(2);
        List<Path> c;
        List<Path> d;
        try {
            Future<List<Path>> fc = pool.submit(() -> writeFreshRun("c", "jobs[1].bs=128k"));
            Future<List<Path>> fd = pool.submit(() -> writeFreshRun("d", "jobs[1].bs=128k"));
            c = fc.get();
            d = fd.get();
        } finally {
            pool.shutdownNow();
        }
        for (int i = 0; i < a.size(); i++) {
            byte[] first = Files.readAllBytes(a.get(i));
            assertThat(Files.readAllBytes(b.get(i))).as(RunReport.FILES.get(i)).isEqualTo(first);
            assertThat(Files.readAllBytes(c.get(i))).as(RunReport.FILES.get(i)).isEqualTo(first);
            assertThat(Files.readAllBytes(d.get(i))).as(RunReport.FILES.get(i)).isEqualTo(first);
        }
    }

    @Test
    void anotherSeedChangesEveryFile() throws Exception {
        List<Path> a = writeFreshRun("a");
        List<Path> b = writeFreshRun("b", "seed=6");
        for (int i = 0; i < a.size(); i++) {
            assertThat(Files.readString(b.get(i))).as(RunReport.FILES.get(i)).isNotEqualTo(Files.readString(a.get(i)));
        }
    }

    @Test
    void theHtmlShowsTheScenarioAsRunWithItsOverrides() throws Exception {
        Result r = Runs.mixed("jobs[1].bs=128k", "seed=9");
        String html = HtmlReport.run(r, Runs.source("jobs[1].bs=128k", "seed=9"));
        assertThat(html).contains("<code>--set jobs[1].bs=128k</code>").contains("<code>--set seed=9</code>")
                .contains("seed: 9\n").contains("bs: 128k\n").doesNotContain("seed: 5\n");
    }

    @Test
    void aComparisonWritesLabelledCsvsAndAPageTwiceTheSame() throws Exception {
        List<String> columns = List.of("queue_depth_set");
        List<LabelledResult> runs = List.of(
                new LabelledResult(List.of("1"), Runs.mixed("host.queue_depth=1")),
                new LabelledResult(List.of("16"), Runs.mixed("host.queue_depth=16")));
        List<Path> a = RunReport.writeComparison(dir.resolve("a"), "qd", columns, runs);
        List<Path> b = RunReport.writeComparison(dir.resolve("b"), "qd", columns, List.of(
                new LabelledResult(List.of("1"), Runs.mixed("host.queue_depth=1")),
                new LabelledResult(List.of("16"), Runs.mixed("host.queue_depth=16"))));
        assertThat(a).extracting(p -> p.getFileName().toString()).containsExactlyElementsOf(RunReport.COMPARISON_FILES);
        for (int i = 0; i < a.size(); i++) {
            assertThat(Files.readAllBytes(b.get(i))).isEqualTo(Files.readAllBytes(a.get(i)));
        }
        List<String> latency = Files.readAllLines(a.get(1));
        assertThat(latency.get(0)).isEqualTo("queue_depth_set,direction,percentile,latency_ns,iopath_version,scenario_hash");
        int perRun = 3 * io.iopath.result.LatencyCdf.PERCENTILES.size();
        assertThat(latency).hasSize(1 + 2 * perRun);
        assertThat(latency.get(1)).startsWith("1,read,0.0,");
        assertThat(latency.get(1 + perRun)).startsWith("16,read,0.0,");
    }

    /** A hand-made run: thousands of IOPS and sub-millisecond latencies. */
    private static Result fastRun() {
        List<LatencyCdf.Point> points = new java.util.ArrayList<>();
        for (double p : LatencyCdf.PERCENTILES) {
            points.add(new LatencyCdf.Point(p, 100_000 + (long) (p * 8_000)));
        }
        LatencyCdf cdf = new LatencyCdf(points);
        DirectionStats read = new DirectionStats(123_450, 505_651_200, 12_345.0, 50_565_120.0,
                new LatencySummary(450_000, 500_000, 860_000, 892_000, 899_200, 900_000), 1_000, 449_000);
        DirectionStats none = new DirectionStats(0, 0, 0, 0, LatencySummary.EMPTY, 0, 0);
        return new Result("fast", 1, "some-drive", "noop", 4, 10_000_000_000L, read, none, read, 0.5, 0, 0,
                new DriveTimeSplit(123_450, 100_000, 200_000, 50_000), new LatencyCdfs(cdf, LatencyCdf.EMPTY, cdf),
                null, null, null, // no host, drive-queue or power-loss detail
                List.of(), io.iopath.result.FlushStats.NONE, io.iopath.result.TimeSeries.NONE); // nor jobs, flushes, series
    }

    @Test
    void theDefaultLocaleDoesNotChangeAByte() throws Exception {
        // tick labels with grouping and decimals, which a German default locale would write as "2.000" and "0,5"
        Result r = fastRun();
        ScenarioSource src = new ScenarioSource("fast.yaml", List.of(), "name: fast\n");
        List<LabelledResult> runs = List.of(new LabelledResult(List.of("a"), r), new LabelledResult(List.of("b"), r));
        String run = HtmlReport.run(r, src);
        String cmp = HtmlReport.comparison("fast", List.of("x"), runs);
        String csv = ResultsCsv.of(r) + LatencyCsv.of(r);
        Locale before = Locale.getDefault();
        try {
            // Egyptian Arabic writes digits as Arabic-Indic ones: the CDF's 10 % ticks were written so
            for (Locale l : List.of(Locale.GERMANY, Locale.forLanguageTag("ar-EG"), Locale.forLanguageTag("tr-TR"))) {
                Locale.setDefault(l);
                assertThat(HtmlReport.run(r, src)).as(l.toString()).isEqualTo(run);
                assertThat(HtmlReport.comparison("fast", List.of("x"), runs)).as(l.toString()).isEqualTo(cmp);
                assertThat(ResultsCsv.of(r) + LatencyCsv.of(r)).as(l.toString()).isEqualTo(csv);
            }
        } finally {
            Locale.setDefault(before);
        }
        assertThat(cmp).contains(">12,000<").contains(">12345.0<");
        assertThat(run).contains(">0.5<").contains(">0.892<");
    }
}
