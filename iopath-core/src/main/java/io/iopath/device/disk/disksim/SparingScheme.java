package io.iopath.device.disk.disksim;

import java.util.Arrays;
import java.util.Optional;

/** DiskSim layout g1 "Sparing scheme used" 0–10 (semantics: disk-drive.md §2.2). */
enum SparingScheme {
    NONE(0), TRACK_SPARING(1), SECTORS_PER_CYLINDER(2), SECTORS_PER_TRACK(3), SECTORS_PER_CYLINDER_SLIP_TO_END(4),
    SECTORS_PER_CYLINDER_AT_FRONT(5), SECTORS_PER_CYLINDER_AT_FRONT_SLIP_TO_END(6), SECTORS_AT_END(7),
    SECTORS_PER_RANGE(8), SECTORS_PER_ZONE(9), SECTORS_PER_ZONE_SLIP_TO_END(10);

    private final int code;

    SparingScheme(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    public static Optional<SparingScheme> ofCode(int code) {
        return Arrays.stream(values()).filter(m -> m.code == code).findFirst();
    }
}
