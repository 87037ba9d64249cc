package io.iopath.cli;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A scenario file given on the command line, checked before it is parsed: a directory, a missing
 * file and a binary file (not UTF-8, or holding control characters a text never has) each get
 * their own one-line message, instead of "no such file" or the decoder's "Input length = 1".
 */
final class ScenarioFiles {
    private ScenarioFiles() {
    }

    /** The file's text; bad input when it is not a readable text file. */
    static String read(Path file) throws IOException {
        if (Files.isDirectory(file)) {
            throw new BadInputException(file + ": is a directory, not a scenario file (give a .yaml scenario or a fio job file)");
        }
        if (!Files.isRegularFile(file)) {
            // a pipe (/dev/stdin, a shell's <(...)) exists but is read once, and a scenario is read
            // more than once (its kind first, then its text): say so rather than "no such file"
            throw new BadInputException(file + (Files.exists(file) || file.toString().equals("-")
                    ? ": not a regular file (standard input, a pipe or a device): give the scenario as a file"
                    : ": no such scenario file"));
        }
        byte[] bytes = Files.readAllBytes(file);
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new BadInputException(file + ": not a text file (not UTF-8): a scenario is YAML or a fio job file");
        }
        int line = 1;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n') {
                line++;
            } else if (Character.isISOControl(c) && c != '\t' && c != '\r') {
                throw new BadInputException(file + ":" + line + ": holds binary data (control character "
                        + String.format(java.util.Locale.ROOT, "\\x%02x", (int) c) + "), not a scenario: YAML or a fio job file is text");
            }
        }
        return text;
    }
}
