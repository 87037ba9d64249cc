package io.iopath.cli;

import com.sun.management.GarbageCollectionNotificationInfo;
import io.iopath.experiment.ScenarioRun;
import io.iopath.result.Result;
import io.iopath.scenario.ScenarioReader;
import io.iopath.workload.trace.SyntheticTrace;
import io.iopath.workload.trace.TraceFiles;
import io.iopath.workload.trace.TraceFormat;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code iopath bench trace}: trace replay speed and heap as the trace grows (docs/performance.md). */
@Command(name = "trace", mixinStandardHelpOptions = true,
        description = {"Replays generated traces of growing length (default up to 10,000,000 requests) open loop onto"
                + " the default drive, and reports wall time, requests per second and the peak live heap after GC,"
                + " which must stay flat as the trace grows (replay streams the trace)."})
final class BenchTraceCommand implements Callable<Integer> {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--requests", paramLabel = "N", split = ",", defaultValue = "1000000,3000000,10000000",
            description = "trace lengths to replay (default ${DEFAULT-VALUE})")
    List<Long> lengths = new ArrayList<>();

    @Option(names = "--format", paramLabel = "F", defaultValue = "ascii", description = "trace format (default ${DEFAULT-VALUE})")
    String format;

    @Option(names = "--dir", paramLabel = "DIR", description = "where to write the generated traces (default: a temporary directory, removed after)")
    Path dir;

    @Option(names = "--max-heap", paramLabel = "SIZE",
            description = "replay each length in a JVM of its own with this maximum heap (java -Xmx, e.g. 64m): the"
                    + " replay must fit it whatever the trace's length; a length that does not fails the command")
    String maxHeap;

    /** One measured replay. */
    record Row(long requests, long fileBytes, double wallS, double peakLiveBytes, double simulatedS) {
        double requestsPerS() {
            return requests / wallS;
        }
    }

    @Override
    public Integer call() throws IOException {
        TraceFormat f = TraceCommand.format(format, "--format");
        for (long n : lengths) {
            if (n < 1) {
                throw new BadInputException("--requests: expected trace lengths of at least 1, got " + n);
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        if (maxHeap != null) {
            return inChildJvms(f, out);
        }
        out.printf(Locale.ROOT, "trace replay, %s, open loop, default drive; java %s, %d cpus, max heap %d MiB%n",
                f.id, System.getProperty("java.version"), Runtime.getRuntime().availableProcessors(),
                Runtime.getRuntime().maxMemory() >> 20);
        out.printf(Locale.ROOT, "%12s %10s %10s %12s %14s %12s%n", "requests", "file MiB", "wall s", "requests/s", "peak live MiB", "sim s");
        for (long n : lengths) {
            Row r = measure(n, f, dir);
            out.printf(Locale.ROOT, "%12d %10.1f %10.2f %12.0f %14.1f %12.0f%n", r.requests(), r.fileBytes() / 1048576.0,
                    r.wallS(), r.requestsPerS(), r.peakLiveBytes() / 1048576.0, r.simulatedS());
            out.flush();
        }
        return 0;
    }

    /** {@link Main#LAUNCHER_GC}'s young generation size, as its -Xmn flag gives it (8m). */
    private static final String YOUNG_GENERATION = Main.LAUNCHER_GC.stream().filter(f -> f.startsWith("-Xmn"))
            .map(f -> f.substring(4)).findFirst().orElseThrow();

    /** A size in java -Xmx's syntax (at most 12 digits): bytes, or k, m, g (either case) times 1024, 1024², 1024³. */
    private static long heapBytes(String size) {
        char unit = Character.toLowerCase(size.charAt(size.length() - 1));
        int shift = unit == 'k' ? 10 : unit == 'm' ? 20 : unit == 'g' ? 30 : 0;
        String digits = shift == 0 ? size : size.substring(0, size.length() - 1);
        try {
            return Math.multiplyExact(Long.parseLong(digits), 1L << shift);
        } catch (ArithmeticException tooLarge) {
            return Long.MAX_VALUE; // more than any machine has: the child JVM refuses it, and the row says so
        }
    }

    /**
     * Each length in a JVM of its own, {@code -Xmx} {@link #maxHeap} and the launcher's collector
     * flags ({@link Main#LAUNCHER_GC}), printing its row; exit status 1 if one of them failed (out of memory).
     */
    private int inChildJvms(TraceFormat f, PrintWriter out) throws IOException {
        if (!maxHeap.matches("[0-9]{1,12}[kKmMgG]?")) {
            throw new BadInputException("--max-heap: expected a size such as 64m, got '" + maxHeap + "'");
        }
        if (heapBytes(maxHeap) <= heapBytes(YOUNG_GENERATION)) {
            // the child gets the launcher's young generation: a heap no larger leaves no old
            // generation, and the JVM says so in warnings instead of measuring what the option promises
            throw new BadInputException("--max-heap: expected more than " + YOUNG_GENERATION + " (the launcher holds the"
                    + " young generation at " + YOUNG_GENERATION + ", -Xmn" + YOUNG_GENERATION + "), got '" + maxHeap + "'");
        }
        String javaCommand = ProcessHandle.current().info().command().orElse("java");
        int status = 0;
        for (long n : lengths) {
            List<String> cmd = new ArrayList<>(List.of(javaCommand, "-Xmx" + maxHeap));
            cmd.addAll(Main.LAUNCHER_GC);
            cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(), "bench", "trace",
                    "--requests", Long.toString(n), "--format", f.id));
            if (dir != null) {
                cmd.addAll(List.of("--dir", dir.toString()));
            }
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            List<String> lines;
            try (var in = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream(),
                    java.nio.charset.StandardCharsets.UTF_8))) {
                lines = in.lines().toList();
            }
            int rc;
            try {
                rc = p.waitFor();
            } catch (InterruptedException e) {
                p.destroy();
                Thread.currentThread().interrupt();
                return 1;
            }
            if (rc == 0 && lines.size() >= 3) {
                if (n == lengths.get(0)) {
                    out.println(lines.get(0)); // the child's heading, with its max heap
                    out.println(lines.get(1));
                }
                out.println(lines.get(lines.size() - 1));
            } else {
                out.printf(Locale.ROOT, "%12d failed under -Xmx%s (exit %d): %s%n", n, maxHeap, rc,
                        lines.stream().filter(l -> l.contains("Error") || l.contains("Exception")).findFirst().orElse(""));
                status = 1;
            }
            out.flush();
        }
        return status;
    }

    /**
     * Generates an {@code n}-request trace (70 % reads, 4–64 KiB, a third sequential, 20 ms mean
     * gaps, so the drive keeps up), replays it, and deletes it.
     */
    static Row measure(long n, TraceFormat f, Path dir) throws IOException {
        Path work = dir != null ? dir : Files.createTempDirectory("iopath-bench");
        Path trace = work.resolve("bench-" + n + "." + f.id);
        try {
            try (TraceFiles.OutFile w = TraceFiles.create(trace)) {
                w.commit(); // the generator closes the file itself when done; a failed write still keeps it away
                SyntheticTrace.write(w, f, n, 400_000_000L, 20_000_000L, 1);
            }
            long size = Files.size(trace);
            String yaml = "name: bench\njobs:\n  - name: replay\n    read_iolog: \"" + trace + "\"\n";
            ScenarioRun run = new ScenarioRun(ScenarioReader.read("bench.yaml", yaml, List.of()));
            System.gc();
            PeakLiveHeap peak = new PeakLiveHeap();
            long t0 = System.nanoTime();
            Result r = run.execute(p -> { });
            long wall = System.nanoTime() - t0;
            peak.stop();
            return new Row(r.total().ios(), size, wall / 1e9, peak.maxBytes(), r.elapsedNs() / 1e9);
        } finally {
            Files.deleteIfExists(trace);
            if (dir == null) {
                Files.deleteIfExists(work);
            }
        }
    }

    /** The largest heap in use right after a garbage collection: the live set, not garbage. */
    static final class PeakLiveHeap {
        private final AtomicLong max = new AtomicLong();
        private final List<Runnable> removers = new ArrayList<>();

        PeakLiveHeap() {
            for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
                if (gc instanceof NotificationEmitter emitter) {
                    NotificationListener l = (n, h) -> {
                        if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
                            var info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
                            long used = 0;
                            for (MemoryUsage u : info.getGcInfo().getMemoryUsageAfterGc().values()) {
                                used += u.getUsed();
                            }
                            max.accumulateAndGet(used, Math::max);
                        }
                    };
                    emitter.addNotificationListener(l, null, null);
                    removers.add(() -> {
                        try {
                            emitter.removeNotificationListener(l);
                        } catch (javax.management.ListenerNotFoundException ignored) {
                            // already gone
                        }
                    });
                }
            }
        }

        void stop() {
            System.gc();
            removers.forEach(Runnable::run);
        }

        long maxBytes() {
            return max.get();
        }
    }
}
