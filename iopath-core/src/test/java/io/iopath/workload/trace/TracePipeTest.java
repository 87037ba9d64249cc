package io.iopath.workload.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.iopath.workload.trace.io.TraceReader;
import io.iopath.workload.trace.io.TraceRecord;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A trace read from a pipe (a named pipe here; {@code /dev/stdin} in a shell pipeline), written in
 * small pieces so that the reader's reads come back short: every record arrives. Before, the
 * channel stream of {@code Files.newInputStream} failed at the first short read with "cannot
 * read: Illegal seek".
 */
class TracePipeTest {
    @TempDir
    Path dir;

    @Test
    void aTraceFromANamedPipeIsReadToTheEnd() throws Exception {
        Path fifo = dir.resolve("trace.fifo");
        Process mk;
        try {
            mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
        } catch (IOException e) {
            mk = null;
        }
        assumeTrue(mk != null && mk.waitFor() == 0, "mkfifo is not available");
        int records = 20_000;
        Thread writer = new Thread(() -> {
            try (OutputStream out = Files.newOutputStream(fifo)) {
                for (int i = 0; i < records; i++) {
                    out.write((i + ".5 " + (i % 3) + " " + 8 * i + " 8 1\n").getBytes(StandardCharsets.US_ASCII));
                    if (i % 100 == 0) {
                        out.flush();
                    }
                }
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        writer.start();
        long n = 0;
        try (TraceReader r = TraceFiles.open(fifo, TraceFormat.DISKSIM_ASCII)) {
            for (TraceRecord rec = r.next(); rec != null; rec = r.next()) {
                n++;
            }
        }
        writer.join();
        assertThat(n).isEqualTo(records);
    }
}
