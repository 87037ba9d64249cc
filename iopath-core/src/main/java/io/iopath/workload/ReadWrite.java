package io.iopath.workload;

import java.util.Arrays;
import java.util.List;

/** fio's {@code rw}: the direction and order of a job's IO. */
public enum ReadWrite {
    READ("read", false),
    WRITE("write", false),
    RANDREAD("randread", true),
    RANDWRITE("randwrite", true),
    RANDRW("randrw", true),
    RW("rw", false),
    /**
     * Trims (fio's DDIR_TRIM): simulated where fio's trim does not need a drive with TRIM: under
     * zonemode=zbd, where fio resets the zone instead (zbd.c {@code zbd_do_io_u_trim}), and on a
     * file, where fio's BLKDISCARD ioctl fails (os/os-linux.h {@code os_trim}).
     */
    TRIM("trim", false),
    RANDTRIM("randtrim", true);

    public final String fioName;
    public final boolean random;

    ReadWrite(String fioName, boolean random) {
        this.fioName = fioName;
        this.random = random;
    }

    public static List<String> names() {
        return Arrays.stream(values()).map(v -> v.fioName).toList();
    }

    public static ReadWrite of(String fioName) {
        for (ReadWrite v : values()) {
            if (v.fioName.equals(fioName)) {
                return v;
            }
        }
        throw new IllegalArgumentException(fioName);
    }

    /** Whether every IO of the job is a trim. */
    public boolean trims() {
        return this == TRIM || this == RANDTRIM;
    }

    public boolean mixed() {
        return this == RANDRW || this == RW;
    }
}
