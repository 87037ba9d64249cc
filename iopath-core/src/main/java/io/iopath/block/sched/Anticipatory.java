package io.iopath.block.sched;

import io.iopath.request.Bio;
import io.iopath.request.Request;
import io.iopath.sim.Timer;
import java.util.HashMap;
import java.util.Map;

/**
 * The anticipatory scheduler of 2.6.18–2.6.20 (block/as-iosched.c; block-layer.md §10.3).
 *
 * <p>Deadline-like sort lists and FIFOs per class (sync / async, not read / write), read and
 * write batches with their own expiry, and anticipation: after a sync request of process P
 * completes, AS may keep the disk idle up to {@code antic_expire} waiting for P's next nearby
 * request, unless P's think time or seek statistics say it is not worth it.
 */
final class Anticipatory implements IoScheduler {
    static final int ASYNC = 0;
    static final int SYNC = 1;
    /** MAXBACK: backward seeks up to 1024·1024 sectors are allowed, at BACK_PENALTY. */
    static final long MAXBACK = 1024L * 1024L;
    static final long BACK_PENALTY = 2;

    public static final TunableSet TUNABLES = new TunableSet(
            Tunable.ms("read_expire", 125, hz -> hz / 8, "as-iosched.c default_read_expire = HZ / 8"),
            Tunable.ms("write_expire", 250, hz -> hz / 4, "as-iosched.c default_write_expire = HZ / 4"),
            Tunable.ms("read_batch_expire", 500, hz -> hz / 2, "as-iosched.c default_read_batch_expire = HZ / 2"),
            Tunable.ms("write_batch_expire", 125, hz -> hz / 8, "as-iosched.c default_write_batch_expire = HZ / 8"),
            Tunable.ms("antic_expire", 6, hz -> Math.max(1, hz / 150), "as-iosched.c default_antic_expire = (HZ / 150) ?: 1"));

    private enum Antic { OFF, WAIT_REQ, WAIT_NEXT, FINISHED }

    /** as_io_context: what AS knows of one process. */
    static final class Aic extends IoHistory {
        int nrQueued;
        int nrDispatched;
        boolean ioStarted;
        boolean ioRunning;
    }

    private final SectorTree[] sort = {new SectorTree(), new SectorTree()};
    private final Fifo[] fifo = {new Fifo(), new Fifo()};
    private final Request[] nextRq = new Request[2];
    private final long[] lastSector = new long[2];
    private final long[] fifoExpire = new long[2];
    private final long[] batchExpire = new long[2];
    private final long[] lastCheckFifo = new long[2];
    private final long anticExpire;
    private final Map<Integer, Aic> aics = new HashMap<>();
    private final Map<Request, Integer> dispatched = new HashMap<>();
    private ElevatorQueue q;
    private Timer anticTimer;

    private int batchDataDir = SYNC;
    private long currentBatchExpires;
    private boolean changedBatch;
    private boolean newBatch;
    private long writeBatchCount;
    private long currentWriteCount;
    private boolean writeBatchIdled;
    private Antic anticStatus = Antic.OFF;
    private long anticStart;
    /** pid of the process whose sync request was dispatched last; -1 after an async one. */
    private int ioContext = -1;
    private boolean iocFinished;
    private int nrDispatched;
    /** Priors for processes without history (ad->new_ttime_mean, new_seek_mean). */
    private long newTtimeTotal;
    private long newTtimeMean;
    private long newSeekTotal;
    private long newSeekMean;

    public Anticipatory(TunableSet.Values v) {
        fifoExpire[SYNC] = v.get("read_expire");
        fifoExpire[ASYNC] = v.get("write_expire");
        batchExpire[SYNC] = v.get("read_batch_expire");
        batchExpire[ASYNC] = v.get("write_batch_expire");
        anticExpire = v.get("antic_expire");
    }

    @Override
    public String name() {
        return "anticipatory";
    }

    @Override
    public void attach(ElevatorQueue queue) {
        this.q = queue;
        this.anticTimer = queue.timer("as.antic", this::anticTimeout);
        // write_batch_count = batch_expire[ASYNC] / 10 jiffies, at least 2 (12 at HZ=1000, 3 at HZ=250).
        long jiffy = q.hz().quantised() ? q.hz().jiffyNs() : 1_000_000L;
        writeBatchCount = Math.max(2, batchExpire[ASYNC] / jiffy / 10);
    }

