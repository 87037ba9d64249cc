package io.iopath.scenario;

import io.iopath.block.OrderedBy;
import io.iopath.block.Plugging;
import io.iopath.block.sched.SchedulerType;
import io.iopath.block.sched.Schedulers;
import io.iopath.driver.CacheOverride;
import io.iopath.driver.QueueFullHandling;
import java.util.Map;
import java.util.Objects;

/**
 * The host side of the path: block layer, IO scheduler and SCSI driver. Build one with
 * {@link #of} and the {@code with…} methods; {@link ScenarioReader} builds it from a scenario's
 * {@code host:} section.
 *
 * @param scheduler     the IO scheduler (sysfs {@code queue/scheduler}), as the scheduler registry
 *                      ({@code block.sched.Schedulers}) describes it
 * @param queueDepth    driver queue depth (sysfs {@code device/queue_depth}); Linux SCSI default 4
 * @param maxSectorsKb  largest request built by merging (sysfs {@code queue/max_sectors_kb}); 512
 * @param tunables      scheduler attributes by sysfs name ({@code queue/iosched/*}), as written
 * @param nrRequests    sysfs {@code queue/nr_requests}; 0 = the kernel default for the scheduler
 * @param plugging      {@code legacy} (2.6 per-queue plug) or {@code per-task} (2.6.39+ / blk-mq)
 * @param driver        QUEUE FULL handling: midlayer, track-queue-full, aic79xx or modern
 * @param hz            jiffy quantisation of timers: 0 (exact ms), 100, 250 or 1000
 * @param writeCache    the write cache (WCE) sd sees: as the drive reports at attach, or forced
 *                      on or off (sd's "temporary" cache_type when it contradicts the drive)
 * @param fua           FUA support (DPOFUA): as the drive reports, or forced on or off
 * @param barrier       how a 2.6 barrier keeps its order: {@code drain} (what sd chose) or {@code tag}
 *                      (ORDERED task attributes, QUEUE_ORDERED_TAG*; SCSI drives, legacy plugging only)
 */
public record HostConfig(SchedulerType scheduler, int queueDepth, int maxSectorsKb, Map<String, String> tunables,
                         int nrRequests, Plugging plugging, QueueFullHandling driver, int hz, CacheOverride writeCache,
                         CacheOverride fua, OrderedBy barrier) {
    public static final int DEFAULT_QUEUE_DEPTH = 4;
    public static final int DEFAULT_MAX_SECTORS_KB = 512;

    /** Barriers ordered by draining, as sd always chose. */
    public static final OrderedBy DEFAULT_BARRIER = OrderedBy.DRAIN;

    public HostConfig {
        Objects.requireNonNull(scheduler, "scheduler");
        Objects.requireNonNull(plugging, "plugging");
        Objects.requireNonNull(driver, "driver");
        Objects.requireNonNull(barrier, "barrier");
        Objects.requireNonNull(writeCache, "writeCache");
        Objects.requireNonNull(fua, "fua");
        tunables = Map.copyOf(tunables);
    }

    /**
     * The given scheduler with everything else at its default: queue depth 4, 512 KiB requests,
     * no tunables, the scheduler's nr_requests, plugging and driver, exact timers, the write
     * cache and FUA as the drive reports them, barriers by draining.
     */
    public static HostConfig of(SchedulerType scheduler) {
        return new HostConfig(scheduler, DEFAULT_QUEUE_DEPTH, DEFAULT_MAX_SECTORS_KB, Map.of(), 0,
                defaultPlugging(scheduler), defaultDriver(scheduler), 0, CacheOverride.AS_REPORTED,
                CacheOverride.AS_REPORTED, DEFAULT_BARRIER);
    }

    /** {@link #of(SchedulerType)} for the scheduler the registry knows by this name or alias. */
    public static HostConfig of(String scheduler) {
        return of(Schedulers.type(scheduler));
    }

    public HostConfig withQueueDepth(int depth) {
        return new HostConfig(scheduler, depth, maxSectorsKb, tunables, nrRequests, plugging, driver, hz, writeCache, fua, barrier);
    }

    public HostConfig withMaxSectorsKb(int kb) {
        return new HostConfig(scheduler, queueDepth, kb, tunables, nrRequests, plugging, driver, hz, writeCache, fua, barrier);
    }

    /** The same host with these sysfs tunables (by name, as text) for its scheduler. */
    public HostConfig withTunables(Map<String, String> t) {
        return new HostConfig(scheduler, queueDepth, maxSectorsKb, t, nrRequests, plugging, driver, hz, writeCache, fua, barrier);
    }

    public HostConfig withNrRequests(int n) {
        return new HostConfig(scheduler, queueDepth, maxSectorsKb, tunables, n, plugging, driver, hz, writeCache, fua, barrier);
    }

    public HostConfig withPlugging(Plugging p) {
        return new HostConfig(scheduler, queueDepth, maxSectorsKb, tunables, nrRequests, p, driver, hz, writeCache, fua, barrier);
    }

    public HostConfig withDriver(QueueFullHandling d) {
        return new HostConfig(scheduler, queueDepth, maxSectorsKb, tunables, nrRequests, plugging, d, hz, writeCache, fua, barrier);
    }

    public HostConfig withHz(int h) {
        return new HostConfig(scheduler, queueDepth, maxSectorsKb, tunables, nrRequests, plugging, driver, h, writeCache, fua, barrier);
    }

    /** The same host with sd's WCE as the drive reports at attach, or forced. */
    public HostConfig withWriteCache(CacheOverride wce) {
        return new HostConfig(scheduler, queueDepth, maxSectorsKb, tunables, nrRequests, plugging, driver, hz, wce, fua, barrier);
    }

    /** The same host with FUA support as the drive reports, or forced. */
    public HostConfig withFua(CacheOverride on) {
        return new HostConfig(scheduler, queueDepth, maxSectorsKb, tunables, nrRequests, plugging, driver, hz, writeCache, on, barrier);
    }

    public HostConfig withBarrier(OrderedBy b) {
        return new HostConfig(scheduler, queueDepth, maxSectorsKb, tunables, nrRequests, plugging, driver, hz, writeCache, fua, b);
    }

    /** 2.6 schedulers run with the 2.6 plug; blk-mq schedulers with per-task plugging. */
    public static Plugging defaultPlugging(SchedulerType scheduler) {
        return scheduler.multiQueue() ? Plugging.PER_TASK : Plugging.LEGACY;
    }

    /** 2.6 schedulers with the 2.6 mid-layer; blk-mq schedulers with today's QUEUE FULL handling. */
    public static QueueFullHandling defaultDriver(SchedulerType scheduler) {
        return scheduler.multiQueue() ? QueueFullHandling.MODERN : QueueFullHandling.MIDLAYER;
    }
}
