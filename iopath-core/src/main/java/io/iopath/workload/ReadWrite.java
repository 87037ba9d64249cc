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
    RW("rw", false);

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

    public boolean mixed() {
        return this == RANDRW || this == RW;
    }
}
