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
     * Trims (fio's DDIR_TRIM): discards of the job's blocks, on a drive with TRIM (docs/flash.md);
     * under zonemode=zbd fio resets the zone instead (zbd.c {@code zbd_do_io_u_trim}), and on a
     * file fio's BLKDISCARD ioctl fails (os/os-linux.h {@code os_trim}).
     */
    TRIM("trim", false),
    RANDTRIM("randtrim", true),
    /** A trim, then a write of the same block (io_u.c {@code set_rw_ddir}, {@code td_trimwrite}). */
    TRIMWRITE("trimwrite", false),
    RANDTRIMWRITE("randtrimwrite", true);

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

    /** Whether the job trims a block and then writes it. */
    public boolean trimWrite() {
        return this == TRIMWRITE || this == RANDTRIMWRITE;
    }

    public boolean mixed() {
        return this == RANDRW || this == RW;
    }
}
