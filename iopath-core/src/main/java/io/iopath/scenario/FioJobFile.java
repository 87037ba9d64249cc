package io.iopath.scenario;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads a fio job file (INI: {@code [global]} and one section per job; {@code key=value} or a
 * bare {@code key} for flags; {@code ;} and {@code #} start comment lines) into the same tree a
 * scenario YAML gives, so it is bound, overridden ({@code --set}) and run exactly like YAML.
 *
 * <p>As in fio, a job inherits the {@code [global]} options written before it, and a later
 * value overrides an earlier one. Options iopath does not model are dropped and listed in
 * {@link #ignored()} (each once), never silently. A job without {@code ioengine} gets fio's
 * default, psync; {@code direct} defaults to 1 in iopath (no page cache yet), which is noted.
 */
public final class FioJobFile {
    private final Node.MapNode root;
    private final List<String> ignored;
    private final List<String> notes;
    private final boolean groupReporting;

    private FioJobFile(Node.MapNode root, List<String> ignored, List<String> notes, boolean groupReporting) {
        this.root = root;
        this.ignored = ignored;
        this.notes = notes;
        this.groupReporting = groupReporting;
    }

    /** Whether a file looks like a fio job file rather than YAML: by name, else a first section header. */
    public static boolean looksLikeJobFile(Path file, String text) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".fio") || name.endsWith(".ini")) {
            return true;
        }
        if (name.endsWith(".yaml") || name.endsWith(".yml")) {
            return false;
        }
        for (String line : text.split("\n")) {
            String t = line.strip();
            if (t.isEmpty() || t.startsWith("#") || t.startsWith(";")) {
                continue;
            }
            return t.startsWith("[") && t.endsWith("]");
        }
        return false;
    }

    public static FioJobFile read(Path file) {
        try {
            return parse(file.toString(), Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new ScenarioException(new Location(file.toString(), 0, 0), "", "cannot read the file: " + e.getMessage());
        }
    }

    public static FioJobFile parse(String source, String text) {
        Map<String, Entry> global = new LinkedHashMap<>();
        List<String> jobNames = new ArrayList<>();
        List<Location> jobLocations = new ArrayList<>();
        List<Map<String, Entry>> jobs = new ArrayList<>();
        Map<String, Entry> current = null;
        Map<String, Location> ignoredAt = new LinkedHashMap<>();
        boolean groupReporting = false;
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            int lineNo = i + 1;
            String raw = lines[i];
            String t = raw.strip();
            if (t.isEmpty() || t.startsWith("#") || t.startsWith(";")) {
                continue;
            }
            int indent = raw.indexOf(t.charAt(0)) + 1;
            if (t.startsWith("[")) {
                if (!t.endsWith("]") || t.length() < 3) {
                    throw new ScenarioException(new Location(source, lineNo, indent), "", "expected a section header such as [global] or [jobname], got '" + t + "'");
                }
                String section = t.substring(1, t.length() - 1).strip();
                if (section.equals("global")) {
                    current = global;
                } else {
                    if (jobNames.contains(section)) {
                        throw new ScenarioException(new Location(source, lineNo, indent), "[" + section + "]", "duplicate job name");
                    }
                    current = new LinkedHashMap<>(global);
                    jobNames.add(section);
                    jobLocations.add(new Location(source, lineNo, indent));
                    jobs.add(current);
                }
                continue;
            }
            if (current == null) {
                throw new ScenarioException(new Location(source, lineNo, indent), "", "expected a section header ([global] or [jobname]) before options, got '" + t + "'");
            }
            int eq = t.indexOf('=');
            String key = (eq < 0 ? t : t.substring(0, eq)).strip();
            String value = eq < 0 ? "" : t.substring(eq + 1).strip();
            int valueColumn = eq < 0 ? indent : raw.indexOf('=') + 2 + (raw.substring(raw.indexOf('=') + 1).length() - raw.substring(raw.indexOf('=') + 1).stripLeading().length());
            Location at = new Location(source, lineNo, valueColumn);
            if (key.isEmpty()) {
                throw new ScenarioException(at, "", "expected OPTION=VALUE, got '" + t + "'");
            }
            if (key.equals("group_reporting")) {
                groupReporting = value.isEmpty() || !value.equals("0");
                continue;
            }
            if (!JobSection.MODELLED.contains(key) || key.equals("name")) {
                ignoredAt.putIfAbsent(key, at);
                continue;
            }
            current.put(key, new Entry(value, at));
        }
        if (jobs.isEmpty()) {
            throw new ScenarioException(new Location(source, Math.max(1, lines.length), 1), "", "expected at least one job section ([jobname]) in the fio job file");
        }
        List<String> notes = new ArrayList<>();
        Location fileStart = new Location(source, 1, 1);
        Node.MapNode root = Node.newMap(fileStart);
        String base = Path.of(source).getFileName().toString().replaceFirst("\\.(fio|ini)$", "");
        root.add("name", fileStart, new Node.ScalarNode(fileStart, base, false));
        Node.ListNode list = Node.newList(fileStart);
        boolean noteDirect = false;
        for (int j = 0; j < jobs.size(); j++) {
            Location at = jobLocations.get(j);
            Node.MapNode job = Node.newMap(at);
            job.add("name", at, new Node.ScalarNode(at, jobNames.get(j), false));
            for (var e : jobs.get(j).entrySet()) {
                job.add(e.getKey(), e.getValue().at(), new Node.ScalarNode(e.getValue().at(), e.getValue().text(), false));
            }
            if (!jobs.get(j).containsKey("ioengine")) {
                job.add("ioengine", at, new Node.ScalarNode(at, "psync", false)); // fio's default engine on Linux
            }
            if (!jobs.get(j).containsKey("direct") && !jobs.get(j).containsKey("buffered")) {
                noteDirect = true;
            }
            list.add(job);
        }
        root.add("jobs", fileStart, list);
        if (noteDirect) {
            notes.add("note: direct=0 (fio's default) is simulated as direct=1: a fio job file runs on the drive; buffered IO needs a scenario with a filesystem: section (docs/filesystem.md)");
        }
        List<String> ignored = new ArrayList<>();
        for (var e : ignoredAt.entrySet()) {
            ignored.add(e.getKey());
        }
        return new FioJobFile(root, ignored, notes, groupReporting);
    }

    private record Entry(String text, Location at) {
    }

    /** The scenario tree: {@code name}, {@code jobs} (one mapping per job section). */
    public Node.MapNode tree() {
        return root;
    }

    /** Options iopath does not model, each once, in the order first written. */
    public List<String> ignored() {
        return List.copyOf(ignored);
    }

    public List<String> notes() {
        return List.copyOf(notes);
    }

    public boolean groupReporting() {
        return groupReporting;
    }
}
