package io.iopath.driver;

import io.iopath.block.BlockQueue;
import io.iopath.block.Plugging;
import io.iopath.device.BlockDevice;
import io.iopath.device.DeviceResponse;
import io.iopath.device.WriteCache;
import io.iopath.request.Request;
import io.iopath.sim.Simulator;
import io.iopath.sim.Timer;

/**
 * The SCSI mid-layer's view of one device (2.6.20 scsi_request_fn, scsi_dev_queue_ready,
 * scsi_queue_insert; block-layer.md §8): at most {@code queue_depth} commands outstanding
 * (device_busy); a command the device refuses with QUEUE FULL or BUSY goes back to the head of
 * the dispatch list, device_blocked is set to 3, and nothing is issued until all outstanding
 * commands completed and device_blocked counted down at zero depth — one decrement per run of the
 * request function, the queue plugged in between (2.6; today a 3 ms delayed re-run).
 *
 * <p>On a SATA NCQ device the ATA translation may refuse a command before it reaches the device
 * ({@link AtaLinkDefer}: a FLUSH while commands are outstanding, anything while a FLUSH is): it
 * is requeued at the head like a BUSY, with libata's device_blocked of 1, so it is retried as
 * soon as the device has drained.
 *
 * <p>A command goes with its request's task attribute ({@code Request.taskAttribute}): SIMPLE,
 * or ORDERED for the steps of a 2.6 barrier ordered by tag ({@code scsi_populate_tag_msg} sent a
 * REQ_HARDBARRIER request with an ORDERED tag). A requeue puts the command back at the head of
 * the dispatch list, so ORDERED commands reach the drive in the order the block layer made them.
 */
public final class ScsiDriver {
    /** SCSI_DEFAULT_DEVICE_BLOCKED. */
    public static final int MAX_DEVICE_BLOCKED = 3;
    /** SCSI_QUEUE_DELAY: today's re-run delay after a resource shortage. */
    public static final long SCSI_QUEUE_DELAY_NS = 3_000_000L;

    private final Simulator sim;
    private final BlockQueue queue;
    private final BlockDevice device;
    private final QueueDepthPolicy policy;
    private final AtaLinkDefer link;
    private final Timer rerun;
    private int deviceBusy;
    private int deviceBlocked;
    private boolean running;
    private boolean again;
    private long queueFulls;
    private long busies;
    private final StallLog stallLog = new StallLog();

    /**
     * Attaches to the device and its queue, as scsi_alloc_sdev and sd_revalidate_disk do: the
     * queue learns the driver's request function and tag depth, and the cache state the device
     * reports ({@code blk_queue_write_cache}), unless {@code cacheType} overrides it.
     */
    public ScsiDriver(Simulator sim, BlockQueue queue, BlockDevice device, int queueDepth, QueueFullHandling handling,
                      CacheType cacheType) {
        if (queueDepth < 1) {
            throw new IllegalArgumentException("queue_depth must be at least 1");
        }
        this.sim = sim;
        this.queue = queue;
        this.device = device;
        this.policy = QueueDepthPolicy.of(handling, queueDepth, queue.settings().hz().jiffyNs());
        this.link = new AtaLinkDefer(device.transport());
        this.rerun = sim.timer("scsi.queue-delay", this::requestFn);
        queue.attachDriver(this::requestFn, queueDepth);
        WriteCache wc = cacheType.apply(device.writeCache());
        queue.setWriteCache(wc.enabled(), wc.fua());
        device.setCompletionSink(this::commandDone);
    }

    /** With the cache state the device reports. */
    public ScsiDriver(Simulator sim, BlockQueue queue, BlockDevice device, int queueDepth, QueueFullHandling handling) {
        this(sim, queue, device, queueDepth, handling, CacheType.AS_REPORTED);
    }

    public ScsiDriver(Simulator sim, BlockQueue queue, BlockDevice device, int queueDepth) {
        this(sim, queue, device, queueDepth, QueueFullHandling.MIDLAYER);
    }

    /** scsi_request_fn. */
    private void requestFn() {
        if (running) {
            again = true; // re-entered (a completion or kick inside the loop): run the loop once more
            return;
        }
        running = true;
        try {
            do {
                again = false;
                issueWhileReady();
            } while (again);
        } finally {
            running = false;
        }
    }

