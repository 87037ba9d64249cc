package io.iopath.validation;

import io.iopath.device.DeviceResponse;
import io.iopath.device.disk.Disk;
import io.iopath.device.disk.DriveScheduler;
import io.iopath.device.disk.DriveSpec;
import io.iopath.request.Bio;
import io.iopath.request.Request;
import io.iopath.sim.Simulator;
import io.iopath.workload.trace.io.TraceRecord;
import java.nio.file.Path;

/**
 * iopath's drive model as the {@link ClosedLoopReplay.ServiceModel} of a validate trace: one
 * drive at queue depth 1 with FCFS (as every DiskSim validation configuration), fed each
 * request at its issue time; the response is the time from issue to the drive's completion.
 * Between requests the simulation runs on, so idle-time destage and read-ahead happen as they
 * would.
 */
public final class DriveReplay implements ClosedLoopReplay.ServiceModel {
    private final Simulator sim;
    private final Disk disk;
    private Request waiting;
    private long ids;

    public DriveReplay(DriveSpec spec, long seed) {
        this.sim = new Simulator(seed);
        this.disk = new Disk(sim, spec.withQueue(1, DriveScheduler.FCFS));
        disk.setCompletionSink(r -> {
            r.complete(sim.now());
            if (r == waiting) {
                sim.stop();
            }
        });
    }

    @Override
    public long responseNs(TraceRecord v, long issueNs) {
        sim.runUntil(issueNs);
        long id = ids++;
        long lba = v.sector() % disk.capacitySectors();
        int n = (int) Math.min(v.sectors(), disk.capacitySectors() - lba);
        Request r = new Request(id, new Bio(id, v.op(), lba, Math.max(1, n), 0, 1, b -> { }));
        waiting = r;
        r.issuedNs = sim.now();
        if (disk.submit(r) != DeviceResponse.ACCEPTED) {
            throw new IllegalStateException("drive refused request " + id + " at queue depth 1");
        }
        while (r.completedNs < 0 && sim.pendingEvents() > 0) {
            sim.run();
        }
        if (r.completedNs < 0) {
            throw new IllegalStateException("request " + id + " never completed");
        }
        waiting = null;
        return r.completedNs - issueNs;
    }

    public Disk disk() {
        return disk;
    }

    /** Replays {@code trace} closed-loop on {@code spec} and compares with the measured column. */
    public static Comparison compare(Path trace, DriveSpec spec) {
        return ClosedLoopReplay.run(trace, new DriveReplay(spec, 42));
    }
}
