package io.iopath.workload.postmark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The calls iopath's Postmark makes are exactly those the real Postmark 1.53 binary (Debian 1.53-2, glibc
 * 2.36, ext4 with 4096-byte {@code st_blksize}) made under {@code strace -f} for the same configuration file:
 * same calls, same files, same offsets and sizes, same order. How the captures were made:
 * {@code postmark/README.md} in the test resources.
 */
class PostmarkSequenceTest {
    static String resource(String name) throws IOException {
        try (InputStream in = PostmarkSequenceTest.class.getResourceAsStream(name)) {
            assertThat(in).as(name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static PostmarkConfig config(String capture) throws IOException {
        List<PostmarkScript.Run> runs = PostmarkConfigFile.parse(capture + ".pmrc", resource(capture + ".pmrc")).runs();
        assertThat(runs).hasSize(1);
        return runs.get(0).config();
    }

    static String sequence(PostmarkConfig config) {
        StringBuilder out = new StringBuilder();
        new Postmark(config, new PostmarkSeqWriter(out)).runToEnd();
        return out.toString();
    }

    @ParameterizedTest
    @ValueSource(strings = {"default-small", "unbuffered", "subdirs-locations", "table-full", "out-of-files", "big-blocks",
            "one-location-megabytes"})
    void sameCallsAsTheRealBinary(String capture) throws IOException {
        String expected = resource(capture + ".seq");
        String actual = sequence(config(capture));
        // compare line lists so a mismatch shows the first differing call, not two 10-kB strings
        assertThat(actual.split("\n")).containsExactly(expected.split("\n"));
    }

    /**
     * Two larger real runs, kept as the SHA-256 and line count of their capture (5 479 and 34 901 calls):
     * Postmark's defaults exactly ({@code run} alone: 500 files, 500 transactions) and
     * {@code examples/postmark/small.pmrc} (1000 files, 5000 transactions, 10 subdirectories).
     */
    @ParameterizedTest
    @ValueSource(strings = {"large-defaults", "large-small-example"})
    void largerRunsHashLikeTheRealBinarysCapture(String capture) throws Exception {
        String[] expected = resource(capture + ".seq.sha256").split("\n");
        String actual = sequence(config(capture));
        assertThat(actual.lines().count()).isEqualTo(Long.parseLong(expected[1].strip()));
        byte[] digest = java.security.MessageDigest.getInstance("SHA-256").digest(actual.getBytes(StandardCharsets.UTF_8));
        assertThat(java.util.HexFormat.of().formatHex(digest)).isEqualTo(expected[0].strip());
    }

    /** The captures exercise what the issue asks for: each quirk appears in the real binary's calls. */
    @Test
    void theCapturesCoverPostmarksQuirks() throws IOException {
        // buffering false: zero-length remainder writes and reads
        assertThat(resource("unbuffered.seq")).containsPattern("(?m)^write \\S+ \\d+ 0 req=0$")
                .containsPattern("(?m)^read \\S+ \\d+ 0 req=0$");
        // subdirectories and two weighted locations
        assertThat(resource("subdirs-locations.seq")).contains("mkdir a/s0 - -", "mkdir b/s2 - -", "rmdir b/s2 - -")
                .containsPattern("(?m)^create a/s\\d/").containsPattern("(?m)^create b/s\\d/");
        // table full: 2N = 20 slots, and 100 transactions that all try to create
        PostmarkConfig full = config("table-full");
        assertThat(full.biasCreate()).isEqualTo(10);
        assertThat(resource("table-full.seq").lines().filter(l -> l.startsWith("create "))).hasSize(2 * full.simultaneous());
        // out of files: the phase, then the (empty) deletion sweep
        assertThat(resource("out-of-files.seq")).endsWith("phase out_of_files - -\nphase delete - -\n");
        // stdio: a read of 8192 goes straight to read(8192); a first fwrite of 8192 straight to write(8192)
        assertThat(resource("subdirs-locations.seq")).containsPattern("(?m)^read \\S+ 0 8192 req=8192$");
        assertThat(resource("big-blocks.seq")).containsPattern("(?m)^write \\S+ 0 8192 req=8192$");
    }

    @Test
    void whenFileSizeIsFixedNoSizeIsDrawn() {
        PostmarkConfig.Builder b = PostmarkConfig.DEFAULTS.toBuilder();
        b.fileSizeLow = 1024;
        b.fileSizeHigh = 1024;
        b.simultaneous = 3;
        b.transactions = 10;
        b.bufferedIo = false;
        StringBuilder out = new StringBuilder();
        Postmark pm = new Postmark(b.build(), new PostmarkSeqWriter(out));
        for (int i = 0; i < 4; i++) {
            pm.step(); // the create phase and three creates
        }
        // 2H draws for the file source, then none: no location, no subdirectory, RND(0) for the size
        assertThat(pm.draws()).isEqualTo(2 * 1024);
        assertThat(out.toString()).endsWith("create 3 - 0\nwrite 3 0 512 req=512\nwrite 3 512 512 req=512\n"
                + "write 3 1024 0 req=0\nclose 3 - -\n");
    }
}
