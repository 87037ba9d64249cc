package io.iopath.workload.trace;

import io.iopath.workload.trace.io.TraceRecord;
import io.iopath.workload.trace.io.TraceWriter;
import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.request.Flags;
import io.iopath.request.Rwbs;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Converting A → B → A gives A's records again, for every pair where B can express what A
 * holds (its ops, and its times at B's resolution). Compared on what a replay uses, and on the
 * flags both formats carry.
 */
class RoundTripTest {
    /** What a replay uses, and the flags (RWBS letters) A and B both carry. */
    record Kept(TraceRecord replay, int flags) {
    }

    /** The {@link Flags} a format records: blkparse the RWBS ones, DiskSim ascii its sync bit. */
    static int flagsCarried(TraceFormat f) {
        return switch (f) {
            case BLKPARSE -> Rwbs.FLAGS;
            case DISKSIM_ASCII -> Flags.SYNC;
            default -> 0;
        };
    }

    /** The time step a format stores: iolog v3 µs ({@code log_io_u}), v2 waits ms from the start. */
    static long resolutionNs(TraceFormat f) {
        return switch (f) {
            case IOLOG3 -> 1_000;
            case IOLOG2 -> 1_000_000;
            default -> 1;
        };
    }

    /** The records with their times rounded to the nearest step, as a writer of that resolution does. */
    static List<TraceRecord> atResolution(List<TraceRecord> records, long stepNs) {
        return records.stream().map(r -> new TraceRecord((r.timeNs() + stepNs / 2) / stepNs * stepNs, r.device(), r.op(),
                r.offset(), r.length(), r.flags(), r.processId(), r.serviceNs(), r.idleNs())).toList();
    }

    static List<Kept> kept(List<TraceRecord> records, int flags) {
        return records.stream().map(r -> new Kept(r.replayView(), r.flags() & flags)).toList();
    }

    static String write(List<TraceRecord> records, TraceFormat format) throws IOException {
        StringWriter out = new StringWriter();
        try (TraceWriter w = format.writer(out)) {
            for (TraceRecord r : records) {
                w.write(r);
            }
            assertThat(w.skipped()).as("records %s cannot express", format).isZero();
        }
        return out.toString();
    }

    static List<TraceRecord> read(String text, TraceFormat format) {
        return TraceReadersTest.readAll(TraceFiles.open(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), "rt", format));
    }

    @ParameterizedTest(name = "{0} -> {1} -> {0}")
    @CsvSource({
            "ascii,blkparse", "ascii,iolog3", "ascii,spc",
            "validate,blkparse", "validate,ascii", "validate,iolog3",
            "msr,blkparse", "msr,ascii", "msr,spc", "msr,iolog3",
            "spc,blkparse", "spc,ascii", "spc,iolog3", "spc,msr",
            "blkparse,iolog3", "blkparse,iolog2",
            "iolog2,iolog3", "iolog2,blkparse",
            "iolog3,blkparse", "iolog3,iolog2"})
    void roundTripKeepsTheRecords(String a, String b) throws IOException {
        TraceFormat fa = TraceFormat.byId(a).orElseThrow();
        TraceFormat fb = TraceFormat.byId(b).orElseThrow();
        List<TraceRecord> original = TraceReadersTest.readResource("small." + a, fa);
        List<TraceRecord> back = read(write(read(write(original, fb), fb), fa), fa);
        int flags = flagsCarried(fa) & flagsCarried(fb);
        long step = Math.max(resolutionNs(fa), resolutionNs(fb));
        assertThat(kept(back, flags)).isEqualTo(kept(atResolution(original, step), flags));
    }

    @Test
    void blkparseThroughItselfKeepsEveryField() throws IOException {
        List<TraceRecord> original = TraceReadersTest.readResource("small.blkparse", TraceFormat.BLKPARSE);
        assertThat(original).extracting(TraceRecord::flags).contains(Flags.SYNC, Flags.PREFLUSH | Flags.FUA | Flags.SYNC);
        assertThat(read(write(original, TraceFormat.BLKPARSE), TraceFormat.BLKPARSE)).isEqualTo(original);
    }

    /**
     * Each RWBS letter of a D event (op R/W/D/FN; preflush F, FUA F, S sync, M meta) is read,
     * written back unchanged and read again as the same op and flags.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"R", "W", "D", "FN", "RS", "WS", "WM", "WF", "FW", "WFS", "FWS", "FWFSM", "DS", "FNS"})
    void everyRwbsLetterSurvivesTheRoundTrip(String rwbs) throws IOException {
        String where = rwbs.equals("FN") || rwbs.equals("FNS") ? "" : "2048 + 8 ";
        String line = String.format("  8,0    0        1     0.000001000   42  D %3s %s[iopath-42]\n", rwbs, where);
        List<TraceRecord> first = read(line, TraceFormat.BLKPARSE);
        assertThat(first).hasSize(1);
        String written = write(first, TraceFormat.BLKPARSE);
        assertThat(written.trim().split("\\s+")[6]).as(written).isEqualTo(rwbs);
        assertThat(read(written, TraceFormat.BLKPARSE)).isEqualTo(first);
    }

    @Test
    void asciiThroughBlkparseKeepsEveryField() throws IOException {
        List<TraceRecord> original = TraceReadersTest.readResource("small.ascii", TraceFormat.DISKSIM_ASCII);
        String blk = write(original, TraceFormat.BLKPARSE);
        assertThat(read(write(read(blk, TraceFormat.BLKPARSE), TraceFormat.DISKSIM_ASCII), TraceFormat.DISKSIM_ASCII))
                .isEqualTo(original);
    }

    @Test
    void blkparseOutputLooksLikeBlkparse() throws IOException {
        List<TraceRecord> original = TraceReadersTest.readResource("small.blkparse", TraceFormat.BLKPARSE);
        String blk = write(original.subList(0, 1), TraceFormat.BLKPARSE);
        // the man page's example line, with our command name
        assertThat(blk).isEqualTo("  8,0    0        1     0.000005000   697  D   W 223490 + 8 [iopath-697]\n");
    }
}
