package io.iopath.workload.trace.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LineLengthLimitTest {
    private static final int MAX = LineLengthLimit.MAX_CHARS;

    /**
     * The chunked count against the plain rule over many seeded texts: lines of random lengths
     * around the limit, \n, \r\n and \r line ends, read through a source that hands out chunks of
     * random sizes (a pipe, a decompressor) and through BufferedReader as a trace reader does.
     * The reader must refuse exactly the texts with a line over the limit, and pass the others
     * through unchanged.
     */
    @Test
    void refusesExactlyTheTextsWithALineOverTheLimit() throws IOException {
        int refused = 0;
        for (int seed = 0; seed < 200; seed++) {
            Random r = new Random(seed);
            StringBuilder text = new StringBuilder();
            int longest = 0;
            int lines = 1 + r.nextInt(6);
            for (int l = 0; l < lines; l++) {
                int len = switch (r.nextInt(4)) {
                    case 0 -> r.nextInt(80);
                    case 1 -> MAX - 2 + r.nextInt(5); // MAX-2 .. MAX+2
                    case 2 -> r.nextInt(2 * MAX);
                    default -> 0;
                };
                longest = Math.max(longest, len);
                for (int i = 0; i < len; i++) {
                    text.append((char) ('a' + r.nextInt(26)));
                }
                if (l < lines - 1 || r.nextBoolean()) {
                    text.append(switch (r.nextInt(3)) { case 0 -> "\n"; case 1 -> "\r\n"; default -> "\r"; });
                }
            }
            boolean tooLong = longest > MAX;
            StringBuilder read = new StringBuilder();
            boolean threw = false;
            try (BufferedReader in = new BufferedReader(new LineLengthLimit(new Chunks(text.toString(), r)), 1 << 16)) {
                char[] buf = new char[1 + r.nextInt(3 * MAX)];
                int n;
                while ((n = in.read(buf, 0, buf.length)) > 0) {
                    read.append(buf, 0, n);
                }
            } catch (IOException e) {
                threw = true;
                assertThat(e).hasMessageStartingWith("a line longer than 65536 characters");
            }
            assertThat(threw).as("seed %d, longest line %d", seed, longest).isEqualTo(tooLong);
            if (!tooLong) {
                assertThat(read.toString()).isEqualTo(text.toString());
            } else {
                refused++;
            }
        }
        assertThat(refused).isBetween(20, 180); // both outcomes were exercised
    }

    @Test
    void singleCharacterReadsCountToo() throws IOException {
        Reader in = new LineLengthLimit(new StringReader("x".repeat(MAX) + "\n" + "y".repeat(MAX + 1)));
        for (int i = 0; i < 2 * MAX + 1; i++) {
            in.read();
        }
        org.assertj.core.api.Assertions.assertThatThrownBy(in::read).isInstanceOf(IOException.class);
    }

    /** A reader that returns chunks of random sizes, as a pipe or a decompressor does. */
    private static final class Chunks extends Reader {
        private final String text;
        private final Random r;
        private int at;

        Chunks(String text, Random r) {
            this.text = text;
            this.r = r;
        }

        @Override
        public int read(char[] cbuf, int off, int len) {
            if (at == text.length()) {
                return -1;
            }
            int n = Math.min(r.nextBoolean() ? len : Math.min(len, 1 + r.nextInt(MAX + 100)), text.length() - at); // all asked, or less
            text.getChars(at, at + n, cbuf, off);
            at += n;
            return n;
        }

        @Override
        public void close() {
        }
    }
}
