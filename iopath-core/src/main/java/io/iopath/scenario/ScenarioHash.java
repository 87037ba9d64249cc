package io.iopath.scenario;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;

/**
 * The scenario's hash, which every output names: the first 16 hex digits (64 bits) of the SHA-256
 * of the canonical scenario, the tree as run (the file with every {@code --set} override and
 * {@code --seed} applied) written as {@link #canonical canonical text}: mapping keys sorted,
 * lists in order, each scalar as its text, so comments, blank lines, quoting, flow or block style
 * and key order change nothing. The same scenario gives the same hash on any machine; a value
 * written another way ({@code 4k} and {@code 4096}) is another text and another hash. A fio job
 * file hashes the scenario tree it becomes.
 */
public final class ScenarioHash {
    /** Hex digits kept of the digest. */
    public static final int DIGITS = 16;

    private ScenarioHash() {
    }

    /** The hash of a tree. */
    static String of(Node root) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(canonical(root).getBytes(StandardCharsets.UTF_8));
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < DIGITS / 2; i++) {
                sb.append(Character.forDigit((d[i] >> 4) & 0xf, 16)).append(Character.forDigit(d[i] & 0xf, 16));
            }
            return sb.toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java platform", e);
        }
    }

    /** The hash of scenario YAML {@code text} with {@code overrides} applied, as {@link ScenarioReader} reads it. */
    public static String of(String source, String text, List<String> overrides) {
        Node root = YamlTree.parse(source, text);
        for (String o : overrides) {
            Overrides.apply(root, o);
        }
        return of(root);
    }

    /**
     * The canonical text: a mapping is {@code {"k":v,...}} with keys in code-point order, a list
     * {@code [v,...]}, a scalar its text in double quotes (backslash and quote escaped), a null
     * {@code null}.
     */
    static String canonical(Node n) {
        StringBuilder sb = new StringBuilder();
        write(sb, n);
        return sb.toString();
    }

    private static void write(StringBuilder sb, Node n) {
        if (n instanceof Node.MapNode m) {
            List<String> keys = new ArrayList<>(m.entries().keySet());
            keys.sort(null);
            sb.append('{');
            for (int i = 0; i < keys.size(); i++) {
                if (i > 0) {
                    sb.append(',');
                }
                quoted(sb, keys.get(i));
                sb.append(':');
                write(sb, m.entries().get(keys.get(i)));
            }
            sb.append('}');
        } else if (n instanceof Node.ListNode l) {
            sb.append('[');
            for (int i = 0; i < l.items().size(); i++) {
                if (i > 0) {
                    sb.append(',');
                }
                write(sb, l.items().get(i));
            }
            sb.append(']');
        } else {
            Node.ScalarNode s = (Node.ScalarNode) n;
            if (s.isNull()) {
                sb.append("null");
            } else {
                quoted(sb, s.text());
            }
        }
    }

    private static void quoted(StringBuilder sb, String text) {
        sb.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"' || c == '\\') {
                sb.append('\\');
            }
            sb.append(c);
        }
        sb.append('"');
    }
}
