package io.iopath.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Where the source tree is, when iopath runs from it (examples/, bundled traces). */
final class Launcher {
    private Launcher() {
    }

    /** The repository root: the working directory or the one the jar was built in. */
    static Optional<Path> sourceTree() {
        Path cwd = Path.of("").toAbsolutePath();
        if (Files.isDirectory(cwd.resolve("examples"))) {
            return Optional.of(cwd);
        }
        try {
            Path jar = Path.of(Launcher.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            // iopath-cli/target/iopath.jar -> repository root
            Path root = jar.getParent() == null ? null : jar.getParent().getParent();
            root = root == null ? null : root.getParent();
            if (root != null && Files.isDirectory(root.resolve("examples"))) {
                return Optional.of(root);
            }
        } catch (Exception e) {
            // not from a jar on disk: no source tree
        }
        return Optional.empty();
    }
}
