package io.iopath.device.disk.presets;

import io.iopath.device.disk.DriveSpec;
import io.iopath.device.disk.disksim.DiskSimFiles;
import io.iopath.device.disk.disksim.DriveImporter;
import io.iopath.device.disk.disksim.ParameterFileException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The drive catalogue: the built-in datasheet drives ({@link BuiltInDrives}), then one drive per
 * DiskSim file bundled with iopath ({@link DiskSimPresets}), by name; and the reader of drive
 * files a user names (DiskSim {@code .parv} / {@code .diskspecs}). Immutable: each drive is made
 * once, the first time it is asked for (the whole list only when it is listed), and nothing adds to it.
 */
public final class DrivePresets {
    /** The drive of the built-in default scenario. */
    public static final String DEFAULT = "laptop-7200-250g";

    private DrivePresets() {
    }

    /**
     * The built-in drives, by name: made on first use (class initialisation is thread-safe and
     * happens once); cheap, arithmetic only.
     */
    private static final class BuiltIns {
        static final Map<String, DriveSpec> BY_NAME = build();

        private static Map<String, DriveSpec> build() {
            Map<String, DriveSpec> m = new LinkedHashMap<>();
            for (DriveSpec d : BuiltInDrives.all()) {
                m.put(d.name(), d);
            }
            return java.util.Collections.unmodifiableMap(m);
        }
    }

    /**
     * The bundled DiskSim drives imported so far: each is parsed and imported the first time it
     * is asked for, so a run on one drive does not parse the other eleven at start-up. The same
     * spec is returned every time (computeIfAbsent runs the import once per name).
     */
    private static final Map<String, DriveSpec> IMPORTED = new java.util.concurrent.ConcurrentHashMap<>();

    private static DriveSpec imported(String name) {
        return IMPORTED.computeIfAbsent(name, n -> DriveImporter.toSpec(n, DiskSimPresets.load(n)));
    }

    /** The whole catalogue in its order: built-ins, then the DiskSim drives (a DiskSim name wins). */
    private static final class Catalogue {
        static final Map<String, DriveSpec> BY_NAME = build();

        private static Map<String, DriveSpec> build() {
            Map<String, DriveSpec> m = new LinkedHashMap<>(BuiltIns.BY_NAME);
            for (String name : DiskSimPresets.names()) {
                m.put(name, imported(name));
            }
            return java.util.Collections.unmodifiableMap(m);
        }
    }

    public static Optional<DriveSpec> find(String name) {
        if (DiskSimPresets.isPreset(name)) {
            return Optional.of(imported(name));
        }
        return Optional.ofNullable(BuiltIns.BY_NAME.get(name));
    }

    public static List<String> names() {
        return List.copyOf(Catalogue.BY_NAME.keySet());
    }

    public static List<DriveSpec> all() {
        return List.copyOf(Catalogue.BY_NAME.values());
    }

    /**
     * What a user names as a drive: a preset, or a DiskSim parameter file ({@code .parv} or
     * {@code .diskspecs}), relative to {@code baseDir} when given; empty if it is neither a preset
     * nor an existing file.
     *
     * @throws IllegalArgumentException with a one-line reason when the file cannot be used
     */
    public static Optional<DriveSpec> resolve(String nameOrFile, Path baseDir) {
        Optional<DriveSpec> preset = find(nameOrFile);
        if (preset.isPresent()) {
            return preset;
        }
        Path p = baseDir == null ? Path.of(nameOrFile) : baseDir.resolve(nameOrFile);
        if (!Files.isRegularFile(p)) {
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
        try {
            return DriveImporter.toSpec(file.getFileName().toString(), DiskSimFiles.load(file));
        } catch (ParameterFileException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }
}
