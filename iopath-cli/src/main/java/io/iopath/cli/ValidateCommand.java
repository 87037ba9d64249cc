package io.iopath.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.iopath.device.disk.DriveSpec;
import io.iopath.report.JsonText;
import io.iopath.validation.Comparison;
import io.iopath.validation.DiskSimHistogram;
import io.iopath.validation.DriveReplay;
import io.iopath.validation.ValidationFiles;
import io.iopath.validation.ValidationReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "validate", mixinStandardHelpOptions = true,
        description = {"Replays a DiskSim validate trace closed-loop on a drive, as DiskSim does, and compares"
                + " the simulated response times with the measured ones (DiskSim's demerit).",
                "Writes DIR/cdf.csv, DIR/quantiles.csv and DIR/cdf.svg."})
final class ValidateCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "TRACE", description = "DiskSim validate trace")
    Path trace;

    @Option(names = "--drive", required = true, paramLabel = "NAME|FILE",
            description = "drive preset (e.g. atlas10k, hp_c2247a) or DiskSim parameter file")
    String drive;

    @Option(names = "--json", description = "print one JSON object instead of the text summary")
    boolean json;

    @Option(names = "--out", paramLabel = "DIR", description = "where to write the CDFs and chart (default: TRACE-validation)")
    Path outDir;

    @Override
    public Integer call() throws IOException {
        if (!Files.isRegularFile(trace)) {
            throw new BadInputException(trace + ": no such trace file");
        }
        String stem = trace.getFileName().toString().replaceFirst("\\.[^.]*$", "");
        Path dir = outDir != null ? outDir : Path.of(stem + "-validation");
        OutputPaths.checkDirectory("--out", dir);
        DriveSpec d = DriveOption.resolve(drive);
        Comparison c = DriveReplay.compare(trace, d);
        if (c.requests() == 0) {
            throw new BadInputException(trace + ": the trace holds no requests");
        }
        ValidationReport r = ValidationReport.of(c);
        var measured = DiskSimHistogram.of(c.measuredMs()).cdf();
        var simulated = DiskSimHistogram.of(c.simulatedMs()).cdf();
        ValidationFiles.writeCdfCsv(dir.resolve("cdf.csv"), measured, simulated);
        ValidationFiles.writeQuantilesCsv(dir.resolve("quantiles.csv"), r);
        ValidationFiles.writeCdfSvg(dir.resolve("cdf.svg"), stem + " on " + d.name(), measured, simulated);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            ObjectNode m = JsonText.object();
            m.put("trace", trace.toString());
            m.put("drive", d.name());
            m.put("requests", r.requests());
            m.put("measured_mean_ms", r.measuredMeanMs());
            m.put("simulated_mean_ms", r.simulatedMeanMs());
            m.put("mean_error_percent", r.meanErrorPercent());
            m.put("demerit_ms", r.demeritMs());
            m.put("demerit_percent_of_mean", r.demeritPercentOfMean());
            m.put("sample_demerit_ms", r.sampleDemeritMs());
            m.put("out_dir", dir.toString());
            out.print(JsonText.of(m));
        } else {
            out.printf(Locale.ROOT, "validate %s on %s: %d requests, closed loop at queue depth 1%n", trace, d.name(),
                    r.requests());
            out.printf(Locale.ROOT, "measured mean   %8.3f ms%n", r.measuredMeanMs());
            out.printf(Locale.ROOT, "simulated mean  %8.3f ms  (%+.2f %%)%n", r.simulatedMeanMs(), r.meanErrorPercent());
            out.printf(Locale.ROOT, "demerit         %8.4f ms  (%.2f %% of the measured mean; DiskSim-exact buckets)%n",
                    r.demeritMs(), r.demeritPercentOfMean());
            out.printf(Locale.ROOT, "demerit         %8.4f ms  (exact sample quantiles)%n", r.sampleDemeritMs());
            out.printf(Locale.ROOT, "wrote %s, %s, %s%n", dir.resolve("cdf.csv"), dir.resolve("quantiles.csv"),
                    dir.resolve("cdf.svg"));
        }
        return 0;
    }
}
