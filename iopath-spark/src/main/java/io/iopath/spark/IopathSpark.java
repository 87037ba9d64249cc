package io.iopath.spark;

import io.iopath.experiment.RunException;
import io.iopath.experiment.SweepAxis;
import io.iopath.experiment.SweepException;
import io.iopath.scenario.ScenarioException;
import io.iopath.workload.trace.io.TraceFormatException;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.spark.sql.SparkSession;

/**
 * The Spark application (docs/scale.md), for {@code spark-submit --class io.iopath.spark.IopathSpark
 * iopath-spark.jar COMMAND ...}:
 * <pre>
 *   sweep SCENARIO|DIR [--vary PATH=V1,V2,...]... [--set PATH=VALUE]... [--seed N] [--drive NAME|FILE]
 *         --out DIR [--partitions N] [--per-run-json]
 *   split SCENARIO [--set PATH=VALUE]... [--seed N] [--drive NAME|FILE] --out DIR [--partitions N] [--per-run-json]
 * </pre>
 * {@code sweep} runs the grid of {@code iopath sweep} (the same {@code --vary}, {@code --set},
 * {@code --seed} and {@code --drive}), or that grid over each scenario or fio job file of DIR;
 * {@code split} runs each device of the scenario's trace as {@code iopath run --split-by-device}
 * does. Every run is a Spark task; the driver writes the table ({@link SparkRunner}). Bad input is
 * one line on standard error and exit status 2, as the {@code iopath} command has it.
 */
public final class IopathSpark {
    /** Exit status for bad input, as {@code iopath}'s. */
    static final int EXIT_BAD_INPUT = 2;

    static final String USAGE = """
            usage: IopathSpark sweep SCENARIO|DIR [--vary PATH=V1,V2,...]... [--set PATH=VALUE]... [--seed N]
                                     [--drive NAME|FILE] --out DIR [--partitions N] [--per-run-json]
                   IopathSpark split SCENARIO [--set PATH=VALUE]... [--seed N] [--drive NAME|FILE]
                                     --out DIR [--partitions N] [--per-run-json]
            """;

    /** The command line, read; {@code drive} is {@code --drive}'s value (null without one), already among the overrides. */
    record Args(String command, Path scenario, List<String> vary, List<String> overrides, String drive, String out,
                int partitions, boolean perRunJson) {
        /** The override {@code --drive} became. */
        static String driveOverride(String drive) {
            return "drive.preset=" + drive;
        }
    }

    private IopathSpark() {
    }

    public static void main(String[] args) {
        int status;
        try {
            Args a = parse(args);
            SparkSession spark = SparkSession.builder().appName("iopath " + a.command()).getOrCreate();
            try {
                status = run(spark, a, System.out, System.err);
            } finally {
                spark.stop();
            }
        } catch (BadInput e) {
            System.err.println("iopath-spark: " + e.getMessage());
            status = EXIT_BAD_INPUT;
        }
        System.exit(status);
    }

