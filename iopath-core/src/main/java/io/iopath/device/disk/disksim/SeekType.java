package io.iopath.device.disk.disksim;

import java.util.Arrays;
import java.util.Optional;

/** DiskSim mechanics "Seek type" (disk-drive.md §3.2). */
enum SeekType {
    CONSTANT("constant"), LINEAR("linear"), CURVE("curve"), HPL("hpl"), HPL_PLUS_10("hplplus10"),
    EXTRACTED("extracted");

    private final String diskSimName;

    SeekType(String diskSimName) {
        this.diskSimName = diskSimName;
    }

    public String diskSimName() {
        return diskSimName;
    }

    public static Optional<SeekType> ofName(String name) {
        return Arrays.stream(values()).filter(t -> t.diskSimName.equals(name)).findFirst();
    }
}
