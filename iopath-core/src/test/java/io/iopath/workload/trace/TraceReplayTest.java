package io.iopath.workload.trace;

import io.iopath.workload.trace.io.TraceRecord;
import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.device.IssueTap;
import io.iopath.experiment.ScenarioRun;
import io.iopath.request.Op;
import io.iopath.request.Request;
import io.iopath.scenario.ScenarioReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TraceReplayTest {
    @TempDir
    Path dir;

    record Issue(long queuedNs, long issuedNs, long completedNs, Op op, long sector, int sectors) {
    }

    static final class Recorder implements IssueTap.Listener {
        final List<Issue> issues = new ArrayList<>();
        final List<Request> requests = new ArrayList<>();

        @Override
        public void issued(Request rq, long nowNs) {
            requests.add(rq);
        }

        @Override
        public void completed(Request rq, long nowNs) {
        }

        List<Issue> issues() {
            return requests.stream().map(r -> new Issue(r.firstBio().queuedNs, r.issuedNs, r.completedNs, r.op, r.sector(), r.sectors())).toList();
        }
    }

    ScenarioRun run(String jobLines, Recorder rec) {
        String yaml = "name: replay\nhost:\n  queue_depth: 32\njobs:\n  - name: r\n" + jobLines.indent(4);
        ScenarioRun run = new ScenarioRun(ScenarioReader.read("t.yaml", yaml, List.of()));
        run.issueTap().setListener(rec);
        run.execute(p -> { });
        return run;
    }

    @ParameterizedTest(name = "time scale {0} %")
    @ValueSource(ints = {50, 100, 400})
    void openLoopSubmitsAtRecordedTimesScaled(int percent) throws IOException {
        // 50 reads 40 ms apart: the drive keeps up, so nothing queues and Q times are exact
        StringBuilder t = new StringBuilder();
        for (int i = 0; i < 50; i++) {
            t.append(String.format("%d.0 0 %d 8 1%n", 40 * i, 1000L * i * i));
        }
        Path trace = Files.writeString(dir.resolve("t.ascii"), t.toString());
        Recorder rec = new Recorder();
        run("read_iolog: " + trace + "\nreplay_time_scale: " + percent, rec);
        List<Issue> io = rec.issues();
        assertThat(io).hasSize(50);
        for (int i = 0; i < 50; i++) {
            assertThat(io.get(i).queuedNs()).isEqualTo(Math.round(40_000_000L * i / (percent / 100.0)));
            assertThat(io.get(i).sector()).isEqualTo(1000L * i * i);
        }
    }

    @Test
    void closedLoopKeepsIodepthOutstanding() throws IOException {
        StringBuilder t = new StringBuilder();
        for (int i = 0; i < 200; i++) {
            t.append(String.format("0 0 %d 8 1%n", 7919L * i * 64));
        }
        Path trace = Files.writeString(dir.resolve("t.ascii"), t.toString());
        Recorder rec = new Recorder();
        ScenarioRun r = run("read_iolog: " + trace + "\nreplay_no_stall: 1\niodepth: 3", rec);
        List<Issue> io = rec.issues();
        assertThat(io).hasSize(200);
        for (Issue i : io) {
            long outstanding = io.stream().filter(o -> o.queuedNs() <= i.queuedNs() && o.completedNs() > i.queuedNs()).count();
            assertThat(outstanding).isLessThanOrEqualTo(3);
        }
        assertThat(r.workloads().get(0).stats().depthAtSubmit[1]).isGreaterThan(150); // depths 2-3: fio's "2" bucket
    }

    @Test
    void validateTracesReplayClosedLoopWithTheirIdleTimes() throws IOException {
        Path trace = Files.writeString(dir.resolve("t.validate"),
                "R Hit 1000 8 5000.0 10000.0\nW Hit 5000000 16 6000.0 2500.5\nR Hit 8 8 100.0 0\n");
        Recorder rec = new Recorder();
        run("read_iolog: " + trace, rec);
        List<Issue> io = rec.issues();
        assertThat(io).hasSize(3);
        assertThat(io.get(0).queuedNs()).isZero();
        assertThat(io.get(1).queuedNs()).isEqualTo(io.get(0).completedNs() + 10_000_000L);
        assertThat(io.get(2).queuedNs()).isEqualTo(io.get(1).completedNs() + 2_500_500L);
    }

    @Test
    void addressesBeyondTheDriveWrapAndTheRunSaysSo() throws IOException {
        Path trace = Files.writeString(dir.resolve("t.spc"), "0,1000000000000,4096,r,0.0\n0,100,4096,r,0.5\n");
        Recorder rec = new Recorder();
        ScenarioRun r = run("read_iolog: " + trace, rec);
        long capacity = r.disk().capacitySectors();
        assertThat(rec.issues().get(0).sector()).isEqualTo(1_000_000_000_000L % capacity);
        assertThat(rec.issues().get(1).sector()).isEqualTo(100);
        assertThat(r.notes()).anyMatch(n -> n.contains("1 requests beyond the drive's") && n.contains("wrapped"));
    }

    @Test
    void scalingMapsTheTraceSpanOntoTheDrive() throws IOException {
        Path trace = Files.writeString(dir.resolve("t.spc"), "0,0,4096,r,0.0\n0,999999999992,4096,r,0.5\n");
        Recorder rec = new Recorder();
        ScenarioRun r = run("read_iolog: " + trace + "\nreplay_beyond_capacity: scale", rec);
        long capacity = r.disk().capacitySectors();
        assertThat(rec.issues().get(0).sector()).isZero();
        assertThat(rec.issues().get(1).sector()).isBetween(capacity - 16, capacity - 8);
        assertThat(r.notes()).anyMatch(n -> n.contains("scaled"));
    }

    @Test
    void oneDeviceCanBeChosen() throws IOException {
        Path trace = Files.writeString(dir.resolve("t.msr"),
                "1000,h,0,Read,0,4096,1\n2000,h,1,Read,4096,4096,1\n3000,h,0,Write,8192,4096,1\n");
        Recorder rec = new Recorder();
        ScenarioRun r = run("read_iolog: " + trace + "\nreplay_device: 0", rec);
        assertThat(rec.issues()).extracting(Issue::sector).containsExactly(0L, 16L);
        assertThat(r.notes()).anyMatch(n -> n.contains("1 records of devices other than 0 skipped"));
    }

    @Test
    void traceOutReplayedGivesTheSameRequestsAgain() throws IOException {
        Path out1 = dir.resolve("one.blk");
        String yaml = "name: a\nseed: 9\nhost:\n  queue_depth: 32\n  write_cache: true\njobs:\n  - name: j\n    rw: randrw\n    bssplit: 4k/50:64k/50\n"
                + "    size: 1g\n    number_ios: 300\n    iodepth: 4\n    fsync: 50\n";
        ScenarioRun first;
        try (TraceOut t = new TraceOut(out1, TraceFormat.BLKPARSE)) {
            first = new ScenarioRun(ScenarioReader.read("a.yaml", yaml, List.of()), t);
            first.execute(p -> { });
            t.commit();
        }
        Path out2 = dir.resolve("two.iolog");
        try (TraceOut t = new TraceOut(out2, TraceFormat.IOLOG3)) {
            new ScenarioRun(ScenarioReader.read("b.yaml",
                    "name: b\nhost:\n  queue_depth: 32\n  write_cache: true\njobs:\n  - name: r\n    read_iolog: " + out1 + "\n", List.of()), t)
                    .execute(p -> { });
            t.commit();
        }
        List<TraceRecord> a = TraceReadersTest.readAll(TraceFiles.open(out1, null));
        List<TraceRecord> b = TraceReadersTest.readAll(TraceFiles.open(out2, null));
        assertThat(a.stream().filter(r -> r.op() == Op.FLUSH).count()).isEqualTo(first.workloads().get(0).stats().issuedSync).isPositive();
        assertThat(b.stream().map(r -> r.op() + " " + r.offset() + " " + r.length()).toList())
                .isEqualTo(a.stream().map(r -> r.op() + " " + r.offset() + " " + r.length()).toList());
    }
}
