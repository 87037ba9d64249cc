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

    /** One measured replay. */
    record Row(long requests, long fileBytes, double wallS, double peakLiveBytes, double simulatedS) {
        double requestsPerS() {
            return requests / wallS;
        }
    }

    @Override
    public Integer call() throws IOException {
        TraceFormat f = TraceCommand.format(format, "--format");
        PrintWriter out = spec.commandLine().getOut();
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
