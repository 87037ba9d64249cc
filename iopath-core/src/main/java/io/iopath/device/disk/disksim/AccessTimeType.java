package io.iopath.device.disk.disksim;

import java.util.Arrays;
import java.util.Optional;

/** DiskSim mechanics "Access time type": how rotational latency is modelled. */
enum AccessTimeType {
    CONSTANT("constant"), AVERAGE_ROTATION("averageRotation"), TRACK_SWITCH_PLUS_ROTATION("trackSwitchPlusRotation");

    private final String diskSimName;

    AccessTimeType(String diskSimName) {
        this.diskSimName = diskSimName;
    }

    public String diskSimName() {
        return diskSimName;
    }

    public static Optional<AccessTimeType> ofName(String name) {
        return Arrays.stream(values()).filter(t -> t.diskSimName.equals(name)).findFirst();
    }
}
