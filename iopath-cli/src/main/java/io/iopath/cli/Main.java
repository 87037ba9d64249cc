package io.iopath.cli;

import io.iopath.experiment.RunException;
import io.iopath.files.AtomicFiles;
import io.iopath.scenario.ScenarioException;
import io.iopath.units.Spelling;
import io.iopath.workload.trace.io.TraceFormatException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code iopath} command: one subcommand per task a user has. */
@Command(name = "iopath",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = "Simulates the storage IO path: workload, block layer, IO scheduler, driver and disk drive.")
public final class Main implements Runnable {
    /** Exit status for bad input: a malformed scenario, option or file. */
    public static final int EXIT_BAD_INPUT = 2;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    public static void main(String[] args) {
        // Ctrl-C or SIGTERM mid-run: remove the hidden temporary files of outputs being written
        // (a streamed trace can be large); the outputs themselves appear only when complete.
        Runtime.getRuntime().addShutdownHook(new Thread(AtomicFiles::deletePending, "iopath-remove-temporary-files"));
        System.exit(execute(args));
    }

    /** Runs the command line and returns its exit status; used by tests too. */
    public static int execute(String... args) {
        return execute(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args);
    }

    /**
     * The subcommands, in the order the usage lists them. Each is a supplier so that a command
     * line naming one builds only that one: picocli reflects over every option of every command
     * it is given, and the eight commands' models cost more start-up than the run itself at a
     * few thousand requests.
     */
    private static final Map<String, Supplier<Object>> SUBCOMMANDS = subcommands();

    /**
     * The collector flags the {@code iopath} launcher starts a run with (its comment says why),
     * for the benchmarks that time or size a fresh JVM as a user's run would be.
     */
    static final List<String> LAUNCHER_GC = List.of("-XX:+UseSerialGC", "-Xmn8m");

    private static Map<String, Supplier<Object>> subcommands() {
        Map<String, Supplier<Object>> m = new LinkedHashMap<>();
        m.put("run", RunCommand::new);
        m.put("sweep", SweepCommand::new);
        m.put("compare", CompareCommand::new);
        m.put("drives", DrivesCommand::new);
        m.put("trace", TraceCommand::new);
        m.put("validate", ValidateCommand::new);
        m.put("reproduce", ReproduceCommand::new);
        m.put("bench", BenchCommand::new);
        m.put("help", CommandLine.HelpCommand::new);
        return m;
    }

    /** The whole command tree, every subcommand included (help, tests). */
    static CommandLine commandLine() {
        return commandLine(null);
    }

    /**
     * The command tree for a command line whose first word is {@code first}: only that
     * subcommand when it names one other than help (nothing else of the tree can be reached
     * from it: a subcommand's parse, usage and error hints see only itself and its own
     * subcommands), the whole tree otherwise (top-level options, help, a mistyped command and
     * its spelling hint).
     */
    static CommandLine commandLine(String first) {
        CommandLine cli = new CommandLine(new Main());
        Supplier<Object> only = "help".equals(first) ? null : SUBCOMMANDS.get(first);
        if (only != null) {
            cli.addSubcommand(first, only.get());
        } else {
            SUBCOMMANDS.forEach((name, command) -> cli.addSubcommand(name, command.get()));
        }
        return cli;
    }

    /** Runs the command line with the given output streams (tests capture them). */
    public static int execute(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cli = commandLine(args.length > 0 ? args[0] : null);
        cli.setOut(out);
        cli.setErr(err);
        cli.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            if (ex instanceof ScenarioException || ex instanceof BadInputException || ex instanceof TraceFormatException
                    || ex instanceof RunException) {
                commandLine.getErr().println("iopath: " + Printable.of(ex.getMessage()));
                return EXIT_BAD_INPUT;
            }
            IOException io = ex instanceof IOException e ? e
                    : ex instanceof UncheckedIOException u ? u.getCause() : null;
            if (io != null) {
                // A path the user gave that cannot be read or written (--out under a file, no
                // permission) is bad input; any other I/O failure is not, but is still one line.
                commandLine.getErr().println("iopath: " + Printable.of(describe(io)));
                return io instanceof FileSystemException ? EXIT_BAD_INPUT : CommandLine.ExitCode.SOFTWARE;
            }
            throw ex;
        });
        // A mistyped option or value gets one line, as a bad scenario does, not the whole usage.
        cli.setParameterExceptionHandler((ex, ignoredArgs) -> {
            CommandLine where = ex.getCommandLine();
            String hint = "";
            if (ex instanceof CommandLine.UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
                List<String> names = new ArrayList<>(where.getCommandSpec().optionsMap().keySet());
                names.addAll(where.getSubcommands().keySet());
                hint = Spelling.hint(u.getUnmatched().get(0).replaceFirst("=.*", ""), names);
            }
            where.getErr().println("iopath: " + Printable.of(ex.getMessage()) + hint + " (see '" + where.getCommandSpec().qualifiedName() + " --help')");
            return EXIT_BAD_INPUT;
        });
        int status = cli.execute(args);
        out.flush();
        err.flush();
        return status;
    }

    /** "PATH: reason" for a file-system error, whose own message may be just the path. */
    static String describe(IOException e) {
        if (e instanceof FileSystemException f) {
            String reason = f instanceof NoSuchFileException ? "no such file or directory"
                    : f instanceof AccessDeniedException ? "permission denied"
                    : f instanceof FileAlreadyExistsException ? "already exists"
                    : f instanceof NotDirectoryException ? "not a directory"
                    : f.getReason() != null ? f.getReason() : "cannot be used";
            return f.getFile() + ": " + reason;
        }
        return String.valueOf(e.getMessage());
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"iopath " + (v == null ? "(development build)" : v)};
        }
    }
}
