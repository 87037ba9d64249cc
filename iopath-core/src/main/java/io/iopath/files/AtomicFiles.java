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
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writes a file so that readers see either the old file or the whole new one, never a part: the
 * content goes to a temporary file beside the target, which is then renamed over it. Every layer
 * that writes an output file (reports, validation plots, traces, the CLI's tables) goes through
 * here, so this is a bottom package that imports nothing of iopath.
 *
 * <p>The temporary files not yet renamed or deleted are known ({@link #pending}), so a program
 * interrupted by SIGINT or SIGTERM can remove them from a shutdown hook ({@link #deletePending})
 * rather than leave hidden, possibly huge, files behind.
 */
public final class AtomicFiles {
    /** Tells apart the temporary files of concurrent writers in one JVM; the pid tells apart JVMs. */
    private static final AtomicLong SEQUENCE = new AtomicLong();
    /** Temporary files created and neither renamed into place nor deleted yet. */
    private static final Set<Path> PENDING = ConcurrentHashMap.newKeySet();

    private AtomicFiles() {
    }

    public static void writeString(Path target, String content) throws IOException {
        writeStrings(List.of(target), List.of(content));
    }

    /**
     * Writes a set of files that belong together (a run's results.json, CSVs and report): every
     * content goes to its temporary file first, and only when all are written are they renamed
     * into place, so a write that fails (a full disk) leaves the old set, not part of a new one.
     * A failed write names its file: the JVM's own "No space left on device" does not.
     */
    public static void writeStrings(List<Path> targets, List<String> contents) throws IOException {
        if (targets.size() != contents.size()) {
            throw new IllegalArgumentException(targets.size() + " files for " + contents.size() + " contents");
        }
        Path[] tmps = new Path[targets.size()];
        try {
            for (int i = 0; i < tmps.length; i++) {
                Path target = targets.get(i);
                if (isSpecial(target)) {
                    continue; // a device or a pipe is written in place, after the files are staged
                }
                Path dir = target.toAbsolutePath().getParent();
                Files.createDirectories(dir);
                tmps[i] = createTemp(dir, target.getFileName().toString());
                write(tmps[i], target, contents.get(i));
            }
            for (int i = 0; i < tmps.length; i++) {
                if (tmps[i] == null) {
                    write(targets.get(i), targets.get(i), contents.get(i));
                } else {
                    Files.move(tmps[i], targets.get(i), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                }
            }
        } finally {
            for (Path tmp : tmps) {
                if (tmp != null) {
                    delete(tmp);
                }
            }
        }
    }

    private static void write(Path file, Path target, String content) throws IOException {
        try {
            Files.writeString(file, content, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw named(target, e);
        }
    }

    /** A failed write that names its file: a FileSystemException does, "No space left on device" alone does not. */
    private static IOException named(Path target, IOException e) {
        return e instanceof java.nio.file.FileSystemException ? e : new IOException(target + ": " + e.getMessage(), e);
    }

    /**
     * A stream for output too large to build in memory first (a trace written while the run
     * goes): it writes to a temporary file beside {@code target}. The file appears under its name
     * only if {@link Output#commit} was called before the stream is closed and no write failed;
     * otherwise closing deletes it, so a conversion or run that fails half-way leaves nothing.
     */
    public static Output newOutputStream(Path target) throws IOException {
        if (isSpecial(target)) {
            return new Output(Files.newOutputStream(target), null, target);
        }
        Path file = target.toAbsolutePath();
        Path dir = file.getParent();
        Files.createDirectories(dir);
        Path tmp = createTemp(dir, file.getFileName().toString());
        OutputStream os;
        try {
            os = Files.newOutputStream(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
        } catch (IOException e) {
            delete(tmp);
            throw e;
        }
        return new Output(os, tmp, file);
    }

    /** The temporary files of this JVM still being written (neither renamed into place nor deleted). */
    public static List<Path> pending() {
        return List.copyOf(PENDING);
    }

    /**
     * Deletes every temporary file still being written, for a shutdown hook: an interrupted
     * program leaves neither the half-written file nor a hidden temporary one. Best effort; never
     * throws.
     */
    public static void deletePending() {
        for (Path tmp : List.copyOf(PENDING)) {
            try {
                delete(tmp);
            } catch (IOException | RuntimeException e) {
                // shutting down: nothing better to do than try the next one
            }
        }
    }

    /**
     * The stream of {@link #newOutputStream}: everything written goes to a temporary file, which
     * {@link #close} renames over the target if {@link #commit} was called, and deletes if not.
     */
    public static final class Output extends FilterOutputStream {
        private final Path tmp;
        private final Path target;
        private boolean committed;
        private boolean failed;
        private boolean closed;

        private Output(OutputStream out, Path tmp, Path target) {
            super(out);
            this.tmp = tmp;
            this.target = target;
        }

        /**
         * Marks the content complete: {@link #close} will rename the file into place. Call it once
         * the last byte has been handed over (streams wrapped around this one may still write
         * their trailer, a gzip footer, when they close); a write that fails after it still
         * keeps the file from appearing.
         */
        public void commit() {
            committed = true;
        }

        @Override
        public void write(int b) throws IOException {
            try {
                out.write(b);
            } catch (IOException e) {
                failed = true;
                throw named(target, e);
            }
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            try {
                out.write(b, off, len); // FilterOutputStream would write byte by byte
            } catch (IOException e) {
                failed = true;
                throw named(target, e);
            }
        }

        @Override
        public void flush() throws IOException {
            try {
                out.flush();
            } catch (IOException e) {
                failed = true;
                throw named(target, e);
            }
        }

        @Override
        public void close() throws IOException {
            if (closed) {
                return;
            }
            closed = true;
            if (tmp == null) { // a device or pipe, written in place: nothing to rename or delete
                out.close();
                return;
            }
            try {
                out.close();
                // not pending any more: a shutdown hook deleted it (the program is being stopped)
                if (committed && !failed && PENDING.contains(tmp)) {
                    Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                }
            } finally {
                delete(tmp);
            }
        }
    }

    private static void delete(Path tmp) throws IOException {
        try {
            Files.deleteIfExists(tmp);
        } finally {
            PENDING.remove(tmp);
        }
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
                PENDING.add(tmp);
                return tmp;
            } catch (FileAlreadyExistsException e) {
                // left behind by a crashed writer that had our pid: try the next number
            }
        }
    }
}
