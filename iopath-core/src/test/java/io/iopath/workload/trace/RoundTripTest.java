package io.iopath.workload.trace;

import static org.assertj.core.api.Assertions.assertThat;

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
 * holds (its ops, and its times at B's resolution). Compared on what a replay uses.
 */
class RoundTripTest {
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
        assertThat(back.stream().map(TraceRecord::replayView).toList())
                .isEqualTo(original.stream().map(TraceRecord::replayView).toList());
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
