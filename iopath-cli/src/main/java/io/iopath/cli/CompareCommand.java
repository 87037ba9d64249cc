package io.iopath.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.iopath.report.CompareText;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code iopath compare A B}: two runs side by side, from their results.json or --out directories. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Puts two runs side by side: the headline figures of each, their difference and ratio.",
                "e.g. after 'iopath run s.yaml --out a' and 'iopath run s.yaml --set host.scheduler=bfq --out b',"
                        + " 'iopath compare a b' shows what the scheduler changed."})
final class CompareCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "A", description = "results.json, or a directory written by run --out")
    Path a;

    @Parameters(index = "1", paramLabel = "B", description = "results.json, or a directory written by run --out")
    Path b;

    @Override
    public Integer call() throws IOException {
        JsonNode ja = read(a);
        JsonNode jb = read(b);
        spec.commandLine().getOut().print(CompareText.of(a.toString(), ja, b.toString(), jb));
        return 0;
    }

    private static JsonNode read(Path p) throws IOException {
        Path file = Files.isDirectory(p) ? p.resolve("results.json") : p;
        if (!Files.isRegularFile(file)) {
            throw new BadInputException(Files.isDirectory(p)
                    ? p + ": no results.json in this directory (a sweep's --out has none; compare two run --out directories)"
                    : p + ": no such file");
        }
        JsonNode n;
        try {
            n = new ObjectMapper().readTree(Files.readString(file, StandardCharsets.UTF_8));
        } catch (JsonProcessingException e) {
            throw new BadInputException(file + ":" + e.getLocation().getLineNr() + ": not JSON: " + e.getOriginalMessage());
        }
        if (n == null || !n.isObject() || !n.has("total") || !n.has("elapsed_ns")) {
            throw new BadInputException(file + ": not an iopath results.json (no 'total' or 'elapsed_ns')");
        }
        return n;
    }
}
