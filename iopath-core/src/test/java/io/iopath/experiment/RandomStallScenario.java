package io.iopath.experiment;

import java.util.SplittableRandom;

/**
 * A seeded random scenario that makes the driver stall: a drive, its write cache, the host's
 * queue depth, scheduler, QUEUE FULL handling and plugging, perhaps a power failure, and one to
 * three 4 KiB jobs with fsyncs, bounded by IOs or by time. StallBoundTest's and StallLogRunTest's.
 */
public final class RandomStallScenario {
    private RandomStallScenario() {
    }

    /**
     * @param drives        the presets to draw from
     * @param maxQueueDepth the host's queue depth is drawn from 1 to this
     * @param startDelays   whether a job may start late (a third of them, up to 50 ms)
     */
    public static String yaml(long seed, String[] drives, int maxQueueDepth, boolean startDelays) {
        SplittableRandom rnd = new SplittableRandom(seed);
        String[] schedulers = {"noop", "deadline", "cfq", "mq-deadline", "none", "bfq"};
        String[] handling = {"midlayer", "track-queue-full", "aic79xx", "modern"};
        String[] rws = {"randwrite", "randread", "randrw", "write"};
        StringBuilder yaml = new StringBuilder();
        yaml.append("seed: ").append(seed).append('\n');
        yaml.append("drive: {preset: ").append(drives[rnd.nextInt(drives.length)]).append(", write_cache: ")
                .append(rnd.nextBoolean() ? "on" : "off").append("}\n");
        yaml.append("host: {queue_depth: ").append(1 + rnd.nextInt(maxQueueDepth))
                .append(", scheduler: ").append(schedulers[rnd.nextInt(schedulers.length)])
                .append(", driver: ").append(handling[rnd.nextInt(handling.length)])
                .append(", plugging: ").append(rnd.nextBoolean() ? "legacy" : "per-task").append("}\n");
        if (rnd.nextInt(3) == 0) {
            yaml.append("power_failure: {at: ").append(20 + rnd.nextInt(150)).append("ms}\n");
        }
        yaml.append("jobs:\n");
        int jobs = 1 + rnd.nextInt(3);
        for (int j = 0; j < jobs; j++) {
            yaml.append("  - {name: j").append(j)
                    .append(", rw: ").append(rws[rnd.nextInt(rws.length)])
                    .append(", bs: 4k")
                    .append(", iodepth: ").append(1 + rnd.nextInt(32))
                    .append(", fsync: ").append(rnd.nextInt(3) * 8)
                    .append(", size: 500m")
                    .append(startDelays && rnd.nextInt(3) == 0 ? ", startdelay: " + rnd.nextInt(50) + "ms" : "")
                    .append(rnd.nextBoolean() ? ", number_ios: " + (50 + rnd.nextInt(400)) : ", runtime: " + (200 + rnd.nextInt(800)) + "ms")
                    .append("}\n");
        }
        return yaml.toString();
    }
}
