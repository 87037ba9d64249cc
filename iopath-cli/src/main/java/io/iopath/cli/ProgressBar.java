package io.iopath.cli;

import java.io.PrintStream;
import java.util.Locale;

/**
 * A one-line progress bar on a terminal, shown only once a run has taken more than two seconds
 * of wall-clock time, and never without a console (scripts, CI, output piped). Java 17 can only
 * ask whether the JVM has a console (standard input and output on a terminal), not about
 * standard error itself, so {@code 2>file} on a terminal still gets the bar in the file.
 */
final class ProgressBar implements AutoCloseable {
    private static final long SHOW_AFTER_NS = 2_000_000_000L;
    private final PrintStream out;
    private final long total;
    private final long startNs = System.nanoTime();
    private final boolean enabled = System.console() != null;
    private boolean shown;

    ProgressBar(PrintStream out, long total) {
        this.out = out;
        this.total = total;
    }

    void update(long done) {
        if (!enabled || System.nanoTime() - startNs < SHOW_AFTER_NS) {
            return;
        }
        shown = true;
        if (total > 0) {
            int width = 40;
            int filled = (int) Math.min(width, width * done / total);
            out.printf(Locale.ROOT, "\r[%s%s] %3d%% %d/%d IOs", "#".repeat(filled), " ".repeat(width - filled),
                    100 * done / total, done, total);
        } else {
            out.printf(Locale.ROOT, "\r%d IOs simulated", done);
        }
        out.flush();
    }

    @Override
    public void close() {
        if (shown) {
            out.print("\r" + " ".repeat(79) + "\r");
            out.flush();
        }
    }
}
