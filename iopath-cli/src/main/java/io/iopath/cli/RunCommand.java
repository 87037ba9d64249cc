package io.iopath.cli;

import io.iopath.experiment.ScenarioRun;
import io.iopath.experiment.VirtualRun;
import io.iopath.report.VirtualRunText;
import io.iopath.result.VirtualResult;
import io.iopath.scenario.VirtualScenario;
import io.iopath.metrics.blktrace.BlkTraceBinaryWriter;
import io.iopath.metrics.fio.FioLogs;
import io.iopath.workload.Workload;
import io.iopath.report.PowerLossText;
import io.iopath.report.ResultJson;
import io.iopath.report.ResultTable;
import io.iopath.report.RunReport;
import io.iopath.report.ScenarioSource;
import io.iopath.report.fio.FioJson;
import io.iopath.report.fio.FioTerse;
import io.iopath.report.fio.FioText;
import io.iopath.result.FioJobOptions;
import io.iopath.result.FioResult;
import io.iopath.result.Result;
import io.iopath.scenario.FioJobFile;
import io.iopath.scenario.Scenario;
import io.iopath.scenario.ScenarioException;
import io.iopath.scenario.ScenarioReader;
import io.iopath.scenario.ScenarioYaml;
import io.iopath.workload.postmark.PostmarkConfigFile;
import io.iopath.units.Units;
import io.iopath.workload.trace.TraceFormat;
import io.iopath.workload.trace.TraceOut;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "run",
        mixinStandardHelpOptions = true,
        description = {"Simulates one scenario and prints its results.",
                "Without SCENARIO, runs the built-in default: random 4k reads on a 7200 rpm laptop disk."})
