package io.iopath.workload.trace;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.request.Op;
import io.iopath.workload.trace.io.TraceRecord;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class TraceStatsTest {
    @Test
    void sizeSharesAddUpWithDiscardsPresent() {
        TraceStats s = new TraceStats();
        s.add(TraceRecord.of(0, 0, Op.READ, 0, 4096));
        s.add(TraceRecord.of(1_000, 0, Op.WRITE, 4096, 4096));
        s.add(TraceRecord.of(2_000, 0, Op.DISCARD, 8192, 1 << 20));
        s.add(TraceRecord.of(3_000, 0, Op.FLUSH, 0, 0));
        String text = s.render("t", TraceFormat.IOLOG3);
        double sum = 0;
        Matcher m = Pattern.compile("(?m)^ +\\S+ \\.\\. < \\S+ +\\d+ +([0-9.]+) %$").matcher(text);
        while (m.find()) {
            sum += Double.parseDouble(m.group(1));
        }
        assertThat(sum).as(text).isEqualTo(100.0);
        assertThat(text).contains("sizes (reads, writes and discards)", "read share 50.0 %",
                "sequential 66.7 %", "(mean 352256 per IO)"); // the first IO has no predecessor
    }
}
