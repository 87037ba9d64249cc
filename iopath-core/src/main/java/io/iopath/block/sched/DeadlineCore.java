package io.iopath.block.sched;

import io.iopath.request.Bio;
import io.iopath.request.Op;
import io.iopath.request.Request;

/**
 * deadline's state (block/deadline-iosched.c): per data direction a sort list and a FIFO with
 * expiry times, the next request of the sweep, the batch count and the write-starvation count.
 * mq-deadline keeps the same per priority level ({@link MqDeadline}).
 */
abstract class DeadlineCore implements IoScheduler {
    static final int READ = 0;
    static final int WRITE = 1;

    /** Deadline's sysfs attributes (Documentation/block/deadline-iosched.txt). */
    public static final TunableSet TUNABLES = new TunableSet(
            Tunable.ms("read_expire", 500, hz -> hz / 2, "deadline-iosched.c read_expire = HZ / 2"),
            Tunable.ms("write_expire", 5000, hz -> 5 * hz, "deadline-iosched.c write_expire = 5 * HZ"),
            Tunable.count("writes_starved", 2, "deadline-iosched.c writes_starved = 2"),
            Tunable.count("fifo_batch", 16, "deadline-iosched.c fifo_batch = 16"),
            Tunable.flag("front_merges", true, "deadline-iosched.c front_merges = 1"));

    final SectorTree[] sort = {new SectorTree(), new SectorTree()};
    final Fifo[] fifo = {new Fifo(), new Fifo()};
    final Request[] nextRq = new Request[2];
    final long[] fifoExpire = new long[2];
    final int writesStarved;
    final int fifoBatch;
    final boolean frontMerges;
    long lastSector;
    int batching;
    int starved;
    ElevatorQueue q;

    DeadlineCore(TunableSet.Values v) {
        fifoExpire[READ] = v.get("read_expire");
        fifoExpire[WRITE] = v.get("write_expire");
        writesStarved = v.count("writes_starved");
        fifoBatch = Math.max(1, v.count("fifo_batch"));
        frontMerges = v.flag("front_merges");
    }

    static int dir(Op op) {
        return op == Op.READ ? READ : WRITE;
    }

    @Override
    public void attach(ElevatorQueue queue) {
        this.q = queue;
    }

    @Override
    public void add(Request rq) {
        int d = dir(rq.op);
        Request alias = sort[d].startingAt(rq.sector());
        if (alias != null) {
            moveRequest(alias); // two requests for one sector: send the older one now
        }
        sort[d].add(rq);
        fifo[d].add(rq, q.now() + fifoExpire[d]);
    }

    @Override
    public Request frontMergeCandidate(Bio bio) {
        return frontMerges ? sort[dir(bio.op)].startingAt(bio.endSector()) : null;
    }

    @Override
    public void merged(Request rq, boolean front) {
        if (front) {
            sort[dir(rq.op)].reposition(rq);
        }
    }

    @Override
    public void mergedRequests(Request rq, Request next) {
        int d = dir(next.op);
        fifo[d].mergedRequests(rq, next);
        if (nextRq[d] == next) {
            nextRq[d] = sort[d].next(next);
        }
        sort[d].remove(next);
    }

    /** The request that continues the current batch (the sweep's next in either direction), or null. */
    Request batchNext() {
        return nextRq[WRITE] != null ? nextRq[WRITE] : nextRq[READ];
    }

    /**
     * The direction of a new batch: reads, unless writes are waiting and were passed over
     * {@code writes_starved} times already; -1 when nothing is queued.
     */
    int newBatchDirection() {
        boolean reads = !fifo[READ].isEmpty();
        boolean writes = !fifo[WRITE].isEmpty();
        int d;
        if (reads) {
            d = writes && starved++ >= writesStarved ? WRITE : READ;
        } else if (writes) {
            d = WRITE;
        } else {
            return -1;
        }
        if (d == WRITE) {
            starved = 0;
        }
        return d;
    }

    /** deadline_move_request: the sweep continues after rq; rq goes to the dispatch list. */
    void moveRequest(Request rq) {
        int d = dir(rq.op);
        nextRq[READ] = null;
        nextRq[WRITE] = null;
        nextRq[d] = sort[d].next(rq);
        lastSector = rq.endSector();
        sort[d].remove(rq);
        fifo[d].remove(rq);
        q.dispatchAddTail(rq);
    }

    @Override
    public Request former(Request rq) {
        return sort[dir(rq.op)].prev(rq);
    }

    @Override
    public Request latter(Request rq) {
        return sort[dir(rq.op)].next(rq);
    }

    @Override
    public int queued() {
        return fifo[READ].size() + fifo[WRITE].size();
    }
}
