package io.iopath.workload.trace.blkparse;

import io.iopath.request.Flags;
import io.iopath.request.Op;

/**
 * blktrace's RWBS field ({@code blk_fill_rwbs} in {@code kernel/trace/blktrace.c}): an optional
 * leading {@code F} (PREFLUSH), the op ({@code R} read, {@code W} write, {@code D} discard,
 * {@code DE} secure erase, {@code F} flush, {@code N} no data), then {@code F} (FUA), {@code A}
 * (read-ahead), {@code S} (sync), {@code M} (meta).
 */
public final class Rwbs {
    /** What a field says: the op (null for N, no data) and the flags. */
    public record Parsed(Op op, int flags) {
    }

    private Rwbs() {
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
                case 'A' -> { }
                default -> {
                    return null;
                }
            }
        }
        return new Parsed(op, flags);
    }

    public static String format(Op op, int flags) {
        StringBuilder sb = new StringBuilder(4);
        if (Flags.has(flags, Flags.PREFLUSH) && op != Op.FLUSH) {
            sb.append('F');
        }
        sb.append(switch (op) {
            case READ -> "R";
            case WRITE -> "W";
            case DISCARD -> "D";
            case FLUSH -> "FN";
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
}
