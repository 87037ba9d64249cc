package io.iopath.device.disk;

import io.iopath.device.DeviceResponse;
import io.iopath.device.disk.presets.DrivePresets;
import io.iopath.durability.DurabilityLedger;
import io.iopath.result.PowerLossReport;
import io.iopath.request.Bio;
import io.iopath.request.Op;
import io.iopath.request.Request;
import io.iopath.sim.Simulator;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** A drive on its own, fed commands directly, recording what completes when. */
final class DriveHarness {
    final Simulator sim;
    final Disk disk;
    /** The drive's writes, tracked as a full run tracks them. */
    final DurabilityLedger ledger = new DurabilityLedger();
    final List<Request> done = new ArrayList<>();
    private long ids;
    Consumer<Request> onDone = r -> { };

    DriveHarness(DriveSpec spec, long seed) {
        this(spec, seed, Double.NaN);
    }

    /** A drive whose platter is at {@code startAngle} at t = 0 (NaN: drawn from the seed). */
    DriveHarness(DriveSpec spec, long seed, double startAngle) {
        this.sim = new Simulator(seed);
        this.disk = Double.isNaN(startAngle) ? new Disk(sim, spec, ledger) : new Disk(sim, spec, ledger, startAngle);
        disk.setCompletionSink(r -> {
            r.complete(sim.now());
            done.add(r);
            onDone.accept(r);
        });
    }

    Request request(Op op, long lba, int sectors, int flags) {
        long id = ids++;
        Bio b = new Bio(id, op, lba, sectors, flags, 1, x -> { });
        Request r = new Request(id, b);
        r.issuedNs = sim.now();
        return r;
    }

    DeviceResponse submit(Request r) {
        r.issuedNs = sim.now();
        return disk.submit(r);
    }

    Request submit(Op op, long lba, int sectors, int flags) {
        Request r = request(op, lba, sectors, flags);
        DeviceResponse resp = submit(r);
        if (resp != DeviceResponse.ACCEPTED) {
            throw new IllegalStateException(resp + " for " + r);
        }
        return r;
    }

    /** Cuts the drive's power now: what was lost (as the assembly's power cut counts it). */
    PowerLossReport powerFail() {
        int torn = disk.powerFail();
        return ledger.powerFail(sim.now()).withTornWrites(torn);
    }

    /** Schedules {@link #powerFail} at {@code atNs}, stopping the simulation there. */
    PowerLossReport[] powerFailAt(long atNs) {
        PowerLossReport[] out = new PowerLossReport[1];
        sim.at(atNs, () -> {
            out[0] = powerFail();
            sim.stop();
        });
        return out;
    }

    static DriveSpec laptop() {
        return DrivePresets.find(DrivePresets.DEFAULT).orElseThrow();
    }
}
