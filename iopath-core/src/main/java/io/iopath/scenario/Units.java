package io.iopath.scenario;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses the units users write: sizes ({@code 512}, {@code 4k}, {@code 1m}, {@code 90g}: binary
 * multiples, as fio's default kb_base=1024), times ({@code 500us}, {@code 6ms}, {@code 30s}) and
 * spindle speeds ({@code 7200rpm}). Each parser returns the value in simulator units (bytes,
 * nanoseconds, rpm) or throws {@link IllegalArgumentException} saying what it expected.
 */
public final class Units {
    private static final Pattern SIZE = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([kmgtp]?)(?:i?b)?");
    private static final Pattern TIME = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ns|us|µs|ms|s|min|h)");
    private static final Pattern RPM = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(rpm)?");

    public static final String SIZE_FORMAT = "a size such as 512, 4k, 1m or 90g";
    public static final String TIME_FORMAT = "a time with a unit such as 500us, 6ms or 30s";
    public static final String RPM_FORMAT = "a spindle speed such as 7200rpm";

    private Units() {
    }

    /** Bytes; fractional values are allowed with a multiplier ({@code 1.5g}) if they give whole bytes. */
    public static long parseSize(String text) {
        Matcher m = SIZE.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException(SIZE_FORMAT);
        }
        int shift = switch (m.group(2)) {
            case "" -> 0;
            case "k" -> 10;
            case "m" -> 20;
            case "g" -> 30;
            case "t" -> 40;
            default -> 50;
        };
        double value = Double.parseDouble(m.group(1));
        double bytes = value * Math.pow(2, shift);
        if (bytes > Long.MAX_VALUE || bytes != Math.rint(bytes)) {
            throw new IllegalArgumentException(SIZE_FORMAT + " (a whole number of bytes)");
        }
        return (long) bytes;
    }

    /** Nanoseconds. */
    public static long parseTime(String text) {
        Matcher m = TIME.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException(TIME_FORMAT);
        }
        double scale = switch (m.group(2)) {
            case "ns" -> 1;
            case "us", "µs" -> 1e3;
            case "ms" -> 1e6;
            case "s" -> 1e9;
            case "min" -> 60e9;
            default -> 3600e9;
        };
        double ns = Double.parseDouble(m.group(1)) * scale;
        if (ns > Long.MAX_VALUE) {
            throw new IllegalArgumentException(TIME_FORMAT + " (too long)");
        }
        return Math.round(ns);
    }

    /** Revolutions per minute. */
    public static double parseRpm(String text) {
        Matcher m = RPM.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches() || Double.parseDouble(m.group(1)) <= 0) {
            throw new IllegalArgumentException(RPM_FORMAT);
        }
        return Double.parseDouble(m.group(1));
    }

    /** A size for people: {@code 4k}, {@code 128k}, {@code 90g}; exact, falling back to bytes. */
    public static String formatSize(long bytes) {
        String[] suffix = {"", "k", "m", "g", "t"};
        int i = 0;
        long v = bytes;
        while (i < suffix.length - 1 && v != 0 && v % 1024 == 0) {
            v /= 1024;
            i++;
        }
        return v + suffix[i];
    }
}
