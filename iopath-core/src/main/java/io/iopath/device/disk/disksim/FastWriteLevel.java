package io.iopath.device.disk.disksim;

import java.util.Arrays;
import java.util.Optional;

/**
 * DiskSim "Fast write level": 0 write-through (a write completes after the media write);
 * 1 write-back only for contiguous appending sequential streams; 2 write-back for sequential
 * streams mixed with other requests, dirty data flushed first.
 */
enum FastWriteLevel {
    WRITE_THROUGH(0), WRITE_BACK_APPENDING_SEQUENTIAL(1), WRITE_BACK_MIXED(2);

    private final int code;

    FastWriteLevel(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    public static Optional<FastWriteLevel> ofCode(int code) {
        return Arrays.stream(values()).filter(m -> m.code == code).findFirst();
    }
}
