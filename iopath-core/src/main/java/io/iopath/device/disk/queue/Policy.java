package io.iopath.device.disk.queue;

/**
 * How the drive's command scheduler ranks the jobs it may start (disk-drive spec §9.3): each
 * policy carries its own key, lowest first, ties to the oldest job. The positioning-based keys
 * count the command overhead ahead of the arm's move ({@link CommandScheduler#positioningNs}),
 * from the time {@link CommandScheduler#keyFromNs} (now, or DiskSim's last mechanical state).
 * DiskSim's policy number is in each comment.
 */
public enum Policy {
    /** Oldest command first (DiskSim 1). */
    FCFS {
        @Override
        double key(CommandScheduler s, MediaJob j, long now) {
            return j.seq;
        }
    },
    /** Shortest seek (cylinder distance) first (DiskSim 7). */
    SSTF {
        @Override
        double key(CommandScheduler s, MediaJob j, long now) {
            return Math.abs(j.cylinder - s.mechanics.headCylinder());
        }
    },
    /** Circular LOOK by LBA: the lowest start LBA at or after the head's, else wrap (DiskSim 3). */
    CLOOK {
        @Override
        double key(CommandScheduler s, MediaJob j, long now) {
            return j.lba >= s.headLba ? j.lba - s.headLba : (double) s.capacity + j.lba;
        }
    },
    /** Shortest positioning (seek + rotation) time first (DiskSim 8). */
    SPTF {
        @Override
        double key(CommandScheduler s, MediaJob j, long now) {
            return s.positioningNs(j, s.keyFromNs);
        }
    },
    /** Shortest access time first: positioning plus the command's media transfer (DiskSim 10). */
    SATF {
        @Override
        double key(CommandScheduler s, MediaJob j, long now) {
            return s.positioningNs(j, s.keyFromNs) + j.mediaNs;
        }
    },
    /**
     * SPTF weighted by age: T_pos·(W − age)/W, age and W in ms (DiskSim 11); W is the age at
     * which a command's positioning stops counting against it.
     */
    WPTF {
        @Override
        double key(CommandScheduler s, MediaJob j, long now) {
            long pos = s.positioningNs(j, s.keyFromNs);
            double w = s.agingWeight;
            return w == 0 ? pos : pos * (w - (now - j.arrivalNs) / 1e6) / w;
        }
    },
    /** SPTF with an age credit: T_pos − W·age/1000, age and T in ms (DiskSim 14). */
    ASPTF {
        @Override
        double key(CommandScheduler s, MediaJob j, long now) {
            long pos = s.positioningNs(j, s.keyFromNs);
            return pos - s.agingWeight * (now - j.arrivalNs) / 1000.0;
        }
    };

    /** The job's rank at {@code now}: lower starts first. Pure arithmetic; allocates nothing. */
    abstract double key(CommandScheduler s, MediaJob j, long now);
}
