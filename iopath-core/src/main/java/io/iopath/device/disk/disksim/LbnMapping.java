package io.iopath.device.disk.disksim;

import java.util.Arrays;
import java.util.Optional;

/**
 * DiskSim "LBN-to-PBN mapping scheme": 0 normal (surfaces 0..n−1 on every cylinder); 1 the
 * surface order reverses on odd cylinders counted from the zone start; 2 the same by absolute
 * cylinder number.
 */
enum LbnMapping {
    NORMAL(0), SERPENTINE_ZONE_RELATIVE(1), SERPENTINE_ABSOLUTE(2);

    private final int code;

    LbnMapping(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    public static Optional<LbnMapping> ofCode(int code) {
        return Arrays.stream(values()).filter(m -> m.code == code).findFirst();
    }
}
