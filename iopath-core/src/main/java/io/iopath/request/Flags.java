package io.iopath.request;

/** Request flags as bit masks (REQ_SYNC, REQ_META, REQ_FUA, REQ_PREFLUSH in Linux). */
public final class Flags {
    public static final int SYNC = 1;
    public static final int META = 1 << 1;
    /** Force Unit Access: complete only when the data is on the media. */
    public static final int FUA = 1 << 2;
    /** Flush the volatile cache before this IO starts. */
    public static final int PREFLUSH = 1 << 3;
    /**
     * A pass-through command (2.6's REQ_BLOCK_PC: SG_IO, bsg; NVMe pass-through today): never
     * merged, and queued at the back of the dispatch list past the IO scheduler.
     */
    public static final int PASSTHROUGH = 1 << 4;

    private Flags() {
    }

    public static boolean has(int flags, int flag) {
        return (flags & flag) != 0;
    }
}
