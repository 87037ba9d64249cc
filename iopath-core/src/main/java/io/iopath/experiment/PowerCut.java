package io.iopath.experiment;

import io.iopath.device.disk.Disk;
import io.iopath.durability.DurabilityLedger;
import io.iopath.result.PowerLossReport;
import io.iopath.sim.Simulator;
import java.util.Optional;

/**
 * Cuts the drive's power at a chosen simulated time and keeps what was lost: the drive drops
 * its buffer and says whether a media write was torn, the ledger counts the writes that were
 * only in the buffer. The simulation stops at the failure: nothing after it is meaningful.
 * The assembly wires it, as it wires the ledger to the drive: neither knows the other.
 */
public final class PowerCut {
    private PowerLossReport report;
    /** Whether nothing else was pending when the power went: the run had already ended. */
    private boolean afterTheEnd;

    private PowerCut() {
    }

    /** Schedules a power failure of {@code disk}, whose writes {@code ledger} tracks, at {@code atNs}. */
    public static PowerCut at(Simulator sim, Disk disk, DurabilityLedger ledger, long atNs) {
        PowerCut pc = new PowerCut();
        sim.at(atNs, () -> {
            pc.afterTheEnd = sim.pendingEvents() == 0;
            pc.report = now(sim, disk, ledger);
            sim.stop();
        });
        return pc;
    }

    /** Cuts the power now; returns what was lost. */
    public static PowerLossReport now(Simulator sim, Disk disk, DurabilityLedger ledger) {
        int torn = disk.powerFail();
        return ledger.powerFail(sim.now()).withTornWrites(torn);
    }

    /** Whether the failure came when nothing was left to happen (no IO, no destage, no timer). */
    public boolean afterTheEnd() {
        return afterTheEnd;
    }

    /** The losses, once the failure has happened. */
    public Optional<PowerLossReport> report() {
        return Optional.ofNullable(report);
    }
}
