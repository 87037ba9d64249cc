package io.iopath.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Runs a real program (fio, blkparse, btt) for the compatibility tests. A missing program fails
 * the test with what to install, rather than letting it pass unseen; {@code
 * -Diopath.externalTools=skip} turns that into a skip on a machine where installing is not an
 * option (CI installs them: {@code .ci/run}).
 */
public final class ExternalTool {
    /** What ran: exit status and both streams. */
    public record Result(int status, String stdout, String stderr) {
    }

    private ExternalTool() {
    }

    /** Fails (or skips, see the class comment) unless {@code program} is on the PATH. */
    public static void require(String program, String debianPackage) {
        boolean found = findOnPath(program);
        if (!found && "skip".equals(System.getProperty("iopath.externalTools"))) {
            Assumptions.abort(program + " not installed (apt-get install -y " + debianPackage + ")");
        }
        assertThat(found).as("this test runs the real %s: install it (Debian/Ubuntu: apt-get install -y %s), "
                + "or run with -Diopath.externalTools=skip", program, debianPackage).isTrue();
    }

    private static boolean findOnPath(String program) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(java.io.File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }

    /** Runs {@code command} in {@code dir}; a run longer than two minutes is a failure. */
    public static Result run(Path dir, String... command) throws IOException, InterruptedException {
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        Process p = new ProcessBuilder(new ArrayList<>(List.of(command))).directory(dir.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(2, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", command) + ": still running after 2 minutes");
        }
        return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }
}
