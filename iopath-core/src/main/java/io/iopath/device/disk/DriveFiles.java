package io.iopath.device.disk;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Resolves what a user names as a drive: a preset name, or a DiskSim parameter file
 * ({@code .parv} or {@code .diskspecs}).
 */
public final class DriveFiles {
    private DriveFiles() {
    }

    /** Preset or file; empty if {@code nameOrFile} is neither a preset nor an existing file. */
    public static Optional<DriveSpec> resolve(String nameOrFile, Path baseDir) {
        Optional<DriveSpec> preset = DrivePresets.find(nameOrFile);
        if (preset.isPresent()) {
            return preset;
        }
        Path p = baseDir == null ? Path.of(nameOrFile) : baseDir.resolve(nameOrFile);
        if (!java.nio.file.Files.isRegularFile(p)) {
            return Optional.empty();
        }
        return Optional.of(load(p));
    }

    /**
     * Reads a DiskSim parameter file into a drive model.
     *
     * @throws IllegalArgumentException with a one-line reason when the file cannot be used
     */
    public static DriveSpec load(Path file) {
        return ImportedDrives.load(file);
    }
}
