package io.iopath.device.disk.disksim;

import java.util.Map;

/**
 * A {@code disksim_ioqueue} scheduler block (driver, controller or disk). The timeout and
 * priority sub-queue policies are kept as DiskSim's raw numbers because the shipped files
 * write 0 there when the scheme is off.
 */
record DiskSimScheduler(
        SchedulingPolicy policy,
        int cylinderMappingStrategy,
        double writeInitiationDelayMs,
        double readInitiationDelayMs,
        int sequentialStreamScheme,
        int maxConcatSize,
        int overlappingRequestScheme,
        int sequentialStreamDiffMax,
        int timeoutScheme,
        double timeoutTimeWeight,
        int timeoutPolicyCode,
        int priorityScheme,
        int priorityPolicyCode,
        Map<String, String> otherParameters) {
    public DiskSimScheduler {
        otherParameters = Map.copyOf(otherParameters);
    }
}
