package io.iopath.cli;

import io.iopath.experiment.Riska2007;
import io.iopath.experiment.Sweep;
import io.iopath.experiment.SweepException;
import io.iopath.experiment.SweepGrid;
import io.iopath.files.AtomicFiles;
import io.iopath.report.LabelledResult;
import io.iopath.report.RunReport;
import io.iopath.result.Result;
import io.iopath.scenario.ScenarioException;
import io.iopath.scenario.Scenario;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code iopath reproduce riska2007}: Figures 15 and 16 of Riska et al. as one sweep
 * ({@link Riska2007}), printed as a table of transactions per second with the paper's findings beside it,
 * and written to {@code DIR/table.csv} and {@code DIR/report.html}.
 */
final class Riska2007Command {
    private Riska2007Command() {
    }

    static int run(ReproduceCommand c) throws IOException {
        PrintWriter out = c.spec.commandLine().getOut();
        PrintWriter err = c.spec.commandLine().getErr();
        Path file = c.scenario != null ? c.scenario : Launcher.sourceTree()
                .map(r -> r.resolve("examples/riska2007.yaml")).orElse(Path.of("examples/riska2007.yaml"));
        if (!Files.isRegularFile(file)) {
            throw new BadInputException(file + ": no such scenario file (give --scenario FILE)");
        }
        int threads = c.jobs == null ? Sweep.defaultJobs() : c.jobs;
        if (threads < 1) {
            throw new BadInputException("--jobs: expected at least 1, got " + threads);
        }
        List<String> depths = c.depths == null ? Riska2007.DEPTHS : c.depths.stream().map(String::strip).toList();
        for (String d : depths) {
            if (!d.matches("[1-9][0-9]*")) {
                throw new BadInputException("--depths: expected queue depths such as 1,4,16, got '" + d + "'");
            }
        }
        Riska2007.Grid g = new Riska2007.Grid(Riska2007.DRIVES, Riska2007.SCHEDULERS, depths, Riska2007.CACHE);
        SweepGrid<Scenario> grid;
        try {
            grid = Riska2007.grid(file, c.overrides, g);
        } catch (ScenarioException | SweepException e) {
            throw new BadInputException(e.getMessage());
        }
        long t0 = System.nanoTime();
        int[] done = {0};
        List<Riska2007.Point> points = Riska2007.run(grid, threads, new Sweep.Listener<Result>() {
            @Override
            public void finished(SweepGrid.Point<?> p, Result r) {
                done[0]++;
                err.printf(Locale.ROOT, "riska2007: %d/%d %s: %.1f tps%n", done[0], grid.size(), p.description(),
                        r.postmark().get(0).transactionsPerSecond());
                err.flush();
            }
        });
        double wall = (System.nanoTime() - t0) / 1e9;
        String fsType = grid.points().get(0).scenario().filesystem().type();

        out.println("Riska, Larkby-Lahet, Riedel (USENIX ATC 2007), Figures 15 (write cache off) and 16 (on):");
        out.println("Postmark transactions/s, " + file.getFileName() + " on " + fsType
                + (fsType.equals("reiserfs") ? "" : " (the paper ran ReiserFS)"));
        out.print(table(points, depths));
        out.println();
        out.println("The paper's findings and what the model gives:");
        for (Riska2007.Finding f : Riska2007.findings(points)) {
            out.println("(" + f.id() + ") paper: " + f.paper());
            out.println("    model: " + f.model() + " -> " + f.verdict());
            out.println("    test:  " + f.test());
        }
        long transactions = Riska2007.transactions(points);
        out.printf(Locale.ROOT, "%n%d runs in %.1f s of wall time on %d threads: %.0f simulated Postmark transactions per wall"
                + " second%n", points.size(), wall, threads, transactions / wall);
        if (c.outDir != null) {
            Files.createDirectories(c.outDir);
            AtomicFiles.writeStrings(List.of(c.outDir.resolve("table.csv"), c.outDir.resolve("report.html")),
                    List.of(Riska2007.csv(points), html(points, file, fsType)));
            out.println("wrote " + c.outDir.resolve("table.csv") + " and " + c.outDir.resolve("report.html"));
        }
        return 0;
    }

