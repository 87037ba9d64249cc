package io.iopath.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.iopath.metrics.RunMetrics;
import io.iopath.request.Bio;
import io.iopath.request.Op;
import io.iopath.request.Request;
import io.iopath.result.DriveTimeSplit;
import io.iopath.result.Result;
import io.iopath.result.TimeSeries;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/**
 * Per-job figures and the time series, from bios made by hand whose figures are worked out here
 * on paper: job {@code db} (pid 1) reads, job {@code log} writes as two clones (pids 2 and 3)
 * and flushes once.
 */
class PerJobResultsTest {
    private static final long MS = 1_000_000L;

    /** Completes a bio queued at {@code q}, issued at {@code d}, completed at {@code c} (ms). */
    private static void bio(RunMetrics m, long id, Op op, int pid, int sectors, double q, double d, double c) {
        Bio bio = new Bio(id, op, id * 1000, sectors, 0, pid, m::bioCompleted);
        bio.queuedNs = (long) (q * MS);
        Request rq = new Request(id, bio);
        rq.issuedNs = (long) (d * MS);
        rq.complete((long) (c * MS));
    }

    /** In completion order, as the simulator completes them; the time series needs that. */
    private static Result handMade() {
        RunMetrics m = new RunMetrics(5 * MS);
        m.registerJob(1, "db");
        m.registerJob(2, "log");
        m.registerJob(3, "log");
        bio(m, 1, Op.WRITE, 2, 128, 1, 1, 3);   // log: 64 KiB, 2 ms (Q2D 0, D2C 2)
        bio(m, 2, Op.READ, 1, 8, 0, 1, 4);      // db: 4 KiB, 4 ms (Q2D 1, D2C 3)
        bio(m, 3, Op.WRITE, 3, 128, 5, 5, 7);   // log, the other clone: 64 KiB, 2 ms
        bio(m, 4, Op.FLUSH, 2, 0, 7, 7, 9);     // log's flush: 2 ms
        bio(m, 5, Op.READ, 1, 8, 2, 2, 9.5);    // db: 4 KiB, 7.5 ms (Q2D 0, D2C 7.5)
        return new Result("two-jobs", 1, "hand", "noop", 4, m.elapsedNs(), m.read(), m.write(), m.total(), 0.5, 0, 0,
                new DriveTimeSplit(0, 0, 0, 0), m.latencyCdfs(), null, null, null, m.jobs(), m.flush(), m.timeSeries());
    }

    @Test
    void resultsJsonHasEachJobsFiguresWorkedOutByHand() throws Exception {
        JsonNode json = new ObjectMapper().readTree(ResultJson.toText(handMade()));
        JsonNode db = json.at("/jobs/0");
        assertThat(db.get("name").asText()).isEqualTo("db");
        assertThat(db.get("elapsed_ns").asLong()).isEqualTo(9_500_000L);           // 0 to 9.5 ms
        assertThat(db.at("/read/ios").asLong()).isEqualTo(2);
        assertThat(db.at("/read/bytes").asLong()).isEqualTo(8192);
        assertThat(db.at("/read/iops").asDouble()).isCloseTo(2 / 0.0095, within(1e-6));
        assertThat(db.at("/read/bandwidth_bytes_per_s").asDouble()).isCloseTo(8192 / 0.0095, within(1e-3));
        assertThat(db.at("/read/latency_ns/mean").asDouble()).isCloseTo(5.75 * MS, within(0.001 * 5.75 * MS));
        assertThat(db.at("/read/latency_ns/max").asDouble()).isCloseTo(7.5 * MS, within(0.001 * 7.5 * MS));
        assertThat(db.at("/read/q2d_mean_ns").asDouble()).isEqualTo(0.5 * MS);
        assertThat(db.at("/read/d2c_mean_ns").asDouble()).isEqualTo(5.25 * MS);
        assertThat(db.at("/write/ios").asLong()).isZero();
        assertThat(db.at("/flush/count").asLong()).isZero();

        JsonNode log = json.at("/jobs/1");
        assertThat(json.get("jobs").size()).as("the clones are one job").isEqualTo(2);
        assertThat(log.get("name").asText()).isEqualTo("log");
        assertThat(log.get("elapsed_ns").asLong()).isEqualTo(6 * MS);                // 1 to 7 ms; the flush is no data
        assertThat(log.at("/write/ios").asLong()).isEqualTo(2);
        assertThat(log.at("/write/iops").asDouble()).isCloseTo(2 / 0.006, within(1e-6));
        assertThat(log.at("/write/bandwidth_bytes_per_s").asDouble()).isCloseTo(131072 / 0.006, within(1e-3));
        assertThat(log.at("/total/ios").asLong()).isEqualTo(2);
        assertThat(log.at("/flush/count").asLong()).isEqualTo(1);
        assertThat(log.at("/flush/latency_ns/p50").asDouble()).isCloseTo(2.0 * MS, within(0.001 * 2 * MS));
        assertThat(json.at("/flush/count").asLong()).isEqualTo(1);

        // the run's totals beside them: over the run's span, 0 to 9.5 ms
        assertThat(json.at("/total/ios").asLong()).isEqualTo(4);
        assertThat(json.at("/total/iops").asDouble()).isCloseTo(4 / 0.0095, within(1e-6));
    }

