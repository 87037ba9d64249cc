package io.iopath.cli;

import io.iopath.experiment.QemuCacheModes;
import io.iopath.experiment.ScenarioRun;
import io.iopath.report.CacheModesReport;
import io.iopath.result.CacheModeRow;
import io.iopath.files.AtomicFiles;
import io.iopath.report.LabelledResult;
import io.iopath.report.RunReport;
import io.iopath.result.Result;
import io.iopath.scenario.ScenarioReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "reproduce", mixinStandardHelpOptions = true,
        description = {"Re-runs a published experiment from its scenario files in examples/.",
                "qemu-write-cache: the 2008 QEMU thread's random IO on a laptop disk, write cache off and on.",
                "qemu-cache-modes: the same thread's question one level up: a guest on a virtual disk in each QEMU"
                        + " cache mode, virtio-blk and the 2008 IDE emulation, write cache off and on, cut by a host power failure.",
                "riska2007: Riska et al. (USENIX ATC 2007) Figures 15 and 16, Postmark over scheduler, queue depth,"
                        + " drive and write cache (112 runs)."})
final class ReproduceCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "EXPERIMENT", description = "qemu-write-cache, qemu-cache-modes or riska2007")
    String experiment;

    @Option(names = "--out", paramLabel = "DIR", description = "write DIR/table.csv; qemu-write-cache also DIR/table.svg (a"
            + " chart of the table: IOPS against block size, a line per pattern and write cache) and DIR/results.csv,"
            + " DIR/latency.csv and DIR/report.html of every run, as a sweep's --out (docs/reports.md); qemu-cache-modes"
            + " also DIR/index.html; riska2007 also DIR/report.html")
    Path outDir;

    @Option(names = "--scenarios", paramLabel = "DIR",
            description = "directory with the scenario files (default: examples/EXPERIMENT; qemu-cache-modes also reads"
                    + " the jobs of DIR/../qemu-write-cache)")
    Path scenarios;

    @Option(names = "--scenario", paramLabel = "FILE",
            description = "riska2007: the scenario file (default: examples/riska2007.yaml)")
    Path scenario;

    @Option(names = "--set", paramLabel = "PATH=VALUE",
            description = "riska2007: override a field of every run, e.g. --set filesystem.type=ext3 --set cpu.syscall_cost=2us")
    List<String> overrides = new java.util.ArrayList<>();

    @Option(names = "--jobs", paramLabel = "N",
            description = "qemu-cache-modes, riska2007: runs at a time (default: the number of cores)")
    Integer jobs;

    @Option(names = "--depths", paramLabel = "D1,D2,...", split = ",",
            description = "riska2007: queue depths to run (default: 1,2,4,8,16,32,64)")
    List<String> depths;

    private static final String[] SIZES = {"4k", "128k"};
    private static final String[] PATTERNS = {"read", "write", "rw"};
    private static final String[] CACHE = {"off", "on"};

    @Override
    public Integer call() throws IOException {
        if (!List.of("qemu-write-cache", "qemu-cache-modes", "riska2007").contains(experiment)) {
            throw new BadInputException("reproduce: expected qemu-write-cache, qemu-cache-modes or riska2007, got '"
                    + experiment + "'");
        }
        // an option of another experiment would be ignored here without a word: refused instead
        boolean riska = experiment.equals("riska2007");
        onlyFor("--scenario", scenario != null && !riska, "riska2007");
        onlyFor("--set", !overrides.isEmpty() && !riska, "riska2007");
        onlyFor("--depths", depths != null && !riska, "riska2007");
        onlyFor("--jobs", jobs != null && experiment.equals("qemu-write-cache"), "qemu-cache-modes and riska2007");
        OutputPaths.checkDirectory("--out", outDir);
        if (experiment.equals("qemu-cache-modes")) {
            return cacheModes();
        }
        if (riska) {
            return Riska2007Command.run(this);
        }
        Path dir = scenarios != null ? scenarios : Launcher.sourceTree()
                .map(r -> r.resolve("examples/qemu-write-cache")).orElse(Path.of("examples/qemu-write-cache"));
        if (!Files.isDirectory(dir)) {
            throw new BadInputException(dir + ": no such directory (give --scenarios DIR)");
        }
        double[][][] iops = new double[SIZES.length][PATTERNS.length][CACHE.length];
        StringBuilder csv = new StringBuilder("block_size,pattern,write_cache,iops\n");
        List<LabelledResult> runs = new ArrayList<>();
        List<LabelledResult> chartRuns = new ArrayList<>();
        for (int s = 0; s < SIZES.length; s++) {
            for (int p = 0; p < PATTERNS.length; p++) {
                Path file = dir.resolve(SIZES[s] + "-" + PATTERNS[p] + ".yaml");
                if (!Files.isRegularFile(file)) {
                    throw new BadInputException(file + ": no such scenario file");
                }
                for (int c = 0; c < CACHE.length; c++) {
                    Result r = ScenarioRun.run(ScenarioReader.read(file, List.of("drive.write_cache=" + CACHE[c])));
                    iops[s][p][c] = r.total().iops();
                    runs.add(new LabelledResult(List.of(SIZES[s], PATTERNS[p], CACHE[c]), r));
                    chartRuns.add(new LabelledResult(List.of(PATTERNS[p] + ", write cache " + CACHE[c], SIZES[s]), r));
                    csv.append(String.format(Locale.ROOT, "%s,%s,%s,%.1f%n", SIZES[s], PATTERNS[p], CACHE[c],
                            iops[s][p][c]));
                }
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println("QEMU write-cache experiment (2008): laptop-7200-250g, 90 GB at the start, O_DIRECT, iodepth 1");
        out.printf(Locale.ROOT, "%-8s %10s %10s %10s %10s%n", "IOPS", "4k off", "4k on", "128k off", "128k on");
        for (int p = 0; p < PATTERNS.length; p++) {
            out.printf(Locale.ROOT, "%-8s %10.1f %10.1f %10.1f %10.1f%n", PATTERNS[p], iops[0][p][0], iops[0][p][1],
                    iops[1][p][0], iops[1][p][1]);
        }
        if (outDir != null) {
            AtomicFiles.writeStrings(List.of(outDir.resolve("table.csv"), outDir.resolve("table.svg")),
                    List.of(csv.toString(), RunReport.tableChart(List.of("setting", "block_size"), chartRuns, "IOPS",
                            x -> x.total().iops())));
            List<Path> files = RunReport.writeComparison(outDir, "QEMU write-cache experiment (2008)",
                    List.of("block_size", "pattern", "write_cache"), runs);
            out.println("wrote " + outDir.resolve("table.csv") + ", " + outDir.resolve("table.svg") + ", "
                    + String.join(", ", files.stream().map(Path::toString).toList()));
        }
        return 0;
    }

    private void onlyFor(String option, boolean given, String experiments) {
        if (given) {
            throw new BadInputException(option + ": only for " + experiments + ", not " + experiment);
        }
    }

    /** The cache-mode grid: every scenario read first, then the runs, {@code --jobs} at a time. */
    private Integer cacheModes() throws IOException {
        int threads = jobs == null ? io.iopath.experiment.Sweep.defaultJobs() : jobs;
        if (threads < 1) {
            throw new BadInputException("--jobs: expected at least 1, got " + threads);
        }
        Path dir = scenarios != null ? scenarios : Launcher.sourceTree()
                .map(r -> r.resolve("examples/qemu-cache-modes")).orElse(Path.of("examples/qemu-cache-modes"));
        Path writeCache = dir.toAbsolutePath().getParent() == null ? dir.resolve("../qemu-write-cache")
                : dir.toAbsolutePath().getParent().resolve("qemu-write-cache");
        for (Path d : List.of(dir, writeCache)) {
            if (!Files.isDirectory(d)) {
                throw new BadInputException(d + ": no such directory (give --scenarios DIR)");
            }
        }
        for (Path f : List.of(dir.resolve("guest.yaml"), dir.resolve("guest-ext3-fsync.yaml"))) {
            if (!Files.isRegularFile(f)) {
                throw new BadInputException(f + ": no such scenario file");
            }
        }
        for (String w : QemuCacheModes.workloads()) {
            Path f = writeCache.resolve(w + ".yaml");
            if (!w.equals(QemuCacheModes.EXT3) && !Files.isRegularFile(f)) {
                throw new BadInputException(f + ": no such scenario file");
            }
        }
        List<QemuCacheModes.Cell> cells;
        try {
            cells = QemuCacheModes.cells(writeCache, dir);
        } catch (IllegalArgumentException | java.io.UncheckedIOException e) {
            throw new BadInputException(e.getMessage());
        }
        List<CacheModeRow> rows = QemuCacheModes.run(cells, threads);
        PrintWriter out = spec.commandLine().getOut();
        out.println("QEMU cache modes: a guest on a 90 GB raw volume of laptop-7200-250g, host power cut at 2.5 s"
                + " (guest IOPS; writes lost over all seven workloads)");
        out.print(CacheModesReport.text(rows));
        if (outDir != null) {
            AtomicFiles.writeStrings(List.of(outDir.resolve("table.csv"), outDir.resolve("index.html")),
                    List.of(CacheModesReport.csv(rows), CacheModesReport.html(rows, "2.5 s into each 3 s run")));
            out.println("wrote " + outDir.resolve("table.csv") + " and " + outDir.resolve("index.html"));
        }
        return 0;
    }
}
