package io.iopath.block;

import io.iopath.block.sched.Hz;

/**
 * The request queue's mechanism tunables, with 2.6.20 defaults (block-layer.md §1). What the
 * driver tells the queue at attach (its tag depth, the device's write cache and FUA) is not here:
 * see {@link BlockQueue#attachDriver} and {@link BlockQueue#setWriteCache}.
 *
 * @param nrRequests       requests per data direction (sysfs queue/nr_requests; 0 = the default
 *                         for the scheduler: 128 legacy, 2·min(queue_depth, 128) blk-mq, queue_depth for none)
 * @param maxSectors       largest request built by merging (queue/max_sectors_kb · 2; 1024 = 512 KiB)
 * @param plugging         2.6 per-queue plugging or per-task plugging
 * @param hz               jiffy quantisation of timers
 * @param orderedBy        how a 2.6 barrier keeps its order: by draining the queue, or by ORDERED tags
 */
public record QueueSettings(int nrRequests, int maxSectors, Plugging plugging, Hz hz, OrderedBy orderedBy) {
    /** BLKDEV_MAX_RQ. */
    public static final int BLKDEV_MAX_RQ = 128;
    /** BLK_DEF_MAX_SECTORS: 512 KiB. */
    public static final int DEFAULT_MAX_SECTORS = 1024;
    /** q->unplug_thresh. */
    public static final int UNPLUG_THRESH = 4;
    /** BLK_BATCH_REQ. */
    public static final int BLK_BATCH_REQ = 32;
    /** BLK_MAX_REQUEST_COUNT of recent kernels (16 in 3.x–5.x). */
    public static final int PLUG_MAX_REQUESTS = 32;
    /** BLK_PLUG_FLUSH_SIZE: 128 KiB. */
    public static final int PLUG_FLUSH_SECTORS = 256;
    /** MAX_PHYS_SEGMENTS: a request holds at most this many bios here (one segment per bio). */
    public static final int MAX_SEGMENTS = 128;

    /**
     * 2.6.20's queue: the scheduler's nr_requests, 512 KiB requests, the 2.6 plug, exact timers,
     * barriers ordered by draining (as sd always chose). Change one with the {@code with…} methods.
     */
    public static QueueSettings defaults() {
        return new QueueSettings(0, DEFAULT_MAX_SECTORS, Plugging.LEGACY, Hz.EXACT, OrderedBy.DRAIN);
    }

    public QueueSettings withNrRequests(int n) {
        return new QueueSettings(n, maxSectors, plugging, hz, orderedBy);
    }

    public QueueSettings withMaxSectors(int sectors) {
        return new QueueSettings(nrRequests, sectors, plugging, hz, orderedBy);
    }

    public QueueSettings withPlugging(Plugging p) {
        return new QueueSettings(nrRequests, maxSectors, p, hz, orderedBy);
    }

    public QueueSettings withHz(Hz h) {
        return new QueueSettings(nrRequests, maxSectors, plugging, h, orderedBy);
    }

    public QueueSettings withOrderedBy(OrderedBy o) {
        return new QueueSettings(nrRequests, maxSectors, plugging, hz, o);
    }

    /** unplug_delay: (3·HZ)/1000 jiffies, at least one: 3 ms, 4 ms at HZ=250. */
    public long unplugDelayNs() {
        return hz.defaultNs(3, h -> Math.max(1, 3 * h / 1000));
    }

    /** BLK_BATCH_TIME: HZ/50 = 20 ms. */
    public long batchTimeNs() {
        return hz.defaultNs(20, h -> h / 50);
    }
}
