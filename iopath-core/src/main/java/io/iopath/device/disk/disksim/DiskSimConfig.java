package io.iopath.device.disk.disksim;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A whole DiskSim configuration ({@code .parv}): the component types it defines, keyed by
 * their DiskSim type names, and the parsed document (instances, topology and every block iopath
 * does not map, such as {@code disksim_synthio} or {@code disksim_logorg}).
 */
record DiskSimConfig(String file, Map<String, DiskSimDisk> disks, Map<String, DiskSimDriver> drivers,
        Map<String, DiskSimBus> buses, Map<String, DiskSimController> controllers, ParamDocument document) {

    public DiskSimConfig {
        disks = Map.copyOf(disks);
        drivers = Map.copyOf(drivers);
        buses = Map.copyOf(buses);
        controllers = Map.copyOf(controllers);
    }

    /** Disk instance names ({@code disk0}, …) in topology order. */
    public List<String> diskInstances() {
        java.util.ArrayList<String> out = new java.util.ArrayList<>();
        document.topology().forEach(root -> collectDisks(root, out));
        return List.copyOf(out);
    }

    private static void collectDisks(ParamDocument.TopologyNode node, List<String> out) {
        if (node.type().equals("disksim_disk")) {
            out.add(node.name());
        }
        node.children().forEach(c -> collectDisks(c, out));
    }

    /** The DiskSim type an instance was created as ({@code instantiate [ disk0 ] as TYPE}). */
    public Optional<String> typeOf(String instance) {
        return document.instantiations().stream().filter(i -> i.names().contains(instance))
                .map(ParamDocument.Instantiation::typeName).reduce((a, b) -> b);
    }
}
