package io.iopath.cli;

import static io.iopath.cli.CliRunner.iopath;
import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.cli.CliRunner.Outcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * No run lost to a mistake (issue 15, item 4): output paths are checked before the scenario is
 * even read, a failed conversion leaves no file, nothing is overwritten without --force, and an
 * interrupted run leaves no temporary file.
 */
class NothingLostTest {
    @TempDir
    Path dir;

    /** A scenario file that does not exist: an error about it would mean the output check came later. */
    private Path missingScenario() {
        return dir.resolve("not-there.yaml");
    }

    private List<String> filesIn(Path d) throws IOException {
        try (Stream<Path> s = Files.walk(d)) {
            return s.filter(Files::isRegularFile).map(p -> d.relativize(p).toString()).sorted().toList();
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"--out", "--blktrace", "--trace-out"})
    void runRefusesAnOutputUnderARegularFileBeforeReadingTheScenario(String option) throws IOException {
        Path file = dir.resolve("a-file");
        Files.writeString(file, "x");
        Path under = file.resolve("sub").resolve("out");
        Outcome o = iopath("run", missingScenario().toString(), option, under.toString(),
                "--trace-out".equals(option) ? "--blktrace" : "--trace-out", dir.resolve("other.blk").toString());
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).isEqualTo("iopath: " + option + ": " + under + ": " + file + " is not a directory\n");
        assertThat(filesIn(dir)).containsExactly("a-file");
    }

    @Test
    void runRefusesADirectoryAsTheBlktraceFile() throws IOException {
        Path sub = Files.createDirectory(dir.resolve("traces"));
        Outcome o = iopath("run", missingScenario().toString(), "--blktrace", sub.toString());
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).isEqualTo("iopath: --blktrace: " + sub + " is a directory; give a file name\n");
    }

    @Test
    void runRefusesTheSameFileForBothTraces() {
        Path f = dir.resolve("t.blk");
        Outcome o = iopath("run", missingScenario().toString(), "--blktrace", f.toString(), "--trace-out", f.toString());
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).contains("--blktrace and --trace-out name the same file");
    }

    @Test
    void sweepChecksOutBeforeTheFirstRun() throws IOException {
        Path file = dir.resolve("a-file");
        Files.writeString(file, "x");
        Path scenario = dir.resolve("s.yaml");
        Files.writeString(scenario, "name: s\njobs:\n  - {rw: randread, bs: 4k, size: 1g, number_ios: 50}\n");
        Outcome o = iopath("sweep", scenario.toString(), "--vary", "host.queue_depth=1,2", "--out", file.toString());
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).isEqualTo("iopath: --out: " + file + " exists and is not a directory\n");
        assertThat(o.out()).isEmpty(); // not even the table's header: nothing ran
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"--out", "--per-request"})
    void validateChecksItsOutputsBeforeReadingTheTrace(String option) throws IOException {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        Path trace = Files.writeString(dir.resolve("not-really.trace"), "junk that would fail to parse\n");
        Path under = file.resolve("out");
        Outcome o = iopath("validate", trace.toString(), "--drive", "atlas10k", option, under.toString());
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).isEqualTo("iopath: " + option + ": " + under + ": " + file + " is not a directory\n");
    }

    @Test
    void aMissingOutDirectoryIsFineAndCreatedOnlyByTheRun() {
        Path out = dir.resolve("new").resolve("out");
        Outcome o = iopath("run", "--set", "jobs[0].number_ios=20", "--out", out.toString());
        assertThat(o.status()).as(o.err()).isZero();
        assertThat(Files.isRegularFile(out.resolve("results.json"))).isTrue();
    }

    @Test
    void blktraceStreamsTheSameTextAsTraceOutBlkparseAndLeavesNoTemporaryFile() throws IOException {
        Path a = dir.resolve("a.blk");
        Path b = dir.resolve("b.blk");
        Outcome o = iopath("run", "--set", "jobs[0].number_ios=100", "--blktrace", a.toString(), "--trace-out", b.toString());
        assertThat(o.status()).as(o.err()).isZero();
        assertThat(Files.readString(a)).isNotEmpty().isEqualTo(Files.readString(b));
        assertThat(filesIn(dir)).containsExactly("a.blk", "b.blk");
    }

    @Test
    void aConversionThatFailsPartWayLeavesNoFile() throws IOException {
        Path in = dir.resolve("in.trace");
        Files.writeString(in, "0.5 0 0 8 1\n1.5 0 8 8 1\n2.0 0 q 16 0\n");
        Path out = dir.resolve("out.iolog");
        Outcome o = iopath("trace", "convert", in.toString(), "--to", "iolog", "-o", out.toString());
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).startsWith("iopath: " + in + ":3: ");
        assertThat(filesIn(dir)).containsExactly("in.trace");
    }

    @Test
    void convertRefusesToReplaceAFileUnlessForced() throws IOException {
        Path in = dir.resolve("in.trace");
        Files.writeString(in, "0.5 0 0 8 1\n");
        Path out = dir.resolve("out.ascii");
        Files.writeString(out, "precious\n");
        Outcome o = iopath("trace", "convert", in.toString(), "--to", "ascii", "-o", out.toString());
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).isEqualTo("iopath: --output: " + out + " exists; give --force to replace it\n");
        assertThat(Files.readString(out)).isEqualTo("precious\n");
        Outcome forced = iopath("trace", "convert", in.toString(), "--to", "ascii", "-o", out.toString(), "--force");
        assertThat(forced.status()).as(forced.err()).isZero();
        assertThat(Files.readString(out)).isEqualTo("0.500000 0 0 8 1\n");
        assertThat(filesIn(dir)).containsExactly("in.trace", "out.ascii");
    }

    @Test
    void aTruncatedLastLineIsNamedInTheError() throws IOException {
        Path in = dir.resolve("cut.trace");
        Files.writeString(in, "0.5 0 0 8 1\n1.5 0 8 8 1\n2.0 0 16 "); // cut short: no line end, fields missing
        Outcome o = iopath("trace", "stat", in.toString(), "--format", "ascii");
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).startsWith("iopath: " + in + ":3: ")
                .contains("the file ends inside this line, without a line end: is the trace truncated?").hasLineCount(1);
    }

    @Test
    void aLastLineWithoutLineEndThatParsesIsStillReported() throws IOException {
        Path in = dir.resolve("cut.trace");
        Files.writeString(in, "0.5 0 0 8 1\n1.5 0 8 8 1\n2.0 0 16 8 1"); // maybe "... 8 1" was "... 80 1"
        Outcome o = iopath("trace", "stat", in.toString(), "--format", "ascii");
        assertThat(o.status()).isZero();
        assertThat(o.err()).isEqualTo("iopath: " + in + ":3: the last line has no line end; if the trace was cut short,"
                + " its last record may be wrong\n");
        Files.writeString(in, "0.5 0 0 8 1\n1.5 0 8 8 1\n2.0 0 16 8 1\n");
        assertThat(iopath("trace", "stat", in.toString(), "--format", "ascii").err()).isEmpty();
    }

    /**
     * SIGTERM in the middle of a run writing a trace: the JVM's shutdown hook removes the hidden
     * temporary file, and the trace never appears. Runs the CLI as a child process (a signal
     * cannot be sent to this JVM's own run); waits for the temporary file rather than for a time.
     */
    @Test
    void sigtermLeavesNoTemporaryFile() throws Exception {
        Path out = Files.createDirectory(dir.resolve("out"));
        Path trace = out.resolve("t.blk");
        String java = ProcessHandle.current().info().command().orElse("java");
        Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "run", "--set", "jobs[0].number_ios=0", "--set", "jobs[0].runtime=100000s", "--trace-out", trace.toString())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(dir.resolve("stderr.txt").toFile())
                .start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            // Wait for the trace's own temporary file: the output check's probe file comes and goes before it.
            while (filesIn(out).stream().noneMatch(f -> f.startsWith(".t.blk.")) && p.isAlive()
                    && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(filesIn(out)).as("the run's temporary trace file").singleElement().asString().startsWith(".t.blk.");
            p.destroy(); // SIGTERM
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        } finally {
            p.destroyForcibly();
        }
        assertThat(filesIn(out)).isEmpty();
    }
}
