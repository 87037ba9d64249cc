package io.iopath.scenario;

/**
 * A scenario that cannot be run, with the place and field at fault. Its message reads
 * {@code FILE:LINE:COLUMN: FIELD: expected …, got …}, the form compilers use, so editors can jump
 * to it. A control character anywhere in it (a key or value the user typed or a damaged file
 * held) is shown as {@code \\xNN}, so the message stays one readable line on any terminal.
 */
public final class ScenarioException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final Location location;
    private final String field;

    public ScenarioException(Location location, String field, String problem) {
        super(oneLine(location + ": " + (field.isEmpty() ? "" : field + ": ") + problem));
        this.location = location;
        this.field = field;
    }

    public static ScenarioException expected(Location location, String field, String expected, String got) {
        return new ScenarioException(location, field, "expected " + expected + ", got " + got);
    }

    /** {@code text} with each control character as {@code \\xNN}. */
    static String oneLine(String text) {
        StringBuilder sb = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                if (sb == null) {
                    sb = new StringBuilder(text.length() + 8).append(text, 0, i);
                }
                sb.append(String.format(java.util.Locale.ROOT, "\\x%02x", (int) c));
            } else if (sb != null) {
                sb.append(c);
            }
        }
        return sb == null ? text : sb.toString();
    }

    public Location location() {
        return location;
    }

    public String field() {
        return field;
    }
}
