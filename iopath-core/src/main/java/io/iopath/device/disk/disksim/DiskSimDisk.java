package io.iopath.device.disk.disksim;

import java.util.Map;

/**
 * A DiskSim {@code disksim_disk} (a {@code .diskspecs} block): the drive's firmware side —
 * overheads, bus interface, cache, command queue — around its {@code dm_disk} model.
 * {@code maxQueueLength} is the tagged command-queue depth.
 */
record DiskSimDisk(
        String name,
        DiskSimModel model,
        OverheadMatrix overheads,
        ProtocolOverheads protocol,
        DiskInterface bus,
        DiskSimCache cache,
        int maxQueueLength,
        DiskSimScheduler scheduler,
        int preseekingLevel,
        int avgSectorsPerCylinder,
        Map<String, String> otherParameters) {
    public DiskSimDisk {
        otherParameters = Map.copyOf(otherParameters);
    }
}
