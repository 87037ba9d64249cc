package io.iopath;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The layering of docs/architecture.md, checked on the sources: every reference from one iopath
 * package to another (an import, or a fully qualified name in code) must go to a layer the rule
 * table allows, and the package graph must have no cycle. It reads the main sources as text, so
 * it needs no bytecode library and sees exactly what a reader sees.
 */
class LayeringTest {

    private static final Path SOURCES = Path.of("src/main/java/io/iopath");

    /**
     * Each layer (the first package name under io.iopath, or a named sub-package) and the layers
     * it may use. Everything not listed for a layer is above it or beside it, and forbidden.
     * Sub-packages of a layer belong to it (device.disk.geometry is "device").
     */
    static final Map<String, Set<String>> MAY_USE = new TreeMap<>(Map.ofEntries(
            Map.entry("files", Set.of()),
            Map.entry("units", Set.of()),
            Map.entry("result", Set.of("units", "files")),
            Map.entry("sim", Set.of("units", "files")),
            Map.entry("request", Set.of("sim", "units", "files")),
            Map.entry("device", Set.of("request", "sim", "units", "result", "files")),
            Map.entry("block", Set.of("request", "sim", "units", "result", "files")),
            Map.entry("driver", Set.of("block", "device", "request", "sim", "units", "result", "files")),
            Map.entry("durability", Set.of("device", "request", "sim", "units", "result", "files")),
            Map.entry("metrics", Set.of("block", "request", "sim", "units", "result", "files")),
            Map.entry("fs", Set.of("block", "metrics", "request", "sim", "units", "result", "files")),
            Map.entry("workload", Set.of("fs", "block", "metrics", "request", "sim", "units", "result", "files")),
            Map.entry("validation", Set.of("device", "workload", "metrics", "request", "sim", "units",
                    "result", "files")),
            Map.entry("virt", Set.of("fs", "block", "device", "request", "sim", "units", "result", "files")),
            Map.entry("report", Set.of("result", "units", "files")),
            Map.entry("scenario", Set.of("virt", "fs", "device", "block", "driver", "durability", "metrics",
                    "workload", "request", "sim", "units", "result", "files")),
            Map.entry("experiment", Set.of("scenario", "virt", "fs", "device", "block", "driver", "durability",
                    "metrics", "workload", "validation", "report", "request", "sim", "units",
                    "result", "files"))));

    /**
     * Inside the drive (docs/architecture.md, "Inside the drive"): each package under
     * device.disk and the other device.disk packages it may use. Disk, the controller loop, sits
     * on top; the command queue, the buffer and the bus below it know nothing of it, and the
     * buffer and the bus nothing of each other.
     */
    static final Map<String, Set<String>> DRIVE_MAY_USE = new TreeMap<>(Map.ofEntries(
            Map.entry("device.disk.geometry", Set.of()),
            // the zone rules of a host-managed drive: in front of any drive, using none of its parts
            Map.entry("device.disk.zoned", Set.of()),
            Map.entry("device.disk.mechanics", Set.of("device.disk.geometry")),
            Map.entry("device.disk.queue", Set.of("device.disk.mechanics", "device.disk.geometry")),
            Map.entry("device.disk.bus", Set.of("device.disk.mechanics", "device.disk.geometry")),
            Map.entry("device.disk.cache", Set.of("device.disk.queue", "device.disk.mechanics",
                    "device.disk.geometry")),
            Map.entry("device.disk", Set.of("device.disk.queue", "device.disk.cache", "device.disk.bus",
                    "device.disk.mechanics", "device.disk.geometry")),
            Map.entry("device.disk.disksim", Set.of("device.disk", "device.disk.cache", "device.disk.bus",
                    "device.disk.mechanics", "device.disk.geometry")),
            Map.entry("device.disk.presets", Set.of("device.disk.disksim", "device.disk", "device.disk.cache",
                    "device.disk.bus", "device.disk.mechanics", "device.disk.geometry"))));

    private static final Pattern REFERENCE =
            Pattern.compile("\\bio\\.iopath\\.((?:[a-z][a-z0-9_]*\\.)*[a-z][a-z0-9_]*)\\.[A-Z]");

    @Test
    void everyPackageBelongsToALayer() {
        for (String pkg : packages().keySet()) {
            assertThat(MAY_USE).as("layer of package %s (add it to MAY_USE and docs/architecture.md)", pkg)
                    .containsKey(layerOf(pkg));
        }
    }

    @Test
    void layersUseOnlyTheLayersBelowThem() {
        List<String> broken = new ArrayList<>();
        packages().forEach((pkg, uses) -> {
            String layer = layerOf(pkg);
            for (Map.Entry<String, Set<String>> use : uses.entrySet()) {
                String target = layerOf(use.getKey());
                if (!target.equals(layer) && !MAY_USE.getOrDefault(layer, Set.of()).contains(target)) {
                    broken.add(pkg + " -> " + use.getKey() + " (in " + use.getValue() + ")");
                }
            }
        });
        assertThat(broken).as("references to layers above or beside").isEmpty();
    }

