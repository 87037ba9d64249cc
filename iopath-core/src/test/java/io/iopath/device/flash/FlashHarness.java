package io.iopath.device.flash;

import io.iopath.device.DeviceResponse;
import io.iopath.request.Bio;
import io.iopath.request.Op;
import io.iopath.request.Request;
import io.iopath.sim.Simulator;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/** A flash drive on its own, fed commands directly (a host queue in front of it), recording completions. */
final class FlashHarness {
    final Simulator sim;
    final FlashDrive drive;
    final List<Request> done = new ArrayList<>();
    /** Commands waiting for a slot of the drive, in order. */
    private final ArrayDeque<Request> waiting = new ArrayDeque<>();
    private long ids;

    FlashHarness(FlashSpec spec, long seed) {
        this.sim = new Simulator(seed);
        this.drive = new FlashDrive(sim, spec);
        drive.setCompletionSink(r -> {
            r.complete(sim.now());
            done.add(r);
            sim.after(0, this::drain); // the host resubmits after the completion, not inside it
        });
    }

    Request request(Op op, long sector, int sectors, int flags) {
        long id = ids++;
        return new Request(id, new Bio(id, op, sector, sectors, flags, 1, x -> { }));
    }

    /** Queues a command; it goes to the drive as soon as the drive has a slot (in order). */
    Request submit(Op op, long sector, int sectors, int flags) {
        Request r = request(op, sector, sectors, flags);
        waiting.add(r);
        drain();
        return r;
    }

    /** As {@link #submit} for a write with the Data Placement directive and placement identifier {@code pid}. */
    Request submitPlaced(long sector, int sectors, int flags, int pid) {
        Request r = request(Op.WRITE, sector, sectors, flags);
        r.firstBio().placementId = pid;
        waiting.add(r);
        drain();
        return r;
    }

    private void drain() {
        while (!waiting.isEmpty()) {
            Request r = waiting.peek();
            r.issuedNs = sim.now();
            if (drive.submit(r) != DeviceResponse.ACCEPTED) {
                return;
            }
            waiting.poll();
        }
    }

    /** A small drive: {@code elements} × {@code planes} × {@code blocks} blocks of {@code ppb} pages of 4 KiB. */
    static FlashSpec small(int elements, int planes, int blocks, int ppb, int reservePercent, boolean full, int cachePages) {
        return new FlashSpec("test", elements, planes, blocks, ppb, 8, reservePercent, 5.0, 25_000, 200_000, 1_500_000,
                25_000, 238_400, 32, full, cachePages);
    }
}
