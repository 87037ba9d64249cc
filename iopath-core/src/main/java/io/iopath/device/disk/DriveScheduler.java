package io.iopath.device.disk;

import java.util.Locale;

/**
 * The drive's own command scheduler (disk-drive spec §9.3), with DiskSim's policy numbers where
 * one exists.
 */
public enum DriveScheduler {
    /** Oldest command first (DiskSim 1). */
    FCFS(1),
    /** Shortest seek (cylinder distance) first, ties to the oldest (DiskSim 7). */
    SSTF(7),
    /** Circular LOOK by LBA: the lowest start LBA at or after the head's, else wrap (DiskSim 3). */
    CLOOK(3),
    /** Shortest positioning (seek + rotation) time first (DiskSim 8). */
    SPTF(8),
    /** Shortest access time first: positioning plus the command's media transfer (DiskSim 10). */
    SATF(10),
    /** SPTF weighted by age: T_pos·(W − age)/W, age and W in ms (DiskSim 11). */
    WPTF(11),
    /** SPTF with an age credit: T_pos − W·age/1000, age and T in ms (DiskSim 14). */
    ASPTF(14);

    private final int disksimPolicy;

    DriveScheduler(int disksimPolicy) {
        this.disksimPolicy = disksimPolicy;
    }

    public int disksimPolicy() {
        return disksimPolicy;
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

    /** The policy for a DiskSim {@code Scheduling policy} number, or FCFS for ones iopath lacks. */
    public static DriveScheduler fromDiskSim(int policy) {
        return switch (policy) {
            case 3, 6 -> CLOOK;
            case 4, 7 -> SSTF;
            case 8, 9 -> SPTF;
            case 10 -> SATF;
            case 11, 12, 13 -> WPTF;
            case 14, 15, 16 -> ASPTF;
            default -> FCFS;
        };
    }
}
