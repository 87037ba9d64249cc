package io.iopath.units;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses the units users write: sizes ({@code 512}, {@code 4k}, {@code 1m}, {@code 90g}: binary
 * multiples, as fio's default kb_base=1024), times ({@code 500us}, {@code 6ms}, {@code 30s}) and
 * spindle speeds ({@code 7200rpm}), and the same in fio's job-option flavour ({@link #parseFioSize},
 * {@link #parseFioTime}). Each parser returns the value in simulator units (bytes,
 * nanoseconds, rpm) or throws {@link IllegalArgumentException} saying what it expected.
 */
public final class Units {
    private static final Pattern SIZE = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([kmgtp]?)(?:i?b)?");
    /**
     * A time: a number and a unit in fio's spellings (see {@link #timeUnitNs}); the unit may be
     * left out only where a bare number has a meaning (fio's options, {@link #parseFioTime}).
     */
    private static final Pattern TIME = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ns|us|usec|µs|ms|msec|s|sec|m|min|h|d)?");
    /** The units a scenario's own time fields accept: a unit is required, and fio's other spellings (m, d, usec, msec, sec) are not taken. */
    private static final Set<String> SCENARIO_TIME_UNITS = Set.of("ns", "us", "µs", "ms", "s", "min", "h");
    /**
     * The largest size a fio option takes: 2^62 bytes, so that an offset plus a size never
     * overflows a {@code long}.
     */
    private static final double FIO_MAX_BYTES = (double) (1L << 62);
    /** The longest time a fio option takes, 10^18 ns (about 31 years). */
    private static final double FIO_MAX_NS = 1e18;
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

    /** Nanoseconds, from a number with one of the scenario's units ({@code 500us}, {@code 6ms}, {@code 2min}). */
    public static long parseTime(String text) {
        Matcher m = TIME.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches() || m.group(2) == null || !SCENARIO_TIME_UNITS.contains(m.group(2))) {
            throw new IllegalArgumentException(TIME_FORMAT);
        }
        double ns = Double.parseDouble(m.group(1)) * timeUnitNs(m.group(2));
        if (ns > Long.MAX_VALUE) {
            throw new IllegalArgumentException(TIME_FORMAT + " (too long)");
        }
        return Math.round(ns);
    }

    /**
     * Bytes, from a fio option's size ({@code bs=4k}, {@code size=1g}; 4k, 4KiB and 4kb all mean
     * 4096, fio's default {@code kb_base=1024}): the same syntax as {@link #parseSize}, bounded
     * by 2^62 bytes.
     */
    public static long parseFioSize(String text) {
        double bytes = sizeBytes(text.strip().toLowerCase(Locale.ROOT));
        if (Double.isNaN(bytes) || bytes > FIO_MAX_BYTES || bytes != Math.rint(bytes)) {
            throw new IllegalArgumentException(text);
        }
        return (long) bytes;
    }

    /**
     * Nanoseconds, from a fio option's time: any of fio's unit spellings, and a bare number in
     * the option's own unit ({@code bareUnitNs}: seconds for {@code runtime}, microseconds for
     * {@code thinktime}), as fio's {@code str_to_decimal} with {@code is_time} reads them.
     */
    public static long parseFioTime(String text, long bareUnitNs) {
        Matcher m = TIME.matcher(text.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException(text);
        }
        double unit = m.group(2) == null ? bareUnitNs : timeUnitNs(m.group(2));
        double ns = Double.parseDouble(m.group(1)) * unit;
        if (ns > FIO_MAX_NS) {
            throw new IllegalArgumentException(text);
        }
        return Math.round(ns);
    }

    /**
     * Nanoseconds in one of a time unit, lower case, as fio spells them: {@code ns}, {@code us}
     * ({@code usec}, {@code µs}), {@code ms} ({@code msec}), {@code s} ({@code sec}), {@code m}
     * ({@code min}), {@code h}, {@code d}. Scenario files accept only a subset (see {@link #parseTime}).
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

    /**
     * A drive's capacity both ways, since datasheets count in decimal GB (10^9 bytes) and a
     * size such as {@code 250g} in binary GiB (2^30): {@code 250.1 GB = 232.9 GiB}.
     */
    public static String capacity(long bytes) {
        return String.format(java.util.Locale.ROOT, "%.1f GB = %.1f GiB", bytes / 1e9, bytes / (double) (1L << 30));
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
