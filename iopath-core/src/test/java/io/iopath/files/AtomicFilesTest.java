package io.iopath.files;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
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
        try (OutputStream os = AtomicFiles.newOutputStream(link)) {
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
        try (OutputStream out = AtomicFiles.newOutputStream(target)) {
            out.write("new ".getBytes(StandardCharsets.UTF_8));
            out.flush();
            assertThat(Files.readString(target)).isEqualTo("the old trace\n");
            out.write("trace\n".getBytes(StandardCharsets.UTF_8));
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
        try (OutputStream out = AtomicFiles.newOutputStream(streamed)) {
            out.write('x');
        }
        assertThat(Files.getPosixFilePermissions(streamed)).isEqualTo(Files.getPosixFilePermissions(plain));
    }
}
