package io.iopath.device.disk.disksim;

import java.util.Map;

/**
 * A {@code disksim_iodriver}. {@code constantAccessTimeMs}: 0 = use the device model, &gt; 0 a
 * fixed access time, −1/−2/−3 take times from the trace.
 */
record DiskSimDriver(
        String name,
        int type,
        double constantAccessTimeMs,
        DiskSimScheduler scheduler,
        boolean queueingInSubsystem,
        Map<String, String> otherParameters) {
    public DiskSimDriver {
        otherParameters = Map.copyOf(otherParameters);
    }
}
