package io.iopath.device.disk.disksim;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where a parameter file's text comes from, and how its {@code source FILE} includes are found:
 * DiskSim resolves them relative to the including file, from the file system or, for the
 * bundled presets, from a class-path directory (the drive catalogue's).
 */
public interface ParamSource {

    /** The name used in error messages (a path, or {@code preset:atlas10k.parv}). */
    String displayName();

    /** The file's text, or empty when it does not exist. */
    Optional<String> read();

    /** The file {@code name} in the same directory. */
    ParamSource sibling(String name);

    /** Text of the file, or a clear error naming the file that referred to it. */
    default String readOrFail(String referrer, int line) {
        return read().orElseThrow(() -> referrer == null
                ? new ParameterFileException(displayName(), 0, "", "file not found")
                : new ParameterFileException(referrer, line, "source", "expected an existing file, got " + displayName()
                        + " (not found)"));
    }

    static ParamSource of(Path path) {
        return new PathSource(path);
    }

    /** A bundled file {@code name} in the class-path directory {@code dir} ({@code /a/b/}). */
    static ParamSource resource(String dir, String name) {
        return new ResourceSource(dir, name);
    }

    /** A file on disk. */
    record PathSource(Path path) implements ParamSource {
        @Override
        public String displayName() {
            return path.toString();
        }

        @Override
        public Optional<String> read() {
            try {
                return Optional.of(Files.readString(path, StandardCharsets.ISO_8859_1));
            } catch (NoSuchFileException e) {
                return Optional.empty();
            } catch (IOException e) {
                throw new ParameterFileException(path.toString(), 0, "", "cannot read: " + e.getMessage());
            }
        }

        @Override
        public ParamSource sibling(String name) {
            Path dir = path.toAbsolutePath().getParent();
            Path target = Path.of(name);
            return new PathSource(target.isAbsolute() || dir == null ? target : dir.resolve(target).normalize());
        }
    }

    /** A file bundled with iopath (the DiskSim 4.0 {@code valid/} data), in {@code dir}. */
    record ResourceSource(String dir, String name) implements ParamSource {
        @Override
        public String displayName() {
            return "preset:" + name;
        }

        @Override
        public Optional<String> read() {
            try (InputStream in = ParamSource.class.getResourceAsStream(dir + name)) {
                return in == null ? Optional.empty() : Optional.of(new String(in.readAllBytes(), StandardCharsets.ISO_8859_1));
            } catch (IOException e) {
                throw new ParameterFileException(displayName(), 0, "", "cannot read: " + e.getMessage());
            }
        }

        @Override
        public ParamSource sibling(String other) {
            return new ResourceSource(dir, other);
        }
    }
}
