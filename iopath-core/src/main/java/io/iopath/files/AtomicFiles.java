package io.iopath.files;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writes a file so that readers see either the old file or the whole new one, never a part: the
 * content goes to a temporary file beside the target, which is then renamed over it. Every layer
 * that writes an output file (reports, validation plots, traces, the CLI's tables) goes through
 * here, so this is a bottom package that imports nothing of iopath.
 */
public final class AtomicFiles {
    /** Tells apart the temporary files of concurrent writers in one JVM; the pid tells apart JVMs. */
    private static final AtomicLong SEQUENCE = new AtomicLong();

    private AtomicFiles() {
    }

    public static void writeString(Path target, String content) throws IOException {
        if (isSpecial(target)) {
            Files.writeString(target, content, StandardCharsets.UTF_8);
            return;
        }
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = createTemp(dir, target.getFileName().toString());
        try {
            Files.writeString(tmp, content, StandardCharsets.UTF_8);
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /**
     * A stream for output too large to build in memory first (a trace written while the run
     * goes): it writes to a temporary file beside {@code target} and renames it into place when
     * closed.
     */
    public static OutputStream newOutputStream(Path target) throws IOException {
        if (isSpecial(target)) {
            return Files.newOutputStream(target);
        }
        Path file = target.toAbsolutePath();
        Path dir = file.getParent();
        Files.createDirectories(dir);
        Path tmp = createTemp(dir, file.getFileName().toString());
        OutputStream os;
        try {
            os = Files.newOutputStream(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
        } catch (IOException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
        return new FilterOutputStream(os) {
            private boolean closed;

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len); // FilterOutputStream would write byte by byte
            }

            @Override
            public void close() throws IOException {
                if (closed) {
                    return;
                }
                closed = true;
                try {
                    super.close();
                    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                } finally {
                    Files.deleteIfExists(tmp);
                }
            }
        };
    }

    /**
     * Whether the target exists and is not a regular file once links are followed: a device, a pipe or
     * {@code /dev/stdout}. Those are written in place; renaming a temporary file over one would replace
     * the device node or the link itself (as root, {@code /dev/stdout} would become a regular file).
     */
    private static boolean isSpecial(Path target) {
        return Files.exists(target) && !Files.isRegularFile(target) && !Files.isDirectory(target);
    }

    /**
     * A new empty file beside the target. Not {@code Files.createTempFile}: that makes the file
     * owner-only (0600) whatever the umask, and the rename would carry that mode over to a
     * report meant to be shared; a plain create gets the mode any other new file gets.
     */
    private static Path createTemp(Path dir, String name) throws IOException {
        long pid = ProcessHandle.current().pid();
        while (true) {
            Path tmp = dir.resolve("." + name + "." + pid + "." + SEQUENCE.incrementAndGet() + ".tmp");
            try {
                Files.newOutputStream(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close();
                return tmp;
            } catch (FileAlreadyExistsException e) {
                // left behind by a crashed writer that had our pid: try the next number
            }
        }
    }
}
