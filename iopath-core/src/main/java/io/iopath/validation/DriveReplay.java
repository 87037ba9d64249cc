package io.iopath.validation;

import io.iopath.device.DeviceResponse;
import io.iopath.device.disk.Disk;
import io.iopath.device.disk.DriveScheduler;
import io.iopath.device.disk.DriveSpec;
import io.iopath.request.Bio;
import io.iopath.request.Op;
import io.iopath.request.Request;
import io.iopath.sim.Simulator;
import io.iopath.workload.trace.io.TraceRecord;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * iopath's drive model as the {@link ClosedLoopReplay.ServiceModel} of a validate trace: one
 * drive at queue depth 1 with FCFS (as every DiskSim validation configuration), fed each
 * request at its issue time; the response is the time from issue to the drive's completion.
 * Between requests the simulation runs on, so idle-time destage and read-ahead happen as they
 * would. Each request's {@link RequestClass} is recorded as the drive classified it.
 */
public final class DriveReplay implements ClosedLoopReplay.ServiceModel {
    private final Simulator sim;
    private final Disk disk;
    private Request waiting;
    private long ids;
    private RequestClass[] classes = new RequestClass[1024];
    private boolean lastWasWrite;
    private long lastEnd = -1;

    public DriveReplay(DriveSpec spec, long seed) {
        this(spec, seed, Double.NaN);
    }

    /**
     * @param startAngle the platter's angle at t = 0 as a fraction of a revolution, or NaN to
     *                   draw it from the seed as any run does
     */
    public DriveReplay(DriveSpec spec, long seed, double startAngle) {
        this.sim = new Simulator(seed);
        DriveSpec s = spec.withQueue(1, DriveScheduler.FCFS);
        this.disk = Double.isNaN(startAngle) ? new Disk(sim, s) : new Disk(sim, s, startAngle);
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
        long hits = disk.cacheHits();
        long partials = disk.partialHits();
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
        boolean write = v.op() == Op.WRITE;
        RequestClass.Kind kind = write ? RequestClass.Kind.WRITE
                : disk.partialHits() > partials ? RequestClass.Kind.READ_PARTIAL
                : disk.cacheHits() > hits ? RequestClass.Kind.READ_HIT : RequestClass.Kind.READ_MISS;
        record((int) id, new RequestClass(kind, lastWasWrite, lba == lastEnd));
        lastWasWrite = write;
        lastEnd = lba + Math.max(1, n);
        return r.completedNs - issueNs;
    }

    private void record(int i, RequestClass c) {
        if (i >= classes.length) {
            classes = Arrays.copyOf(classes, 2 * classes.length);
        }
        classes[i] = c;
    }

    /** The class of every request replayed so far, in trace order. */
    public RequestClass[] classes() {
        return Arrays.copyOf(classes, (int) ids);
    }

    public Disk disk() {
        return disk;
    }

    /** Replays {@code trace} closed-loop on {@code spec} and compares with the measured column. */
    public static Comparison compare(Path trace, DriveSpec spec) {
        return replay(trace, spec).comparison();
    }

    /** A replay's responses and each request's class. */
    public record Run(Comparison comparison, RequestClass[] classes) {
    }

    /** Replays {@code trace} closed-loop on {@code spec}, keeping each request's class. */
    public static Run replay(Path trace, DriveSpec spec) {
        // the platter at angle 0 at t = 0, as in DiskSim (dm_rotate_g1): the first request agrees too
        DriveReplay model = new DriveReplay(spec, 42, 0.0);
        Comparison c = ClosedLoopReplay.run(trace, model);
        return new Run(c, model.classes());
    }
}
