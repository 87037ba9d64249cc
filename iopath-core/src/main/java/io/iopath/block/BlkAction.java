package io.iopath.block;

/**
 * The block layer's trace events, one per tracepoint it fires (include/trace/events/block.h), named
 * by the blktrace action each maps to and carrying the letters blkparse prints for it
 * (blktrace_api.h, blkparse_fmt.c; see workloads-and-traces.md §4.1). It lives in the block layer,
 * beside {@link BlockTracepoints}, so that the block core emits events without knowing who
 * listens; blktrace's log and text (metrics.blktrace) attach from above.
 */
public enum BlkAction {
    /** __BLK_TA_QUEUE: a bio entered the block layer. */
    Q("Q"),
    /** __BLK_TA_GETRQ: a request was allocated. */
    G("G"),
    /** __BLK_TA_SLEEPRQ: no free request; the process sleeps. */
    S("S"),
    /** __BLK_TA_BACKMERGE. */
    M("M"),
    /** __BLK_TA_FRONTMERGE. */
    F("F"),
    /** __BLK_TA_INSERT: handed to the IO scheduler. */
    I("I"),
    /** __BLK_TA_PLUG. */
    P("P"),
    /** __BLK_TA_UNPLUG_IO: explicit unplug; payload = requests queued. */
    U("U"),
    /** __BLK_TA_UNPLUG_TIMER: the unplug timer fired; payload = requests queued. */
    UT("UT"),
    /** __BLK_TA_ISSUE: handed to the driver. */
    D("D"),
    /** __BLK_TA_REQUEUE: the driver gave it back. */
    R("R"),
    /** __BLK_TA_COMPLETE. */
    C("C");

    private final String letters;

    BlkAction(String letters) {
        this.letters = letters;
    }

    public String letters() {
        return letters;
    }

    public static BlkAction ofLetters(String s) {
        for (BlkAction a : values()) {
            if (a.letters.equals(s)) {
                return a;
            }
        }
        throw new IllegalArgumentException("unknown blktrace action '" + s + "'");
    }
}
