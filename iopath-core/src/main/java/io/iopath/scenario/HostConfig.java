package io.iopath.scenario;

/**
 * The host side of the path.
 *
 * @param scheduler     IO scheduler name (sysfs {@code queue/scheduler})
 * @param queueDepth    driver queue depth (sysfs {@code device/queue_depth}); Linux SCSI default 4
 * @param maxSectorsKb  largest request built by merging (sysfs {@code queue/max_sectors_kb}); 512
 */
public record HostConfig(String scheduler, int queueDepth, int maxSectorsKb) {
    public static final int DEFAULT_QUEUE_DEPTH = 4;
    public static final int DEFAULT_MAX_SECTORS_KB = 512;
}
