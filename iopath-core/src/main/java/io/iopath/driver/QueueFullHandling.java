package io.iopath.driver;

/**
 * Who reacts to QUEUE FULL (TASK SET FULL) and how (block-layer.md §8.3–§8.4). Every variant
 * requeues the command at the head and sets device_blocked; they differ in what happens to the
 * queue depth.
 */
public enum QueueFullHandling {
    /** 2.6 mid-layer only: requeue, device_blocked = 3, stall until drained; the depth never changes. */
    MIDLAYER("midlayer"),
    /** The generic helper scsi_track_queue_full: after more than 10 QUEUE FULLs at one depth, adopt it. */
    TRACK_QUEUE_FULL("track-queue-full"),
    /** Adaptec aic79xx: lock the tag count at the number active after 50 QUEUE FULLs there; ramp up by 1 per 50 good completions. */
    AIC79XX("aic79xx"),
    /** Today's SCSI: depth − 1 through scsi_track_queue_full; ramp up by 1 at most every 120 s. */
    MODERN("modern");

    private final String yamlName;

    QueueFullHandling(String yamlName) {
        this.yamlName = yamlName;
    }

    public String yamlName() {
        return yamlName;
    }

    public static QueueFullHandling of(String name) {
        for (QueueFullHandling h : values()) {
            if (h.yamlName.equals(name)) {
                return h;
            }
        }
        throw new IllegalArgumentException(name);
    }

    public static java.util.List<String> names() {
        return java.util.Arrays.stream(values()).map(QueueFullHandling::yamlName).toList();
    }
}
