package io.iopath.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Every command's --help description reads as wrapped prose, not as hand-broken fragments. */
class HelpTextTest {
    @Test
    void descriptionLinesAreWrappedNotBrokenMidSentence() {
        List<CommandLine> commands = new ArrayList<>();
        collect(Main.commandLine(), commands);
        assertThat(commands).hasSizeGreaterThan(8);
        for (CommandLine c : commands) {
            String name = c.getCommandSpec().qualifiedName();
            for (String line : c.getHelp().description().split("\\R")) {
                String t = line.strip();
                boolean endsAPhrase = t.isEmpty() || t.endsWith(".") || t.endsWith(":") || t.endsWith(")")
                        || t.endsWith(";");
                // picocli wraps at 80 columns; a short line that does not end a phrase was split by hand
                assertThat(endsAPhrase || t.length() >= 60).as(name + ": '" + t + "'").isTrue();
            }
        }
    }

    private static void collect(CommandLine c, List<CommandLine> out) {
        out.add(c);
        c.getSubcommands().values().stream().distinct().forEach(s -> collect(s, out));
    }
}
