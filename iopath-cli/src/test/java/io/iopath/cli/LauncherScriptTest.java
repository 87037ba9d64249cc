package io.iopath.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's first command, {@code ./iopath}, in a checkout whose path has a space in it: every
 * path the launcher hands the JVM must stay one word. A stand-in {@code java} on JAVA_HOME prints
 * the words it was given, one a line, and plays the class-data steps by creating the class lists and
 * the archive it is asked for, so the test sees the command line the launcher builds, without a second JVM.
 */
class LauncherScriptTest {
    @TempDir
    Path tmp;

    @Test
    void everyPathStaysOneWordInACheckoutWithASpace() throws Exception {
        Path root = Files.createDirectories(tmp.resolve("my checkouts/iopath"));
        Files.copy(Path.of("..", "iopath"), root.resolve("iopath"));
        Path jar = Files.createDirectories(root.resolve("iopath-cli/target")).resolve("iopath.jar");
        Files.writeString(jar, "not read: the stand-in java only names it");
        Path java = Files.createDirectories(tmp.resolve("jdk home/bin")).resolve("java");
        Files.writeString(java, """
                #!/bin/sh
                for a in "$@"; do
                  case "$a" in
                    -XX:DumpLoadedClassList=*) : > "${a#-XX:DumpLoadedClassList=}"; exit 0 ;;
                    -XX:SharedArchiveFile=*) archive="${a#-XX:SharedArchiveFile=}" ;;
                    -Xshare:dump) dump=1 ;;
                  esac
                done
                if [ -n "$dump" ]; then : > "$archive"; exit 0; fi
                for a in "$@"; do printf '%s\\n' "$a"; done
                """);
        for (Path f : List.of(java, root.resolve("iopath"))) {
            Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rwxr-xr-x"));
        }

        List<String> words = launch(root, java.getParent().getParent(), "run", "a scenario.yaml");

        Path jsa = root.resolve("iopath-cli/target/iopath.jsa");
        assertThat(jsa).exists(); // made by the launcher's dump step, through the stand-in
        assertThat(words).contains("-XX:SharedArchiveFile=" + jsa, "-XX:+UseSerialGC");
        assertThat(words.subList(words.indexOf("-jar"), words.size()))
                .containsExactly("-jar", jar.toString(), "run", "a scenario.yaml");
    }

    private static List<String> launch(Path root, Path javaHome, String... args) throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of(root.resolve("iopath").toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(root.toFile()).redirectErrorStream(true);
        pb.environment().put("JAVA_HOME", javaHome.toString());
        pb.environment().remove("IOPATH_JAVA_OPTS");
        pb.environment().remove("IOPATH_CDS");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out.lines().toList();
    }
}
