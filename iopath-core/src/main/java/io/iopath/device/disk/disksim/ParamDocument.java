package io.iopath.device.disk.disksim;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A parsed DiskSim parameter file with its {@code source} includes merged in: the top-level
 * block definitions, the {@code instantiate [ names ] as TYPE} statements and the
 * {@code topology} trees, in file order.
 */
record ParamDocument(String file, List<ParamBlock> blocks, List<Instantiation> instantiations,
        List<TopologyNode> topology, Map<String, ParamSource> sources) {

    public ParamDocument {
        sources = Map.copyOf(sources);
        blocks = List.copyOf(blocks);
        instantiations = List.copyOf(instantiations);
        topology = List.copyOf(topology);
    }

    /** {@code instantiate [ disk0 .. disk2 ] as HP_C2249A}: ranges already expanded. */
    public record Instantiation(List<String> names, String typeName, String file, int line) {
        public Instantiation {
            names = List.copyOf(names);
        }
    }

    /** {@code disksim_bus bus0 [ children ]} inside a {@code topology} statement. */
    public record TopologyNode(String type, String name, List<TopologyNode> children, String file, int line) {
        public TopologyNode {
            children = List.copyOf(children);
        }

        /** The chain of nodes from this one down to the instance {@code target}, or empty. */
        public Optional<List<TopologyNode>> pathTo(String target) {
            if (name.equals(target)) {
                return Optional.of(List.of(this));
            }
            for (TopologyNode child : children) {
                Optional<List<TopologyNode>> sub = child.pathTo(target);
                if (sub.isPresent()) {
                    java.util.ArrayList<TopologyNode> path = new java.util.ArrayList<>();
                    path.add(this);
                    path.addAll(sub.get());
                    return Optional.of(List.copyOf(path));
                }
            }
            return Optional.empty();
        }
    }

    /** Top-level blocks of a DiskSim type ({@code disksim_disk}, {@code dm_disk}, …). */
    public List<ParamBlock> blocksOfType(String type) {
        return blocks.stream().filter(b -> b.type().equals(type)).toList();
    }

    /** The top-level block defined under this name. */
    public Optional<ParamBlock> block(String name) {
        return blocks.stream().filter(b -> b.name().equals(name)).findFirst();
    }
}
