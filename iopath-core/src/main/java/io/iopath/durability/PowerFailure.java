package io.iopath.durability;

import io.iopath.device.disk.Disk;
import io.iopath.result.PowerLossReport;
import io.iopath.sim.Simulator;
import java.util.Optional;

/**
 * Cuts the drive's power at a chosen simulated time and keeps what was lost. The simulation
 * stops at the failure: nothing after it is meaningful.
 */
public final class PowerFailure {
    private PowerLossReport report;

    private PowerFailure() {
    }

    /** Schedules a power failure of {@code disk} at {@code atNs}. */
    public static PowerFailure at(Simulator sim, Disk disk, long atNs) {
        PowerFailure pf = new PowerFailure();
        sim.at(atNs, () -> {
            pf.report = disk.powerFail();
            sim.stop();
        });
        return pf;
    }

    /** The losses, once the failure has happened. */
    public Optional<PowerLossReport> report() {
        return Optional.ofNullable(report);
    }
}
