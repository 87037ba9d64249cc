package io.iopath.request;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RwbsTest {
    /** Flags as their names, so a CSV row reads like the kernel's flag list. */
    private static int flags(String names) {
        int f = 0;
        for (String n : names.trim().split("\\|")) {
            f |= switch (n) {
                case "" -> 0;
                case "SYNC" -> Flags.SYNC;
                case "META" -> Flags.META;
                case "FUA" -> Flags.FUA;
                case "PREFLUSH" -> Flags.PREFLUSH;
                default -> throw new IllegalArgumentException(n);
            };
        }
        return f;
    }

    @ParameterizedTest(name = "{0} {1} {2} sectors -> {3}")
    @CsvSource({
            // blkparse_fmt.c fill_rwbs: [F] D|W|R|N [F] [A] [S] [M]
            "READ, '', 8, R",
            "READ, SYNC, 8, RS",
            "READ, '', 0, N", // no bytes: N, as blkparse prints a read without data
            "WRITE, '', 8, W",
            "WRITE, SYNC, 8, WS",
            "WRITE, FUA|SYNC, 8, WFS",
            "WRITE, PREFLUSH|SYNC, 8, FWS",
            "WRITE, PREFLUSH|FUA|SYNC, 8, FWFS",
            "WRITE, SYNC|META, 8, WSM",
            "DISCARD, '', 8, D",
            "FLUSH, '', 0, FN", // REQ_OP_FLUSH: the FLUSH bit, read direction, no bytes
            "FLUSH, PREFLUSH|SYNC, 0, FNS"})
    void writesWhatBlkparsePrints(String op, String flags, int sectors, String rwbs) {
        assertThat(Rwbs.of(Op.valueOf(op), flags(flags), sectors)).isEqualTo(rwbs);
    }

    @ParameterizedTest(name = "{0} {1} -> {2}")
    @CsvSource({
            "FLUSH, PREFLUSH|SYNC, FWS", // blkdev_issue_flush's bio, as blkparse shows it
            "FLUSH, SYNC, FWS",
            "FLUSH, '', FN", // blk_kick_flush's request to the drive
            "WRITE, PREFLUSH|FUA|SYNC, FWFS"})
    void blockEventsShowAFlushBioAsTheKernelBuildsIt(String op, String flags, String rwbs) {
        assertThat(Rwbs.ofEvent(Op.valueOf(op), flags(flags), op.equals("WRITE") ? 8 : 0)).isEqualTo(rwbs);
    }

    @ParameterizedTest(name = "{0} -> {1} {2}")
    @CsvSource({
            "FN, FLUSH, ''",
            "F, FLUSH, ''", // the tracepoints' blk_fill_rwbs for REQ_OP_FLUSH
            "FF, FLUSH, ''", // ... with REQ_PREFLUSH, as blk-flush.c issues it
            "FWFS, WRITE, PREFLUSH|FUA|SYNC",
            "RA, READ, ''", // read-ahead: iopath has no such flag
            "DE, DISCARD, ''",
            "WSM, WRITE, SYNC|META"})
    void readsBlkparseAndTracepointForms(String rwbs, String op, String flags) {
        assertThat(Rwbs.parse(rwbs)).isEqualTo(new Rwbs.Parsed(Op.valueOf(op), flags(flags)));
    }

    @Test
    void rejectsWhatIsNoRwbs() {
        assertThat(Rwbs.parse("")).isNull();
        assertThat(Rwbs.parse("X")).isNull();
        assertThat(Rwbs.parse("WQ")).isNull();
        assertThat(Rwbs.parse("N")).isEqualTo(new Rwbs.Parsed(null, 0));
    }

    /**
     * Every op with every combination of the flags RWBS carries reads back as itself, and no two
     * of them are written alike: a flag the writer dropped or the reader ignored fails here.
     */
    @Test
    void everyOpAndFlagSurvivesTheRoundTripAndIsDistinct() {
        Map<String, String> seen = new HashMap<>();
        for (Op op : Op.values()) {
            for (int f = 0; f <= Rwbs.FLAGS; f++) {
                if (op == Op.FLUSH && Flags.has(f, Flags.PREFLUSH)) {
                    continue; // a flush's PREFLUSH is the flush itself (one FLUSH bit in the trace)
                }
                String rwbs = Rwbs.of(op, f, 8);
                assertThat(Rwbs.parse(rwbs)).as(rwbs).isEqualTo(new Rwbs.Parsed(op, f));
                String before = seen.put(rwbs, op + " " + f);
                assertThat(before).as("%s written for both %s and %s %d", rwbs, before, op, f).isNull();
            }
        }
        assertThat(seen).hasSize(3 * 16 + 8);
    }
}
