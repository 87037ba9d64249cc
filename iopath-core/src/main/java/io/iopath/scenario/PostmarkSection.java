package io.iopath.scenario;

import io.iopath.workload.postmark.PostmarkConfig;
import io.iopath.workload.postmark.PostmarkConfigException;
import io.iopath.workload.postmark.PostmarkConfigFile;
import io.iopath.workload.postmark.PostmarkJob;
import java.util.ArrayList;
import java.util.List;

/**
 * Binds a scenario job that runs Postmark ({@code jobs[i]} with a {@code postmark:} mapping) to a
 * {@link PostmarkJob}. The parameters have the names of Postmark's {@code set} commands and take the
 * values a {@code set} line takes, with the same defaults and checks ({@link PostmarkConfigFile#set}):
 *
 * <pre>
 * jobs:
 *   - name: pm
 *     postmark:
 *       size: 500 10000        # set size L H (one number: a fixed size)
 *       number: 1000           # set number
 *       transactions: 5000     # set transactions (at least 10)
 *       subdirectories: 10     # set subdirectories
 *       read: 512              # set read
 *       write: 512             # set write
 *       buffering: true        # set buffering
 *       bias: {read: 5, create: 5}   # set bias read / set bias create (-1..10)
 *       location: [a 2, b]     # set location a 2, then set location +b (DIR [WEIGHT] each)
 *       seed: 42               # set seed
 *       report: terse          # set report
 * </pre>
 */
final class PostmarkSection {
    /** The keys of the {@code postmark:} mapping, in the order errors list them. */
    static final List<String> KEYS = List.of("size", "number", "transactions", "subdirectories", "read", "write",
            "buffering", "bias", "location", "seed", "report");

    private PostmarkSection() {
    }

    /** Whether a job's mapping is a Postmark job. */
    static boolean isPostmark(Node job) {
        return job instanceof Node.MapNode m && m.entries().containsKey("postmark");
    }

    static PostmarkJob bind(Node job, String path, String defaultName) {
        Fields f = new Fields(job, path);
        String name = f.string("name", defaultName);
        Node pm = f.node("postmark");
        f.finish(List.of("name", "postmark")); // a Postmark job has no fio options
        if (pm instanceof Node.ScalarNode s && s.isNull()) {
            return new PostmarkJob(name, PostmarkConfig.DEFAULTS); // "postmark:" alone: Postmark's defaults
        }
        Fields p = new Fields(pm, path + ".postmark");
        PostmarkConfig c = PostmarkConfig.DEFAULTS;
        c = set(p, c, "size", "size", "LOW [HIGH] in bytes, such as 500 10000");
        for (String key : List.of("number", "transactions", "subdirectories", "read", "write", "seed")) {
            c = set(p, c, key, key, "a whole number of at least 1");
        }
        if (p.has("buffering")) {
            c = apply(p, c, "buffering", "buffering " + p.bool("buffering", true));
        } else {
            p.node("buffering");
        }
        c = set(p, c, "report", "report", "verbose or terse");
        Fields bias = p.child("bias");
        if (bias != null) {
            for (String kind : List.of("read", "create")) {
                Node.ScalarNode s = bias.scalar(kind, "an integer from -1 to 10");
                if (s != null) {
                    c = apply(s, bias.field(kind), c, "bias " + kind + " " + s.text().strip());
                }
            }
            bias.finish();
        }
        Node loc = p.node("location");
        if (loc != null) {
            List<Node> items = loc instanceof Node.ListNode l ? l.items() : List.of(loc);
            List<String> seen = new ArrayList<>();
            for (int i = 0; i < items.size(); i++) {
                Node item = items.get(i);
                String field = p.field("location") + (loc instanceof Node.ListNode ? "[" + i + "]" : "");
                if (!(item instanceof Node.ScalarNode s) || s.isNull() || s.text().isBlank()) {
                    throw ScenarioException.expected(item.location(), field, "a directory and an optional weight, such as 'a 2'",
                            item.describe());
                }
                String text = s.text().strip();
                if (text.startsWith("+") || text.startsWith("-")) {
                    throw ScenarioException.expected(s.location(), field, "a directory name (the list adds them in order;"
                            + " no + or -)", s.describe());
                }
                String dir = text.split("\\s+")[0];
                if (seen.contains(dir)) {
                    throw new ScenarioException(s.location(), field, "location '" + dir + "' is listed twice");
                }
                seen.add(dir);
                c = apply(s, field, c, "location " + (i == 0 ? "" : "+") + text);
            }
        }
        p.finish(KEYS);
        if (c.transactions() < 10) {
            throw ScenarioException.expected(p.peek("transactions") != null ? p.peek("transactions").location() : p.location(),
                    p.field("transactions"), "at least 10 (Postmark 1.5 divides by transactions/10 and dies below 10)",
                    String.valueOf(c.transactions()));
        }
        return new PostmarkJob(name, c);
    }

    private static PostmarkConfig set(Fields p, PostmarkConfig c, String key, String command, String expected) {
        Node.ScalarNode s = scalar(p, key, expected);
        return s == null ? c : apply(s, p.field(key), c, command + " " + s.text().strip());
    }

    /** A scalar, or a list of scalars joined by spaces ({@code size: [500, 10000]}). */
    private static Node.ScalarNode scalar(Fields p, String key, String expected) {
        Node n = p.node(key);
        if (n instanceof Node.ListNode l && !l.items().isEmpty()
                && l.items().stream().allMatch(i -> i instanceof Node.ScalarNode s && !s.isNull())) {
            StringBuilder text = new StringBuilder();
            for (Node i : l.items()) {
                text.append(((Node.ScalarNode) i).text().strip()).append(' ');
            }
            return new Node.ScalarNode(l.location(), text.toString().strip(), false);
        }
        return p.scalar(key, expected);
    }

    private static PostmarkConfig apply(Fields p, PostmarkConfig c, String key, String line) {
        return apply(p.peek(key), p.field(key), c, line);
    }

    private static PostmarkConfig apply(Node at, String field, PostmarkConfig c, String line) {
        try {
            return PostmarkConfigFile.set(c, line, "");
        } catch (PostmarkConfigException e) {
            // the message reads ": set size: ..." (no file:line for a set applied alone); the node has the place
            String problem = e.getMessage().replaceFirst("^: ", "");
            throw new ScenarioException(at.location(), field, problem);
        }
    }
}
