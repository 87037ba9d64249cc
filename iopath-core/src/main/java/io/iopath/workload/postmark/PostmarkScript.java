package io.iopath.workload.postmark;

import java.util.List;

/**
 * What a Postmark configuration file asks for, in order: each {@code run} and {@code show} with the
 * configuration in force at that line.
 */
public record PostmarkScript(List<Command> commands) {
    public PostmarkScript {
        commands = List.copyOf(commands);
    }

    /** A {@code run} or {@code show} line. */
    public sealed interface Command {
        PostmarkConfig config();

        /** {@code file:line} of the command. */
        String where();
    }

    /** {@code run [FILE]}: one benchmark run; Postmark appends its report to FILE when one is named. */
    public record Run(PostmarkConfig config, String reportFile, String where) implements Command {
    }

    /** {@code show [FILE]}: print the configuration. */
    public record Show(PostmarkConfig config, String outputFile, String where) implements Command {
    }

    /** The runs only. */
    public List<Run> runs() {
        return commands.stream().filter(Run.class::isInstance).map(Run.class::cast).toList();
    }
}
