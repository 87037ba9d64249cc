package io.iopath.cli;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A new JVM running this command line as the {@code iopath} launcher starts it: the same java,
 * {@link Main#LAUNCHER_GC}, and the launcher's class-data archive {@code iopath.jsa} beside the
 * jar when it is there and {@code IOPATH_CDS} is not 0. For the bench's whole-process figures.
 * The launcher script's own share (its shell and its check for sources newer than the jar) is
 * not in them: {@code ./iopath --version} took 303 ± 20 ms against 273 ± 14 ms for the java
 * command it runs (hyperfine, 15 runs each, 2-core EPYC VM, 2026-12-07).
 */
final class FreshJvm {
    private final List<String> prefix;
    private final boolean archive;

    private FreshJvm(List<String> prefix, boolean archive) {
        this.prefix = prefix;
        this.archive = archive;
    }

    static FreshJvm asLauncherStartsIt() {
        String javaCommand = ProcessHandle.current().info().command().orElse("java");
        String cp = System.getProperty("java.class.path");
        List<String> cmd = new ArrayList<>(List.of(javaCommand));
        cmd.addAll(Main.LAUNCHER_GC);
        Path jsa = Path.of(cp).toAbsolutePath().resolveSibling("iopath.jsa");
        boolean archive = !"0".equals(System.getenv("IOPATH_CDS")) // the launcher's switch
                && !cp.contains(File.pathSeparator) && Files.isRegularFile(jsa);
        if (archive) {
            cmd.addAll(List.of("-XX:SharedArchiveFile=" + jsa, "-Xlog:disable", "-Xlog:all=error:stderr"));
        }
        cmd.addAll(List.of("-cp", cp, Main.class.getName()));
        return new FreshJvm(List.copyOf(cmd), archive);
    }

    /** What the figure was made with, for the line that prints it. */
    String archiveNote() {
        return archive ? "with the launcher's class-data archive" : "no class-data archive";
    }

    /**
     * Wall-clock nanoseconds of {@code runs} processes of {@code iopath ARGS}, one after another,
     * sorted.
     *
     * @throws Failed when one exits with a status other than 0, or the wait is interrupted
     */
    long[] time(int runs, String... args) throws IOException, Failed {
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of(args));
        long[] ns = new long[runs];
        for (int i = 0; i < runs; i++) {
            long t0 = System.nanoTime();
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            try {
                if (p.waitFor() != 0) {
                    throw new Failed("a fresh JVM exited with status " + p.exitValue());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new Failed("interrupted");
            }
            ns[i] = System.nanoTime() - t0;
        }
        java.util.Arrays.sort(ns);
        return ns;
    }

    /** Why a figure could not be made, for the line that would have printed it. */
    static final class Failed extends Exception {
        Failed(String why) {
            super(why);
        }
    }
}
