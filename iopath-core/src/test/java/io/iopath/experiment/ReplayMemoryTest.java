package io.iopath.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Memory flat in trace length (issue 16): a replay of N records and one of 10 N, over 8 devices,
 * both finish in a JVM of its own with the same small heap. Each record of the child's trace
 * opens a time-series interval of its own, so what a replay keeps per record or per interval
 * grows ten times between the two. The time series itself is bounded (65 536 points a run,
 * about 7 MB when full), which the heap must hold for the runs in progress; a split replay that
 * kept each finished device's points until the last one ended (as main at fa6fe14 did: 8 × 7 MB
 * at 10 N) runs out of it at 10 N, and so would 100 bytes kept per record. No timing: only
 * whether the child ran out.
 */
class ReplayMemoryTest {
    private static final String HEAP = "-Xmx24m";
    private static final long N = 20_000;
    private static final int DEVICES = 8;

    @Test
    void splitReplayOfTenTimesTheRecordsFitsTheSameHeap() throws Exception {
        assertThat(replay("split", N, DEVICES)).isEqualTo("replayed " + N);
        assertThat(replay("split", 10 * N, DEVICES)).isEqualTo("replayed " + 10 * N);
    }

    @Test
    void wholeReplayOfTenTimesTheRecordsFitsTheSameHeap() throws Exception {
        assertThat(replay("whole", N, DEVICES)).isEqualTo("replayed " + N);
        assertThat(replay("whole", 10 * N, DEVICES)).isEqualTo("replayed " + 10 * N);
    }

    /** The child's last line of output, or its exit status and output when it failed. */
    private static String replay(String mode, long records, int devices) throws IOException, InterruptedException {
        String javaCommand = ProcessHandle.current().info().command().orElse("java");
        // Surefire puts the module's classes on the module path and the rest on the class path: the child takes both as its class path.
        String cp = String.join(java.io.File.pathSeparator, System.getProperty("jdk.module.path", ""),
                System.getProperty("java.class.path"));
        Process p = new ProcessBuilder(List.of(javaCommand, HEAP, "-XX:+UseSerialGC", "-cp", cp,
                BoundedHeapReplay.class.getName(), mode, Long.toString(records), Integer.toString(devices)))
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (!p.waitFor(10, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            return "timed out: " + out;
        }
        return p.exitValue() == 0 ? out.substring(out.lastIndexOf('\n') + 1) : "exit " + p.exitValue() + ": " + out;
    }
}