    /** The class fixed when the request was added (2.6.20 merges never change it). */
    private static int cls(Request rq) {
        return rq.schedClass;
    }

    private Aic aic(int pid) {
        return aics.computeIfAbsent(pid, p -> new Aic());
    }

    private long delayMs(long from, long to) {
        return q.hz().elapsedNs(from, to) / 1_000_000L;
    }

    // ---------------------------------------------------------------- statistics

    private void updateThinktime(Aic a, long ttime) {
        if (a.ttimeSamples == 0) {
            newTtimeTotal = (7 * newTtimeTotal + 256 * ttime) / 8;
            newTtimeMean = newTtimeTotal / 256;
        }
        a.addThinkTime(ttime);
    }

    private void updateSeekdist(Aic a, long sdist) {
        if (a.seekSamples == 0) {
            newSeekTotal = (7 * newSeekTotal + 256 * sdist) / 8;
            newSeekMean = newSeekTotal / 256;
        }
        a.addSeekDistance(sdist);
    }

    /** as_update_iohist. */
    private void updateIohist(Aic a, Request rq) {
        if (cls(rq) != SYNC) {
            return;
        }
        if (a.ioRunning || a.ioStarted) {
            long thinktime = 0;
            if (a.ioRunning && a.nrQueued + a.nrDispatched == 0) {
                long maxThink = q.hz().quantised() ? q.hz().defaultNs(20, hz -> hz / 50) - q.hz().jiffyNs() : 19_999_999L;
                thinktime = Math.min(q.hz().elapsedNs(a.lastEndRequest, q.now()), maxThink);
            }
            updateThinktime(a, thinktime);
            updateSeekdist(a, Math.abs(rq.sector() - a.lastRequestPos));
        }
        a.lastRequestPos = rq.endSector();
        a.ioStarted = true;
    }

    // ---------------------------------------------------------------- request choice

    /** as_choose_req: sync before async, then the cheaper seek from the class's last sector. */
    private Request chooseReq(Request rq1, Request rq2) {
        if (rq1 == null || rq1 == rq2) {
            return rq2;
        }
        if (rq2 == null) {
            return rq1;
        }
        return SeekChoice.choose(rq1, rq2, lastSector[cls(rq1)], MAXBACK, BACK_PENALTY);
    }

    private Request findNextRq(Request last) {
        SectorTree t = sort[cls(last)];
        return chooseReq(t.nextWrapping(last), t.prev(last));
    }

    // ---------------------------------------------------------------- anticipation

    private boolean anticExpired() {
        return q.now() - anticStart > anticExpire;
    }

    private boolean closeReq(Aic a, Request rq) {
        long delay = anticStatus == Antic.OFF || !iocFinished ? 0 : delayMs(anticStart, q.now());
        long delta;
        if (delay == 0) {
            delta = 8192;
        } else if (delay <= 20 && delay * 1_000_000L <= anticExpire) {
            delta = 8192L << delay;
        } else {
            return true;
        }
        long last = lastSector[batchDataDir];
        long next = rq.sector();
        if (last <= next + (delta >> 1) && next <= last + delta) {
            return true;
        }
        long s = Math.abs(next - last);
        return a.seekSamples == 0 ? newSeekMean > s : a.seekMean > s;
    }

    private boolean canBreakAnticipation(Request rq) {
        if (rq != null && rq.processId == ioContext) {
            return true;
        }
        if (iocFinished && anticExpired()) {
            return true;
        }
        Aic a = aic(ioContext);
        if (a.nrQueued > 0 || a.nrDispatched > 0) {
            return true;
        }
        if (rq != null && cls(rq) == SYNC && closeReq(a, rq)) {
            updateIohist(a, rq); // a cooperating process's close request counts in P's history
            return true;
        }
        if (a.ttimeSamples == 0) {
            return newTtimeMean > anticExpire;
        }
        return a.ttimeMean > anticExpire;
    }

    private boolean canAnticipate(Request rq) {
        if (ioContext < 0 || anticStatus == Antic.FINISHED) {
            return false;
        }
        return !canBreakAnticipation(rq);
    }

    private void anticWaitreq() {
        if (anticStatus == Antic.OFF) {
            if (ioContext < 0 || iocFinished) {
                anticWaitnext();
            } else {
                anticStatus = Antic.WAIT_REQ;
            }
        }
    }

