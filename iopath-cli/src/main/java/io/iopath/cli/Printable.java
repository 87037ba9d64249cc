package io.iopath.cli;

/**
 * An error message as a terminal can show it: a binary file given as a scenario or trace ends up
 * quoted in the message, and its raw bytes (escape sequences, NULs, bells) would garble or
 * reprogram the terminal. Control characters, DEL, C1 controls and the replacement character of
 * undecodable bytes are written as {@code \xNN} or {@code \}{@code uNNNN}; a long run of them is
 * cut to its first {@value #MAX_RUN} with an ellipsis, so the message stays one short line.
 */
final class Printable {
    /** Escapes kept of one run of non-printable characters. */
    static final int MAX_RUN = 8;

    private Printable() {
    }

    static String of(String message) {
        if (message == null) {
            return "null";
        }
        StringBuilder sb = new StringBuilder(message.length());
        int run = 0;
        for (int i = 0; i < message.length(); i++) {
            char c = message.charAt(i);
            if (!unprintable(c)) {
                sb.append(c);
                run = 0;
                continue;
            }
            run++;
            if (run <= MAX_RUN) {
                sb.append(c < 0x100 ? String.format(java.util.Locale.ROOT, "\\x%02x", (int) c)
                        : String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
            } else if (run == MAX_RUN + 1) {
                sb.append('…');
            }
        }
        return sb.toString();
    }

    private static boolean unprintable(char c) {
        return Character.isISOControl(c) || c == '\uFFFD' || Character.getType(c) == Character.UNASSIGNED
                || Character.getType(c) == Character.PRIVATE_USE || Character.getType(c) == Character.SURROGATE
                || Character.getType(c) == Character.FORMAT;
    }
}
