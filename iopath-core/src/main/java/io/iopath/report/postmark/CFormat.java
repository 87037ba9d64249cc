package io.iopath.report.postmark;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * C's {@code printf("%.Nf")} of a {@code float} promoted to {@code double}, as glibc prints it: the exact
 * binary value rounded to N decimals, ties to even, "inf" and "-nan" for x86's non-finite results. Java's
 * {@code String.format} rounds the shortest decimal form half-up instead, which differs at ties such as
 * 0.125.
 */
final class CFormat {
    private CFormat() {
    }

    static String fixed(double value, int decimals) {
        if (Double.isNaN(value)) {
            return "-nan"; // x86 SSE's default NaN (0.0f/0.0f) has the sign bit set; glibc prints it so
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "inf" : "-inf";
        }
        String text = new BigDecimal(value).setScale(decimals, RoundingMode.HALF_EVEN).toPlainString();
        return value < 0 || (value == 0 && 1 / value < 0) ? (text.startsWith("-") ? text : "-" + text) : text;
    }
}