    private void anticWaitnext() {
        anticTimer.scheduleAt(q.hz().timerNs(Math.max(q.now(), anticStart + anticExpire)));
        anticStatus = Antic.WAIT_NEXT;
    }

    private void anticStop() {
        if (anticStatus == Antic.WAIT_REQ || anticStatus == Antic.WAIT_NEXT) {
            anticTimer.cancel();
            anticStatus = Antic.FINISHED;
            q.kick();
        }
    }

    private void anticTimeout() {
        if (anticStatus == Antic.WAIT_REQ || anticStatus == Antic.WAIT_NEXT) {
            anticStatus = Antic.FINISHED;
            q.kick();
        }
    }

    // ---------------------------------------------------------------- elevator ops

    @Override
    public void add(Request rq) {
        rq.schedClass = rq.isSync() ? SYNC : ASYNC;
        int c = cls(rq);
        Aic a = aic(rq.processId);
        updateIohist(a, rq);
        a.nrQueued++;
        Request alias = sort[c].startingAt(rq.sector());
        if (alias != null) {
            moveToDispatch(alias);
        }
        sort[c].add(rq);
        fifo[c].add(rq, q.now() + fifoExpire[c]);
        nextRq[c] = chooseReq(rq, nextRq[c]);
        if (anticStatus == Antic.WAIT_REQ || anticStatus == Antic.WAIT_NEXT) {
            if (canBreakAnticipation(rq)) {
                anticStop();
            }
        }
    }

    private void removeQueued(Request rq) {
        int c = cls(rq);
        aic(rq.processId).nrQueued--;
        if (nextRq[c] == rq) {
            nextRq[c] = findNextRq(rq);
        }
        fifo[c].remove(rq);
        sort[c].remove(rq);
    }

    private void moveToDispatch(Request rq) {
        int c = cls(rq);
        anticStop();
        anticStatus = Antic.OFF;
        lastSector[c] = rq.endSector();
        if (c == SYNC) {
            ioContext = rq.processId;
        } else {
            ioContext = -1;
            if (currentWriteCount != 0) {
                currentWriteCount--;
            }
        }
        iocFinished = false;
        nextRq[c] = findNextRq(rq);
        removeQueued(rq);
        q.dispatchSort(rq);
        aic(rq.processId).nrDispatched++;
        dispatched.put(rq, 1);
        nrDispatched++;
    }

    private boolean batchExpired() {
        if (changedBatch || newBatch) {
            return false;
        }
        if (batchDataDir == SYNC) {
            return q.now() > currentBatchExpires;
        }
        return q.now() > currentBatchExpires || currentWriteCount == 0;
    }

    private boolean fifoExpired(int c) {
        if (Math.abs(q.now() - lastCheckFifo[c]) < fifoExpire[c]) {
            return false;
        }
        lastCheckFifo[c] = q.now();
        return fifo[c].headExpired(q.now());
    }

