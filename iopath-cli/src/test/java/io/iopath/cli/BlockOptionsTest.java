package io.iopath.cli;

import static io.iopath.cli.CliRunner.iopath;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.iopath.block.BlkAction;
import io.iopath.cli.CliRunner.Outcome;
import io.iopath.metrics.blktrace.BlkEvent;
import io.iopath.metrics.blktrace.BlkTraceBinaryReader;
import io.iopath.metrics.blktrace.BlkparseText;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The block layer from the command line: --blktrace, btt in results.json, tunable errors. */
class BlockOptionsTest {
    @TempDir
    Path dir;

    @Test
    void blktraceWritesBlkparseTextAndResultsCarryBtt() throws IOException {
        Path trace = dir.resolve("trace.txt");
        Outcome o = iopath("run", "--set", "jobs[0].number_ios=300", "--set", "host.scheduler=cfq",
                "--blktrace", trace.toString(), "--out", dir.toString());
        assertThat(o.status()).isZero();
        List<BlkEvent> events = BlkparseText.parse(Files.readString(trace));
        assertThat(events.stream().filter(e -> e.action() == BlkAction.C)).hasSize(300);
        assertThat(events.stream().filter(e -> e.action() == BlkAction.Q)).hasSize(300);
        assertThat(o.out()).contains("btt (mean ms)").contains("Q2G").contains("D2C");
        JsonNode json = new ObjectMapper().readTree(dir.resolve("results.json").toFile());
        JsonNode read = json.get("host").get("btt").get("read");
        assertThat(read.get("bios").asLong()).isEqualTo(300);
        assertThat(read.get("q2c_mean_ns").asDouble()).isPositive();
        assertThat(read.get("d2c_mean_ns").asDouble()).isPositive();
        assertThat(json.get("host").get("plugging").asText()).isEqualTo("legacy");
    }

    @Test
    void blktraceDirWritesTheKernelsBinaryThatReadsBackAsTheText() throws IOException {
        Path trace = dir.resolve("trace.txt");
        Outcome o = iopath("run", "--set", "jobs[0].number_ios=200", "--set", "host.scheduler=cfq",
                "--blktrace", trace.toString(), "--blktrace-dir", dir.resolve("bin").toString());
        assertThat(o.status()).as(o.err()).isZero();
        Path binary = dir.resolve("bin").resolve("default-randread.blktrace.0");
        List<BlkEvent> events;
        try (var in = Files.newInputStream(binary)) {
            events = BlkTraceBinaryReader.read(in, binary.toString());
        }
        assertThat(events).extracting(BlkEvent::action).contains(BlkAction.Q, BlkAction.P, BlkAction.D, BlkAction.C);
        assertThat(BlkparseText.write(events)).isEqualTo(Files.readString(trace));
    }

    @Test
    void anUnknownTunableGetsOneLineAndStatus2() {
        Outcome o = iopath("run", "--set", "host.scheduler=deadline", "--set", "host.tunables.slice_idle=8");
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err().trim()).doesNotContain("\n").contains("host.tunables.slice_idle")
                .contains("unknown tunable for deadline");
    }
}
