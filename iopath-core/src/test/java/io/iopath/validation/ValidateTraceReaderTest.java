package io.iopath.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.iopath.scenario.ScenarioException;
import java.io.StringReader;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ValidateTraceReaderTest {

    static Path trace(String name) throws URISyntaxException {
        return Path.of(ValidateTraceReaderTest.class.getResource("/io/iopath/device/disk/disksim/" + name).toURI());
    }

    /** Counts and measured means from validation.md §7 and the data README. */
    @ParameterizedTest
    @CsvSource({
        "atlas10k.trace,  10000, 6569, 3431, 3.893",
        "hp_c2247a.trace, 9999,  5115, 4884, 15.298",
    })
    void bundledTracesMatchThePublishedFigures(String name, int requests, int reads, int writes, double meanMs)
            throws Exception {
        List<ValidateRequest> all = ValidateTraceReader.readAll(trace(name));
        assertThat(all).hasSize(requests);
        assertThat(all.stream().filter(r -> !r.write()).count()).isEqualTo(reads);
        assertThat(all.stream().filter(ValidateRequest::write).count()).isEqualTo(writes);
        double mean = all.stream().mapToDouble(ValidateRequest::serviceTimeMs).average().orElseThrow();
        assertThat(mean).isCloseTo(meanMs, within(0.0005));
        for (int i = 0; i < all.size(); i++) {
            assertThat(all.get(i).index()).isEqualTo(i);
        }
    }

    @Test
    void firstLineOfEachTrace() throws Exception {
        assertThat(ValidateTraceReader.readAll(trace("atlas10k.trace")).get(0))
                .isEqualTo(new ValidateRequest(0, true, "Hit", 4583176, 4, 663_000, 45_422_000, 1));
        assertThat(ValidateTraceReader.readAll(trace("hp_c2247a.trace")).get(0))
                .isEqualTo(new ValidateRequest(0, false, "Miss", 564347, 2, 14_095_370, 13_876_270, 1));
    }

    @Test
    void skipsBlankLinesAndComments() {
        ValidateTraceReader r = new ValidateTraceReader(new StringReader("# header\n\nR Hit 10 8 1000.5 2.0 # x\n"),
                "t.trace");
        ValidateRequest req = r.next().orElseThrow();
        assertThat(req.line()).isEqualTo(3);
        assertThat(req.serviceTimeNs()).isEqualTo(1_000_500);
        assertThat(r.next()).isEqualTo(Optional.empty());
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "X Hit 10 8 1.0 2.0 ; t.trace:1:1: op: expected R or W, got \"X\"",
        "R Hit 10 8 1.0 ; t.trace:1:15: line: expected 6 fields (R|W buffaction blkno bcount service_us idle_us), got 5 fields",
        "R Hit -3 8 1.0 2.0 ; t.trace:1:7: blkno: expected an integer >= 0, got \"-3\"",
        "R Hit 10 0 1.0 2.0 ; t.trace:1:10: bcount: expected an integer >= 1, got \"0\"",
        "R Hit 10 8 fast 2.0 ; t.trace:1:12: service_time_us: expected a non-negative time in µs, got \"fast\"",
        "R Hit 10 8 1.0 -2 ; t.trace:1:16: idle_after_us: expected a non-negative time in µs, got \"-2\"",
        "R Hit 10 8 1.0 2.0 extra ; t.trace:1:20: line: expected 6 fields (R|W buffaction blkno bcount service_us idle_us), got more: \"extra\"",
    })
    void malformedLinesNameFileLineColumnAndField(String line, String message) {
        ValidateTraceReader r = new ValidateTraceReader(new StringReader(line.strip() + "\n"), "t.trace");
        assertThatThrownBy(r::next).isInstanceOf(ScenarioException.class).hasMessage(message);
    }

    @Test
    void missingFileIsBadInput() {
        assertThatThrownBy(() -> ValidateTraceReader.readAll(Path.of("no/such.trace")))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("no/such.trace");
    }
}
