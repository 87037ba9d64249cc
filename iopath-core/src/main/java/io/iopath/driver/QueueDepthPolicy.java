package io.iopath.driver;

/**
 * How the device's queue depth reacts to QUEUE FULL and to good completions. The mid-layer
 * requeue and device_blocked stall are common to all variants and live in {@link ScsiDriver}.
 */
abstract class QueueDepthPolicy {
    /** SCSI_DEFAULT_RAMP_UP_PERIOD: 120 s. */
    static final long RAMP_UP_PERIOD_NS = 120_000_000_000L;
    /** Host cmd_per_lun used when scsi_track_queue_full drops to untagged. */
    static final int CMD_PER_LUN = 1;

    final int maxDepth;
    int depth;

    QueueDepthPolicy(int depth) {
        this.maxDepth = depth;
        this.depth = depth;
    }

    /** The device answered QUEUE FULL with {@code active} commands outstanding. */
    abstract void queueFull(int active, long nowNs);

    /** A command completed with GOOD status. */
    void goodCompletion(int active, long nowNs) {
    }

    static QueueDepthPolicy of(QueueFullHandling h, int depth, long jiffyNs) {
        return switch (h) {
            case MIDLAYER -> new QueueDepthPolicy(depth) {
                @Override
                void queueFull(int active, long nowNs) {
                }
            };
            case TRACK_QUEUE_FULL -> new Tracking(depth, jiffyNs, false);
            case MODERN -> new Tracking(depth, jiffyNs, true);
            case AIC79XX -> new Aic79xx(depth);
        };
    }

    /** scsi_track_queue_full (2.6.20 scsi.c), and today's ramp-up on top of it. */
    static final class Tracking extends QueueDepthPolicy {
        private final long windowNs;
        private final boolean modern;
        private long lastWindow = Long.MIN_VALUE;
        private int lastDepth = -1;
        private int count;
        private long lastQueueFullNs = Long.MIN_VALUE / 2;
        private long lastRampUpNs = Long.MIN_VALUE / 2;

        Tracking(int depth, long jiffyNs, boolean modern) {
            super(depth);
            // "jiffies >> 4": one window per 16 jiffies (16 ms at HZ=1000).
            this.windowNs = 16 * (jiffyNs == 0 ? 1_000_000L : jiffyNs);
            this.modern = modern;
        }

        @Override
        void queueFull(int active, long nowNs) {
            lastQueueFullNs = nowNs;
            int at = modern ? depth - 1 : active;
            long window = nowNs / windowNs;
            if (window == lastWindow) {
                return;
            }
            lastWindow = window;
            if (at != lastDepth) {
                lastDepth = at;
                count = 1;
                return;
            }
            if (++count <= 10) {
                return;
            }
            depth = at < 8 ? CMD_PER_LUN : at;
            depth = Math.max(1, depth);
        }

        @Override
        void goodCompletion(int active, long nowNs) {
            if (!modern || depth >= maxDepth) {
                return;
            }
            if (nowNs - lastQueueFullNs > RAMP_UP_PERIOD_NS && nowNs - lastRampUpNs > RAMP_UP_PERIOD_NS) {
                depth++;
                lastRampUpNs = nowNs;
            }
        }
    }

    /** ahd_linux_handle_scsi_status (aic79xx_osm.c). */
    static final class Aic79xx extends QueueDepthPolicy {
        /** AHD_LOCK_TAGS_COUNT. */
        static final int LOCK_TAGS_COUNT = 50;
        /** AHD_TAG_SUCCESS_INTERVAL. */
        static final int TAG_SUCCESS_INTERVAL = 50;
        private int maxTags;
        private int lastQueueFullActive = -1;
        private int sameCount;
        private int tagSuccess;
        private boolean locked;

        Aic79xx(int depth) {
            super(depth);
            this.maxTags = depth;
        }

        @Override
        void queueFull(int active, long nowNs) {
            tagSuccess = 0;
            if (active == 0) {
                depth = 1; // QUEUE FULL with nothing active: openings = 1, treated as BUSY
                return;
            }
            if (active == lastQueueFullActive) {
                if (++sameCount >= LOCK_TAGS_COUNT && !locked) {
                    maxTags = active; // "Locking max tag count at N"
                    locked = true;
                }
            } else {
                lastQueueFullActive = active;
                sameCount = 0;
            }
            depth = Math.max(1, active); // scsi_activate_tcq(openings 0 + active)
        }

        @Override
        void goodCompletion(int active, long nowNs) {
            if (depth >= maxTags) {
                return;
            }
            if (++tagSuccess > TAG_SUCCESS_INTERVAL) {
                depth++;
                tagSuccess = 0;
            }
        }
    }
}
