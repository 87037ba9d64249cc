package io.iopath.device.disk.disksim;

import java.util.Arrays;
import java.util.Optional;

/** DiskSim "Buffer continuous read" 0–4: how far the drive reads ahead after a read miss. */
enum ReadAheadMode {
    OFF(0), TO_END_OF_TRACK(1), TO_END_OF_CYLINDER(2), UNTIL_SEGMENT_FULL(3), TRACK_AHEAD_OF_STREAM(4);

    private final int code;

    ReadAheadMode(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    public static Optional<ReadAheadMode> ofCode(int code) {
        return Arrays.stream(values()).filter(m -> m.code == code).findFirst();
    }
}
