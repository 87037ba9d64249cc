package io.iopath.units;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The units at iopath's edges, in one place. Parses the units users write: sizes ({@code 512},
 * {@code 4k}, {@code 1m}, {@code 90g}: binary multiples, as fio's default kb_base=1024), times
 * ({@code 500us}, {@code 6ms}, {@code 30s}) and spindle speeds ({@code 7200rpm}); each parser
 * returns the value in simulator units (bytes, nanoseconds, rpm) or throws
 * {@link IllegalArgumentException} saying what it expected. Formats them for people: sizes, and
 * the conversions out of nanoseconds and bytes the reports show (ms, s, MB).
 */
public final class Units {
    private static final Pattern SIZE = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([kmgtp]?)(?:i?b)?");
    private static final Pattern TIME = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ns|us|µs|ms|s|min|h)");
    /** fio's times: any unit of {@link #timeUnitNs}, or none (the option's own unit). */
    private static final Pattern FIO_TIME = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ns|us|usec|µs|ms|msec|s|sec|m|min|h|d)?");
    private static final Pattern RPM = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(rpm)?");

    public static final String SIZE_FORMAT = "a size such as 512, 4k, 1m or 90g";
    public static final String TIME_FORMAT = "a time with a unit such as 500us, 6ms or 30s";
    public static final String RPM_FORMAT = "a spindle speed such as 7200rpm";

    private Units() {
    }

    /** Bytes; fractional values are allowed with a multiplier ({@code 1.5g}) if they give whole bytes. */
    public static long parseSize(String text) {
        double bytes = sizeBytes(text.trim().toLowerCase(Locale.ROOT));
        if (Double.isNaN(bytes)) {
            throw new IllegalArgumentException(SIZE_FORMAT);
        }
        if (bytes > Long.MAX_VALUE || bytes != Math.rint(bytes)) {
            throw new IllegalArgumentException(SIZE_FORMAT + " (a whole number of bytes)");
        }
        return (long) bytes;
    }

    /**
     * The size syntax shared with fio's job files: a number with an optional binary multiplier
     * ({@code k} … {@code p}, optionally followed by {@code b} or {@code ib}). Returns the value in
     * bytes, possibly fractional or out of range (the caller bounds it), or NaN when
     * {@code lowerCaseText} is not a size.
     */
    public static double sizeBytes(String lowerCaseText) {
        Matcher m = SIZE.matcher(lowerCaseText);
        if (!m.matches()) {
            return Double.NaN;
        }
        int shift = switch (m.group(2)) {
            case "" -> 0;
            case "k" -> 10;
            case "m" -> 20;
            case "g" -> 30;
            case "t" -> 40;
            default -> 50;
        };
        return Double.parseDouble(m.group(1)) * Math.pow(2, shift);
    }

    /** Nanoseconds. */
    public static long parseTime(String text) {
        Matcher m = TIME.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException(TIME_FORMAT);
        }
        double ns = Double.parseDouble(m.group(1)) * timeUnitNs(m.group(2));
        if (ns > Long.MAX_VALUE) {
            throw new IllegalArgumentException(TIME_FORMAT + " (too long)");
        }
        return Math.round(ns);
    }

    /**
     * Nanoseconds, in fio's time syntax: the unit is optional, and a bare number is in
     * {@code bareUnitNs} (fio's runtime is in seconds, its thinktime in microseconds); every unit
     * of {@link #timeUnitNs} is accepted. Times over 10^18 ns (about 31 years) are refused.
     */
    public static long parseTime(String text, long bareUnitNs) {
        Matcher m = FIO_TIME.matcher(text.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException(TIME_FORMAT);
        }
        double unit = m.group(2) == null ? bareUnitNs : timeUnitNs(m.group(2));
        double ns = Double.parseDouble(m.group(1)) * unit;
        if (ns > 1e18) {
            throw new IllegalArgumentException(TIME_FORMAT + " (too long)");
        }
        return Math.round(ns);
    }

    /**
     * Nanoseconds in one of a time unit, lower case, as fio spells them: {@code ns}, {@code us}
     * ({@code usec}, {@code µs}), {@code ms} ({@code msec}), {@code s} ({@code sec}), {@code m}
     * ({@code min}), {@code h}, {@code d}. Scenario files accept only a subset (see TIME).
     */
    public static double timeUnitNs(String unit) {
        return switch (unit) {
            case "ns" -> 1;
            case "us", "usec", "µs" -> 1e3;
            case "ms", "msec" -> 1e6;
            case "s", "sec" -> 1e9;
            case "m", "min" -> 60e9;
            case "h" -> 3600e9;
            case "d" -> 86400e9;
            default -> throw new IllegalArgumentException("not a time unit: " + unit);
        };
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

    /** Nanoseconds in milliseconds, the unit iopath's tables and charts show latencies in. */
    public static double ms(double ns) {
        return ns / 1e6;
    }

    /** Nanoseconds in seconds. */
    public static double seconds(double ns) {
        return ns / 1e9;
    }

    /** Bytes in decimal megabytes (10^6), the MB of the reports' MB/s. */
    public static double megabytes(double bytes) {
        return bytes / 1e6;
    }
}
