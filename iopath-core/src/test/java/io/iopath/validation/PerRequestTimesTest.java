package io.iopath.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.iopath.workload.trace.io.TraceFormatException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PerRequestTimesTest {
    @TempDir
    Path dir;

    @Test
    void writesSixDecimalsOneLineEachAndReadsThemBack() throws IOException {
        Path f = dir.resolve("sim.txt");
        PerRequestTimes.write(f, new double[] {21.6493354, 1.37547, 0.5});
        assertThat(Files.readString(f)).isEqualTo("21.649335\n1.375470\n0.500000\n");
        assertThat(PerRequestTimes.read(f, 3)).containsExactly(21.649335, 1.37547, 0.5);
        // no temporary file is left beside it
        try (var files = Files.list(dir)) {
            assertThat(files).containsExactly(f);
        }
    }

    @Test
    void aLineThatIsNotANumberNamesFileAndLine() throws IOException {
        Path f = dir.resolve("bad.txt");
        Files.writeString(f, "1.0\n2.x\n3.0\n");
        assertThatThrownBy(() -> PerRequestTimes.read(f, 3)).isInstanceOf(TraceFormatException.class)
                .hasMessage(f + ":2: response (ms): expected a non-negative decimal number, got '2.x'");
    }

    @Test
    void tooFewOrTooManyLinesNameTheLine() throws IOException {
        Path f = dir.resolve("short.txt");
        Files.writeString(f, "1.0\n2.0\n");
        assertThatThrownBy(() -> PerRequestTimes.read(f, 3)).isInstanceOf(TraceFormatException.class)
                .hasMessage(f + ":3: ends after 2 lines; the trace has 3 requests");
        assertThatThrownBy(() -> PerRequestTimes.read(f, 1)).isInstanceOf(TraceFormatException.class)
                .hasMessage(f + ":2: more lines than the trace's 1 requests");
    }

    @Test
    void agreementCountsEachToleranceAndListsTheLargestDifferencesFirst() {
        RequestClass c = new RequestClass(RequestClass.Kind.READ_MISS, false, false);
        RequestClass[] cs = {c, c, c, c, c};
        double[] sim = {1.0, 1.005, 1.05, 1.5, 3.0};
        double[] ref = {1.0, 1.0, 1.0, 1.0, 1.0};
        Agreement a = Agreement.of(sim, ref, cs);
        assertThat(a.within10us()).isEqualTo(2);
        assertThat(a.within100us()).isEqualTo(3);
        assertThat(a.within1ms()).isEqualTo(4);
        assertThat(a.largest()).extracting(Agreement.Difference::line).containsExactly(5, 4, 3, 2, 1);
        assertThat(a.largest().get(0).differenceMs()).isEqualTo(2.0);
    }

    @Test
    void theClassLabelSaysKindPreviousRequestAndSequentiality() {
        assertThat(new RequestClass(RequestClass.Kind.READ_PARTIAL, true, true).label())
                .isEqualTo("read partial, after write, sequential");
        assertThat(new RequestClass(RequestClass.Kind.WRITE, false, false).label())
                .isEqualTo("write, after read, not sequential");
    }
}
