package io.iopath.workload.trace.fioiolog;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.iopath.request.Op;
import io.iopath.tools.ExternalTool;
import io.iopath.workload.trace.TraceFiles;
import io.iopath.workload.trace.TraceFormat;
import io.iopath.workload.trace.io.TraceReader;
import io.iopath.workload.trace.io.TraceRecord;
import io.iopath.workload.trace.io.TraceWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * iopath's iolog against real fio: files fio 3.33 wrote (README.md next to them) read with the
 * right unit, and files iopath writes replayed by fio's own reader ({@code --read_iolog} with the
 * null engine) with every IO accepted and the recorded span kept.
 */
class FioIologCompatTest {
    @TempDir
    Path dir;

    static List<TraceRecord> golden(String name) throws IOException {
        try (InputStream in = FioIologCompatTest.class.getResourceAsStream(name)) {
            TraceReader reader = TraceFiles.open(in, name, null);
            List<TraceRecord> all = new ArrayList<>();
            for (TraceRecord r = reader.next(); r != null; r = reader.next()) {
                all.add(r);
            }
            return all;
        }
    }

    @Test
    void fiosOwnLogIsReadInMicroseconds() throws IOException {
        List<TraceRecord> r = golden("fio-3.33-randrw-fsync.iolog");
        assertThat(r).hasSize(13);
        // first line "15 … add": times count from it; "121 … write 61440 4096" is 106 µs later
        assertThat(r.get(0)).isEqualTo(TraceRecord.of(106_000, 0, Op.WRITE, 61_440, 4096));
        // fio's sync line names the last write's offset with length 0
        assertThat(r.get(7)).isEqualTo(TraceRecord.of(17_565_000, 0, Op.FLUSH, 397_312, 0));
        assertThat(r.get(12).timeNs()).isEqualTo(30_901_000);
        assertThat(r).extracting(TraceRecord::op).filteredOn(o -> o == Op.READ).hasSize(7);
    }

    @Test
    void fiosTrimsAreDiscards() throws IOException {
        List<TraceRecord> r = golden("fio-3.33-trimwrite.iolog");
        assertThat(r).extracting(TraceRecord::op).containsExactly(Op.DISCARD, Op.WRITE, Op.DISCARD, Op.WRITE,
                Op.DISCARD, Op.WRITE, Op.DISCARD, Op.WRITE);
        assertThat(r.get(2)).isEqualTo(TraceRecord.of(2_135_000, 0, Op.DISCARD, 16_384, 16_384));
    }

    @Test
    void iopathWritesFiosLogBackInMicroseconds() throws IOException {
        List<TraceRecord> r = golden("fio-3.33-randrw-fsync.iolog");
        StringWriter out = new StringWriter();
        try (TraceWriter w = TraceFormat.IOLOG3.writer(out)) {
            for (TraceRecord t : r) {
                w.write(t);
            }
        }
        assertThat(out.toString()).startsWith("fio version 3 iolog\n1 /dev/iopath0 add\n1 /dev/iopath0 open\n"
                + "107 /dev/iopath0 write 61440 4096\n2122 /dev/iopath0 write 774144 4096\n");
        assertThat(out.toString()).contains("17566 /dev/iopath0 sync 397312 0\n");
    }

    /** Reads, writes and a flush over 200 ms; no trims (fio 3.33's replay skips them: "bad ddir: 2"). */
    static final List<TraceRecord> REPLAY = List.of(
            TraceRecord.of(0, 0, Op.READ, 0, 4096),
            TraceRecord.of(50_000_000, 0, Op.WRITE, 8192, 8192),
            TraceRecord.of(50_010_000, 0, Op.FLUSH, 0, 0),
            TraceRecord.of(120_000_000, 0, Op.WRITE, 65_536, 65_536),
            TraceRecord.of(200_000_000, 0, Op.READ, 4096, 4096));

    JsonNode fioReplays(TraceFormat format) throws IOException, InterruptedException {
        ExternalTool.require("fio", "fio");
        Path log = dir.resolve("replay." + format.id);
        try (TraceWriter w = format.writer(Files.newBufferedWriter(log))) {
            for (TraceRecord t : REPLAY) {
                w.write(t);
            }
        }
        ExternalTool.Result r = ExternalTool.run(dir, "fio", "--name=replay", "--ioengine=null",
                "--read_iolog=" + log, "--output-format=json");
        assertThat(r.status()).as(r.stderr()).isZero();
        assertThat(r.stdout() + r.stderr()).as("fio's reader complains").doesNotContain("bad iolog", "bad ddir");
        JsonNode job = new ObjectMapper().readTree(r.stdout().substring(r.stdout().indexOf('{'))).get("jobs").get(0);
        assertThat(job.at("/read/total_ios").asLong()).isEqualTo(2);
        assertThat(job.at("/read/io_bytes").asLong()).isEqualTo(8192);
        assertThat(job.at("/write/total_ios").asLong()).isEqualTo(2);
        assertThat(job.at("/write/io_bytes").asLong()).isEqualTo(73_728);
        assertThat(job.at("/sync/total_ios").asLong()).isEqualTo(1);
        return job;
    }

    @Test
    void fioReplaysIopathsV3AtItsRecordedPace() throws Exception {
        JsonNode job = fioReplays(TraceFormat.IOLOG3);
        // fio sleeps the recorded gaps, so it cannot finish sooner than 200 ms; read as ns
        // timestamps fio would take 1000 times as long
        assertThat(job.get("job_runtime").asLong()).isBetween(195L, 20_000L);
    }

    @Test
    void fioAcceptsIopathsV2Waits() throws Exception {
        fioReplays(TraceFormat.IOLOG2);
    }
}
