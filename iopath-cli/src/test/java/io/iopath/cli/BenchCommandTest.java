package io.iopath.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchCommandTest {
    @TempDir
    Path dir;

    @Test
    void benchTraceReplaysEveryGeneratedRequestAndCleansUp() throws Exception {
        CliRunner.Outcome o = CliRunner.run("bench", "trace", "--requests", "2000,5000", "--dir", dir.toString());
        assertThat(o.status()).as(o.err()).isZero();
        assertThat(o.out()).containsPattern("(?m)^ +2000 ").containsPattern("(?m)^ +5000 ");
        try (var files = Files.list(dir)) {
            assertThat(files).isEmpty();
        }
    }
}
