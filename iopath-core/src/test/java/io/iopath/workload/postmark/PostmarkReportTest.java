package io.iopath.workload.postmark;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.report.postmark.PostmarkReport;
import io.iopath.report.postmark.PostmarkReport.Timers;
import io.iopath.result.PostmarkResult;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Postmark's report from iopath's counters. With Postmark 1.53's {@code time()} timers every interval of a
 * sub-second run is 1 s, whenever the run started, so the real binary's report of each capture is fixed
 * and iopath's must equal it character for character.
 */
class PostmarkReportTest {
    static PostmarkResult run(String capture) throws IOException {
        Postmark pm = new Postmark(PostmarkSequenceTest.config(capture), new PostmarkSeqWriter(new StringBuilder()));
        pm.runToEnd();
        return pm.result(0, 0, 0, 0);
    }

    /** What the real binary printed after its progress messages. */
    static String realReport(String capture) throws IOException {
        String out = PostmarkSequenceTest.resource(capture + ".out");
        int time = out.indexOf("Time:\n");
        if (time >= 0) {
            return out.substring(time);
        }
        String[] lines = out.split("\n");
        return lines[lines.length - 1] + "\n";
    }

    @ParameterizedTest
    @ValueSource(strings = {"default-small", "unbuffered", "subdirs-locations", "table-full", "big-blocks",
            "one-location-megabytes", "large-defaults"})
    void sameReportAsTheRealBinaryWithTimeInSeconds(String capture) throws IOException {
        assertThat(PostmarkReport.of(run(capture), Timers.SECONDS)).isEqualTo(realReport(capture));
    }

    @Test
    void outOfFilesPrintsNoReport() throws IOException {
        PostmarkResult r = run("out-of-files");
        assertThat(r.outOfFiles()).isTrue();
        assertThat(PostmarkReport.of(r, Timers.PRECISE)).isEmpty();
        assertThat(PostmarkSequenceTest.resource("out-of-files.out")).doesNotContain("Time:");
    }

    @Test
    void preciseTimersUseSimulatedMicroseconds() {
        // 2 s of creation, 2.5 s of transactions, 0.5 s of deletion; 500 transactions
        PostmarkResult r = new PostmarkResult(500, 100, 350, 350, 240, 260, 100, 3_000_000f, 1_500f, false, false,
                0, 2_000_000_000L, 4_500_000_000L, 5_000_000_000L);
        String report = PostmarkReport.verbose(r, Timers.PRECISE);
        assertThat(report).startsWith("Time:\n\t5.0000 seconds total\n\t2.5000 seconds of transactions (200.00 per second)\n");
        assertThat(report).contains("\t\tCreation alone: 100 files (50.00 per second)\n");
        assertThat(report).contains("\t\tDeletion alone: 100 files (200.00 per second)\n");
        assertThat(report).contains("\t2.86 megabytes read (585.94 kilobytes per second)\n");
        assertThat(report).contains("\t1.46 kilobytes written (0.29 kilobytes per second)\n");
        assertThat(PostmarkReport.terse(r, Timers.PRECISE)).isEqualTo(
                "5.0000 2.5000 200.00 70.00 50.00 100.00 96.00 104.00 70.00 200.00 100.00 600000.00 300.00\n");
        assertThat(r.transactionsPerSecond()).isEqualTo(200.0);
    }

    @Test
    void secondsTimersTruncateToWholeSecondsAndCountZeroAsOne() {
        // start 0.9 s, transactions 1.2 s .. 3.99 s, end 3.999 s: time() gives 0, 1, 3, 3
        PostmarkResult r = new PostmarkResult(100, 10, 60, 60, 50, 50, 20, 0f, 0f, false, false,
                900_000_000L, 1_200_000_000L, 3_990_000_000L, 3_999_000_000L);
        String report = PostmarkReport.verbose(r, Timers.SECONDS);
        assertThat(report).startsWith("Time:\n\t3 seconds total\n\t2 seconds of transactions (50 per second)\n");
        assertThat(report).contains("Deletion alone: 20 files (20 per second)"); // 3 - 3 = 0 -> 1
        assertThat(report).contains("\t0.000000 bytes read (0.000000 bytes per second)\n");
    }
}
