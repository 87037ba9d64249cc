package io.iopath.scenario;

import io.iopath.device.disk.DriveSpec;
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
 * @param writeCache    the drive's write cache (WCE) as sd sees it: barriers then need cache flushes;
 *                      by default what the drive reports ({@link #driveWriteCache})
 * @param fua           the drive supports FUA (DPOFUA), so a flush after a barrier write can be avoided;
 *                      by default what the drive reports ({@link #DRIVE_FUA})
 * @param barrier       how a 2.6 barrier keeps its order: {@code drain} (what sd chose) or {@code tag}
 *                      (ORDERED task attributes, QUEUE_ORDERED_TAG*; SCSI drives, legacy plugging only)
 */
public record HostConfig(String scheduler, int queueDepth, int maxSectorsKb, Map<String, String> tunables,
                         int nrRequests, String plugging, String driver, int hz, boolean writeCache, boolean fua,
                         String barrier) {
    public static final int DEFAULT_QUEUE_DEPTH = 4;
    public static final int DEFAULT_MAX_SECTORS_KB = 512;

    /**
     * DPOFUA as iopath's drive reports it: {@code Disk} honours FUA on every drive model (a FUA
     * write goes to the media, a FUA read bypasses the cache), so the bit is always set.
     */
    public static final boolean DRIVE_FUA = true;

    public static final String DEFAULT_BARRIER = "drain";

    public HostConfig {
        tunables = Map.copyOf(tunables);
    }

    /** Barriers ordered by draining. */
    public HostConfig(String scheduler, int queueDepth, int maxSectorsKb, Map<String, String> tunables,
                      int nrRequests, String plugging, String driver, int hz, boolean writeCache, boolean fua) {
        this(scheduler, queueDepth, maxSectorsKb, tunables, nrRequests, plugging, driver, hz, writeCache, fua, DEFAULT_BARRIER);
    }

    /** The skeleton's three settings, everything else at its default for the scheduler. */
    public HostConfig(String scheduler, int queueDepth, int maxSectorsKb) {
        this(scheduler, queueDepth, maxSectorsKb, Map.of(), 0, defaultPlugging(scheduler), defaultDriver(scheduler), 0, false, true);
    }

    /**
     * WCE as sd reads it from the drive's Caching mode page: on when the drive acknowledges
     * writes from a volatile buffer (a write cache with room for dirty data).
     */
    public static boolean driveWriteCache(DriveSpec drive) {
        return drive.cache().writeCache() && drive.cache().dirtyLimitSectors() > 0;
    }

    /** The same host with sd seeing the given WCE bit. */
    public HostConfig withWriteCache(boolean wce) {
        return new HostConfig(scheduler, queueDepth, maxSectorsKb, tunables, nrRequests, plugging, driver, hz, wce, fua, barrier);
    }

    static boolean multiQueue(String scheduler) {
        return switch (scheduler) {
            case "none", "mq-deadline", "kyber", "bfq" -> true;
            default -> false;
        };
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
