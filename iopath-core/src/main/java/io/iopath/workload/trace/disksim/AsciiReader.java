package io.iopath.workload.trace.disksim;

import io.iopath.request.Flags;
import io.iopath.request.Op;
import io.iopath.workload.trace.io.LineSource;
import io.iopath.workload.trace.io.RecordPerLineReader;
import io.iopath.workload.trace.io.TraceRecord;
import io.iopath.workload.trace.io.Tokens;

/**
 * DiskSim 4.0 "ascii" traces ({@code disksim_iotrace.c}, scanned as {@code "%lf %d %d %d %x"}):
 * {@code arrival_ms devno blkno bcount flags_hex}.
 *
 * <p>Time: absolute, in ms from the start of the simulation, non-decreasing (DiskSim stops
 * with "out of time order" otherwise, and so does this reader). Offsets and sizes: 512-byte
 * blocks. Op: flags bit 0 = read, else write; 0x80 (SYNC) becomes {@link Flags#SYNC}.
 *
 * <p>A well-formed line is parsed by one scan of its characters ({@link #parseWellFormed}), with
 * no word or number strings: splitting it into words and each word into parts was most of a
 * split replay's reading pass. Anything the scan does not take in its stride (a sign, a sixth
 * field, a time out of order, a number too long) goes to the checking parser, which gives the
 * same record for any line both accept and says what is wrong with the others.
 */
public final class AsciiReader extends RecordPerLineReader {
    static final int READ_FLAG = 0x1;
    static final int SYNC_FLAG = 0x80;
    private long lastNs;
    /** False only in tests, to compare the scan with the checking parser. */
    private final boolean scan;

    public AsciiReader(LineSource src) {
        this(src, true);
    }

    AsciiReader(LineSource src, boolean scan) {
        super(src);
        this.scan = scan;
    }

    @Override
    protected TraceRecord parse(String line) {
        TraceRecord r = scan ? parseWellFormed(line) : null;
        return r != null ? r : parseChecked(line);
    }

    /** Field limits of {@link Tokens}: 12 whole digits of ms (18 - 6), 18 digits of an integer. */
    private static final int MAX_MS_DIGITS = 12;
    private static final int MAX_FRACTION_DIGITS = 30;
    private static final int MAX_INT_DIGITS = 18;
    private static final int MS_NS_DIGITS = 6;

    /**
     * The record of a line of five fields separated by spaces or tabs, each in the plain form
     * DiskSim writes: {@code digits[.digits] digits digits digits [0x]hexdigits}, within the
     * checking parser's limits and in time order; null for any other line. The values are
     * exactly {@link #parseChecked}'s (the same arithmetic as {@link Tokens#decimalToNs} and the
     * integer fields).
     */
    private TraceRecord parseWellFormed(String line) {
        int n = line.length();
        int i = 0;
        // arrival time: whole ms, then up to 6 fraction digits kept, the 7th rounding half up
        long whole = 0;
        int wholeDigits = 0;
        while (i < n && isDigit(line.charAt(i))) {
            whole = whole * 10 + (line.charAt(i++) - '0');
            wholeDigits++;
        }
        long fracNs = 0;
        int fracDigits = 0;
        boolean roundUp = false;
        if (i < n && line.charAt(i) == '.') {
            i++;
            while (i < n && isDigit(line.charAt(i))) {
                int d = line.charAt(i++) - '0';
                if (fracDigits < MS_NS_DIGITS) {
                    fracNs = fracNs * 10 + d;
                } else if (fracDigits == MS_NS_DIGITS) {
                    roundUp = d >= 5;
                }
                fracDigits++;
            }
        }
        if (wholeDigits + fracDigits == 0 || wholeDigits > MAX_MS_DIGITS || fracDigits > MAX_FRACTION_DIGITS) {
            return null;
        }
        for (int k = fracDigits; k < MS_NS_DIGITS; k++) {
            fracNs *= 10;
        }
        long t = whole * 1_000_000L + fracNs + (roundUp ? 1 : 0);
        if (t < lastNs) {
            return null;
        }
        at = i;
        long dev = blanks(line) ? integer(line) : -1;
        if (dev < 0 || dev > Integer.MAX_VALUE) {
            return null;
        }
        long blkno = blanks(line) ? integer(line) : -1;
        if (blkno < 0 || blkno > Tokens.MAX_SECTORS) {
            return null;
        }
        long bcount = blanks(line) ? integer(line) : -1;
        if (bcount <= 0 || bcount > Tokens.MAX_SECTORS || !blanks(line)) {
            return null;
        }
        i = at;
        if (i + 1 < n && line.charAt(i) == '0' && (line.charAt(i + 1) == 'x' || line.charAt(i + 1) == 'X')) {
            i += 2;
        }
        int start = i;
        long flags = 0;
        for (int d; i < n && (d = Character.digit(line.charAt(i), 16)) >= 0 && line.charAt(i) < 0x80; i++) {
            flags = flags << 4 | d;
        }
        if (i != n || i == start || i - start > 8) {
            return null;
        }
        lastNs = t;
        Op op = (flags & READ_FLAG) != 0 ? Op.READ : Op.WRITE;
        int f = (flags & SYNC_FLAG) != 0 ? Flags.SYNC : 0;
        return new TraceRecord(t, (int) dev, op, blkno * 512, bcount * 512, f, 0, -1, -1);
    }

    /** Where {@link #parseWellFormed} is in its line, between fields. */
    private int at;

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** Moves {@link #at} past the run of spaces and tabs there; false if there is none or the line ends after it. */
    private boolean blanks(String line) {
        int n = line.length();
        int j = at;
        while (j < n && (line.charAt(j) == ' ' || line.charAt(j) == '\t')) {
            j++;
        }
        boolean found = j != at && j != n;
        at = j;
        return found;
    }

    /** The decimal integer of 1 to 18 digits at {@link #at}, which moves past them; -1 for none or more. */
    private long integer(String line) {
        int n = line.length();
        int start = at;
        long v = 0;
        while (at < n && isDigit(line.charAt(at))) {
            v = v * 10 + (line.charAt(at++) - '0');
        }
        return at == start || at - start > MAX_INT_DIGITS ? -1 : v;
    }

    /** Word by word, every field checked and named when wrong. */
    private TraceRecord parseChecked(String line) {
        String[] w = Tokens.words(line);
        if (w.length != 5) {
            throw src.error("expected 5 fields (arrival_ms devno blkno bcount flags_hex), got " + w.length);
        }
        long t = Tokens.decimalToNs(src, "arrival time (ms)", w[0], 6);
        if (t < lastNs) {
            throw src.error("arrival time " + w[0] + " ms is before the previous request's: out of time order");
        }
        lastNs = t;
        int dev = Tokens.smallInt(src, "devno", w[1], Integer.MAX_VALUE);
        long blkno = Tokens.sectors(src, "blkno", w[2]);
        long bcount = Tokens.sectors(src, "bcount", w[3]);
        if (bcount == 0) {
            throw src.expected("bcount", "at least 1 block", w[3]);
        }
        long flags = Tokens.hex(src, "flags", w[4]);
        Op op = (flags & READ_FLAG) != 0 ? Op.READ : Op.WRITE;
        int f = (flags & SYNC_FLAG) != 0 ? Flags.SYNC : 0;
        return new TraceRecord(t, dev, op, blkno * 512, bcount * 512, f, 0, -1, -1);
    }

    @Override
    public String formatId() {
        return "ascii";
    }
}
