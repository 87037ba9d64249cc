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
    private final String problem;

    /** The characters of a refused value the message shows; the rest is counted. */
    static final int VALUE_SHOWN = 120;
    /** The most a message shows in all (a long key or path included), whatever built it. */
    static final int MESSAGE_SHOWN = 1500;

    public ScenarioException(Location location, String field, String problem) {
        super(oneLine(cut(location + ": " + (field.isEmpty() ? "" : field + ": ") + problem, MESSAGE_SHOWN, " in all")));
        this.location = location;
        this.field = field;
        this.problem = problem;
    }

    public static ScenarioException expected(Location location, String field, String expected, String got) {
        return new ScenarioException(location, field, "expected " + expected + ", got " + shortened(got));
    }

    /**
     * {@code got} with its quoted value cut to {@link #VALUE_SHOWN} characters and its length
     * given: a whole file read as one value (a trace given as the scenario is one YAML scalar of
     * megabytes) must not become the message.
     */
    static String shortened(String got) {
        int open = got.indexOf('\'');
        int close = got.lastIndexOf('\'');
        if (open >= 0 && close > open) {
            String value = got.substring(open + 1, close);
            return value.length() <= VALUE_SHOWN ? got
                    : got.substring(0, open + 1) + value.substring(0, end(value, VALUE_SHOWN)) + "…' (" + value.length()
                            + " characters)" + got.substring(close + 1);
        }
        return cut(got, VALUE_SHOWN, "");
    }

    /** {@code text}, or its first {@code shown} characters and how many there are. */
    private static String cut(String text, int shown, String inAll) {
        return text.length() <= shown ? text
                : text.substring(0, end(text, shown)) + "… (" + text.length() + " characters" + inAll + ")";
    }

    /** Where to cut {@code text} after at most {@code shown} characters without halving one. */
    private static int end(String text, int shown) {
        return Character.isHighSurrogate(text.charAt(shown - 1)) ? shown - 1 : shown;
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

    /**
     * This refusal as the user gave its value, when an option other than {@code --set} made the
     * override {@code assignment} ({@code --drive x} becomes {@code drive.preset=x}, a sweep's
     * {@code --vary} one assignment per point): located at {@code option} instead of the
     * {@code --set} the user never typed. A refusal from elsewhere comes back unchanged.
     */
    public ScenarioException givenAs(String assignment, String option) {
        if (!location.equals(Location.override(assignment))) {
            return this;
        }
        ScenarioException e = new ScenarioException(new Location(option, 0, 0), field, problem);
        e.initCause(this);
        return e;
    }

    public Location location() {
        return location;
    }

    public String field() {
        return field;
    }
}
