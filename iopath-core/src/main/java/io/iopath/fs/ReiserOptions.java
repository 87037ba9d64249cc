package io.iopath.fs;

import java.util.List;

/**
 * ReiserFS 3.6's mount options as {@code mount -o} spells them, with the 2.6.18 defaults of
 * {@code fs/reiserfs/super.c} (spec §4.4): {@code data=ordered}, small tails, {@code
 * barrier=none}, atime on, journal ages of 30 s ({@code JOURNAL_MAX_COMMIT_AGE},
 * {@code JOURNAL_MAX_TRANS_AGE}; {@code commit=N} sets both, {@code reiserfs_parse_options}).
 *
 * @param tails       where small files keep their data: SMALL (the default "smalltail" policy),
 *                    ON ({@code tails=on}), OFF ({@code notail} / {@code tails=off})
 * @param barrierFlush the commit block as a barrier write ({@code barrier=flush}; default {@code none})
 * @param maxAgeMs    the transaction and commit age limit ({@code commit=}, seconds; default 30)
 * @param ordered     data=ordered (true) or data=writeback
 * @param atime       update atime on reads ({@code noatime} turns it off)
 */
public record ReiserOptions(Tails tails, boolean barrierFlush, long maxAgeMs, boolean ordered, boolean atime) {
    public enum Tails { SMALL, ON, OFF }

    public static final ReiserOptions DEFAULTS = new ReiserOptions(Tails.SMALL, false, 30_000, true, true);

    public static final List<String> NAMES = List.of("notail", "tails=on", "tails=small", "tails=off", "barrier=none",
            "barrier=flush", "commit=N", "data=ordered", "data=writeback", "atime", "noatime", "defaults", "rw");

    /**
     * Parses a comma-separated option string ({@code "notail,barrier=flush,commit=5"}).
     *
     * @throws IllegalArgumentException naming the first option it does not know or a bad value
     */
    public static ReiserOptions parse(String text) {
        ReiserOptions o = DEFAULTS;
        if (text == null || text.isBlank()) {
            return o;
        }
        MountOptions.requirePrintable(text);
        for (String raw : text.split(",")) {
            String opt = raw.strip();
            switch (opt) {
                case "", "defaults", "rw" -> { }
                case "notail", "tails=off" -> o = new ReiserOptions(Tails.OFF, o.barrierFlush, o.maxAgeMs, o.ordered, o.atime);
                case "tails=on" -> o = new ReiserOptions(Tails.ON, o.barrierFlush, o.maxAgeMs, o.ordered, o.atime);
                case "tails=small" -> o = new ReiserOptions(Tails.SMALL, o.barrierFlush, o.maxAgeMs, o.ordered, o.atime);
                case "barrier=none" -> o = new ReiserOptions(o.tails, false, o.maxAgeMs, o.ordered, o.atime);
                case "barrier=flush" -> o = new ReiserOptions(o.tails, true, o.maxAgeMs, o.ordered, o.atime);
                case "data=ordered" -> o = new ReiserOptions(o.tails, o.barrierFlush, o.maxAgeMs, true, o.atime);
                case "data=writeback" -> o = new ReiserOptions(o.tails, o.barrierFlush, o.maxAgeMs, false, o.atime);
                case "atime" -> o = new ReiserOptions(o.tails, o.barrierFlush, o.maxAgeMs, o.ordered, true);
                case "noatime", "relatime", "nodiratime" -> o = new ReiserOptions(o.tails, o.barrierFlush, o.maxAgeMs, o.ordered, false);
                default -> {
                    if (opt.startsWith("commit=")) {
                        long s = seconds(opt);
                        // reiserfs_parse_options: commit=0 keeps the default ages
                        o = new ReiserOptions(o.tails, o.barrierFlush, s == 0 ? DEFAULTS.maxAgeMs : s * 1000, o.ordered, o.atime);
                    } else if (opt.startsWith("barrier=")) {
                        throw new IllegalArgumentException("'" + opt + "': reiserfs barrier= takes none or flush");
                    } else if (opt.startsWith("tails=")) {
                        throw new IllegalArgumentException("'" + opt + "': reiserfs tails= takes on, small or off");
                    } else {
                        throw new IllegalArgumentException("unknown reiserfs mount option '" + opt + "'; expected "
                                + String.join(", ", NAMES));
                    }
                }
            }
        }
        return o;
    }

    private static long seconds(String opt) {
        try {
            long s = Long.parseLong(opt.substring("commit=".length()).strip());
            if (s >= 0 && s <= 86_400) {
                return s;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new IllegalArgumentException("'" + opt + "': commit= takes whole seconds (0 to 86400), such as commit=5");
    }
}
