package io.iopath.device.disk.disksim;

import java.util.Map;

/**
 * A {@code disksim_bus}: type 1 exclusive, 2 shared; arbitration 1 slot priority, 2 FCFS; times in ms
 * (block transfer times per 512-B block).
 */
record DiskSimBus(
        String name,
        int type,
        int arbitrationType,
        double arbitrationTimeMs,
        double readBlockTransferMs,
        double writeBlockTransferMs,
        Map<String, String> otherParameters) {
    public DiskSimBus {
        otherParameters = Map.copyOf(otherParameters);
    }
}
