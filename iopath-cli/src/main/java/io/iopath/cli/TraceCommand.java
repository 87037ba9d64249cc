package io.iopath.cli;

import io.iopath.workload.trace.TraceFiles;
import io.iopath.workload.trace.TraceFormat;
import io.iopath.workload.trace.io.TraceReader;
import io.iopath.workload.trace.io.TraceRecord;
import io.iopath.workload.trace.TraceStats;
import io.iopath.workload.trace.io.TraceWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code iopath trace stat|convert}: look at block traces and move them between formats. */
@Command(name = "trace",
        mixinStandardHelpOptions = true,
        description = {"Block traces: statistics and format conversion.",
                "Formats: ascii, validate (DiskSim), msr, spc, blkparse, iolog2, iolog3 (plain or gzip);"
                        + " detected from the content unless --format is given."},
        subcommands = {TraceCommand.Stat.class, TraceCommand.Convert.class})
final class TraceCommand implements Runnable {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    static TraceFormat format(String id, String option) {
        if (id == null) {
            return null;
        }
        return TraceFormat.byId(id).orElseThrow(() -> new BadInputException(
                option + ": expected one of " + String.join(", ", TraceFormat.ids()) + ", got '" + id + "'"));
    }

    @Command(name = "stat", mixinStandardHelpOptions = true,
            description = "Requests, read share, size histogram, sequential share, inter-arrival times and address span.")
    static final class Stat implements Callable<Integer> {
        @picocli.CommandLine.Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Parameters(index = "0", paramLabel = "FILE", description = "trace file (plain or gzip)")
        Path file;

        @Option(names = "--format", paramLabel = "F", description = "trace format, when detection is ambiguous")
        String format;

        @Override
        public Integer call() {
            TraceStats stats = new TraceStats();
            TraceFormat f;
            try (TraceReader reader = TraceFiles.open(file, format(format, "--format"))) {
                for (TraceRecord r = reader.next(); r != null; r = reader.next()) {
                    stats.add(r);
                }
                f = TraceFormat.of(reader);
                reader.warnings().forEach(w -> spec.commandLine().getErr().println("iopath: " + w));
            }
            spec.commandLine().getOut().print(stats.render(file.toString(), f));
            spec.commandLine().getOut().flush();
            return 0;
        }
    }

    @Command(name = "convert", mixinStandardHelpOptions = true,
            description = "Rewrites a trace in another format (to standard output, or -o FILE; .gz compresses).")
    static final class Convert implements Callable<Integer> {
        @picocli.CommandLine.Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Parameters(index = "0", paramLabel = "FILE", description = "trace file (plain or gzip)")
        Path file;

        @Option(names = "--to", required = true, paramLabel = "FORMAT", description = "ascii, validate, msr, spc, blkparse, iolog2, iolog3 (iolog = iolog3)")
        String to;

        @Option(names = "--format", paramLabel = "F", description = "input format, when detection is ambiguous")
        String format;

        @Option(names = {"-o", "--output"}, paramLabel = "OUT",
                description = "output file (default: standard output); it appears only when the whole trace converted")
        Path output;

        @Option(names = "--force", description = "replace OUT if it exists")
        boolean force;

        @Override
        public Integer call() throws IOException {
            TraceFormat target = format(to, "--to");
            TraceFormat from = format(format, "--format");
            OutputPaths.checkNew("--output", output, force);
            OutputPaths.checkFile("--output", output);
            if (output != null && Files.exists(file) && Files.exists(output) && Files.isSameFile(file, output)) {
                throw new BadInputException("--output: " + output + " is the input trace; give another file");
            }
            long n = 0;
            long skipped;
            try (TraceReader reader = TraceFiles.open(file, from)) {
                TraceFiles.OutFile outFile = output == null ? null : TraceFiles.create(output);
                TraceWriter writer = outFile == null
                        ? target.writer(new NonClosingWriter(spec.commandLine().getOut()))
                        : target.writer(outFile);
                // an error part-way (a malformed line) closes the writer without a commit: no file
                try (writer) {
                    for (TraceRecord r = reader.next(); r != null; r = reader.next()) {
                        writer.write(r);
                        n++;
                    }
                    if (outFile != null) {
                        outFile.commit();
                    }
                }
                skipped = writer.skipped();
                reader.warnings().forEach(w -> spec.commandLine().getErr().println("iopath: " + w));
            }
            java.io.PrintWriter err = spec.commandLine().getErr();
            if (skipped > 0) {
                err.println("iopath: " + skipped + " of " + n + " records have an op " + target.id + " cannot express; left out");
            }
            if (output != null) {
                err.println("wrote " + (n - skipped) + " records to " + output);
            }
            return 0;
        }
    }

    /** Standard output must stay open after a trace writer closes it. */
    private static final class NonClosingWriter extends java.io.FilterWriter {
        NonClosingWriter(java.io.Writer out) {
            super(out);
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }
}
