package io.iopath.workload.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.request.Op;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * verify where offsets may repeat (fio's rb-tree of {@code log_io_piece}) on a block job: which
 * writes are read back, in what order, between and after the writes, as real fio does it. The
 * golden iologs are fio's own record of every IO, verify reads included (README.md beside them).
 */
class VerifyTreeTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            // rw=write:N: a batch reads back what is logged, by offset
            "vb-holes.iolog | bs: 8k; size: 64k; rw: 'write:8k'; verify_backlog: 3",
            // each loop is read back before the next loop writes
            "vb-holes-loops.iolog | bs: 8k; size: 64k; rw: 'write:8k'; verify_backlog: 3; loops: 2",
            // io_size above size with holes: each pass ends at the region's end, is read back, and
            // keep_running starts the next while the bytes read and written are short of io_size
            "vb-holes-iosize.iolog | bs: 8k; size: 64k; rw: 'write:4k'; verify_backlog: 5; io_size: 192k",
            // io_size above size without holes: one pass wraps, a rewritten block replaces its older
            // entry, and a batch reads the tree's entries by offset (10 12 14 0 2 -> 0 2 10 12 14)
            "vb-iosize.iolog | bs: 8k; size: 64k; rw: write; verify_backlog: 5; io_size: 192k",
            "vb-batch-iosize.iolog | bs: 4k; size: 64k; rw: 'write:12k'; verify_backlog: 3; verify_backlog_batch: 2; io_size: 256k",
            "vb-holes-offset.iolog | bs: 8k; size: 64k; offset: 16k; rw: 'write:8k'; verify_backlog: 1; io_size: 100k",
            // without a backlog: the tree read after the writes, one read per block
            "v-holes-iosize.iolog | bs: 8k; size: 64k; rw: 'write:4k'; io_size: 192k",
            "v-holes-loops.iolog | bs: 8k; size: 60k; rw: 'write:8k'; loops: 3"})
    void readsBackWhatRealFioReadsBackInItsOrder(String golden, String options) {
        List<String> fio = FioIolog.ios(golden);
        List<String> lines = new ArrayList<>(List.of("verify: crc32c", "ioengine: psync"));
        for (String o : options.split(";")) {
            lines.add(o.strip());
        }
        JobHarness h = JobHarness.runJob(1, lines.toArray(String[]::new));
        List<String> ours = new ArrayList<>();
        for (JobHarness.Issue io : h.data()) {
            ours.add((io.op() == Op.READ ? "read " : "write ") + io.sector() * 512 + " " + io.sectors() * 512L);
        }
        assertThat(fio).anyMatch(l -> l.startsWith("read ")).anyMatch(l -> l.startsWith("write "));
        assertThat(ours).isEqualTo(fio);
    }
}
