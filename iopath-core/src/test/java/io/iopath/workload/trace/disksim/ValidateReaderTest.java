package io.iopath.workload.trace.disksim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.iopath.request.Op;
import io.iopath.workload.trace.TraceFiles;
import io.iopath.workload.trace.TraceFormat;
import io.iopath.workload.trace.io.TraceFormatException;
import io.iopath.workload.trace.io.TraceReader;
import io.iopath.workload.trace.io.TraceRecord;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The validate reader's line syntax: what DiskSim's scanf accepts, minus what it silently misreads. */
class ValidateReaderTest {

    private static TraceReader reader(String text) {
        return TraceFiles.open(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), "t.trace",
                TraceFormat.DISKSIM_VALIDATE);
    }

    @Test
    void skipsBlankAndCommentLinesAndCountsThem() {
        TraceReader r = reader("# header\n\nR Hit 10 8 1000.5 2.0\n   # indented\nW Doub 1 2 x 4\n");
        assertThat(r.next()).isEqualTo(new TraceRecord(0, 0, Op.READ, 5120, 4096, 0, 0, 1_000_500, 2_000));
        assertThatThrownBy(r::next).isInstanceOf(TraceFormatException.class)
                .hasMessage("t.trace:5: service time (us): expected a non-negative decimal number, got 'x'");
    }

    @Test
    void timesAreExactNanosecondsAndIssueTimesFollowServicePlusIdle() {
        TraceReader r = reader("R Miss 0 1 0.0005 .5\nW Trip 7 1 14095.370 0\n");
        assertThat(r.next().serviceNs()).isEqualTo(1); // 0.5 ns rounds half up
        TraceRecord second = r.next();
        assertThat(second.timeNs()).isEqualTo(1 + 500);
        assertThat(second.serviceNs()).isEqualTo(14_095_370);
        assertThat(r.next()).isNull();
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '"', value = {
        "X Hit 10 8 1.0 2.0 ; t.trace:1: op: expected R or W, got 'X'",
        "r Hit 10 8 1.0 2.0 ; t.trace:1: op: expected R or W, got 'r'",
        "R hit 10 8 1.0 2.0 ; t.trace:1: buffaction: expected one of Hit, Miss, Doub, Trip, got 'hit'",
        "R Hit 10 8 1.0 ; t.trace:1: fields: expected 6 (R|W buffaction blkno bcount service_us idle_after_us), got 5",
        "R Hit 10 8 1.0 2.0 extra ; t.trace:1: fields: expected 6 (R|W buffaction blkno bcount service_us idle_after_us), got 7",
        "R Hit 10 8 1.0 2.0 # x ; t.trace:1: fields: expected 6 (R|W buffaction blkno bcount service_us idle_after_us), got 8",
        "R Hit -3 8 1.0 2.0 ; t.trace:1: blkno: expected a non-negative integer, got '-3'",
        "R Hit +3 8 1.0 2.0 ; t.trace:1: blkno: expected a non-negative integer, got '+3'",
        "R Hit 10 0 1.0 2.0 ; t.trace:1: bcount: expected at least 1 block, got '0'",
        "R Hit 10 2147483648 1.0 2.0 ; t.trace:1: bcount: expected at most 2147483647 blocks (DiskSim reads an int), got '2147483648'",
        "R Hit 10 8 fast 2.0 ; t.trace:1: service time (us): expected a non-negative decimal number, got 'fast'",
        "R Hit 10 8 1e3 2.0 ; t.trace:1: service time (us): expected a non-negative decimal number, got '1e3'",
        "R Hit 10 8 1.0 -2 ; t.trace:1: idle time (us): expected a non-negative decimal number, got '-2'",
    })
    void malformedLinesNameFileLineFieldExpectedAndGot(String line, String message) {
        TraceReader r = reader(line.strip() + "\n");
        assertThatThrownBy(r::next).isInstanceOf(TraceFormatException.class).hasMessage(message);
    }
}