    @Test
    void resultsCsvHasARowPerJobAndDirection() {
        List<List<String>> rows = ResultsCsvTest.parse(ResultsCsv.of(handMade()));
        int job = ResultsCsv.COLUMNS.indexOf("job");
        int dir = ResultsCsv.COLUMNS.indexOf("direction");
        int iops = ResultsCsv.COLUMNS.indexOf("iops");
        int flushes = ResultsCsv.COLUMNS.indexOf("flushes");
        assertThat(rows.subList(1, rows.size())).extracting(r -> r.get(job) + " " + r.get(dir)).containsExactly(
                "all read", "all write", "all total", "db read", "db write", "db total", "log read", "log write", "log total");
        assertThat(Double.parseDouble(rows.get(8).get(iops))).isCloseTo(2 / 0.006, within(1e-6));
        assertThat(rows.get(8).get(flushes)).isEqualTo("1");
        assertThat(rows.get(4).get(flushes)).isEqualTo("0");
    }

    @Test
    void theTimeSeriesIsPerIntervalOfCompletionAndSumsToTheTotals() {
        Result r = handMade();
        TimeSeries ts = r.timeSeries();
        assertThat(ts.intervalNs()).isEqualTo(5 * MS);
        // 0-5 ms: log's first write (3 ms), db's first read (4 ms); 5-10 ms: log's second write, db's second read
        assertThat(ts.points()).extracting(p -> p.startNs() / MS + " " + p.job() + " " + p.direction() + " " + p.ios())
                .containsExactly(
                        "0 db read 1", "0 db total 1", "0 log write 1", "0 log total 1",
                        "0 null read 1", "0 null write 1", "0 null total 2",
                        "5 db read 1", "5 db total 1", "5 log write 1", "5 log total 1",
                        "5 null read 1", "5 null write 1", "5 null total 2");
        TimeSeries.Point last = ts.points().get(ts.points().size() - 1);
        assertThat(last.latency().max()).isEqualTo((long) (7.5 * MS));   // exact: order statistics
        assertThat(last.latency().p50()).isEqualTo(2 * MS);
        sumsToTheTotals(r);
    }

    @Test
    void aSimulatedTwoJobRunsSeriesSumsToItsTotals() {
        Result r = Runs.mixed();
        assertThat(r.timeSeries().points().stream().map(TimeSeries.Point::startNs).distinct().count())
                .as("several intervals").isGreaterThan(2);
        sumsToTheTotals(r);
    }

    /** Over the intervals, each job's and all jobs' IOs and bytes add up to the run's figures. */
    static void sumsToTheTotals(Result r) {
        for (String direction : List.of("read", "write", "total")) {
            var all = switch (direction) {
                case "read" -> r.read();
                case "write" -> r.write();
                default -> r.total();
            };
            assertThat(sum(r, null, direction, true)).as("all " + direction + " ios").isEqualTo(all.ios());
            assertThat(sum(r, null, direction, false)).as("all " + direction + " bytes").isEqualTo(all.bytes());
            for (var job : r.jobs()) {
                var d = switch (direction) {
                    case "read" -> job.read();
                    case "write" -> job.write();
                    default -> job.total();
                };
                assertThat(sum(r, job.name(), direction, true)).as(job.name() + " " + direction).isEqualTo(d.ios());
                assertThat(sum(r, job.name(), direction, false)).as(job.name() + " " + direction).isEqualTo(d.bytes());
            }
        }
    }

    private static long sum(Result r, String job, String direction, boolean ios) {
        return r.timeSeries().points().stream()
                .filter(p -> Objects.equals(p.job(), job) && p.direction().equals(direction))
                .mapToLong(p -> ios ? p.ios() : p.bytes()).sum();
    }
}
