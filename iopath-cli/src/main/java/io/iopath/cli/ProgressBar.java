package io.iopath.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * A one-line progress bar on standard error, shown only when standard error is a terminal (not
 * when it is redirected to a file or a pipe, whatever standard output is) and only once a run has
 * taken two seconds of wall-clock time. It redraws at most ten times a second, and shows the
 * share done, of the simulated end time when the run is bounded by time ({@code runtime}) or of
 * the IO count when bounded by count, and the wall time left at the pace so far.
 */
final class ProgressBar implements AutoCloseable {
    private static final long SHOW_AFTER_NS = 2_000_000_000L;
    /** At most ten redraws a second. */
    private static final long REDRAW_NS = 100_000_000L;
    private static final int WIDTH = 30;

    private final PrintStream out;
    private final long totalIos;
    private final long endNs;
    private final LongSupplier simulatedNow;
    private final boolean enabled;
    private final long startNs = System.nanoTime();
    private long lastDrawNs;
    private boolean shown;

    /**
     * @param totalIos     the IOs the run will complete, or -1 if bounded otherwise
     * @param endNs        the simulated time the run stops at, or -1 if bounded otherwise
     * @param simulatedNow the simulator's clock
     */
    ProgressBar(PrintStream out, long totalIos, long endNs, LongSupplier simulatedNow) {
        this(out, totalIos, endNs, simulatedNow, stderrIsATerminal());
    }

    ProgressBar(PrintStream out, long totalIos, long endNs, LongSupplier simulatedNow, boolean enabled) {
        this.out = out;
        this.totalIos = totalIos;
        this.endNs = endNs;
        this.simulatedNow = simulatedNow;
        this.enabled = enabled;
    }

    /**
     * Whether file descriptor 2 is a terminal. Java 17 can ask only whether the JVM has a console
     * (standard input and output on a terminal), so on Linux the descriptor's target is read
     * from /proc; elsewhere the console stands in for it.
     */
    static boolean stderrIsATerminal() {
        Path fd2 = Path.of("/proc/self/fd/2");
        try {
            if (Files.exists(Path.of("/proc/self/fd"))) {
                String target = Files.readSymbolicLink(fd2).toString();
                return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty") || target.equals("/dev/console");
            }
        } catch (java.io.IOException | UnsupportedOperationException | SecurityException e) {
            // fall through to the console
        }
        return System.console() != null;
    }

    void update(long doneIos) {
        if (!enabled) {
            return;
        }
        long now = System.nanoTime();
        if (now - startNs < SHOW_AFTER_NS || (shown && now - lastDrawNs < REDRAW_NS)) {
            return;
        }
        lastDrawNs = now;
        shown = true;
        out.print(line(doneIos, simulatedNow.getAsLong(), now - startNs));
        out.flush();
    }

    /** The bar's text (after a carriage return): share done, what of, and the time left. */
    String line(long doneIos, long simulatedNs, long wallNs) {
        double share;
        String what;
        if (endNs > 0) {
            share = Math.min(1.0, simulatedNs / (double) endNs);
            what = String.format(Locale.ROOT, "%.1f of %.1f s simulated", simulatedNs / 1e9, endNs / 1e9);
        } else if (totalIos > 0) {
            share = Math.min(1.0, doneIos / (double) totalIos);
            what = doneIos + "/" + totalIos + " IOs";
        } else {
            return String.format(Locale.ROOT, "\r%d IOs, %.1f s simulated", doneIos, simulatedNs / 1e9);
        }
        int filled = (int) Math.round(WIDTH * share);
        String left = share <= 0 ? "" : ", " + duration(wallNs * (1 - share) / share) + " left";
        return String.format(Locale.ROOT, "\r[%s%s] %3d%% %s%s ", "#".repeat(filled), " ".repeat(WIDTH - filled),
                (int) Math.floor(100 * share), what, left);
    }

    private static String duration(double ns) {
        long s = Math.round(ns / 1e9);
        return s >= 3600 ? String.format(Locale.ROOT, "%dh%02dm", s / 3600, s / 60 % 60)
                : s >= 60 ? String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60) : s + " s";
    }

    @Override
    public void close() {
        if (shown) {
            out.print("\r" + " ".repeat(100) + "\r");
            out.flush();
        }
    }
}
