package io.iopath.scenario;

import java.util.ArrayList;
import java.util.List;

/**
 * fio's {@code plids} (alias {@code fdp_pli}) as options.c {@code str_fdp_pli_cb} reads it: a
 * comma-separated list of indices and {@code A-B} ranges, numbers as C's {@code strtoull(…, 0)}
 * takes them (decimal, {@code 0x} hex, leading-0 octal; no digits is 0), an empty entry ending the
 * list, at most {@link #MAX_IDS}, none above 0xFFFF, sorted ascending (duplicates kept).
 */
final class DataPlacement {
    /** dataplacement.h {@code FIO_MAX_DP_IDS}. */
    static final int MAX_IDS = 128;

    private DataPlacement() {
    }

    /**
     * The indices {@code input} lists.
     *
     * @throws IllegalArgumentException with fio's words when fio refuses the value
     */
    static List<Integer> indices(String input) {
        String str = input.strip();
        List<Integer> ids = new ArrayList<>();
        for (String id1 : str.split(",", -1)) {
            if (id1.isEmpty()) {
                break; // strsep's empty token: fio stops reading
            }
            long end = -1;
            for (String id2 : id1.split("-", -1)) {
                if (id2.isEmpty()) {
                    break;
                }
                end = strtoull(id2) & 0xffff_ffffL; // into an unsigned int
            }
            long start = strtoull(id1) & 0xffff_ffffL;
            if (end == -1 || end == 0xffff_ffffL) {
                end = start; // fio's "end == -1": no range given
            }
            if (start > end) {
                throw new IllegalArgumentException("a range from " + start + " down to " + end);
            }
            while (start <= end) {
                if (ids.size() >= MAX_IDS) {
                    throw new IllegalArgumentException("fio: only " + MAX_IDS + " IDs supported");
                }
                if (start > 0xFFFF) {
                    throw new IllegalArgumentException("Placement IDs cannot exceed 0xFFFF");
                }
                ids.add((int) start++);
            }
        }
        ids.sort(null);
        return ids;
    }

    /** dataplacement.h {@code DP_MAX_SCHEME_ENTRIES}. */
    static final int MAX_SCHEME_ENTRIES = 32;

    private static final java.util.regex.Pattern SCHEME_ENTRY =
            java.util.regex.Pattern.compile("\\s*([+-]?\\d+),\\s*([+-]?\\d+),\\s*([+-]?\\d+)\\s*");

    /**
     * A {@code dp_scheme} file as dataplacement.c {@code init_ruh_scheme} reads it: entries of
     * {@code fscanf("%llu,%llu,%hu\n")} (start and end byte offsets, a placement identifier of
     * 16 bits; blanks before each number and after the entry), up to the first that does not
     * match, at most {@link #MAX_SCHEME_ENTRIES} (fio ignores the rest, saying so).
     */
    static List<io.iopath.workload.JobSpec.Commands.SchemeEntry> scheme(String text) {
        List<io.iopath.workload.JobSpec.Commands.SchemeEntry> out = new ArrayList<>();
        java.util.regex.Matcher m = SCHEME_ENTRY.matcher(text);
        int at = 0;
        while (out.size() < MAX_SCHEME_ENTRIES && m.find(at) && m.start() == at) {
            out.add(new io.iopath.workload.JobSpec.Commands.SchemeEntry(decimal(m.group(1)), decimal(m.group(2)),
                    (int) (decimal(m.group(3)) & 0xffff)));
            at = m.end();
        }
        return out;
    }

    /** fscanf's {@code %llu}: a decimal with an optional sign (negated as unsigned), ULLONG_MAX past its range. */
    private static long decimal(String g) {
        boolean negative = g.startsWith("-");
        String digits = g.replaceFirst("^[+-]", "");
        long v;
        try {
            v = Long.parseUnsignedLong(digits);
        } catch (NumberFormatException e) {
            v = -1L;
        }
        return negative ? -v : v;
    }

    /** C's {@code strtoull(s, NULL, 0)}: leading blanks, a sign, the base from the prefix, digits up to the first other character. */
    static long strtoull(String s) {
        int i = 0;
        int n = s.length();
        while (i < n && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
        boolean negative = false;
        if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            negative = s.charAt(i) == '-';
            i++;
        }
        int base = 10;
        if (i + 1 < n && s.charAt(i) == '0' && (s.charAt(i + 1) == 'x' || s.charAt(i + 1) == 'X')
                && i + 2 < n && Character.digit(s.charAt(i + 2), 16) >= 0) {
            base = 16;
            i += 2;
        } else if (i < n && s.charAt(i) == '0') {
            base = 8;
        }
        long v = 0;
        boolean overflow = false;
        for (; i < n; i++) {
            int d = Character.digit(s.charAt(i), base);
            if (d < 0) {
                break;
            }
            long next = v * base + d;
            if (Long.compareUnsigned(v, Long.divideUnsigned(-1L - d, base)) > 0) {
                overflow = true;
            }
            v = next;
        }
        if (overflow) {
            return -1L; // ULLONG_MAX
        }
        return negative ? -v : v;
    }
}
