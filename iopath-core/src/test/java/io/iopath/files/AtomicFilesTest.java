package io.iopath.files;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {
    @TempDir
    Path dir;

    /** As /dev/stdout is: a link to something that is not a regular file, written in place, never replaced. */
    @Test
    void aLinkToADeviceIsWrittenThroughNotReplaced() throws Exception {
        Path devNull = Path.of("/dev/null");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(devNull) && !Files.isRegularFile(devNull));
        Path link = Files.createSymbolicLink(dir.resolve("out"), devNull);
        try (AtomicFiles.Output os = AtomicFiles.newOutputStream(link)) {
            os.write("calls\n".getBytes(StandardCharsets.UTF_8));
        }
        AtomicFiles.writeString(link, "report\n");
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.isRegularFile(devNull)).isFalse();
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).containsExactly(link);
        }
    }

    @Test
    void replacesTheWholeFileAndLeavesNoTemporaryFile() throws Exception {
        Path target = dir.resolve("sub").resolve("report.html");
        AtomicFiles.writeString(target, "first version, longer than the second\n");
        AtomicFiles.writeString(target, "second\n");
        assertThat(Files.readString(target)).isEqualTo("second\n");
        try (Stream<Path> files = Files.list(target.getParent())) {
            assertThat(files).containsExactly(target);
        }
    }

    @Test
    void aSetOfFilesAppearsWholeOrNotAtAll() throws Exception {
        Path results = dir.resolve("results.csv");
        Path report = dir.resolve("report.html");
        AtomicFiles.writeStrings(java.util.List.of(results, report), java.util.List.of("old results\n", "old report\n"));
        // the last file of the new set cannot be written (its directory is a file): the first,
        // already written to its temporary file, must not replace the old one
        Files.writeString(dir.resolve("plain"), "a file, not a directory\n");
        Path unwritable = dir.resolve("plain").resolve("timeseries.csv");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> AtomicFiles.writeStrings(
                java.util.List.of(results, unwritable), java.util.List.of("new results\n", "new series\n")))
                .isInstanceOf(IOException.class);
        assertThat(Files.readString(results)).isEqualTo("old results\n");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).containsExactlyInAnyOrder(results, report, dir.resolve("plain"));
        }
        assertThat(AtomicFiles.pending()).isEmpty();
    }

    /** A full disk's error names the file; the JVM's own message is only "No space left on device". */
    @Test
    void aFailedWriteNamesItsFile() throws Exception {
        Path full = Path.of("/dev/full"); // every write fails with ENOSPC (Linux)
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(full) && !Files.isRegularFile(full));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> AtomicFiles.writeString(full, "results\n"))
                .hasMessage("/dev/full: No space left on device");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> {
            try (AtomicFiles.Output os = AtomicFiles.newOutputStream(full)) {
                os.write("calls\n".getBytes(StandardCharsets.UTF_8), 0, 6);
                os.flush();
            }
        }).hasMessage("/dev/full: No space left on device");
    }

    @Test
    void theFileGetsTheModeOfAnyNewFileNotAnOwnerOnlyOne() throws Exception {
        if (!FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            return; // nothing to compare on a file system without POSIX modes
        }
        Path plain = dir.resolve("plain.txt");
        Files.writeString(plain, "x");
        Path atomic = dir.resolve("atomic.txt");
        AtomicFiles.writeString(atomic, "x");
        assertThat(Files.getPosixFilePermissions(atomic)).isEqualTo(Files.getPosixFilePermissions(plain));
    }

    @Test
    void aStreamAppearsUnderItsNameOnlyWhenClosed() throws Exception {
        Path target = dir.resolve("trace.blk");
        Files.writeString(target, "the old trace\n");
        try (AtomicFiles.Output out = AtomicFiles.newOutputStream(target)) {
            out.write("new ".getBytes(StandardCharsets.UTF_8));
            out.flush();
            assertThat(Files.readString(target)).isEqualTo("the old trace\n");
            out.write("trace\n".getBytes(StandardCharsets.UTF_8));
            out.commit();
        }
        assertThat(Files.readString(target)).isEqualTo("new trace\n");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).containsExactly(target);
        }
    }

    @Test
    void aStreamedFileGetsTheModeOfAnyNewFile() throws Exception {
        if (!FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            return; // nothing to compare on a file system without POSIX modes
        }
        Path plain = dir.resolve("plain.txt");
        Files.writeString(plain, "x");
        Path streamed = dir.resolve("streamed.txt");
        try (AtomicFiles.Output out = AtomicFiles.newOutputStream(streamed)) {
            out.write('x');
            out.commit();
        }
        assertThat(Files.getPosixFilePermissions(streamed)).isEqualTo(Files.getPosixFilePermissions(plain));
    }

    @Test
    void aStreamClosedWithoutCommitLeavesTheOldFileAndNoTemporaryOne() throws Exception {
        Path target = dir.resolve("converted.blk");
        Files.writeString(target, "the old trace\n");
        try (AtomicFiles.Output out = AtomicFiles.newOutputStream(target)) {
            out.write("half a tra".getBytes(StandardCharsets.UTF_8));
            assertThat(AtomicFiles.pending()).anyMatch(p -> p.startsWith(dir));
            throw new IOException("the input ended in the middle of a record");
        } catch (IOException expected) {
            // the conversion failed: closing must not rename
        }
        assertThat(Files.readString(target)).isEqualTo("the old trace\n");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).containsExactly(target);
        }
        assertThat(AtomicFiles.pending()).noneMatch(p -> p.startsWith(dir));
    }

    @Test
    void deletePendingRemovesTheTemporaryFilesOfUnfinishedStreams() throws Exception {
        Path target = dir.resolve("huge.blk");
        AtomicFiles.Output out = AtomicFiles.newOutputStream(target);
        out.write("the run is interrupted here".getBytes(StandardCharsets.UTF_8));
        AtomicFiles.deletePending(); // what the CLI's shutdown hook does on SIGINT / SIGTERM
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).isEmpty();
        }
        out.commit();
        out.close(); // the interrupted writer's own close finds nothing to rename: no error, no file
        assertThat(Files.exists(target)).isFalse();
    }
}
