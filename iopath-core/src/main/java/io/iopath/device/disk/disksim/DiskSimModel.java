package io.iopath.device.disk.disksim;

import java.util.Map;

/**
 * A DiskSim {@code dm_disk} (a {@code .model} file): geometry, mechanics and layout.
 */
record DiskSimModel(
        String name,
        int surfaces,
        int cylinders,
        long blockCount,
        DiskSimMechanics mechanics,
        DiskSimLayout layout,
        Map<String, String> otherParameters) {
    public DiskSimModel {
        otherParameters = Map.copyOf(otherParameters);
    }
}
