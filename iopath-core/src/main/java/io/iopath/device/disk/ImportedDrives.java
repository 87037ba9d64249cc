package io.iopath.device.disk;

/**
 * Hook that registers the DiskSim drives shipped as resources, once, the first time presets
 * are listed. Until the DiskSim importer is present it registers nothing.
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
    }

    static DriveSpec load(java.nio.file.Path file) {
        throw new IllegalArgumentException(file + ": DiskSim parameter files are not supported yet");
    }
}
