package io.iopath.request;

/** Request flags as bit masks (REQ_SYNC, REQ_META, REQ_FUA, REQ_PREFLUSH in Linux). */
public final class Flags {
    public static final int SYNC = 1;
    public static final int META = 1 << 1;
    /** Force Unit Access: complete only when the data is on the media. */
    public static final int FUA = 1 << 2;
    /** Flush the volatile cache before this IO starts. */
    public static final int PREFLUSH = 1 << 3;

    private Flags() {
    }

    public static boolean has(int flags, int flag) {
        return (flags & flag) != 0;
    }
}
