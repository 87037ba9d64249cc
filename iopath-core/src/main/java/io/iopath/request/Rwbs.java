package io.iopath.request;

/**
 * The RWBS column of blktrace: one codec for every writer (the block layer's events behind
 * {@code --blktrace} and {@code --trace-out}, the blkparse trace writer) and every reader.
 *
 * <p>It writes what blkparse prints, {@code fill_rwbs} in blktrace 1.2's {@code blkparse_fmt.c}
 * (the kernel's blk tracer formats the same way, {@code fill_rwbs} in
 * {@code kernel/trace/blktrace.c}): a leading {@code F} when the trace's FLUSH bit is set, then
 * {@code D} (discard), {@code W} (write), {@code R} (a read that moves bytes) or {@code N} (no
 * data), then {@code F} (FUA), {@code A} (read-ahead), {@code S} (sync), {@code M} (meta). The
 * kernel's {@code __blk_add_trace} sets that one FLUSH bit both for {@code REQ_PREFLUSH} and for
 * a {@code REQ_OP_FLUSH} request, which it records as a read direction with no bytes, so a pure
 * flush prints {@code FN}. (The tracepoints' {@code blk_fill_rwbs}, in the same file, prints
 * {@code F} for REQ_OP_FLUSH; that is the ftrace {@code block_rq_*} text, not blkparse's.)
 *
 * <p>The reader also takes the tracepoints' forms ({@code F}, {@code FF} for a flush,
 * {@code DE} secure erase), so a trace of either kind reads.
 */
public final class Rwbs {
    /** The flags RWBS can carry. */
    public static final int FLAGS = Flags.SYNC | Flags.META | Flags.FUA | Flags.PREFLUSH;

    /**
     * What a field says: the op (null for {@code N}, a request without data) and the flags. A
     * flush's leading {@code F} is the op itself, so a FLUSH never carries {@link Flags#PREFLUSH}.
     */
    public record Parsed(Op op, int flags) {
    }

    private Rwbs() {
    }

    /** The field blkparse prints for a request of {@code op} with {@code flags} over {@code sectors}. */
    public static String of(Op op, int flags, long sectors) {
        StringBuilder sb = new StringBuilder(4);
        if (op == Op.FLUSH || Flags.has(flags, Flags.PREFLUSH)) {
            sb.append('F');
        }
        sb.append(switch (op) {
            case DISCARD -> 'D';
            case WRITE -> 'W';
            case READ -> sectors > 0 ? 'R' : 'N';
            case FLUSH -> 'N';
        });
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

    /**
     * The field blkparse prints for a block layer event (Q, G, I, D, C, ...) of a request or bio
     * of {@code op} with {@code flags}. As {@link #of}, except for a sync flush: that is the
     * empty bio {@code blkdev_issue_flush} submits, which the kernel builds as a sync write with
     * PREFLUSH ({@code WRITE_FLUSH} = {@code WRITE_SYNC | REQ_FLUSH} before 4.10; {@code
     * REQ_OP_WRITE | REQ_PREFLUSH} since), so blkparse shows {@code FWS}; the request the flush
     * machinery sends to the drive ({@code blk_kick_flush}: {@code REQ_OP_FLUSH | REQ_PREFLUSH},
     * not sync) shows {@code FN}.
     */
    public static String ofEvent(Op op, int flags, long sectors) {
        if (op == Op.FLUSH && Flags.has(flags, Flags.SYNC)) {
            return of(Op.WRITE, (flags | Flags.PREFLUSH) & ~Flags.FUA, 0);
        }
        return of(op, flags, sectors);
    }

    /** Parses a field, or returns null if it is not a valid RWBS. */
    public static Parsed parse(String s) {
        if (s.isEmpty() || s.length() > 8) {
            return null;
        }
        int i = 0;
        int flags = 0;
        if (s.length() > 1 && s.charAt(0) == 'F' && "RWDFN".indexOf(s.charAt(1)) >= 0) {
            flags |= Flags.PREFLUSH;
            i = 1;
        }
        Op op;
        switch (s.charAt(i)) {
            case 'R' -> op = Op.READ;
            case 'W' -> op = Op.WRITE;
            case 'D' -> {
                op = Op.DISCARD;
                if (i + 1 < s.length() && s.charAt(i + 1) == 'E') {
                    i++;
                }
            }
            case 'F' -> op = Op.FLUSH;
            case 'N' -> op = Flags.has(flags, Flags.PREFLUSH) ? Op.FLUSH : null;
            default -> {
                return null;
            }
        }
        for (i++; i < s.length(); i++) {
            switch (s.charAt(i)) {
                case 'F' -> flags |= Flags.FUA;
                case 'S' -> flags |= Flags.SYNC;
                case 'M' -> flags |= Flags.META;
                case 'A' -> { } // read-ahead: iopath has no such flag
                default -> {
                    return null;
                }
            }
        }
        if (op == Op.FLUSH) {
            flags &= ~Flags.PREFLUSH; // the leading F of FN (or FF) is the flush, not a flag
        }
        return new Parsed(op, flags);
    }
}
