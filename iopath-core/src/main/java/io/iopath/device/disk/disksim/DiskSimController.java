package io.iopath.device.disk.disksim;

import java.util.Map;

/**
 * A {@code disksim_ctlr}: type 1 pass-through, 2 simple, 3 smart; "Scale for delays" and
 * "Bulk sector transfer time" (ms per block) shape the host-side response time.
 */
record DiskSimController(
        String name,
        int type,
        double scaleForDelays,
        double bulkSectorTransferMs,
        int maxQueueLength,
        Map<String, String> otherParameters) {
    public DiskSimController {
        otherParameters = Map.copyOf(otherParameters);
    }
}
