package io.iopath.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ProgressBarTest {
    @Test
    void aRuntimeBoundedRunShowsTheShareOfSimulatedTimeAndTheWallTimeLeft() {
        ProgressBar bar = new ProgressBar(System.err, -1, 20_000_000_000L, () -> 0, false);
        // 5 of 20 s simulated in 10 s of wall time: 30 s left at that pace
        assertThat(bar.line(123, 5_000_000_000L, 10_000_000_000L))
                .isEqualTo("\r[########                      ]  25% 5.0 of 20.0 s simulated, 30 s left ");
    }

    @Test
    void aCountBoundedRunShowsTheShareOfIos() {
        ProgressBar bar = new ProgressBar(System.err, 1000, -1, () -> 0, false);
        assertThat(bar.line(100, 0, 90_000_000_000L)).contains(" 10% 100/1000 IOs, 13m30s left");
    }

    @Test
    void aRunBoundedByNeitherShowsCounts() {
        ProgressBar bar = new ProgressBar(System.err, -1, -1, () -> 0, false);
        assertThat(bar.line(42, 1_500_000_000L, 1)).isEqualTo("\r42 IOs, 1.5 s simulated");
    }

    @Test
    void withoutATerminalNothingIsPrinted() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (ProgressBar bar = new ProgressBar(new PrintStream(err, true, StandardCharsets.UTF_8), 10, -1, () -> 0, false)) {
            for (int i = 0; i <= 10; i++) {
                bar.update(i);
            }
        }
        assertThat(err.size()).isZero();
    }

    @Test
    void aRedirectedStandardErrorIsNoTerminal() {
        // surefire runs the tests with standard error on a pipe or a file, never a terminal
        assertThat(ProgressBar.stderrIsATerminal()).isFalse();
    }
}
