package io.iopath.metrics.blktrace;

import io.iopath.block.BlkAction;

/**
 * The kernel's binary blktrace record, {@code struct blk_io_trace} (include/uapi/linux/blktrace_api.h,
 * version 7), which blktrace copies out of the relay buffers into {@code NAME.blktrace.CPU} and
 * blkparse and btt read: 48 bytes in the CPU's byte order, followed by {@code pdu_len} bytes.
 *
 * <pre>
 *  0 u32 magic     0x65617400 | version
 *  4 u32 sequence  per-CPU event number (notes leave it 0)
 *  8 u64 time      ns
 * 16 u64 sector
 * 24 u32 bytes
 * 28 u32 action    category bits &lt;&lt; 16 | action code
 * 32 u32 pid
 * 36 u32 device    major &lt;&lt; 20 | minor (the kernel's dev_t)
 * 40 u32 cpu
 * 44 u16 error
 * 46 u16 pdu_len
 * </pre>
 *
 * <p>The action word: {@code __BLK_TA_*} codes below, categories from the request's op and flags
 * as {@code __blk_add_trace} (kernel/trace/blktrace.c) sets them: READ or WRITE by
 * {@code op_is_write} (a discard is a write, a flush a read), SYNC, AHEAD, META, PREFLUSH (the
 * FLUSH category, also set for REQ_OP_FLUSH), FUA, DISCARD; request events ({@code blk_add_trace_rq})
 * add FS. blkparse's {@code fill_rwbs} turns them back into the RWBS letters.
 */
public final class BlkIoTrace {
    public static final int MAGIC = 0x65617400;
    public static final int VERSION = 7;
    public static final int SIZE = 48;
    /** TASK_COMM_LEN: a process note's payload, the NUL-padded command name. */
    public static final int COMM_LEN = 16;

    // categories (enum blktrace_cat), shifted into the action word's high half
    static final int TC_READ = 1 << 0;
    static final int TC_WRITE = 1 << 1;
    static final int TC_FLUSH = 1 << 2;
    static final int TC_SYNC = 1 << 3;
    static final int TC_QUEUE = 1 << 4;
    static final int TC_REQUEUE = 1 << 5;
    static final int TC_ISSUE = 1 << 6;
    static final int TC_COMPLETE = 1 << 7;
    static final int TC_FS = 1 << 8;
    static final int TC_PC = 1 << 9;
    static final int TC_NOTIFY = 1 << 10;
    static final int TC_AHEAD = 1 << 11;
    static final int TC_META = 1 << 12;
    static final int TC_DISCARD = 1 << 13;
    static final int TC_FUA = 1 << 15;
    static final int TC_SHIFT = 16;

    /** __BLK_TN_PROCESS: a note naming the process a pid runs. */
    public static final int NOTE_PROCESS = TC_NOTIFY << TC_SHIFT;

    private BlkIoTrace() {
    }

    /** The action code (__BLK_TA_*) and its category (BLK_TA_* definitions). */
    static int actionWord(BlkAction a) {
        return switch (a) {
            case Q -> 1 | TC_QUEUE << TC_SHIFT;
            case M -> 2 | TC_QUEUE << TC_SHIFT;
            case F -> 3 | TC_QUEUE << TC_SHIFT;
            case G -> 4 | TC_QUEUE << TC_SHIFT;
            case S -> 5 | TC_QUEUE << TC_SHIFT;
            case R -> 6 | TC_REQUEUE << TC_SHIFT;
            case D -> 7 | TC_ISSUE << TC_SHIFT;
            case C -> 8 | TC_COMPLETE << TC_SHIFT;
            case P -> 9 | TC_QUEUE << TC_SHIFT;
            case U -> 10 | TC_QUEUE << TC_SHIFT;
            case UT -> 11 | TC_QUEUE << TC_SHIFT;
            case I -> 12 | TC_QUEUE << TC_SHIFT;
        };
    }

    /** The action of a code, or null for one iopath does not model (split, bounce, remap, abort, ...). */
    static BlkAction action(int word) {
        return switch (word & 0xffff) {
            case 1 -> BlkAction.Q;
            case 2 -> BlkAction.M;
            case 3 -> BlkAction.F;
            case 4 -> BlkAction.G;
            case 5 -> BlkAction.S;
            case 6 -> BlkAction.R;
            case 7 -> BlkAction.D;
            case 8 -> BlkAction.C;
            case 9 -> BlkAction.P;
            case 10 -> BlkAction.U;
            case 11 -> BlkAction.UT;
            case 12 -> BlkAction.I;
            default -> null;
        };
    }

    /** Request events: blk_add_trace_rq adds FS (PC for pass-through, which iopath has not). */
    static boolean isRequestEvent(BlkAction a) {
        return a == BlkAction.I || a == BlkAction.D || a == BlkAction.C || a == BlkAction.R;
    }

    /**
     * The categories an RWBS field stands for (the inverse of {@link #rwbs}). Plug and unplug
     * notes carry none: {@code blk_add_trace_plug} passes no op, and blkparse prints {@code N}.
     */
    static int categories(BlkAction a, String rwbs) {
        if (a == BlkAction.P || a == BlkAction.U || a == BlkAction.UT) {
            return 0;
        }
        int tc = 0;
        int i = 0;
        if (rwbs.length() > 1 && rwbs.charAt(0) == 'F') {
            tc |= TC_FLUSH;
            i = 1;
        }
        switch (rwbs.charAt(i)) {
            case 'D' -> tc |= TC_DISCARD | TC_WRITE;
            case 'W' -> tc |= TC_WRITE;
            case 'R', 'N' -> tc |= TC_READ;
            default -> throw new IllegalArgumentException("RWBS '" + rwbs + "'");
        }
        for (i++; i < rwbs.length(); i++) {
            tc |= switch (rwbs.charAt(i)) {
                case 'F' -> TC_FUA;
                case 'A' -> TC_AHEAD;
                case 'S' -> TC_SYNC;
                case 'M' -> TC_META;
                default -> throw new IllegalArgumentException("RWBS '" + rwbs + "'");
            };
        }
        return tc;
    }

    /** blkparse's fill_rwbs (blkparse_fmt.c): the letters of an action word and byte count. */
    static String rwbs(int word, long bytes) {
        int tc = word >>> TC_SHIFT;
        StringBuilder sb = new StringBuilder(5);
        if ((tc & TC_FLUSH) != 0) {
            sb.append('F');
        }
        if ((tc & TC_DISCARD) != 0) {
            sb.append('D');
        } else if ((tc & TC_WRITE) != 0) {
            sb.append('W');
        } else if (bytes != 0) {
            sb.append('R');
        } else {
            sb.append('N');
        }
        if ((tc & TC_FUA) != 0) {
            sb.append('F');
        }
        if ((tc & TC_AHEAD) != 0) {
            sb.append('A');
        }
        if ((tc & TC_SYNC) != 0) {
            sb.append('S');
        }
        if ((tc & TC_META) != 0) {
            sb.append('M');
        }
        return sb.toString();
    }
}
