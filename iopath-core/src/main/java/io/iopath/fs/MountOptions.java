package io.iopath.fs;

import java.util.ArrayList;
import java.util.List;

/**
 * ext3's mount options as {@code mount -o} spells them, with 2.6.18–2.6.20 defaults
 * ({@code fs/ext3/super.c}; spec §3.3): {@code data=ordered}, {@code commit=5},
 * {@code barrier=0}, atime on, block reservation on.
 *
 * @param data        journaling mode of file data
 * @param commitMs    jbd's commit interval ({@code commit=N}, seconds; JBD_DEFAULT_MAX_COMMIT_AGE 5)
 * @param barrier     the commit block as a barrier write ({@code barrier=1}); off by default in 2.6
 * @param atime       update atime on reads ({@code noatime} turns it off)
 * @param reservation block reservation windows ({@code noreservation} turns them off)
 */
public record MountOptions(DataMode data, long commitMs, boolean barrier, boolean atime, boolean reservation) {
    public enum DataMode { ORDERED, WRITEBACK, JOURNAL }

    public static final MountOptions DEFAULTS = new MountOptions(DataMode.ORDERED, 5000, false, true, true);

    /** The option names {@link #parse} knows, for error messages. */
    public static final List<String> NAMES = List.of("data=ordered", "data=writeback", "data=journal", "commit=N",
            "barrier=0", "barrier=1", "nobarrier", "atime", "noatime", "relatime (treated as noatime)",
            "reservation", "noreservation", "defaults", "rw");

    /**
     * Parses a comma-separated option string ({@code "data=ordered,commit=5,barrier=1"}).
     *
     * @throws IllegalArgumentException naming the first option it does not know
     */
    public static MountOptions parse(String text) {
        MountOptions o = DEFAULTS;
        if (text == null || text.isBlank()) {
            return o;
        }
        requirePrintable(text);
        List<String> unknown = new ArrayList<>();
        for (String raw : text.split(",")) {
            String opt = raw.strip();
            switch (opt) {
                case "", "defaults", "rw" -> { }
                case "data=ordered" -> o = new MountOptions(DataMode.ORDERED, o.commitMs, o.barrier, o.atime, o.reservation);
                case "data=writeback" -> o = new MountOptions(DataMode.WRITEBACK, o.commitMs, o.barrier, o.atime, o.reservation);
                case "data=journal" -> o = new MountOptions(DataMode.JOURNAL, o.commitMs, o.barrier, o.atime, o.reservation);
                case "barrier=1", "barrier" -> o = new MountOptions(o.data, o.commitMs, true, o.atime, o.reservation);
                case "barrier=0", "nobarrier" -> o = new MountOptions(o.data, o.commitMs, false, o.atime, o.reservation);
                case "atime", "strictatime" -> o = new MountOptions(o.data, o.commitMs, o.barrier, true, o.reservation);
                case "noatime", "relatime", "nodiratime" -> o = new MountOptions(o.data, o.commitMs, o.barrier, false, o.reservation);
                case "reservation" -> o = new MountOptions(o.data, o.commitMs, o.barrier, o.atime, true);
                case "noreservation" -> o = new MountOptions(o.data, o.commitMs, o.barrier, o.atime, false);
                default -> {
                    if (opt.startsWith("commit=")) {
                        long s;
                        try {
                            s = Long.parseLong(opt.substring("commit=".length()).strip());
                        } catch (NumberFormatException e) {
                            throw new IllegalArgumentException("'" + opt + "': commit= takes whole seconds, such as commit=5");
                        }
                        if (s < 0) {
                            throw new IllegalArgumentException("'" + opt + "': commit= takes whole seconds, such as commit=5");
                        }
                        // ext3: commit=0 means the default
                        o = new MountOptions(o.data, s == 0 ? DEFAULTS.commitMs : s * 1000, o.barrier, o.atime, o.reservation);
                    } else {
                        unknown.add(opt);
                    }
                }
            }
        }
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("unknown ext3 mount option '" + unknown.get(0) + "'; expected "
                    + String.join(", ", NAMES));
        }
        return o;
    }

    /**
     * Refuses a control character anywhere in a mount option string: no kernel option holds one,
     * and echoing it in the "unknown option" message would break the one-line error (a newline) or
     * the terminal. Shared by the ext3, ReiserFS and XFS option parsers.
     */
    static void requirePrintable(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                throw new IllegalArgumentException(String.format(java.util.Locale.ROOT,
                        "expected printable mount options, got control character 0x%02X at position %d", (int) c, i + 1));
            }
        }
    }
}
