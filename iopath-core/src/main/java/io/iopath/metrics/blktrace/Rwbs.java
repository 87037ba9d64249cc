package io.iopath.metrics.blktrace;

import io.iopath.request.Flags;
import io.iopath.request.Op;

/** blk_fill_rwbs (kernel/trace/blktrace.c): the RWBS column of blkparse. */
public final class Rwbs {
    private Rwbs() {
    }

    public static String of(Op op, int flags, int sectors) {
        StringBuilder sb = new StringBuilder(4);
        if (Flags.has(flags, Flags.PREFLUSH)) {
            sb.append('F');
        }
        switch (op) {
            case WRITE -> sb.append('W');
            case READ -> sb.append(sectors > 0 ? 'R' : 'N');
            case DISCARD -> sb.append('D');
            case FLUSH -> sb.append(Flags.has(flags, Flags.PREFLUSH) ? "" : "F");
        }
        if (sb.length() == 0) {
            sb.append('N');
        }
        if (Flags.has(flags, Flags.FUA)) {
            sb.append('F');
        }
        if (Flags.has(flags, Flags.SYNC)) {
            sb.append('S');
        }
        if (Flags.has(flags, Flags.META)) {
            sb.append('M');
        }
        return sb.toString();
    }
}