final class RunCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "SCENARIO",
            description = "scenario YAML file, a fio job file (.fio / .ini, or INI content) or a Postmark configuration (.pmrc)")
    Path scenarioFile;

    @Option(names = "--output-format", paramLabel = "FORMAT",
            description = "normal (fio's terminal summary), json (fio's JSON), json+ (with latency bins),"
                    + " terse (fio's terse v3) or iopath (iopath's table); default: normal for fio job files, iopath for YAML")
    String outputFormat;

    @Option(names = "--trace-out", paramLabel = "FILE",
            description = "write the IO sent to the drive as a replayable trace, streamed as the run goes; .gz compresses")
    Path traceOut;

    @Option(names = "--trace-format", paramLabel = "F", defaultValue = "blkparse",
            description = "format of --trace-out: blkparse (every blktrace event; replay uses the D events)"
                    + " or iolog (fio iolog v3 of the D events) or iolog2; default ${DEFAULT-VALUE}")
    String traceFormat;

    @Option(names = "--set", paramLabel = "PATH=VALUE",
            description = "override a scenario field, e.g. --set jobs[0].bs=128k --set host.queue_depth=32")
    List<String> overrides = new ArrayList<>();

    @Option(names = "--section", paramLabel = "NAME",
            description = "a fio job file: run only job section NAME (and [global]), as fio's --section; repeatable")
    List<String> sections = new ArrayList<>();

    /**
     * fio's job options after a fio job file ({@code --ioengine=xnvme}): the defaults its jobs
     * start from, as fio's command line sets them (FioJobFile.read); anything else unknown is an error.
     */
    @CommandLine.Unmatched
    List<String> fioOptions = new ArrayList<>();

    @Option(names = "--seed", paramLabel = "N", description = "seed for every random stream (overrides the scenario's)")
    Long seed;

    @Option(names = "--out", paramLabel = "DIR",
            description = "write DIR/results.json, results.csv, latency.csv, timeseries.csv and report.html (see docs/reports.md)")
    Path outDir;

    @Option(names = "--blktrace-dir", paramLabel = "DIR",
            description = "write the run's blktrace events in the kernel's binary format to DIR/NAME.blktrace.0"
                    + " (NAME: the scenario's name), for blkparse -i NAME and btt -i NAME.blktrace.0")
    Path blktraceDir;

    @Option(names = "--check", description = "read and bind the scenario or fio job file, report what is ignored, and exit without simulating")
    boolean check;

    @Option(names = "--blktrace", paramLabel = "FILE",
            description = "write the run's blktrace events to FILE in blkparse's default text format")
    Path blktraceFile;

    @Option(names = "--interval", paramLabel = "TIME", defaultValue = "1s",
            description = "interval of timeseries.csv and the report's charts over time, in simulated time"
                    + " (e.g. 100ms, 1s); default ${DEFAULT-VALUE}")
    String interval;

    @Option(names = "--json", description = "print results.json to standard output instead of the table")
    boolean json;

    @Option(names = "--drive", paramLabel = "NAME|FILE",
            description = "drive preset (see 'iopath drives') or DiskSim parameter file (.parv, .diskspecs)")
    String drive;

    @Option(names = "--show-default", description = "print the built-in default scenario and exit")
    boolean showDefault;

    @Option(names = "--ops-out", paramLabel = "FILE",
            description = "Postmark (a .pmrc SCENARIO): write the file system calls it makes, one per line"
                    + " (postmark-seq v1, see docs/workloads.md)")
    Path opsOut;

    @Option(names = "--split-by-device",
            description = "replay each device of the scenario's trace as its own simulation (its own drive and host),"
                    + " on --jobs threads, and print a row per device and their total (docs/scale.md)")
    boolean splitByDevice;

    @Option(names = "--jobs", paramLabel = "N",
            description = "with --split-by-device: devices at a time (default: the number of cores); the output is the same for any N")
    Integer jobs;

    @Override
    public Integer call() throws IOException {
        try {
            return simulate();
        } catch (ScenarioException e) {
            throw DriveOption.givenAs(e, drive);
        }
    }

    private int simulate() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        if (showDefault) {
            out.print(ScenarioReader.defaultText());
            return 0;
        }
        if (!sections.isEmpty() && (scenarioFile == null || PostmarkConfigFile.isConfigFile(scenarioFile))) {
            throw new BadInputException("--section: only for a fio job file (it names the job sections to run)");
        }
        boolean fioJobFile = scenarioFile != null && !PostmarkConfigFile.isConfigFile(scenarioFile) && Files.isRegularFile(scenarioFile)
                && FioJobFile.looksLikeJobFile(scenarioFile, ScenarioFiles.read(scenarioFile));
        if (!fioOptions.isEmpty() && !fioJobFile) {
            // without a fio job file they are what picocli refuses (its handler adds the spelling hint)
            throw new CommandLine.UnmatchedArgumentException(spec.commandLine(), fioOptions);
        }
        if (scenarioFile != null && PostmarkConfigFile.isConfigFile(scenarioFile)) {
            return postmark();
        }
        if (opsOut != null) {
            throw new BadInputException("--ops-out: only for a Postmark configuration file (.pmrc)");
        }
        checkOutputs();
        if (splitByDevice) {
            for (Object[] option : new Object[][] {{"--trace-out", traceOut}, {"--blktrace", blktraceFile},
                    {"--blktrace-dir", blktraceDir}, {"--output-format", outputFormat}}) {
                if (option[1] != null) {
                    throw new BadInputException(option[0] + ": not available with --split-by-device (one run per device)");
                }
            }
            if (scenarioFile == null) {
                throw new BadInputException("--split-by-device: give a scenario whose job replays a trace (read_iolog)");
            }
        }
        long intervalNs = intervalNs();
        List<String> all = new ArrayList<>(overrides);
        if (seed != null) {
            all.add("seed=" + seed);
        }
        if (drive != null) {
            all.add(DriveOption.override(drive));
        }
        PrintWriter err = spec.commandLine().getErr();
        Scenario scenario;
        FioJobFile fio = null;
        if (scenarioFile == null) {
            scenario = ScenarioReader.readDefault(all);
        } else {
            if (FioJobFile.looksLikeJobFile(scenarioFile, ScenarioFiles.read(scenarioFile))) {
                fio = FioJobFile.read(scenarioFile, all, sections, fioOptions);
                for (String option : fio.ignored()) {
                    err.println("ignored: " + option);
                }
                scenario = ScenarioReader.read(fio.tree(), all);
                fio.notes().forEach(err::println); // once accepted: a note restates values the reader may refuse
            } else if (!sections.isEmpty()) {
                throw new BadInputException("--section: only for a fio job file (a scenario's jobs are all run)");
            } else if (ScenarioReader.isVirtual(scenarioFile.toString(), Files.readString(scenarioFile, StandardCharsets.UTF_8))) {
                return virtual(all, intervalNs);
            } else {
                scenario = ScenarioReader.read(scenarioFile, all);
            }
        }
        if (splitByDevice) {
            FioJobFile fioFile = fio;
            return SplitReplayRun.run(fio == null ? o -> ScenarioReader.read(scenarioFile, o) : o -> ScenarioReader.read(fioFile.tree(), o),
                    all, jobs, outDir, json, check, out, err);
        }
        if (jobs != null) {
            throw new BadInputException("--jobs: only with --split-by-device (a sweep's is 'iopath sweep --jobs')");
        }
        if (check) {
            out.println("ok: " + (scenario.jobs().size() + scenario.postmark().size()) + " job(s)");
            return 0;
        }
        // --json asks for iopath's results.json, so for a fio job file it replaces fio's summary
        String format = outputFormat != null ? outputFormat : fio != null && !json ? "normal" : "iopath";
        if (!List.of("normal", "json", "json+", "terse", "iopath").contains(format)) {
            throw new BadInputException("--output-format: expected normal, json, json+, terse or iopath, got '" + format + "'");
        }
        if (json && !format.equals("iopath")) {
            throw new BadInputException("--json: prints iopath's results.json, which --output-format " + format
                    + " replaces; give one of them");
        }
        TraceFormat outFormat = switch (traceFormat) {
            case "blkparse" -> TraceFormat.BLKPARSE;
            case "iolog", "iolog3" -> TraceFormat.IOLOG3;
            case "iolog2" -> TraceFormat.IOLOG2;
            default -> throw new BadInputException("--trace-format: expected blkparse, iolog (v3) or iolog2, got '"
                    + traceFormat + "'");
        };
        // both stream to their files as the run goes (constant memory), and appear only if it completes
        TraceOut blktrace = blktraceFile == null ? null : new TraceOut(blktraceFile, TraceFormat.BLKPARSE);
        TraceOut tracer = null;
        BlkTraceBinaryWriter binary = null;
        ScenarioRun run;
        Result result;
        fioLogs = new ArrayList<>();
        fioLogged = new ArrayList<>();
        try {
            tracer = traceOut == null ? null : new TraceOut(traceOut, outFormat);
            binary = blktraceDir == null ? null : BlkTraceBinaryWriter.create(blktraceDir, scenario.name());
            run = new ScenarioRun(scenario, TraceOut.both(TraceOut.both(blktrace, tracer), binary), intervalNs);
            if (outDir == null && !json) {
                run.withoutTimeSeries(); // only --out's files and results.json read it, not the table nor fio's outputs
            }
            if (fio != null) {
                fioLogs = attachLogs(fio, run);
            }
            ScenarioRun r = run;
            try (ProgressBar bar = new ProgressBar(System.err, run.plannedIos(), run.plannedEndNs(), () -> r.simulator().now())) {
                result = run.execute(bar::update);
            }
            for (int i = 0; i < fioLogs.size(); i++) {
                fioLogs.get(i).finish(fioLogged.get(i).stats().lastCompletionNs);
                fioLogs.get(i).commit();
            }
            if (blktrace != null) {
                blktrace.commit();
            }
            if (tracer != null) {
                tracer.commit();
            }
            if (binary != null) {
                binary.commit();
            }
        } finally {
            try {
                closeAll(blktrace, tracer);
            } finally {
                if (binary != null) {
                    binary.close();
                }
                for (FioLogs l : fioLogs) {
                    l.close();
                }
            }
        }
        run.notes().forEach(n -> err.println("iopath: " + n));
        if (tracer != null) {
            err.println("iopath: wrote " + tracer.written() + " issued requests to " + traceOut + " (" + outFormat.id + ")");
        }
        if (outDir != null) {
            RunReport.write(outDir, result, scenarioSource(all, fio));
        }
        if (!format.equals("iopath")) {
            if (result.powerLoss() != null) {
                err.println("iopath: " + PowerLossText.describe(result.powerLoss())); // fio's own output has no place for it
            }
            FioResult report = run.fioResult(result, fio != null && fio.groupReporting());
            FioJobOptions written = fio != null ? fio.written() : FioJobOptions.NONE;
            out.print(switch (format) {
                case "json", "json+" -> FioJson.toText(report, written, format.equals("json+"));
                case "terse" -> FioTerse.render(report);
                default -> FioText.render(report);
            });
            return exitStatus(run, fio);
        }
        if (json) {
            out.print(ResultJson.toText(result));
        } else {
            out.print(ResultTable.render(result));
            for (int i = 0; i < result.postmark().size(); i++) {
                // each Postmark job's own report, from simulated time (Postmark prints none when out of files)
                var pm = result.postmark().get(i);
                out.println();
                out.println("postmark job " + scenario.postmark().get(i).name() + ":");
                out.print(pm.outOfFiles() ? "out of files! (Postmark prints no report)\n"
                        : io.iopath.report.postmark.PostmarkReport.of(pm, io.iopath.report.postmark.PostmarkReport.Timers.PRECISE));
            }
            if (outDir != null) {
                out.println();
                out.println("wrote " + String.join(", ", RunReport.FILES) + " in " + outDir);
            }
        }
        return exitStatus(run, fio);
    }

    /**
     * A fio job file's run exits as fio would (backend.c {@code exit_value}: one for each job
     * reaped at set-up or ended with an error; the process sees its low 8 bits, as of any exit
     * status); a scenario's run exits 0.
     */
    private static int exitStatus(ScenarioRun run, FioJobFile fio) {
        return fio == null ? 0 : run.fioExitValue() & 0xff;
    }

    /**
     * A guest on a virtual disk (a scenario with {@code guest:}, docs/virtual-disks.md): the guest's
     * table, then QEMU, the host drive and a host power failure's losses per level; {@code --out}'s
     * files and {@code --json} with them; {@code --output-format} prints fio's report of the guest's
     * jobs instead of the table, the virtual disk's lines on standard error. The trace outputs of a
     * plain run are not written for it yet, and say so.
     */
    private int virtual(List<String> all, long intervalNs) throws IOException {
        for (Object[] o : new Object[][] {{"--trace-out", traceOut}, {"--blktrace", blktraceFile},
                {"--blktrace-dir", blktraceDir}}) {
            if (o[1] != null) {
                throw new BadInputException(o[0] + ": not for a guest on a virtual disk yet (" + scenarioFile + " has a guest: section)");
            }
        }
        if (splitByDevice || jobs != null) {
            throw new BadInputException((splitByDevice ? "--split-by-device" : "--jobs") + ": a guest on a virtual disk replays no "
                    + "multi-device trace (" + scenarioFile + " has a guest: section)");
        }
        VirtualScenario scenario = ScenarioReader.readVirtual(scenarioFile, all);
        PrintWriter out = spec.commandLine().getOut();
        if (check) {
            out.println("ok: " + scenario.guestJobs().size() + " guest job(s) on " + scenario.qemu().device().yamlName()
                    + ", cache " + scenario.qemu().cache().label());
            return 0;
        }
        String format = outputFormat == null ? "iopath" : outputFormat;
        if (!List.of("normal", "json", "json+", "terse", "iopath").contains(format)) {
            throw new BadInputException("--output-format: expected normal, json, json+, terse or iopath, got '" + format + "'");
        }
        if (json && !format.equals("iopath")) {
            throw new BadInputException("--json: prints iopath's results.json, which --output-format " + format
                    + " replaces; give one of them");
        }
        VirtualRun run = new VirtualRun(scenario, io.iopath.block.BlockTracepoints.NONE, intervalNs);
        VirtualResult result;
        try {
            result = run.execute();
        } catch (io.iopath.experiment.RunException e) {
            throw new BadInputException(e.getMessage());
        }
        if (outDir != null) {
            RunReport.writeVirtual(outDir, result, scenarioSource(all, null));
        }
        if (!format.equals("iopath")) {
            PrintWriter err = spec.commandLine().getErr();
            VirtualRunText.render(result).lines().forEach(l -> err.println("iopath: " + l)); // fio's own output has no place for them
            FioResult report = run.fioResult(result);
            out.print(switch (format) {
                case "json", "json+" -> FioJson.toText(report, FioJobOptions.NONE, format.equals("json+"));
                case "terse" -> FioTerse.render(report);
                default -> FioText.render(report);
            });
            return 0;
        }
        if (json) {
            out.print(VirtualRunText.json(result));
            return 0;
        }
        out.print(ResultTable.render(result.guest()));
        out.println();
        out.print(VirtualRunText.render(result));
        if (outDir != null) {
            out.println();
            out.println("wrote " + String.join(", ", RunReport.FILES) + " in " + outDir);
        }
        return 0;
    }

    /** fio's per-job logs being written, and the processes they belong to. */
    private List<FioLogs> fioLogs = new ArrayList<>();
    private List<Workload> fioLogged = new ArrayList<>();

    /**
     * fio's {@code write_bw_log} / {@code write_lat_log} / {@code write_iops_log}: each process
     * of a job that asks gets its files in the current directory, as fio writes them, numbered
     * by fio's thread number (1, 2, … in the order the processes are set up).
     */
    private List<FioLogs> attachLogs(FioJobFile fio, ScenarioRun run) throws IOException {
        int thread = 0;
        for (Workload w : run.workloads()) {
            thread++;
            FioLogs.Config c = fio.logs(w.spec().name());
            if (!c.any()) {
                continue;
            }
            c = new FioLogs.Config(c.bwPrefix(), c.latPrefix(), c.iopsPrefix(), c.avgMs(), c.logOffset(),
                    w.spec().asyncEngine());
            FioLogs logs = new FioLogs(c, Path.of("").toAbsolutePath(), thread);
            w.stats().logTo(logs);
            fioLogs.add(logs);
            fioLogged.add(w);
        }
        return fioLogs;
    }

    /**
     * A Postmark configuration file: simulated run by run in Postmark's built-in scenario, which --set and
     * --drive change; --out and --json write one run's results as for a scenario (a file of one run line), the
     * trace outputs are refused.
     */
    private int postmark() throws IOException {
        if (!Files.isRegularFile(scenarioFile)) {
            throw new BadInputException(scenarioFile + ": no such Postmark configuration file");
        }
        OutputPaths.checkFile("--ops-out", opsOut);
        OutputPaths.checkDirectory("--out", outDir);
        for (Object[] option : new Object[][] {{"--trace-out", traceOut}, {"--blktrace", blktraceFile},
                {"--blktrace-dir", blktraceDir}, {"--seed", seed}, {"--output-format", outputFormat}}) {
            if (option[1] != null) {
                throw new BadInputException(option[0] + ": not available for a Postmark configuration file (it can hold"
                        + " several runs; write a scenario with a postmark: job for one); 'set seed' sets Postmark's seed");
            }
        }
        if (check) {
            throw new BadInputException("--check: not available for a Postmark configuration file");
        }
        List<String> all = new ArrayList<>(overrides);
        if (drive != null) {
            all.add(DriveOption.override(drive));
        }
        return PostmarkRun.run(scenarioFile, opsOut, all, outDir, json, spec.commandLine().getOut(), spec.commandLine().getErr());
    }

    private long intervalNs() {
        long ns;
        try {
            ns = Units.parseTime(interval);
        } catch (IllegalArgumentException e) {
            throw new BadInputException("--interval: expected " + Units.TIME_FORMAT + ", got '" + interval + "'");
        }
        if (ns <= 0) {
            throw new BadInputException("--interval: expected a time above 0, got '" + interval + "'");
        }
        return ns;
    }

    /** Every output path the options name, checked before anything is read or simulated. */
    private void checkOutputs() {
        OutputPaths.checkDirectory("--out", outDir);
        OutputPaths.checkFile("--blktrace", blktraceFile);
        OutputPaths.checkFile("--trace-out", traceOut);
        if (blktraceFile != null && traceOut != null
                && blktraceFile.toAbsolutePath().normalize().equals(traceOut.toAbsolutePath().normalize())) {
            throw new BadInputException("--blktrace and --trace-out name the same file, " + traceOut + "; give two");
        }
    }

    /** Closes both (either may be null), the first failure thrown after both are closed. */
    private static void closeAll(TraceOut a, TraceOut b) {
        try {
            if (a != null) {
                a.close();
            }
        } finally {
            if (b != null) {
                b.close();
            }
        }
    }

    /**
     * The scenario as the report shows it: its file name, the overrides, and its YAML as run.
     *
     * @param fioFile the fio job file being run, or null for a YAML scenario
     */
    private ScenarioSource scenarioSource(List<String> applied, FioJobFile fioFile) throws IOException {
        String name = scenarioFile == null ? "the built-in default scenario" : scenarioFile.getFileName().toString();
        if (fioFile != null) {
            // a fio job file is shown as the scenario YAML it became (overrides already applied)
            return new ScenarioSource(name, applied, ScenarioYaml.write(fioFile.tree()));
        }
        String text = scenarioFile == null ? ScenarioReader.defaultText() : Files.readString(scenarioFile, StandardCharsets.UTF_8);
        return new ScenarioSource(name, applied, ScenarioYaml.asRun(name, text, applied));
    }
}
