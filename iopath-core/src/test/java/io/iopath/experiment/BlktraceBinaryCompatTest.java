package io.iopath.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.block.BlkAction;
import io.iopath.metrics.blktrace.BlkEvent;
import io.iopath.metrics.blktrace.BlkTraceBinaryReader;
import io.iopath.metrics.blktrace.BlkTraceBinaryWriter;
import io.iopath.metrics.blktrace.BlkTraceLog;
import io.iopath.metrics.blktrace.BlkparseText;
import io.iopath.scenario.ScenarioReader;
import io.iopath.tools.ExternalTool;
import io.iopath.workload.trace.TraceOut;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The binary blktrace iopath writes is what the kernel hands blktrace: a fresh run of
 * {@code blktrace/small-flush.yaml} gives the committed bytes, iopath's own reader gets every
 * event back, and real blkparse and btt (their outputs committed beside it, README.md) print
 * the same text from it, blkparse's events line for line iopath's {@code --blktrace} text.
 */
class BlktraceBinaryCompatTest {
    static final String NAME = "small-flush";
    static BlkTraceLog log;
    static byte[] fresh;

    @TempDir
    Path dir;

    static String resource(String name) throws IOException {
        return new String(bytes(name), StandardCharsets.UTF_8);
    }

    static byte[] bytes(String name) throws IOException {
        try (InputStream in = BlktraceBinaryCompatTest.class.getResourceAsStream("blktrace/" + name)) {
            return in.readAllBytes();
        }
    }

    @BeforeAll
    static void runTheScenario() throws IOException {
        log = new BlkTraceLog();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (BlkTraceBinaryWriter binary = new BlkTraceBinaryWriter(out)) {
            new ScenarioRun(ScenarioReader.read(NAME + ".yaml", resource(NAME + ".yaml"), List.of()),
                    TraceOut.both(log, binary)).execute(p -> { });
        }
        fresh = out.toByteArray();
    }

    @Test
    void aFreshRunWritesTheGoldenBytes() throws IOException {
        assertThat(fresh).isEqualTo(bytes(NAME + ".blktrace.0"));
        // 241 events of 48 bytes, 9 unplugs with an 8-byte depth, a 64-byte note for each of the 3 tasks
        assertThat(fresh).hasSize(241 * 48 + 8 * 9 + 3 * 64);
    }

    @Test
    void iopathsReaderGetsEveryEventBack() throws IOException {
        List<BlkEvent> back = BlkTraceBinaryReader.read(new ByteArrayInputStream(fresh), NAME);
        assertThat(back).isEqualTo(log.events());
        assertThat(back).extracting(BlkEvent::action).contains(BlkAction.Q, BlkAction.M, BlkAction.G, BlkAction.P,
                BlkAction.U, BlkAction.I, BlkAction.D, BlkAction.R, BlkAction.C);
        assertThat(back).extracting(BlkEvent::rwbs).contains("FWS", "FN", "WS", "R", "N");
    }

    @Test
    void iopathsTextIsBlkparsesEventLines() throws IOException {
        String text = BlkparseText.write(log.events());
        assertThat(resource(NAME + ".blkparse.txt")).startsWith(text);
        // blkparse 1.2 prints an event without data with no "+ sectors": a flush bio, and the
        // flush request's completion with its sector only
        assertThat(text).contains("  Q FWS [writer.0]\n", "  D  FN [writer.0]\n", "  C  FN 0 [0]\n");
    }

    Path freshFile() throws IOException {
        Path file = BlkTraceBinaryWriter.fileIn(dir, NAME);
        Files.write(file, fresh);
        return file;
    }

    @Test
    void realBlkparsePrintsTheGoldenText() throws Exception {
        ExternalTool.require("blkparse", "blktrace");
        freshFile();
        ExternalTool.Result r = ExternalTool.run(dir, "blkparse", "-i", NAME);
        assertThat(r.status()).as(r.stderr()).isZero();
        assertThat(r.stdout()).isEqualTo(resource(NAME + ".blkparse.txt"));
    }

    @Test
    void realBttPrintsTheGoldenReport() throws Exception {
        ExternalTool.require("btt", "blktrace");
        Path file = freshFile();
        ExternalTool.Result r = ExternalTool.run(dir, "btt", "-i", file.getFileName().toString());
        assertThat(r.status()).as(r.stderr()).isZero();
        assertThat(r.stdout()).isEqualTo(resource(NAME + ".btt.txt"));
    }
}
