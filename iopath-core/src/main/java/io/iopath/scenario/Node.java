package io.iopath.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A YAML value that remembers where it was written, so errors can point at it. */
sealed interface Node permits Node.MapNode, Node.ListNode, Node.ScalarNode {
    Location location();

    /** What kind of value this is, in the words of an error message. */
    String describe();

    /** A new empty mapping, for trees built from other formats (fio job files). */
    public static MapNode newMap(Location location) {
        return new MapNode(location);
    }

    /** A new empty list, for trees built from other formats. */
    public static ListNode newList(Location location) {
        return new ListNode(location);
    }

    /** A mapping; keys keep their order and their own locations. */
    final class MapNode implements Node {
        private final Location location;
        final Map<String, Node> entries = new LinkedHashMap<>();
        final Map<String, Location> keyLocations = new LinkedHashMap<>();

        MapNode(Location location) {
            this.location = location;
        }

        @Override
        public Location location() {
            return location;
        }

        @Override
        public String describe() {
            return "a mapping";
        }

        public Map<String, Node> entries() {
            return entries;
        }

        public Location keyLocation(String key) {
            return keyLocations.getOrDefault(key, location);
        }

        /** Adds or replaces an entry (trees built from other formats). */
        public void add(String key, Location keyLocation, Node value) {
            put(key, keyLocation, value);
        }

        void put(String key, Location keyLocation, Node value) {
            entries.put(key, value);
            keyLocations.put(key, keyLocation);
        }
    }

    /** A sequence. */
    final class ListNode implements Node {
        private final Location location;
        final List<Node> items = new ArrayList<>();

        ListNode(Location location) {
            this.location = location;
        }

        @Override
        public Location location() {
            return location;
        }

        @Override
        public String describe() {
            return "a list";
        }

        public List<Node> items() {
            return items;
        }

        /** Appends an item (trees built from other formats). */
        public void add(Node item) {
            items.add(item);
        }
    }

    /** A scalar, kept as its text; {@code quoted} is true for YAML strings written in quotes. */
    record ScalarNode(Location location, String text, boolean isNull) implements Node {
        @Override
        public String describe() {
            return isNull ? "nothing" : "'" + text + "'";
        }
    }
}
