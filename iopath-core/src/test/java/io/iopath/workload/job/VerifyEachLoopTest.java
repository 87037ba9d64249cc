package io.iopath.workload.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.request.Op;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** verify with loops on a block job: each loop's writes read back before the next loop (backend.c thread_main). */
class VerifyEachLoopTest {
    /** One run of IOs of one direction: its op and the blocks it touched. */
    record Run(String op, TreeSet<Long> blocks) {
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"verify-loops.iolog, write, 2", "verify-loops-rand.iolog, randwrite, 3"})
    void eachLoopIsVerifiedAsRealFioDoes(String golden, String rw, int loops) throws IOException {
        List<Run> fio = new ArrayList<>();
        try (var in = VerifyEachLoopTest.class.getResourceAsStream(golden);
             var r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                String[] f = line.split(" ");
                if (f.length == 5) {
                    add(fio, f[2], Long.parseLong(f[3]) / 4096);
                }
            }
        }
        JobHarness h = JobHarness.runJob(1, "rw: " + rw, "bs: 4k", "size: 64k", "verify: crc32c", "loops: " + loops,
                "ioengine: psync");
        List<Run> ours = new ArrayList<>();
        for (JobHarness.Issue io : h.data()) {
            for (long b = io.sector() / 8; b < (io.sector() + io.sectors()) / 8; b++) {
                add(ours, io.op() == Op.READ ? "read" : "write", b);
            }
        }
        assertThat(ours).hasSize(2 * loops);
        assertThat(ours).isEqualTo(fio); // write, read, write, read …: each over the whole 16 blocks
    }

    private static void add(List<Run> runs, String op, long block) {
        if (runs.isEmpty() || !runs.get(runs.size() - 1).op().equals(op)) {
            runs.add(new Run(op, new TreeSet<>()));
        }
        runs.get(runs.size() - 1).blocks().add(block);
    }
}
