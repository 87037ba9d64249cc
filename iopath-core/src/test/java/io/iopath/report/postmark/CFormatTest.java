package io.iopath.report.postmark;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** glibc's %.Nf, not Java's: exact binary value, ties to even. */
class CFormatTest {
    @Test
    void roundsTheExactBinaryValueTiesToEven() {
        assertThat(CFormat.fixed(0.125, 2)).isEqualTo("0.12");   // String.format gives 0.13
        assertThat(CFormat.fixed(0.375, 2)).isEqualTo("0.38");
        assertThat(CFormat.fixed(2.675, 2)).isEqualTo("2.67");   // 2.67499999... in binary
        assertThat(CFormat.fixed((double) 0.1f, 4)).isEqualTo("0.1000");
        assertThat(CFormat.fixed(12.0, 2)).isEqualTo("12.00");
        assertThat(CFormat.fixed(0, 6)).isEqualTo("0.000000");
    }

    @Test
    void nonFiniteValuesAsGlibcPrintsThem() {
        assertThat(CFormat.fixed(1f / 0f, 2)).isEqualTo("inf");
        assertThat(CFormat.fixed(0f / 0f, 2)).isEqualTo("-nan");
    }
}