    @Test
    void drivePackagesUseOnlyThePackagesBelowThem() {
        List<String> broken = new ArrayList<>();
        packages().forEach((pkg, uses) -> {
            if (!isDrivePackage(pkg)) {
                return;
            }
            assertThat(DRIVE_MAY_USE).as("drive package %s (add it to DRIVE_MAY_USE and docs/architecture.md)", pkg)
                    .containsKey(pkg);
            for (Map.Entry<String, Set<String>> use : uses.entrySet()) {
                String target = use.getKey();
                if (isDrivePackage(target) && !DRIVE_MAY_USE.get(pkg).contains(target)) {
                    broken.add(pkg + " -> " + target + " (in " + use.getValue() + ")");
                }
            }
        });
        assertThat(broken).as("references inside the drive to packages above or beside").isEmpty();
    }

    @Test
    void theDriveTableKeepsTheBufferAndTheBusApart() {
        // The checker itself: a bus class that used the cache, or a cache class the controller, would be reported.
        assertThat(DRIVE_MAY_USE.get("device.disk.bus")).doesNotContain("device.disk.cache", "device.disk");
        assertThat(DRIVE_MAY_USE.get("device.disk.cache")).doesNotContain("device.disk.bus", "device.disk");
        assertThat(DRIVE_MAY_USE.get("device.disk.queue")).doesNotContain("device.disk.cache", "device.disk.bus",
                "device.disk");
        assertThat(isDrivePackage("device.disk.cache")).isTrue();
        assertThat(isDrivePackage("device.diskette")).isFalse();
    }

    static boolean isDrivePackage(String pkg) {
        return pkg.equals("device.disk") || pkg.startsWith("device.disk.");
    }

    @Test
    void packageGraphHasNoCycle() {
        assertThat(cycles(packages())).as("package cycles (each a set of packages that reach each other)").isEmpty();
    }

    @Test
    void aCycleIsFound() {
        Map<String, Map<String, Set<String>>> graph = new TreeMap<>();
        graph.put("a", Map.of("b", Set.of()));
        graph.put("b", Map.of("c", Set.of()));
        graph.put("c", Map.of("a", Set.of()));
        graph.put("d", Map.of("a", Set.of()));
        assertThat(cycles(graph)).containsExactly(Set.of("a", "b", "c"));
    }

    @Test
    void theRuleTableDetectsAnUpwardReference() {
        // The checker itself: a block class that used the driver would be reported.
        assertThat(MAY_USE.get("block")).doesNotContain("driver", "device", "scenario", "report");
        assertThat(MAY_USE.get("report")).containsExactlyInAnyOrder("result", "units", "files");
        Matcher m = REFERENCE.matcher("import io.iopath.device.disk.Disk;");
        assertThat(m.find()).isTrue();
        assertThat(m.group(1)).isEqualTo("device.disk");
    }

    /** The strongly connected components of more than one package (Tarjan's algorithm). */
    static List<Set<String>> cycles(Map<String, Map<String, Set<String>>> graph) {
        List<Set<String>> found = new ArrayList<>();
        Map<String, Integer> index = new TreeMap<>();
        Map<String, Integer> low = new TreeMap<>();
        List<String> stack = new ArrayList<>();
        for (String node : graph.keySet()) {
            if (!index.containsKey(node)) {
                strongConnect(node, graph, index, low, stack, found);
            }
        }
        return found;
    }

    private static void strongConnect(String node, Map<String, Map<String, Set<String>>> graph,
            Map<String, Integer> index, Map<String, Integer> low, List<String> stack, List<Set<String>> found) {
        index.put(node, index.size());
        low.put(node, index.get(node));
        stack.add(node);
        for (String next : graph.getOrDefault(node, Map.of()).keySet()) {
            if (!index.containsKey(next)) {
                strongConnect(next, graph, index, low, stack, found);
                low.put(node, Math.min(low.get(node), low.get(next)));
            } else if (stack.contains(next)) {
                low.put(node, Math.min(low.get(node), index.get(next)));
            }
        }
        if (low.get(node).equals(index.get(node))) {
            Set<String> component = new TreeSet<>();
            String member;
            do {
                member = stack.remove(stack.size() - 1);
                component.add(member);
            } while (!member.equals(node));
            if (component.size() > 1) {
                found.add(component);
            }
        }
    }

    static String layerOf(String pkg) {
        int dot = pkg.indexOf('.');
        return dot < 0 ? pkg : pkg.substring(0, dot);
    }

    /** package -> (package it references -> the files that reference it). */
    static Map<String, Map<String, Set<String>>> packages() {
        Map<String, Map<String, Set<String>>> graph = new TreeMap<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path file : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".java"))::iterator) {
                String pkg = SOURCES.relativize(file.getParent()).toString().replace('/', '.');
                if (pkg.isEmpty()) {
                    continue; // module-info.java
                }
                Map<String, Set<String>> uses = graph.computeIfAbsent(pkg, k -> new TreeMap<>());
                Matcher m = REFERENCE.matcher(withoutComments(Files.readString(file)));
                while (m.find()) {
                    String target = m.group(1);
                    if (!target.equals(pkg)) {
                        uses.computeIfAbsent(target, k -> new TreeSet<>()).add(file.getFileName().toString());
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return graph;
    }

    /** Drops block and line comments (javadoc may name any class), keeping string literals. */
    static String withoutComments(String source) {
        return source.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("(?m)//.*$", " ");
    }
}
