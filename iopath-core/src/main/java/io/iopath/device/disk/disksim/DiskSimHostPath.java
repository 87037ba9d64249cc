package io.iopath.device.disk.disksim;

import java.util.List;

/**
 * The components between the driver and one disk instance, in topology order: the driver, then
 * alternating buses and controllers (buses.get(0) is nearest the driver).
 */
record DiskSimHostPath(
        DiskSimDriver driver,
        List<DiskSimBus> buses,
        List<DiskSimController> controllers) {
    public DiskSimHostPath {
        buses = List.copyOf(buses);
        controllers = List.copyOf(controllers);
    }
}
