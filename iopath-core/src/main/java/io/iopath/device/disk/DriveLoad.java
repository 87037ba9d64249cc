package io.iopath.device.disk;

import io.iopath.device.DeviceResponse;
import io.iopath.device.disk.cache.WriteLog;
import io.iopath.request.Bio;
import io.iopath.request.Op;
import io.iopath.request.Request;
import io.iopath.sim.Simulator;
import java.util.SplittableRandom;

/**
 * A drive on its own under a closed loop of random requests: {@code depth} commands always
 * queued, each completion replaced by a new random 4 KiB read or write. The benchmark load of
 * {@code iopath bench} and the JMH benchmark (DiskSim's speed reference uses the same shape).
 */
public final class DriveLoad {
    private final Simulator sim;
    private final Disk disk;
    private final SplittableRandom rnd;
    private final double readFraction;
    private final long span;
    private long ids;
    private long completed;
    private long refused;
    /** Requests the drive refused (QUEUE FULL from dirty buffer slots), retried at the next completion. */
    private int backlog;

    public DriveLoad(DriveSpec spec, int depth, double readFraction, long seed) {
        this(spec, depth, readFraction, seed, WriteLog.NONE);
    }

    /** @param writeLog told of every write, as a full run's durability ledger is */
    public DriveLoad(DriveSpec spec, int depth, double readFraction, long seed, WriteLog writeLog) {
        this.sim = new Simulator(seed);
        this.disk = new Disk(sim, spec.withQueue(Math.max(depth, spec.maxQueueDepth()), spec.scheduler()), writeLog);
        this.rnd = sim.randoms().stream("bench.load");
        this.readFraction = readFraction;
        this.span = (spec.capacitySectors() - 8) / 8;
        disk.setCompletionSink(this::done);
        backlog = depth;
        drain();
    }

    private void drain() {
        while (backlog > 0) {
            long id = ids;
            Op op = rnd.nextDouble() < readFraction ? Op.READ : Op.WRITE;
            Request r = new Request(id, new Bio(id, op, rnd.nextLong(span) * 8, 8, 0, 1, null));
            r.issuedNs = sim.now();
            if (disk.submit(r) != DeviceResponse.ACCEPTED) {
                refused++;
                return;
            }
            ids++;
            backlog--;
        }
    }

    private void done(Request r) {
        completed++;
        sim.stop();
        backlog++;
        drain();
    }

    public long refused() {
        return refused;
    }

    /** Simulates until {@code n} more requests have completed. */
    public void run(long n) {
        long target = completed + n;
        while (completed < target) {
            sim.run();
        }
    }

    public long completed() {
        return completed;
    }

    public Simulator simulator() {
        return sim;
    }

    public Disk disk() {
        return disk;
    }
}
