package io.iopath.workload.postmark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
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
    @ValueSource(strings = {"default-small", "unbuffered", "subdirs-locations", "table-full", "out-of-files", "big-blocks"})
    void sameCallsAsTheRealBinary(String capture) throws IOException {
        String expected = resource(capture + ".seq");
        String actual = sequence(config(capture));
        // compare line lists so a mismatch shows the first differing call, not two 10-kB strings
        assertThat(actual.split("\n")).containsExactly(expected.split("\n"));
    }
}
