package io.iopath.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;

/** Writes a file so that readers see either the old file or the whole new one, never a part. */
public final class AtomicFiles {
    /** Tells apart the temporary files of concurrent writers in one JVM; the pid tells apart JVMs. */
    private static final AtomicLong SEQUENCE = new AtomicLong();

    private AtomicFiles() {
    }

    public static void writeString(Path target, String content) throws IOException {
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
