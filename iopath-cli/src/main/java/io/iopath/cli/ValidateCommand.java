package io.iopath.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.iopath.device.disk.DriveSpec;
import io.iopath.report.JsonText;
import io.iopath.validation.Agreement;
import io.iopath.validation.Comparison;
import io.iopath.validation.DiskSimHistogram;
import io.iopath.validation.DriveReplay;
import io.iopath.validation.PerRequestTimes;
import io.iopath.validation.ValidationFiles;
import io.iopath.validation.ValidationReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "validate", mixinStandardHelpOptions = true,
        description = {"Replays a DiskSim validate trace closed-loop on a drive, as DiskSim does, and compares"
                + " the simulated response times with the measured ones (DiskSim's demerit).",
                "Writes DIR/cdf.csv, DIR/quantiles.csv and DIR/cdf.svg; DIR is --out, or else NAME-validation in the"
                        + " trace's own directory (for dir/NAME.trace: dir/NAME-validation), whatever the current directory."})
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

    @Option(names = "--out", paramLabel = "DIR", description = "where to write the CDFs and chart (default: beside the trace, its name without the extension"
                    + " and -validation: dir/NAME.trace gives dir/NAME-validation)")
    Path outDir;

    @Option(names = "--per-request", paramLabel = "FILE",
            description = "write each request's simulated response (ms, six decimals, one line per trace line:"
                    + " the format of DiskSim's per-request output)")
    Path perRequest;

    @Option(names = "--against", paramLabel = "FILE",
            description = "compare request by request with such a file (e.g. DiskSim's own output for the trace):"
                    + " how many agree within 0.01 / 0.1 / 1 ms, and the 20 largest differences")
    Path against;

    @Override
    public Integer call() throws IOException {
        if (!Files.isRegularFile(trace)) {
            throw new BadInputException(trace + ": no such trace file");
        }
        String stem = trace.getFileName().toString().replaceFirst("\\.[^.]*$", "");
        // beside the trace, not in the current directory: the outputs belong with what they validate
        Path dir = outDir != null ? outDir : trace.resolveSibling(stem + "-validation");
        OutputPaths.checkDirectory("--out", dir);
        OutputPaths.checkFile("--per-request", perRequest);
        if (against != null && !Files.isRegularFile(against)) {
            throw new BadInputException(against + ": no such per-request file");
        }
        DriveSpec d = DriveOption.resolve(drive);
        DriveReplay.Run run = DriveReplay.replay(trace, d);
        Comparison c = run.comparison();
        if (c.requests() == 0) {
            throw new BadInputException(trace + ": the trace holds no requests");
        }
        Agreement agreement = null;
        if (against != null) {
            double[] reference = PerRequestTimes.read(against, c.requests());
            agreement = Agreement.of(rounded(c.simulatedMs()), reference, run.classes());
        }
        if (perRequest != null) {
            PerRequestTimes.write(perRequest, c.simulatedMs());
        }
        ValidationReport r = ValidationReport.of(c);
        var measured = DiskSimHistogram.of(c.measuredMs()).cdf();
        var simulated = DiskSimHistogram.of(c.simulatedMs()).cdf();
        List<Path> files = ValidationFiles.write(dir, stem + " on " + d.name(), measured, simulated, r);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            ObjectNode m = JsonText.object();
            m.put("iopath_version", io.iopath.result.Provenance.VERSION);
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
            if (perRequest != null) {
                m.put("per_request", perRequest.toString());
            }
            if (agreement != null) {
                ObjectNode a = m.putObject("against");
                a.put("file", against.toString());
                a.put("requests", agreement.requests());
                a.put("within_0_01_ms", agreement.within10us());
                a.put("within_0_1_ms", agreement.within100us());
                a.put("within_1_ms", agreement.within1ms());
                var largest = a.putArray("largest");
                for (Agreement.Difference x : agreement.largest()) {
                    ObjectNode e = largest.addObject();
                    e.put("line", x.line());
                    e.put("class", x.requestClass().label());
                    e.put("simulated_ms", x.simulatedMs());
                    e.put("reference_ms", x.referenceMs());
                }
            }
            out.print(JsonText.of(m));
        } else {
            out.printf(Locale.ROOT, "validate %s on %s: %d requests, closed loop at queue depth 1%n", trace, d.name(),
                    r.requests());
            out.printf(Locale.ROOT, "measured mean   %8.3f ms%n", r.measuredMeanMs());
            out.printf(Locale.ROOT, "simulated mean  %8.3f ms  (%+.2f %%)%n", r.simulatedMeanMs(), r.meanErrorPercent());
            out.printf(Locale.ROOT, "demerit         %8.4f ms  (%.2f %% of the measured mean; DiskSim-exact buckets)%n",
                    r.demeritMs(), r.demeritPercentOfMean());
            out.printf(Locale.ROOT, "demerit         %8.4f ms  (exact sample quantiles)%n", r.sampleDemeritMs());
            out.printf(Locale.ROOT, "wrote %s, %s, %s%n", files.get(0), files.get(1), files.get(2));
            if (perRequest != null) {
                out.printf(Locale.ROOT, "wrote %s (per-request responses)%n", perRequest);
            }
            if (agreement != null) {
                printAgreement(out, agreement);
            }
        }
        return 0;
    }

    private void printAgreement(PrintWriter out, Agreement a) {
        out.printf(Locale.ROOT, "against %s, request by request:%n", against);
        int[] counts = {a.within10us(), a.within100us(), a.within1ms()};
        for (int k = 0; k < counts.length; k++) {
            out.printf(Locale.ROOT, "  within %-5s ms  %6d of %d  (%.2f %%)%n", Agreement.TOLERANCES_MS[k],
                    counts[k], a.requests(), 100.0 * a.fraction(counts[k]));
        }
        out.printf(Locale.ROOT, "largest differences (simulated - reference):%n");
        out.printf(Locale.ROOT, "  %6s  %-42s %12s %12s %10s%n", "line", "class", "simulated", "reference", "diff");
        for (Agreement.Difference x : a.largest()) {
            out.printf(Locale.ROOT, "  %6d  %-42s %12.6f %12.6f %+10.6f%n", x.line(), x.requestClass().label(),
                    x.simulatedMs(), x.referenceMs(), x.differenceMs());
        }
    }

    /** The responses as the per-request file prints them (6 decimals), so counts match the files. */
    private static double[] rounded(double[] ms) {
        double[] out = new double[ms.length];
        for (int i = 0; i < ms.length; i++) {
            out[i] = Math.round(ms[i] * 1e6) / 1e6;
        }
        return out;
    }
}
