package io.iopath.validation;

import io.iopath.device.DeviceResponse;
import io.iopath.device.disk.Disk;
import io.iopath.device.disk.DriveSpec;
import io.iopath.request.Bio;
import io.iopath.request.Op;
import io.iopath.request.Request;
import io.iopath.sim.Simulator;
import io.iopath.workload.trace.io.TraceRecord;
import java.util.List;

/**
 * A trace replayed closed loop at a queue depth on one drive, as DiskSim's driver replays a
 * trace whose requests all arrive at t = 0 with {@code Max queue length = depth} at the disk:
 * the first {@code depth} requests are issued at t = 0 in trace order, and each completion
 * issues the next one at once. The platter is at angle 0 at t = 0, as in DiskSim ({@code
 * dm_rotate_g1}), so the two can be compared request by request: the response of each is its
 * completion time (every request was issued to the driver at t = 0). DiskSim's arrivals at
 * the disk are spaced by each command's bus time; nothing here depends on it once the first
 * request's media access has begun (the rest have been processed long before it ends).
 */
public final class QueuedReplay {
    private QueuedReplay() {
    }

    /**
     * Each request's completion time in ms, in trace order.
     *
     * @param spec the drive, with its queue depth and policy as replayed
     */
    public static double[] completionsMs(List<TraceRecord> trace, DriveSpec spec, int depth) {
        Simulator sim = new Simulator(42);
        Disk disk = new Disk(sim, spec, 0.0);
        double[] done = new double[trace.size()];
        Request[] requests = new Request[trace.size()];
        int[] next = {0};
        Runnable issue = () -> {
            int i = next[0]++;
            TraceRecord v = trace.get(i);
            long lba = v.sector() % disk.capacitySectors();
            int n = (int) Math.max(1, Math.min(v.sectors(), disk.capacitySectors() - lba));
            Request r = new Request(i, new Bio(i, v.op() == Op.WRITE ? Op.WRITE : Op.READ, lba, n, 0, 1, b -> { }));
            r.issuedNs = sim.now();
            requests[i] = r;
            if (disk.submit(r) != DeviceResponse.ACCEPTED) {
                throw new IllegalStateException("the drive refused request " + i + " at queue depth " + depth);
            }
        };
        disk.setCompletionSink(r -> {
            r.complete(sim.now());
            done[(int) r.id] = sim.now() / 1e6;
            if (next[0] < trace.size()) {
                issue.run();
            }
        });
        for (int k = 0; k < depth && next[0] < trace.size(); k++) {
            issue.run();
        }
        sim.run();
        for (int i = 0; i < requests.length; i++) {
            if (requests[i] == null || requests[i].completedNs < 0) {
                throw new IllegalStateException("request " + i + " never completed");
            }
        }
        return done;
    }
}
