package io.iopath.scenario;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;

/**
 * Reads YAML into {@link Node}s with their line and column, using Jackson's streaming YAML
 * parser. Duplicate keys and syntax errors become {@link ScenarioException}s.
 */
final class YamlTree {
    private static final YAMLFactory FACTORY = new YAMLFactory();

    private YamlTree() {
    }

    public static Node parse(String source, String text) {
        try (JsonParser p = FACTORY.createParser(text)) {
            JsonToken first = p.nextToken();
            if (first == null) {
                return new Node.MapNode(new Location(source, 1, 1));
            }
            Node root = read(source, p);
            return root;
        } catch (JsonProcessingException e) {
            JsonLocation l = e.getLocation();
            Location at = l == null ? new Location(source, 0, 0) : new Location(source, l.getLineNr(), l.getColumnNr());
            throw new ScenarioException(at, "", "not valid YAML: " + firstLines(e.getOriginalMessage()));
        } catch (IOException e) {
            throw new ScenarioException(new Location(source, 0, 0), "", "cannot read: " + e.getMessage());
        }
    }

    /** SnakeYAML's message repeats the position with a caret drawing; keep only its words. */
    private static String firstLines(String message) {
        StringBuilder sb = new StringBuilder();
        for (String line : message.split("\\R")) {
            if (line.isBlank() || Character.isWhitespace(line.charAt(0)) || line.startsWith("^")) {
                continue;
            }
            sb.append(sb.length() == 0 ? "" : "; ").append(line.trim());
        }
        return sb.toString();
    }

    private static Location at(String source, JsonParser p) {
        JsonLocation l = p.currentTokenLocation();
        return new Location(source, l.getLineNr(), l.getColumnNr());
    }

    private static Node read(String source, JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        Location here = at(source, p);
        switch (t) {
            case START_OBJECT -> {
                Node.MapNode map = new Node.MapNode(here);
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String key = p.currentName();
                    Location keyAt = at(source, p);
                    if (map.entries.containsKey(key)) {
                        throw new ScenarioException(keyAt, key, "duplicate key");
                    }
                    p.nextToken();
                    map.put(key, keyAt, read(source, p));
                }
                return map;
            }
            case START_ARRAY -> {
                Node.ListNode list = new Node.ListNode(here);
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    list.items.add(read(source, p));
                }
                return list;
            }
            case VALUE_NULL -> {
                return new Node.ScalarNode(here, "", true);
            }
            default -> {
                return new Node.ScalarNode(here, p.getText(), false);
            }
        }
    }
}
