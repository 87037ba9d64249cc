package io.iopath.device.disk;

import io.iopath.device.disk.queue.Policy;
import java.util.Locale;

/**
 * The drive's own command scheduler (disk-drive spec §9.3). DiskSim's policy number for each is
 * in its comment; the importer translates DiskSim's numbers ({@code disksim.DriveImporter}).
 */
public enum DriveScheduler {
    /** Oldest command first (DiskSim 1). */
    FCFS(Policy.FCFS),
    /** Shortest seek (cylinder distance) first, ties to the oldest (DiskSim 7). */
    SSTF(Policy.SSTF),
    /** Circular LOOK by LBA: the lowest start LBA at or after the head's, else wrap (DiskSim 3). */
    CLOOK(Policy.CLOOK),
    /** Shortest positioning (seek + rotation) time first (DiskSim 8). */
    SPTF(Policy.SPTF),
    /** Shortest access time first: positioning plus the command's media transfer (DiskSim 10). */
    SATF(Policy.SATF),
    /** SPTF weighted by age: T_pos·(W − age)/W, age and W in ms (DiskSim 11). */
    WPTF(Policy.WPTF),
    /** SPTF with an age credit: T_pos − W·age/1000, age and T in ms (DiskSim 14). */
    ASPTF(Policy.ASPTF);

    private final Policy policy;

    DriveScheduler(Policy policy) {
        this.policy = policy;
    }

    /** The command scheduler's policy, with its key. */
    public Policy policy() {
        return policy;
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static DriveScheduler parse(String s) {
        String n = s.trim().toUpperCase(Locale.ROOT).replace("-", "").replace("_", "");
        if (n.equals("AGEDSPTF")) {
            return ASPTF;
        }
        return valueOf(n);
    }
}
