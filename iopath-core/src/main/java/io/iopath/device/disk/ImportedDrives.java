package io.iopath.device.disk;

import io.iopath.device.disk.disksim.DiskSimFiles;
import io.iopath.device.disk.disksim.DriveImporter;
import io.iopath.device.disk.disksim.ParameterFileException;
import java.nio.file.Path;

/**
 * Registers the DiskSim drives shipped as resources (one preset per drive of DiskSim's
 * {@code valid/} directory), once, the first time presets are looked up.
 */
final class ImportedDrives {
    private static boolean loaded;

    private ImportedDrives() {
    }

    static void ensureLoaded() {
        if (loaded) {
            return;
        }
        loaded = true;
        for (String name : DiskSimFiles.presets()) {
            DrivePresets.add(DriveImporter.toSpec(name, DiskSimFiles.loadPreset(name)));
        }
    }

    static DriveSpec load(Path file) {
        try {
            return DriveImporter.toSpec(file.getFileName().toString(), DiskSimFiles.load(file));
        } catch (ParameterFileException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }
}
