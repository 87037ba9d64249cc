package io.iopath.block;

import io.iopath.request.Bio;
import io.iopath.request.Request;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * A simulated process as the block layer sees it: its pid and name (for AS, CFQ and BFQ, which
 * keep per-process state, and for blktrace), whether it sleeps waiting for a free request, the
 * bios it would submit once woken, its request-batching allowance (io_context.nr_batch_requests)
 * and its on-stack plug.
 */
public final class Task {
    public final int pid;
    public final String name;

    boolean sleeping;
    /** The bio being submitted when the task went to sleep, then any it would submit after. */
    final ArrayDeque<Bio> blocked = new ArrayDeque<>();
    int batchRequests;
    long lastWaitedNs = Long.MIN_VALUE / 2;
    /** blk_plug list (per-task plugging). */
    final List<Request> plug = new ArrayList<>();
    boolean plugFlushPending;

    Task(int pid, String name) {
        this.pid = pid;
        this.name = name;
    }

    @Override
    public String toString() {
        return name + "[" + pid + "]";
    }
}
