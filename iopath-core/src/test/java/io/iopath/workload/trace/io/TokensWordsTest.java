package io.iopath.workload.trace.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.SplittableRandom;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class TokensWordsTest {
    private static final Pattern BLANKS = Pattern.compile("[ \\t]+");

    @Test
    void wordsAreWhatTheBlankRegexSplitGives() {
        String[] fixed = {"", " ", "\t", "a", " a", "a ", "  a \t b  ", "0.5 0 1024 8 1", "a\t\tb", "\t a", "x y z", "a  "};
        for (String s : fixed) {
            assertArrayEquals(BLANKS.split(s), Tokens.words(s), "\"" + s + "\"");
        }
        SplittableRandom rnd = new SplittableRandom(3);
        char[] alphabet = {' ', '\t', 'a', '1', '.', '\n'};
        for (int t = 0; t < 5000; t++) {
            char[] c = new char[rnd.nextInt(12)];
            for (int i = 0; i < c.length; i++) {
                c[i] = alphabet[rnd.nextInt(alphabet.length)];
            }
            String s = new String(c);
            assertArrayEquals(BLANKS.split(s), Tokens.words(s), "\"" + s + "\"");
        }
    }
}