    /** A row per scheduler and depth, a column per drive and cache mode. */
    static String table(List<Riska2007.Point> points, List<String> depths) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%-13s %5s", "scheduler", "depth"));
        List<String[]> columns = new ArrayList<>();
        for (String cache : Riska2007.CACHE) {
            for (String drive : Riska2007.DRIVES) {
                columns.add(new String[] {cache, drive});
                sb.append(String.format(Locale.ROOT, " %22s", drive.replace("-scsi", "") + " " + cache));
            }
        }
        sb.append('\n');
        for (String s : Riska2007.SCHEDULERS) {
            for (String d : depths) {
                sb.append(String.format(Locale.ROOT, "%-13s %5s", s, d));
                for (String[] col : columns) {
                    double tps = points.stream().filter(p -> p.writeCache().equals(col[0]) && p.drive().equals(col[1])
                            && p.scheduler().equals(s) && p.queueDepth() == Integer.parseInt(d))
                            .mapToDouble(Riska2007.Point::tps).findFirst().orElse(Double.NaN);
                    sb.append(String.format(Locale.ROOT, " %22.1f", tps));
                }
                sb.append('\n');
            }
        }
        return sb.toString();
    }

    static String html(List<Riska2007.Point> points, Path file, String fsType) {
        List<LabelledResult> runs = new ArrayList<>();
        for (Riska2007.Point p : points) {
            runs.add(new LabelledResult(List.of(p.writeCache(), p.drive(), p.scheduler(), Integer.toString(p.queueDepth())),
                    p.result()));
        }
        String intro = "<section>\n<p>Riska, Larkby-Lahet and Riedel, <i>Evaluating Block-level Optimization Through the IO"
                + " Path</i>, USENIX ATC 2007: Figure 15 is <b>write_cache=off</b> (write-through), Figure 16"
                + " <b>write_cache=on</b> (write-back). Scenario <code>" + esc(file.getFileName().toString()) + "</code> on <b>"
                + esc(fsType) + "</b>" + (fsType.equals("reiserfs") ? "" : " (the paper ran ReiserFS)") + ". Each point is Postmark's transactions per second in simulated time (configured transactions"
                + " over the transaction phase); lines that coincide are drawn over each other. See docs/postmark.md.</p>\n</section>\n";
        StringBuilder after = new StringBuilder("<section>\n<h2>The paper's findings and what the model gives</h2>\n"
                + "<table class=\"summary\">\n<thead><tr><th class=\"label\"></th><th class=\"label\">paper</th>"
                + "<th class=\"label\">model</th><th class=\"label\">test</th><th class=\"label\">verdict</th></tr></thead>\n");
        for (Riska2007.Finding f : Riska2007.findings(points)) {
            after.append("<tr><td class=\"label\" style=\"white-space:normal\">(").append(esc(f.id())).append(")</td><td class=\"label\" style=\"white-space:normal\">")
                    .append(esc(f.paper())).append("</td><td class=\"label\" style=\"white-space:normal\">").append(esc(f.model()))
                    .append("</td><td class=\"label\" style=\"white-space:normal\">").append(esc(f.test())).append("</td><td class=\"label\" style=\"white-space:normal\"><b>")
                    .append(esc(f.verdict())).append("</b></td></tr>\n");
        }
        after.append("</table>\n</section>\n");
        return RunReport.metricPage("riska2007: Postmark throughput vs queue depth", intro,
                List.of("write_cache", "drive", "scheduler", "queue_depth"), runs, "Postmark transactions per second",
                "transactions/s", r -> r.postmark().get(0).transactionsPerSecond(), after.toString());
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