    @Override
    public int dispatch(boolean force) {
        boolean reads = !fifo[SYNC].isEmpty();
        boolean writes = !fifo[ASYNC].isEmpty();
        if (force) {
            int n = 0;
            batchDataDir = SYNC;
            changedBatch = false;
            newBatch = false;
            while (nextRq[SYNC] != null) {
                moveToDispatch(nextRq[SYNC]);
                n++;
            }
            lastCheckFifo[SYNC] = q.now();
            while (nextRq[ASYNC] != null) {
                moveToDispatch(nextRq[ASYNC]);
                n++;
            }
            lastCheckFifo[ASYNC] = q.now();
            return n;
        }
        if (batchDataDir == ASYNC && !reads && (currentWriteCount == 0 || !writes)) {
            writeBatchIdled = true;
        }
        if (!(reads || writes) || anticStatus == Antic.WAIT_REQ || anticStatus == Antic.WAIT_NEXT || changedBatch) {
            return 0;
        }
        Request rq = null;
        boolean expiredPath = false;
        boolean chosen = false;
        if (!(reads && writes && batchExpired())) {
            rq = nextRq[batchDataDir];
            if (batchDataDir == SYNC && anticExpire != 0) {
                if (fifoExpired(SYNC)) {
                    expiredPath = true;
                    chosen = true;
                } else if (canAnticipate(rq)) {
                    anticWaitreq();
                    return 0;
                }
            }
            if (!chosen && rq != null) {
                if (reads && !writes) {
                    currentBatchExpires = q.now() + batchExpire[SYNC];
                }
                chosen = true;
            }
        }
        if (!chosen) {
            if (reads && !(writes && batchDataDir == SYNC)) {
                if (batchDataDir == ASYNC) {
                    changedBatch = true;
                }
                batchDataDir = SYNC;
                rq = fifo[SYNC].head();
                lastCheckFifo[SYNC] = q.now();
            } else {
                if (batchDataDir == SYNC) {
                    changedBatch = true;
                    newBatch = false;
                }
                batchDataDir = ASYNC;
                currentWriteCount = writeBatchCount;
                writeBatchIdled = false;
                rq = nextRq[ASYNC];
            }
        }
        if (expiredPath || fifoExpired(batchDataDir)) {
            rq = fifo[batchDataDir].head();
        }
        if (changedBatch) {
            if (nrDispatched > 0) {
                return 0; // wait for the previous batch to complete entirely
            }
            if (batchDataDir == ASYNC) {
                currentBatchExpires = q.now() + batchExpire[ASYNC];
            } else {
                newBatch = true;
            }
            changedBatch = false;
        }
        if (rq == null) {
            return 0;
        }
        moveToDispatch(rq);
        return 1;
    }

    @Override
    public void activate(Request rq) {
        if (dispatched.put(rq, 2) != null) {
            aic(rq.processId).nrDispatched--;
        }
    }

    @Override
    public void deactivate(Request rq) {
        if (dispatched.put(rq, 1) != null) {
            aic(rq.processId).nrDispatched++;
        }
    }

    @Override
    public void completed(Request rq) {
        if (dispatched.remove(rq) == null) {
            return;
        }
        if (changedBatch && nrDispatched == 1) {
            q.kick();
            changedBatch = false;
            if (batchDataDir == SYNC) {
                newBatch = true;
            }
        }
        nrDispatched--;
        if (newBatch && batchDataDir == cls(rq)) {
            updateWriteBatch();
            currentBatchExpires = q.now() + batchExpire[SYNC];
            newBatch = false;
        }
        if (ioContext >= 0 && ioContext == rq.processId) {
            anticStart = q.now();
            iocFinished = true;
            if (anticStatus == Antic.WAIT_REQ) {
                anticWaitnext();
            }
        }
        if (cls(rq) == SYNC) {
            Aic a = aic(rq.processId);
            a.ioRunning = true;
            a.lastEndRequest = q.now();
        }
    }

    private void updateWriteBatch() {
        long batch = batchExpire[ASYNC];
        long writeTime = Math.max(0, q.now() - currentBatchExpires + batch);
        if (writeTime > batch && !writeBatchIdled) {
            writeBatchCount = writeTime > batch * 3 ? writeBatchCount / 2 : writeBatchCount - 1;
        } else if (writeTime < batch && currentWriteCount == 0) {
            writeBatchCount = batch > writeTime * 3 ? writeBatchCount * 2 : writeBatchCount + 1;
        }
        writeBatchCount = Math.max(1, writeBatchCount);
    }

    @Override
    public Request frontMergeCandidate(Bio bio) {
        return sort[bio.isSync() ? SYNC : ASYNC].startingAt(bio.endSector());
    }

    @Override
    public void merged(Request rq, boolean front) {
        if (front) {
            sort[cls(rq)].reposition(rq);
        }
    }

    @Override
    public void mergedRequests(Request rq, Request next) {
        fifo[cls(next)].mergedRequests(rq, next);
        removeQueued(next);
    }

    @Override
    public Request former(Request rq) {
        return sort[cls(rq)].prev(rq);
    }

    @Override
    public Request latter(Request rq) {
        return sort[cls(rq)].next(rq);
    }

    @Override
    public MayQueue mayQueue(int pid, boolean sync) {
        if ((anticStatus == Antic.WAIT_REQ || anticStatus == Antic.WAIT_NEXT) && ioContext == pid) {
            return MayQueue.MUST;
        }
        return MayQueue.MAY;
    }

    @Override
    public int queued() {
        return fifo[SYNC].size() + fifo[ASYNC].size();
    }
}
