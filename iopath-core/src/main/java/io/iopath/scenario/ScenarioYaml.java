package io.iopath.scenario;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The scenario YAML exactly as a run used it: the file's tree with every {@code --set} override
 * applied, written back as block-style YAML, so a report shows what was simulated rather than
 * what the file said. The file's leading comment block (its description) is kept; other
 * comments and the quoting style are not; keys keep their order. Reading the text back gives
 * the same {@link Scenario}.
 */
public final class ScenarioYaml {
    /** Scalars that YAML reads back as the same text without quotes. */
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./+\\-][A-Za-z0-9_ ./+\\-]*");
    /** Plain text YAML would read as null; a non-null scalar with this text was quoted. */
    private static final Pattern NULL_WORD = Pattern.compile("(?i)~|null");

    private ScenarioYaml() {
    }

    /** Parses {@code text}, applies {@code overrides} as {@link ScenarioReader} does, and writes the result. */
    public static String asRun(String source, String text, List<String> overrides) {
        Node root = YamlTree.parse(source, text);
        for (String o : overrides) {
            Overrides.apply(root, o);
        }
        return leadingComments(text) + write(root);
    }

    /** The comment lines (and blank lines among them) before the first line of YAML content. */
    static String leadingComments(String text) {
        StringBuilder sb = new StringBuilder();
        for (String line : text.split("\\R", -1)) {
            String t = line.strip();
            if (t.startsWith("#")) {
                sb.append(line.stripTrailing()).append('\n');
            } else if (!t.isEmpty() && !t.equals("---")) {
                break;
            }
        }
        return sb.toString();
    }

    public static String write(Node root) {
        StringBuilder sb = new StringBuilder();
        if (root instanceof Node.MapNode map && !map.entries().isEmpty()) {
            mapping(sb, map, 0, false);
        } else if (root instanceof Node.ListNode list && !list.items().isEmpty()) {
            sequence(sb, list, 0);
        } else {
            sb.append(inline(root)).append('\n');
        }
        return sb.toString();
    }

    /** Entries at {@code indent}; when {@code firstInline}, the first one continues a "- " already written. */
    private static void mapping(StringBuilder sb, Node.MapNode map, int indent, boolean firstInline) {
        boolean first = true;
        for (Map.Entry<String, Node> e : map.entries().entrySet()) {
            if (!(first && firstInline)) {
                sb.append(" ".repeat(indent));
            }
            first = false;
            sb.append(scalar(e.getKey())).append(':');
            Node v = e.getValue();
            if (v instanceof Node.MapNode m && !m.entries().isEmpty()) {
                sb.append('\n');
                mapping(sb, m, indent + 2, false);
            } else if (v instanceof Node.ListNode l && !l.items().isEmpty()) {
                sb.append('\n');
                sequence(sb, l, indent + 2);
            } else {
                sb.append(' ').append(inline(v)).append('\n');
            }
        }
    }

    private static void sequence(StringBuilder sb, Node.ListNode list, int indent) {
        for (Node item : list.items()) {
            sb.append(" ".repeat(indent)).append('-');
            if (item instanceof Node.MapNode m && !m.entries().isEmpty()) {
                sb.append(' ');
                mapping(sb, m, indent + 2, true);
            } else if (item instanceof Node.ListNode l && !l.items().isEmpty()) {
                sb.append('\n');
                sequence(sb, l, indent + 2);
            } else {
                sb.append(' ').append(inline(item)).append('\n');
            }
        }
    }

    /** A scalar, or an empty mapping or list. */
    private static String inline(Node n) {
        if (n instanceof Node.MapNode) {
            return "{}";
        }
        if (n instanceof Node.ListNode) {
            return "[]";
        }
        Node.ScalarNode s = (Node.ScalarNode) n;
        return s.isNull() ? "null" : scalar(s.text());
    }

    private static String scalar(String text) {
        boolean sequenceDash = text.equals("-") || text.startsWith("- ");
        if (PLAIN.matcher(text).matches() && !text.endsWith(" ") && !sequenceDash && !NULL_WORD.matcher(text).matches()) {
            return text;
        }
        StringBuilder sb = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                case '\r' -> sb.append("\\r");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format(java.util.Locale.ROOT, "\\x%02x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }
}
