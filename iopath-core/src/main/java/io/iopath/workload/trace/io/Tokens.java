package io.iopath.workload.trace.io;

/**
 * Number parsing for trace readers: strict (no signs where none belong, no trailing junk) and
 * reporting through the line source, so a bad field becomes {@code FILE:LINE: field: expected …}.
 */
public final class Tokens {
    public static final long MAX_BYTES = 1L << 60;
    public static final long MAX_SECTORS = MAX_BYTES / 512;
    private Tokens() {
    }

    /**
     * Splits on runs of spaces and tabs; the line is already trimmed. Exactly what
     * {@code Pattern.compile("[ \\t]+").split(line)} gives (a leading run gives a leading empty
     * word, trailing empty words are dropped, no blank at all gives the line itself), by a scan
     * of the characters: the regex engine was a tenth of a trace replay's time.
     */
    public static String[] words(String line) {
        int n = line.length();
        int pieces = 1;
        for (int i = 0; i < n; ) {
            if (blank(line.charAt(i))) {
                pieces++;
                while (i < n && blank(line.charAt(i))) {
                    i++;
                }
            } else {
                i++;
            }
        }
        if (pieces == 1) {
            return new String[] {line};
        }
        String[] out = new String[pieces];
        int k = 0;
        int start = 0;
        for (int i = 0; i < n; ) {
            if (blank(line.charAt(i))) {
                out[k++] = line.substring(start, i);
                while (i < n && blank(line.charAt(i))) {
                    i++;
                }
                start = i;
            } else {
                i++;
            }
        }
        out[k] = line.substring(start);
        int len = pieces;
        while (len > 0 && out[len - 1].isEmpty()) {
            len--;
        }
        return len == pieces ? out : java.util.Arrays.copyOf(out, len);
    }

    private static boolean blank(char c) {
        return c == ' ' || c == '\t';
    }

    public static long nonNegativeLong(LineSource src, String field, String text) {
        long v = nonNegativeLongQuiet(text);
        if (v < 0) {
            throw src.expected(field, "a non-negative integer", text);
        }
        return v;
    }

    /** A sector number or count that still fits in bytes as a long. */
    public static long sectors(LineSource src, String field, String text) {
        long v = nonNegativeLong(src, field, text);
        if (v > MAX_SECTORS) {
            throw src.expected(field, "at most " + MAX_SECTORS + " sectors", text);
        }
        return v;
    }

    /** A byte count or offset below 2^62 (so sums of two stay positive). */
    public static long bytes(LineSource src, String field, String text) {
        long v = nonNegativeLong(src, field, text);
        if (v > MAX_BYTES) {
            throw src.expected(field, "at most " + MAX_BYTES + " bytes", text);
        }
        return v;
    }

    /** A device or process number. */
    public static int smallInt(LineSource src, String field, String text, int max) {
        long v = nonNegativeLong(src, field, text);
        if (v > max) {
            throw src.expected(field, "an integer from 0 to " + max, text);
        }
        return (int) v;
    }

    public static long hex(LineSource src, String field, String text) {
        String t = text.startsWith("0x") || text.startsWith("0X") ? text.substring(2) : text;
        if (t.isEmpty() || t.length() > 8) {
            throw src.expected(field, "a hexadecimal number of up to 8 digits", text);
        }
        try {
            return Long.parseLong(t, 16);
        } catch (NumberFormatException e) {
            throw src.expected(field, "a hexadecimal number", text);
        }
    }

    /**
     * Exact nanoseconds from decimal text in a unit of 10^{@code nsDigitsPerUnit} ns (6 for ms, 9
     * for s), without a detour through double, so that writing and reading back is lossless.
     */
    public static long decimalToNs(LineSource src, String field, String text, int nsDigitsPerUnit) {
        int dot = text.indexOf('.');
        String whole = dot < 0 ? text : text.substring(0, dot);
        String frac = dot < 0 ? "" : text.substring(dot + 1);
        if ((whole.isEmpty() && frac.isEmpty()) || whole.length() > 18 - nsDigitsPerUnit) {
            throw src.expected(field, "a non-negative decimal number", text);
        }
        long w = whole.isEmpty() ? 0 : nonNegativeLongQuiet(whole);
        if (w < 0 || frac.length() > 30 || !allDigits(frac)) {
            throw src.expected(field, "a non-negative decimal number", text);
        }
        long unit = 1;
        for (int i = 0; i < nsDigitsPerUnit; i++) {
            unit *= 10;
        }
        long ns = w * unit;
        // Fractional digits beyond the ns resolution are rounded half up.
        long fracNs = 0;
        for (int i = 0; i < nsDigitsPerUnit; i++) {
            fracNs = fracNs * 10 + (i < frac.length() ? frac.charAt(i) - '0' : 0);
        }
        if (frac.length() > nsDigitsPerUnit && frac.charAt(nsDigitsPerUnit) >= '5') {
            fracNs++;
        }
        return ns + fracNs;
    }

    /** The value of 1 to 18 decimal digits, or -1 for anything else. */
    private static long nonNegativeLongQuiet(String text) {
        if (text.isEmpty() || text.length() > 18 || !allDigits(text)) {
            return -1;
        }
        long v = 0;
        for (int i = 0; i < text.length(); i++) {
            v = v * 10 + (text.charAt(i) - '0');
        }
        return v;
    }

    private static boolean allDigits(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    /** Nanoseconds as exact decimal text in a unit of 10^{@code nsDigitsPerUnit} ns. */
    public static String nsAsDecimal(long ns, int nsDigitsPerUnit) {
        long unit = 1;
        for (int i = 0; i < nsDigitsPerUnit; i++) {
            unit *= 10;
        }
        if (nsDigitsPerUnit == 0) {
            return Long.toString(ns);
        }
        String frac = Long.toString(ns % unit);
        StringBuilder sb = new StringBuilder().append(ns / unit).append('.');
        for (int i = frac.length(); i < nsDigitsPerUnit; i++) {
            sb.append('0');
        }
        return sb.append(frac).toString();
    }
}
