package io.iopath.device.disk.disksim;

import java.util.Arrays;
import java.util.Optional;

/** DiskSim {@code disksim_ioqueue} "Scheduling policy" numbers ({@code src/disksim_ioqueue.h}). */
enum SchedulingPolicy {
    FCFS(1), ELEVATOR_LBN(2), CYCLE_LBN(3), SSTF_LBN(4), ELEVATOR_CYL(5), CYCLE_CYL(6), SSTF_CYL(7),
    SPTF(8), SPCTF(9), SATF(10), WPTF(11), WPCTF(12), WATF(13), ASPTF(14), ASPCTF(15), ASATF(16),
    VSCAN_LBN(17), VSCAN_CYL(18), PRI_VSCAN_LBN(19), PRI_ASPTF(20), PRI_ASPCTF(21), SDF_APPROX(22),
    SDF_EXACT(23), SPTF_ROT_OPT(24), SPTF_ROT_WEIGHT(25), SPTF_SEEK_WEIGHT(26), TSPS(27), BATCH_FCFS(28);

    private final int code;

    SchedulingPolicy(int code) {
        this.code = code;
    }

    /** The number DiskSim files use. */
    public int code() {
        return code;
    }

    public static Optional<SchedulingPolicy> ofCode(int code) {
        return Arrays.stream(values()).filter(p -> p.code == code).findFirst();
    }
}
