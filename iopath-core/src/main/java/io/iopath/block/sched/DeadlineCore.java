package io.iopath.block.sched;

import io.iopath.request.Bio;
import io.iopath.request.Op;
import io.iopath.request.Request;

/**
 * What deadline and mq-deadline share (block/deadline-iosched.c, block/mq-deadline.c): the
 * tunables, the batch count, the write-starvation count, and the elevator hooks on a request's
 * {@link DeadlineLists} — deadline's one set, or the set of the request's priority level in
 * mq-deadline. The two differ in dispatch.
 */
abstract class DeadlineCore implements IoScheduler {
    static final int READ = 0;
    static final int WRITE = 1;

    /** Deadline's sysfs attributes (Documentation/block/deadline-iosched.txt), the same in mq-deadline. */
    public static final TunableSet TUNABLES = new TunableSet(
            Tunable.ms("read_expire", 500, hz -> hz / 2, "deadline-iosched.c, mq-deadline.c read_expire = HZ / 2"),
            Tunable.ms("write_expire", 5000, hz -> 5 * hz, "deadline-iosched.c, mq-deadline.c write_expire = 5 * HZ"),
            Tunable.count("writes_starved", 2, "deadline-iosched.c, mq-deadline.c writes_starved = 2"),
            Tunable.count("fifo_batch", 16, "deadline-iosched.c, mq-deadline.c fifo_batch = 16"),
            Tunable.flag("front_merges", true, "deadline-iosched.c, mq-deadline.c front_merges = 1"));

    final long[] fifoExpire = new long[2];
    final int writesStarved;
    final int fifoBatch;
    final boolean frontMerges;
    /** The end of the last request moved (deadline's contiguity rule). */
    long lastSector;
    /** dd->last_dir: the direction of the last request moved (mq-deadline's batch direction). */
    int lastDir = WRITE;
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

    /** The lists that hold (or will hold) the request. */
    abstract DeadlineLists listsOf(Request rq);

    /** The lists a request made from the bio would go to. */
    abstract DeadlineLists listsOf(Bio bio);

    @Override
    public void attach(ElevatorQueue queue) {
        this.q = queue;
    }

    @Override
    public void add(Request rq) {
        DeadlineLists l = listsOf(rq);
        Request alias = l.alias(rq);
        if (alias != null) {
            moveRequest(l, alias); // two requests for one sector: send the older one now
        }
        l.add(rq, q.now() + fifoExpire[dir(rq.op)]);
    }

    @Override
    public Request frontMergeCandidate(Bio bio) {
        return frontMerges ? listsOf(bio).frontMergeCandidate(bio) : null;
    }

    @Override
    public void merged(Request rq, boolean front) {
        listsOf(rq).merged(rq, front);
    }

    @Override
    public void mergedRequests(Request rq, Request next) {
        listsOf(next).mergedRequests(rq, next);
    }

    /**
     * The direction of a new batch from these lists: reads, unless writes are waiting and were
     * passed over {@code writes_starved} times already; -1 when nothing is queued.
     */
    int newBatchDirection(DeadlineLists l) {
        boolean reads = !l.fifo[READ].isEmpty();
        boolean writes = !l.fifo[WRITE].isEmpty();
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
    void moveRequest(DeadlineLists l, Request rq) {
        l.remove(rq);
        lastSector = rq.endSector();
        lastDir = dir(rq.op);
        q.dispatchAddTail(rq);
    }

    @Override
    public Request former(Request rq) {
        return listsOf(rq).former(rq);
    }

    @Override
    public Request latter(Request rq) {
        return listsOf(rq).latter(rq);
    }
}
