package io.iopath.scenario;

import io.iopath.block.sched.SchedulerType;
import io.iopath.block.sched.Schedulers;
import java.util.Map;

/**
 * The host side of the path: block layer, IO scheduler and SCSI driver.
 *
 * @param scheduler     IO scheduler name (sysfs {@code queue/scheduler})
 * @param queueDepth    driver queue depth (sysfs {@code device/queue_depth}); Linux SCSI default 4
 * @param maxSectorsKb  largest request built by merging (sysfs {@code queue/max_sectors_kb}); 512
 * @param tunables      scheduler attributes by sysfs name ({@code queue/iosched/*}), as written
 * @param nrRequests    sysfs {@code queue/nr_requests}; 0 = the kernel default for the scheduler
 * @param plugging      {@code legacy} (2.6 per-queue plug) or {@code per-task} (2.6.39+ / blk-mq)
 * @param driver        QUEUE FULL handling: midlayer, track-queue-full, aic79xx or modern
 * @param hz            jiffy quantisation of timers: 0 (exact ms), 100, 250 or 1000
 * @param writeCache    an explicit override of the write cache (WCE) sd sees, or null for what the drive
 *                      reports at attach (sd's "temporary" cache_type when it contradicts the drive)
 * @param fua           an explicit override of FUA support (DPOFUA), or null for what the drive reports
 * @param barrier       how a 2.6 barrier keeps its order: {@code drain} (what sd chose) or {@code tag}
 *                      (ORDERED task attributes, QUEUE_ORDERED_TAG*; SCSI drives, legacy plugging only)
 */
public record HostConfig(String scheduler, int queueDepth, int maxSectorsKb, Map<String, String> tunables,
                         int nrRequests, String plugging, String driver, int hz, Boolean writeCache, Boolean fua,
                         String barrier) {
    public static final int DEFAULT_QUEUE_DEPTH = 4;
    public static final int DEFAULT_MAX_SECTORS_KB = 512;

    public static final String DEFAULT_BARRIER = "drain";

    public HostConfig {
        tunables = Map.copyOf(tunables);
    }

    /** Barriers ordered by draining. */
    public HostConfig(String scheduler, int queueDepth, int maxSectorsKb, Map<String, String> tunables,
                      int nrRequests, String plugging, String driver, int hz, Boolean writeCache, Boolean fua) {
        this(scheduler, queueDepth, maxSectorsKb, tunables, nrRequests, plugging, driver, hz, writeCache, fua, DEFAULT_BARRIER);
    }

    /** The skeleton's three settings, everything else at its default for the scheduler, the cache as the drive reports. */
    public HostConfig(String scheduler, int queueDepth, int maxSectorsKb) {
        this(scheduler, queueDepth, maxSectorsKb, Map.of(), 0, defaultPlugging(scheduler), defaultDriver(scheduler), 0, null, null);
    }

    /** Whether the scheduler registry says the scheduler is blk-mq (an unknown name is not). */
    static boolean multiQueue(String scheduler) {
        return Schedulers.find(scheduler).map(SchedulerType::multiQueue).orElse(false);
    }

    /** 2.6 schedulers run with the 2.6 plug; blk-mq schedulers with per-task plugging. */
    public static String defaultPlugging(String scheduler) {
        return multiQueue(scheduler) ? "per-task" : "legacy";
    }

    /** 2.6 schedulers with the 2.6 mid-layer; blk-mq schedulers with today's QUEUE FULL handling. */
    public static String defaultDriver(String scheduler) {
        return multiQueue(scheduler) ? "modern" : "midlayer";
    }
}
