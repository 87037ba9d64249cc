package io.iopath.scenario;

import java.util.ArrayList;
import java.util.List;

/**
 * Applies {@code --set path.to.field=value} to a parsed scenario tree before it is read, so an
 * override is checked exactly like a value in the file. Paths use dots and list indices:
 * {@code jobs[0].bs=128k} or {@code jobs.0.bs=128k}.
 */
final class Overrides {
    private Overrides() {
    }

    public static void apply(Node root, String assignment) {
        Location at = Location.override(assignment);
        int eq = assignment.indexOf('=');
        if (eq <= 0) {
            throw ScenarioException.expected(at, "", "path.to.field=value", "'" + assignment + "'");
        }
        List<String> path = splitPath(assignment.substring(0, eq).trim(), at);
        String value = assignment.substring(eq + 1).trim();
        Node node = root;
        StringBuilder walked = new StringBuilder();
        for (int i = 0; i < path.size(); i++) {
            String step = path.get(i);
            boolean last = i == path.size() - 1;
            // the path as the scenario's own errors spell it: jobs[0].bs, not jobs.0.bs
            if (node instanceof Node.ListNode) {
                walked.append('[').append(step).append(']');
            } else {
                walked.append(walked.length() == 0 ? "" : ".").append(step);
            }
            if (node instanceof Node.MapNode map) {
                if (last) {
                    map.put(step, at, new Node.ScalarNode(at, value, false));
                    return;
                }
                Node next = map.entries.get(step);
                if (next == null) {
                    next = new Node.MapNode(at);
                    map.put(step, at, next);
                }
                node = next;
            } else if (node instanceof Node.ListNode list) {
                int index;
                try {
                    index = Integer.parseInt(step);
                } catch (NumberFormatException e) {
                    throw ScenarioException.expected(at, walked.toString(), "a list index", "'" + step + "'");
                }
                if (index < 0 || index >= list.items.size()) {
                    throw ScenarioException.expected(at, walked.toString(),
                            "an index from 0 to " + (list.items.size() - 1), String.valueOf(index));
                }
                if (last) {
                    list.items.set(index, new Node.ScalarNode(at, value, false));
                    return;
                }
                node = list.items.get(index);
            } else {
                throw ScenarioException.expected(at, walked.toString(), "a mapping or list to descend into", node.describe());
            }
        }
    }

    private static List<String> splitPath(String path, Location at) {
        List<String> steps = new ArrayList<>();
        for (String part : path.split("\\.")) {
            String p = part;
            int bracket = p.indexOf('[');
            if (bracket >= 0) {
                if (!p.endsWith("]")) {
                    throw ScenarioException.expected(at, path, "a path such as jobs[0].bs", "'" + path + "'");
                }
                steps.add(p.substring(0, bracket));
                steps.add(p.substring(bracket + 1, p.length() - 1));
            } else {
                steps.add(p);
            }
        }
        if (steps.stream().anyMatch(String::isEmpty)) {
            throw ScenarioException.expected(at, path, "a path such as jobs[0].bs", "'" + path + "'");
        }
        return steps;
    }
}
