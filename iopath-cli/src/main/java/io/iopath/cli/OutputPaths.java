package io.iopath.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Checks, before any simulation starts, that each output path the user gave can be written: a
 * run of an hour must not be lost because {@code --out} names a file or {@code --blktrace} a
 * directory without write permission. The check leaves nothing behind: a missing directory is
 * not created (the writer creates it later), it is enough that the nearest existing ancestor is
 * a directory that can be written; an existing directory is probed with a temporary file that is
 * deleted at once, which also catches read-only mounts that permission bits do not show.
 */
final class OutputPaths {
    private OutputPaths() {
    }

    /** {@code option}'s FILE: a file (new or to be replaced) in a writable directory. */
    static void checkFile(String option, Path file) {
        if (file == null) {
            return;
        }
        if (Files.isDirectory(file)) {
            throw new BadInputException(option + ": " + file + " is a directory; give a file name");
        }
        if (Files.exists(file) && !Files.isWritable(file)) {
            throw new BadInputException(option + ": " + file + ": permission denied");
        }
        Path parent = file.toAbsolutePath().getParent();
        checkDirectory(option, file, parent);
    }

    /** {@code option}'s DIR: a directory that exists and can be written, or can be created. */
    static void checkDirectory(String option, Path dir) {
        if (dir == null) {
            return;
        }
        checkDirectory(option, dir, dir.toAbsolutePath());
    }

    /** A file that must not be there yet unless {@code force}: what {@code trace convert -o} writes. */
    static void checkNew(String option, Path file, boolean force) {
        if (file != null && !force && Files.exists(file)) {
            throw new BadInputException(option + ": " + file + " exists; give --force to replace it");
        }
    }

    private static void checkDirectory(String option, Path given, Path dir) {
        Path existing = dir;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            throw new BadInputException(option + ": " + given + ": no such file or directory");
        }
        if (!Files.isDirectory(existing)) {
            throw new BadInputException(option + ": " + (existing.equals(given) ? given + " exists and is not a directory"
                    : given + ": " + existing + " is not a directory"));
        }
        if (!Files.isWritable(existing)) {
            throw new BadInputException(option + ": " + given + ": " + existing + " is not writable ("
                    + (readOnlyMount(existing) ? "read-only file system" : "permission denied") + ")");
        }
        if (existing.equals(dir)) {
            probe(option, given, dir);
        }
    }

    /** Whether {@code dir} is on a file system mounted read-only, which permission bits do not show. */
    private static boolean readOnlyMount(Path dir) {
        try {
            return Files.getFileStore(dir).isReadOnly();
        } catch (IOException e) {
            return false;
        }
    }

    /** Creates and deletes a file in {@code dir}: the one test a read-only mount cannot pass. */
    private static void probe(String option, Path given, Path dir) {
        try {
            Path p = Files.createTempFile(dir, ".iopath-write-check", ".tmp");
            Files.delete(p);
        } catch (IOException e) {
            throw new BadInputException(option + ": " + given + ": cannot write in " + dir + " ("
                    + Main.describe(e) + ")");
        }
    }
}
