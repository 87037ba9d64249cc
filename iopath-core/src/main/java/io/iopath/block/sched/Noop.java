package io.iopath.block.sched;

import io.iopath.request.Bio;
import io.iopath.request.Request;
import java.util.ArrayDeque;

/**
 * noop: a FIFO. Bios back-merge into the newest request when contiguous (the one-hit merge cache
 * of the 2.6 core); noop itself never front-merges or sorts (block/noop-iosched.c).
 */
public final class Noop implements IoScheduler {
    private final ArrayDeque<Request> fifo = new ArrayDeque<>();

    @Override
    public String name() {
        return "noop";
    }

    @Override
    public Request findBackMerge(Bio bio) {
        Request last = fifo.peekLast();
        return last != null && last.op == bio.op && last.endSector() == bio.sector ? last : null;
    }

    @Override
    public void add(Request rq, long nowNs) {
        fifo.addLast(rq);
    }

    @Override
    public Request dispatch(long nowNs) {
        return fifo.pollFirst();
    }

    @Override
    public int queued() {
        return fifo.size();
    }
}
