package io.iopath.scenario;

import io.iopath.units.Units;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;

/**
 * Typed reading of one YAML mapping. Each getter consumes a key; {@link #finish()} rejects any
 * key nobody asked for, so a typo never silently falls back to a default.
 */
final class Fields {
    private final Node.MapNode map;
    private final String path;
    /** Every key a getter asked for, present or not: the keys this mapping knows. */
    private final Set<String> consumed = new LinkedHashSet<>();

    public Fields(Node node, String path) {
        if (!(node instanceof Node.MapNode m)) {
            throw ScenarioException.expected(node.location(), path, "a mapping", node.describe());
        }
        this.map = m;
        this.path = path;
    }

    public Location location() {
        return map.location();
    }

    public String path() {
        return path;
    }

    String field(String key) {
        return path.isEmpty() ? key : path + "." + key;
    }

    public boolean has(String key) {
        return map.entries.containsKey(key);
    }

    /** The raw node of a key, not consumed (for an error about a value already read), or null. */
    Node peek(String key) {
        return map.entries.get(key);
    }

    /** The raw node of a key (consumed), or null. */
    public Node node(String key) {
        consumed.add(key);
        return map.entries.get(key);
    }

    /**
     * The key's scalar (consumed), or null when absent; anything else (a list, a mapping,
     * nothing) is an error saying {@code expected}.
     */
    Node.ScalarNode scalar(String key, String expected) {
        Node n = node(key);
        if (n == null) {
            return null;
        }
        if (!(n instanceof Node.ScalarNode s) || s.isNull()) {
            throw ScenarioException.expected(n.location(), field(key), expected, n.describe());
        }
        // a YAML escape ("\0", "\x01") gives what a text file cannot hold; no field means one,
        // and a NUL would reach Path.of (a file name) or a C string (fio's, the kernel's) as junk
        int control = firstControl(s.text());
        if (control >= 0) {
            throw ScenarioException.expected(s.location(), field(key), expected,
                    s.describe() + " (control character \\x" + String.format(java.util.Locale.ROOT, "%02x", control) + ")");
        }
        return s;
    }

    /** The first control character of {@code text} other than a tab or a line break (a block scalar's), or -1. */
    private static int firstControl(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f) {
                return c;
            }
        }
        return -1;
    }

    private <T> T parse(String key, String expected, T fallback, Function<String, T> parser) {
        Node.ScalarNode s = scalar(key, expected);
        if (s == null) {
            return fallback;
        }
        try {
            return parser.apply(s.text());
        } catch (IllegalArgumentException e) {
            throw ScenarioException.expected(s.location(), field(key), expected, s.describe());
        }
    }

    public String string(String key, String fallback) {
        return parse(key, "a text", fallback, t -> t);
    }

    /** Bytes, from {@code 4k}-style sizes; must be at least {@code min}. */
    public long size(String key, long fallback, long min) {
        Node.ScalarNode s = scalar(key, Units.SIZE_FORMAT);
        if (s == null) {
            return fallback;
        }
        long v;
        try {
            v = Units.parseSize(s.text());
        } catch (IllegalArgumentException e) {
            String got = s.text().trim().startsWith("-") ? "a negative size " + s.describe() : s.describe();
            throw ScenarioException.expected(s.location(), field(key), Units.SIZE_FORMAT, got);
        }
        if (v < min) {
            throw ScenarioException.expected(s.location(), field(key), "a size of at least " + Units.formatSize(min), s.describe());
        }
        return v;
    }

    /** Nanoseconds, from {@code 6ms}-style times. */
    public long time(String key, long fallback) {
        return parse(key, Units.TIME_FORMAT, fallback, Units::parseTime);
    }

    /** What an integer field from {@code min} to {@code max} expects, in words ({@code seed}: any integer). */
    static String integerExpected(long min, long max) {
        if (max == Long.MAX_VALUE) {
            return min == Long.MIN_VALUE ? "an integer" : "an integer of at least " + min;
        }
        return "an integer from " + min + " to " + max;
    }

    public long integer(String key, long fallback, long min, long max) {
        String expected = integerExpected(min, max);
        Node.ScalarNode s = scalar(key, expected);
        if (s == null) {
            return fallback;
        }
        long v;
        try {
            v = Long.parseLong(s.text().trim());
        } catch (NumberFormatException e) {
            throw ScenarioException.expected(s.location(), field(key), expected, s.describe());
        }
        if (v < min || v > max) {
            throw ScenarioException.expected(s.location(), field(key), expected, s.describe());
        }
        return v;
    }

    public boolean bool(String key, boolean fallback) {
        String expected = "true or false (or 1 / 0, on / off)";
        return parse(key, expected, fallback, t -> switch (t.trim().toLowerCase(Locale.ROOT)) {
            case "true", "1", "on", "yes" -> true;
            case "false", "0", "off", "no" -> false;
            default -> throw new IllegalArgumentException();
        });
    }

    /** One of a fixed set of names. */
    public String choice(String key, String fallback, List<String> allowed) {
        String expected = "one of " + String.join(", ", allowed);
        Node.ScalarNode s = scalar(key, expected);
        if (s == null) {
            return fallback;
        }
        String v = s.text().trim();
        if (!allowed.contains(v)) {
            throw ScenarioException.expected(s.location(), field(key), expected,
                    s.describe() + io.iopath.units.Spelling.hint(v, allowed));
        }
        return v;
    }

    /** A nested mapping, or null when absent. */
    public Fields child(String key) {
        Node n = node(key);
        return n == null ? null : new Fields(n, field(key));
    }

    /** A list of mappings, or an empty list when absent. */
    public List<Fields> children(String key) {
        Node n = node(key);
        if (n == null) {
            return List.of();
        }
        if (!(n instanceof Node.ListNode list)) {
            throw ScenarioException.expected(n.location(), field(key), "a list", n.describe());
        }
        List<Fields> out = new ArrayList<>();
        for (int i = 0; i < list.items.size(); i++) {
            out.add(new Fields(list.items.get(i), field(key) + "[" + i + "]"));
        }
        return out;
    }

    /** Fails on the first key that no getter consumed, listing the keys the getters asked for. */
    public void finish() {
        finish(consumed);
    }

    /**
     * Fails on the first key that no getter consumed, listing {@code known} (a mapping whose
     * getters depend on each other, such as a job's options, names all it models).
     */
    void finish(Collection<String> known) {
        for (String key : map.entries.keySet()) {
            if (!consumed.contains(key)) {
                throw new ScenarioException(map.keyLocation(key), field(key),
                        "unknown key" + io.iopath.units.Spelling.hint(key, known) + "; expected one of " + String.join(", ", known));
            }
        }
    }
}