    /** Runs a read command line on {@code spark} and returns the exit status; tests call it with their session. */
    static int run(SparkSession spark, Args a, PrintStream out, PrintStream err) {
        try {
            SparkPlan plan = plan(a, err);
            try {
                SparkRunner.prepare(spark, a.out());
            } catch (IOException e) {
                throw new BadInput("--out: " + e.getMessage());
            }
            List<RunRows> rows = SparkRunner.run(spark, plan, a.partitions(), a.out(), a.perRunJson());
            if (plan.split()) {
                out.print(SparkRunner.devices(rows));
            }
            out.printf(Locale.ROOT, "wrote %s and %s%s (%d run%s) in %s%n", SparkRunner.CSV, SparkRunner.PARQUET,
                    a.perRunJson() ? ", " + SparkRunner.RUNS + "/INDEX/results.json" : "", rows.size(), rows.size() == 1 ? "" : "s",
                    a.out());
            return 0;
        } catch (BadInput e) {
            err.println("iopath-spark: " + e.getMessage());
            return EXIT_BAD_INPUT;
        } catch (IOException e) {
            err.println("iopath-spark: " + e.getMessage());
            return 1;
        } catch (Exception e) {
            // A run that cannot give what its scenario asked (RunException) fails its task, and
            // Spark's collect throws a SparkException (undeclared: Scala) with the task's as cause.
            for (Throwable t = e; t != null; t = t.getCause()) {
                if (t instanceof RunException || t instanceof ScenarioException || t instanceof TraceFormatException) {
                    err.println("iopath-spark: " + t.getMessage());
                    return EXIT_BAD_INPUT;
                }
            }
            if (e instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(e);
        }
    }

    /** The runs, worked out before any task starts: what does not bind is reported here. */
    static SparkPlan plan(Args a, PrintStream err) {
        try {
            if (a.command().equals("split")) {
                return SparkPlan.split(a.scenario(), a.overrides(), err::println);
            }
            List<SweepAxis> axes = new ArrayList<>();
            for (String v : a.vary()) {
                axes.add(SweepAxis.parse(v));
            }
            return SparkPlan.sweep(a.scenario(), a.overrides(), axes, err::println);
        } catch (SweepException e) {
            throw new BadInput((a.command().equals("split") ? "split: " : "--vary: ") + e.getMessage());
        } catch (ScenarioException e) {
            // a refusal of --drive's value names --drive, not the --set it became
            throw new BadInput((a.drive() == null ? e : e.givenAs(Args.driveOverride(a.drive()), "--drive " + a.drive())).getMessage());
        } catch (TraceFormatException | RunException | IllegalArgumentException e) {
            throw new BadInput(e.getMessage());
        } catch (UncheckedIOException e) {
            throw new BadInput(e.getCause().getMessage());
        }
    }

    /** Reads the command line; {@code --seed} and {@code --drive} become overrides after {@code --set}'s, as for iopath sweep. */
    static Args parse(String... args) {
        if (args.length == 0 || !(args[0].equals("sweep") || args[0].equals("split"))) {
            throw new BadInput("expected the command sweep or split\n" + USAGE);
        }
        String command = args[0];
        Path scenario = null;
        List<String> vary = new ArrayList<>();
        List<String> sets = new ArrayList<>();
        String seed = null;
        String drive = null;
        String out = null;
        int partitions = 0;
        boolean perRunJson = false;
        for (int i = 1; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case "--vary" -> {
                    if (command.equals("split")) {
                        throw new BadInput("--vary: split runs one grid point per device; give --vary to sweep");
                    }
                    vary.add(value(args, ++i, arg));
                }
                case "--set" -> sets.add(value(args, ++i, arg));
                case "--seed" -> seed = value(args, ++i, arg);
                case "--drive" -> drive = value(args, ++i, arg);
                case "--out" -> out = value(args, ++i, arg);
                case "--partitions" -> {
                    String v = value(args, ++i, arg);
                    try {
                        partitions = Integer.parseInt(v);
                    } catch (NumberFormatException e) {
                        partitions = -1;
                    }
                    if (partitions < 1) {
                        throw new BadInput("--partitions: expected a whole number of at least 1, got '" + v + "'");
                    }
                }
                case "--per-run-json" -> perRunJson = true;
                default -> {
                    if (arg.startsWith("-") || scenario != null) {
                        throw new BadInput("unknown option or extra argument '" + arg + "'\n" + USAGE);
                    }
                    scenario = Path.of(arg);
                }
            }
        }
        if (scenario == null) {
            throw new BadInput("missing SCENARIO" + (command.equals("sweep") ? "|DIR" : "") + "\n" + USAGE);
        }
        if (out == null) {
            throw new BadInput("missing --out DIR (a local, hdfs:// or object-store directory)");
        }
        if (seed != null) {
            try {
                Long.parseLong(seed);
            } catch (NumberFormatException e) {
                throw new BadInput("--seed: expected a whole number, got '" + seed + "'");
            }
            sets.add("seed=" + seed);
        }
        if (drive != null) {
            sets.add(Args.driveOverride(drive));
        }
        return new Args(command, scenario, vary, sets, drive, out, partitions, perRunJson);
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new BadInput(option + ": missing its value");
        }
        return args[i];
    }

    /** Bad input: a one-line message, exit status 2. */
    static final class BadInput extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BadInput(String message) {
            super(message);
        }
    }
}
