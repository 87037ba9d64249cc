package io.iopath.workload.job;

import io.iopath.units.Units;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * fio's value syntax: sizes with binary suffixes (fio's default {@code kb_base=1024}: 4k, 4KiB
 * and 4kb all mean 4096) and times whose bare numbers take the option's default unit (seconds
 * for runtime, microseconds for thinktime).
 */
public final class FioValues {
    public static final long MICROSECONDS = 1_000L;
    public static final long SECONDS = 1_000_000_000L;
    private static final Pattern TIME = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ns|us|usec|µs|ms|msec|s|sec|m|min|h|d)?");

    private FioValues() {
    }

    public static long size(String text) {
        double bytes = Units.sizeBytes(text.strip().toLowerCase(Locale.ROOT));
        if (Double.isNaN(bytes) || bytes > (double) (1L << 62) || bytes != Math.rint(bytes)) {
            throw new IllegalArgumentException(text);
        }
        return (long) bytes;
    }

    public static long time(String text, long defaultUnitNs) {
        Matcher m = TIME.matcher(text.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException(text);
        }
        double unit = m.group(2) == null ? defaultUnitNs : Units.timeUnitNs(m.group(2));
        double ns = Double.parseDouble(m.group(1)) * unit;
        if (ns > 1e18) {
            throw new IllegalArgumentException(text);
        }
        return Math.round(ns);
    }

    static String unitName(long unitNs) {
        return unitNs == SECONDS ? "seconds" : unitNs == MICROSECONDS ? "microseconds" : unitNs + " ns";
    }
}
