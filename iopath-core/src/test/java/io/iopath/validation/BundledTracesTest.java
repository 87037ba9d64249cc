package io.iopath.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.iopath.request.Op;
import io.iopath.workload.trace.TraceFiles;
import io.iopath.workload.trace.TraceFormat;
import io.iopath.workload.trace.io.TraceFormatException;
import io.iopath.workload.trace.io.TraceReader;
import io.iopath.workload.trace.io.TraceRecord;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The DiskSim validation traces bundled as test resources, read as the validation reads them. */
class BundledTracesTest {

    static Path trace(String name) throws URISyntaxException {
        return Path.of(BundledTracesTest.class.getResource("/io/iopath/device/disk/disksim/" + name).toURI());
    }

    static List<TraceRecord> readAll(Path file) {
        List<TraceRecord> all = new ArrayList<>();
        try (TraceReader in = TraceFiles.open(file, TraceFormat.DISKSIM_VALIDATE)) {
            for (TraceRecord r = in.next(); r != null; r = in.next()) {
                all.add(r);
            }
        }
        return all;
    }

    /** Counts and measured means from validation.md §7 and the data README. */
    @ParameterizedTest
    @CsvSource({
        "atlas10k.trace,  10000, 6569, 3431, 3.893",
        "hp_c2247a.trace, 9999,  5115, 4884, 15.298",
    })
    void bundledTracesMatchThePublishedFigures(String name, int requests, int reads, int writes, double meanMs)
            throws Exception {
        List<TraceRecord> all = readAll(trace(name));
        assertThat(all).hasSize(requests);
        assertThat(all.stream().filter(r -> r.op() == Op.READ).count()).isEqualTo(reads);
        assertThat(all.stream().filter(r -> r.op() == Op.WRITE).count()).isEqualTo(writes);
        double mean = all.stream().mapToDouble(r -> r.serviceNs() / 1e6).average().orElseThrow();
        assertThat(mean).isCloseTo(meanMs, within(0.0005));
    }

    @Test
    void firstLineOfEachTrace() throws Exception {
        // "W Hit 4583176 4 663.00000 45422.00000" and "R Miss 564347 2 14095.370 13876.270"
        assertThat(readAll(trace("atlas10k.trace")).get(0))
                .isEqualTo(new TraceRecord(0, 0, Op.WRITE, 4583176L * 512, 4 * 512, 0, 0, 663_000, 45_422_000));
        assertThat(readAll(trace("hp_c2247a.trace")).get(0))
                .isEqualTo(new TraceRecord(0, 0, Op.READ, 564347L * 512, 2 * 512, 0, 0, 14_095_370, 13_876_270));
    }

    @Test
    void missingFileIsBadInput() {
        assertThatThrownBy(() -> ClosedLoopReplay.run(Path.of("no/such.trace"), (r, t) -> 0))
                .isInstanceOf(TraceFormatException.class).hasMessage("no/such.trace: no such file");
    }
}