    private void issueWhileReady() {
        while (!queue.plugged()) {
            Request rq = queue.peekNext();
            if (rq == null || !deviceQueueReady()) {
                return;
            }
            queue.dequeue(rq);
            deviceBusy++;
            if (link.mustDefer(rq)) {
                deferred(rq); // ata_scsi_translate: SCSI_MLQUEUE_DEVICE_BUSY, never reaches the device
                continue;
            }
            DeviceResponse response = device.submit(rq);
            if (response != DeviceResponse.ACCEPTED) {
                refused(rq, response);
            } else {
                link.issued(rq);
            }
        }
    }

    /** scsi_dev_queue_ready. */
    private boolean deviceQueueReady() {
        if (deviceBusy >= policy.depth) {
            return false;
        }
        if (deviceBusy == 0 && deviceBlocked > 0) {
            if (--deviceBlocked == 0) {
                endStall(); // "unblocking device at zero depth"
            } else {
                if (queue.settings().plugging() == Plugging.LEGACY) {
                    queue.plug(0, "scsi");
                } else if (!rerun.isPending()) {
                    rerun.scheduleAfter(SCSI_QUEUE_DELAY_NS);
                }
                return false;
            }
        }
        return deviceBlocked == 0;
    }

    /** scsi_queue_insert(cmd, SCSI_MLQUEUE_DEVICE_BUSY) after QUEUE FULL or BUSY. */
    private void refused(Request rq, DeviceResponse response) {
        deviceBusy--;
        if (response == DeviceResponse.QUEUE_FULL) {
            queueFulls++;
            policy.queueFull(deviceBusy, sim.now());
        } else {
            busies++;
        }
        requeueBlocked(rq, MAX_DEVICE_BLOCKED);
    }

    /** scsi_queue_insert(cmd, SCSI_MLQUEUE_DEVICE_BUSY) for a command libata deferred. */
    private void deferred(Request rq) {
        deviceBusy--;
        busies++;
        requeueBlocked(rq, AtaLinkDefer.MAX_DEVICE_BLOCKED);
    }

    /** The device is blocked for {@code blocked} runs at zero depth; {@code rq} goes back to the head. */
    private void requeueBlocked(Request rq, int blocked) {
        if (deviceBlocked == 0) {
            stallLog.begin(sim.now());
        }
        deviceBlocked = blocked;
        queue.requeue(rq);
    }

    private void endStall() {
        stallLog.end(sim.now());
    }

    /** scsi_done → scsi_end_request → scsi_next_command → scsi_run_queue. */
    private void commandDone(Request rq) {
        deviceBusy--;
        link.completed(rq);
        policy.goodCompletion(deviceBusy, sim.now());
        queue.complete(rq); // ends with scsi_run_queue
    }

    /** The current queue depth (the policy may have lowered or raised it). */
    public int queueDepth() {
        return policy.depth;
    }

    public int configuredQueueDepth() {
        return policy.maxDepth;
    }

    public int busy() {
        return deviceBusy;
    }

    public long queueFulls() {
        return queueFulls;
    }

    public long busies() {
        return busies;
    }

    /** Commands libata deferred (SATA NCQ link rule); they are counted in {@link #busies} too. */
    public long linkDefers() {
        return link.defers();
    }

    /** Episodes of device_blocked (each started by a QUEUE FULL or BUSY) so far. */
    public long stalls() {
        return stallLog.episodes();
    }

    /** Time from each refusal until issue resumed, summed, so far (an open episode up to now). */
    public long stalledNs() {
        return stallLog.blockedNs(sim.now());
    }

    /**
     * The run will ask for its stalls within spans ({@link #stallsWithin}, {@link #stalledNsWithin})
     * containing every span {@code span} reports: the episodes inside one are folded into sums, so
     * the driver's memory does not grow with them (one episode a request on a drive with a command
     * queue of 1). A span narrower than that is refused. Null: every episode is kept from now on.
     */
    public void foldStallsWithin(RunSpan span) {
        stallLog.foldWithin(span);
    }

    /** The stall log, for tests of its bound. */
    StallLog stallLog() {
        return stallLog;
    }

    /** Episodes of device_blocked that began within [{@code fromNs}, {@code toNs}): a run's span. */
    public long stallsWithin(long fromNs, long toNs) {
        return stallLog.episodesWithin(fromNs, toNs);
    }

    /**
     * Time within [{@code fromNs}, {@code toNs}] issue was stopped by device_blocked: a run's
     * span, so the total never exceeds the run (an episode a power failure cut, or one that
     * outlasted the last completion, counts only up to the span's end).
     */
    public long stalledNsWithin(long fromNs, long toNs) {
        return stallLog.blockedNsWithin(fromNs, toNs, sim.now());
    }
}
